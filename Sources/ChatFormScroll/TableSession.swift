import ChatFormText
import ChatFormRows
import ChatFormMotion

/// The layout engine for one scrolling table: a form held in a single cell, or a chat
/// transcript of many messages. It keeps the caret inside the visible band (SPEC §3–§5)
/// by composing three owned parts and a deterministic clock:
///
/// - a row cache (`RowCache`): the rows (the caller's source), their heights as prefix sums
///   and the measurements of the rows measured lately, the one place a row's height changes;
/// - a field editor (`FieldEditor`): the focus, caret, selection and marked text, what
///   editing asks of the focused field's live document, and the caret's place in the
///   content, computed in one place;
/// - a scroll state (`ScrollState`): the viewport and its offset bounds, the simulated
///   keyboard and its interactive drag, a caller's drag and its spring back.
///
/// The table's own methods forward to one part, or are where a change reaches more than
/// one (`TableSession+Layout.swift`): an edit changes a row's height, which moves the
/// offset, which the caret rule then checks.
///
/// ```swift
/// var table = try TableSession(rows: [.text("bio", "", editable: true)],
///                              viewport: Viewport(size: Size(width: 40, height: 20)))
/// try table.focus(FieldRef(row: "bio"), caret: 0)
/// try table.showKeyboard(height: 8)
/// try table.type("hello")
/// try table.advance(by: 0.3) { frame in print(frame.offset) }   // the caret is visible at every frame
/// ```
public struct TableSession<ID: Hashable & Sendable>: Sendable {
    /// The settings.
    public let configuration: TableConfiguration
    /// The clock's time in seconds.
    public internal(set) var now: Double = 0
    /// Messages appended while the user was away from the bottom (SPEC §5.4).
    public internal(set) var unreadCount = 0
    /// The row kept at the top of the band while rows below it grow, if any.
    public internal(set) var pinnedRow: ID?
    /// Whether a row measured again at another width re-lays its prepared text (real fonts:
    /// no shaping) instead of laying its text out from scratch [true]; the benchmark turns
    /// it off to time the reshaping path.
    package var reusesPreparedText = true

    /// The rows, their heights and measurements.
    var cache: RowCache<ID>
    /// The focus, caret, selection and marked text.
    var editor = FieldEditor<ID>()
    /// The viewport, keyboard and drag.
    var scroll: ScrollState

    /// The rows (the caller's store, or the built-in `RowArray`).
    public var source: any RowSource<ID> { cache.source }
    /// The viewport: size, offset and insets.
    public internal(set) var viewport: Viewport {
        get { scroll.viewport }
        set { scroll.viewport = newValue }
    }
    /// The focused field, if any.
    public var focus: Focus<ID>? { editor.focus }
    /// The keyboard.
    public var keyboard: SimulatedKeyboard { scroll.keyboard }
    /// Whether a caller-driven drag is under way (the offset may overscroll).
    public var isDragging: Bool { scroll.isDragging }
    /// How many measurements are kept; the least recently used ones outside the viewport
    /// are dropped past this (their heights stay in the prefix sums).
    public var cacheLimit: Int {
        get { cache.limit }
        set { cache.limit = newValue }
    }
    /// How many row measurements the table has made since it was created (a row measured
    /// again counts again): what `scrollTo` or a scroll costs in text layout.
    public var measurementsMade: Int { cache.measurementsMade }
    /// The number of cached measurements.
    public var cachedMeasurementCount: Int { cache.count }
    /// Approximate bytes held by the row-height index (the prefix sums), not counting the
    /// rows themselves or cached measurements.
    ///
    /// - Complexity: O(n / 256).
    public var indexMemoryFootprint: Int { cache.indexMemoryFootprint }

    /// Creates a table of `rows` in `viewport`, held in the built-in `RowArray`.
    ///
    /// - Throws: `ScrollError` for duplicate ids or an invalid viewport.
    /// - Complexity: O(total text length) when every row is measured up front; O(n) with an
    ///   estimated row height (rows are measured when they become visible).
    public init(rows: [Row<ID>] = [], viewport: Viewport, configuration: TableConfiguration = TableConfiguration()) throws(ScrollError) {
        try self.init(source: try RowArray(rows), viewport: viewport, configuration: configuration)
    }

    /// Creates a table over the caller's `source`. With an estimated row height this costs
    /// O(1) in the number of rows: nothing is read until it is shown or asked for.
    ///
    /// - Complexity: O(rows on the first screen) with an estimate; O(total text) without.
    public init(source: some RowSource<ID>, viewport: Viewport, configuration: TableConfiguration = TableConfiguration()) throws(ScrollError) {
        try viewport.validate()
        self.configuration = configuration
        scroll = ScrollState(viewport: viewport)
        cache = try RowCache(source: source, estimate: configuration.estimatedRowHeight ?? 0)
        if configuration.estimatedRowHeight == nil {
            for i in 0..<source.count { try measure(row: i) }
        }
        if configuration.contentAlignment == .bottom {
            try followBottom()   // a chat opens at its end
        } else {
            self.viewport.offset = clampedOffset(viewport.offset)
            try settle(anchor: nil)
        }
    }

    // MARK: Rows

    /// The number of rows.
    public var rowCount: Int { cache.rowCount }

    /// The row at `index`, with the focused field's live text (O(that text) to
    /// materialize; the source itself is updated when the focus leaves).
    public func row(at index: Int) -> Row<ID> { cache.row(at: index, live: focus?.field) }

    /// The index of the row with `id` (as fast as the source's lookup).
    public func index(of id: ID) -> Int? { cache.source.index(of: id) }

    /// The cached measurement of row `index` if it is exact for the current width.
    func entry(ofRow index: Int) -> CachedRow? { cache.entry(ofRow: index, width: viewport.size.width) }

    /// Whether row `index`'s height is measured at the current width (not an estimate).
    public func isMeasured(row index: Int) -> Bool { entry(ofRow: index) != nil }

    /// The total height of the content (estimates included for rows not yet measured).
    ///
    /// - Complexity: O(1).
    public var contentHeight: Double { cache.heights.totalHeight }

    /// The frame of the row at `index`.
    ///
    /// - Complexity: O(log n).
    public func frame(ofRow index: Int) -> RowFrame<ID> { cache.frame(ofRow: index, width: viewport.size.width) }

    /// The frame of the row with `id`.
    public func frame(of id: ID) throws(ScrollError) -> RowFrame<ID> { frame(ofRow: try cache.requireIndex(id)) }

    /// Hands `body` the top and height of each row in order, as `frame(ofRow:)` gives them,
    /// until it returns false; without the rows' ids and measurements (one call into the
    /// generic table a frame for the replay fuzz property, not several a row).
    ///
    /// - Complexity: O(n log n) for n rows.
    package func forEachRowExtent(_ body: (_ y: Double, _ height: Double) -> Bool) {
        let heights = cache.heights
        for i in 0..<heights.count where !body(heights.offset(ofRow: i), heights.height(at: i)) { return }
    }

    /// The measurement (text layouts) of the row at `index`, if it has been measured.
    public func measurement(ofRow index: Int) -> RowMeasurement? { entry(ofRow: index)?.measurement }

    /// The indices of the rows that intersect the viewport (its whole height, insets included).
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func rowsInViewport() -> Range<Int> {
        cache.rows(intersecting: viewport.offset..<(viewport.offset + viewport.size.height))
    }

    /// The indices of the rows that intersect the visible band.
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func rowsInBand() -> Range<Int> {
        let band = viewport.visibleBand
        return cache.rows(intersecting: band.lowerBound..<Swift.max(band.upperBound, band.lowerBound + 1e-9))
    }

    /// The first row that intersects the band and its top relative to the band's top.
    public func firstVisible() -> (index: Int, screenY: Double)? {
        guard let first = rowsInBand().first else { return nil }
        return (first, cache.heights.offset(ofRow: first) - viewport.visibleBand.lowerBound)
    }

    // MARK: Offset

    /// Whether the content is scrolled to its end (within the stick-to-bottom tolerance).
    public var isAtBottom: Bool {
        let end = scroll.endOffset(contentHeight: contentHeight, alignment: configuration.contentAlignment)
        return viewport.offset >= end - configuration.stickToBottomTolerance - 1e-9
    }

    /// Scrolls by `delta` points (a user's drag), then clamps. A user scroll does not pull
    /// the caret back into view; the next edit, caret move or keyboard change does.
    ///
    /// - Throws: `ScrollError.invalidValue` for a delta outside ±`ScrollLimits.maximumLength`.
    /// - Complexity: O(log n + rows newly visible).
    public mutating func scroll(by delta: Double) throws(ScrollError) {
        guard ScrollLimits.isLength(delta) else { throw .invalidValue("scroll delta (-1e12...1e12)", delta) }
        try scroll(to: viewport.offset + delta)
    }

    /// Scrolls to `offset`, then clamps.
    ///
    /// - Throws: `ScrollError.invalidValue` for a NaN or infinite offset (a finite one
    ///   outside the content is clamped).
    public mutating func scroll(to offset: Double) throws(ScrollError) {
        guard offset.isFinite else { throw .invalidValue("scroll offset", offset) }
        pinnedRow = nil
        scroll.springBack = nil
        if offset >= offsetBounds.upperBound && rowCount > 0 {
            // Past the end: land on the true end even if measuring what comes into view
            // makes the content taller.
            return try followBottom()
        }
        viewport.offset = clampedOffset(offset)
        try settle(anchor: nil)
        if isAtBottom { unreadCount = 0 }
    }

    /// Changes the safe area and the extra bottom inset, then clamps and reveals the caret.
    public mutating func setInsets(safeArea: EdgeInsets? = nil, extraBottomInset: Double? = nil) throws(ScrollError) {
        var v = viewport
        if let safeArea { v.safeArea = safeArea }
        if let extraBottomInset { v.extraBottomInset = extraBottomInset }
        try v.validate()
        viewport = v
        clampOffset()
        try revealCaret()
    }
}
