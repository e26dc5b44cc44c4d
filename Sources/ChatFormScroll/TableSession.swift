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
/// What changes one concern is a mutating view of the table: ``keyboard`` (show, hide,
/// drag, height changes), ``field`` (focus, typing, caret moves, selections, marked text)
/// and ``chat`` (rows appended, prepended, removed, edited, clamped, pinned). A view takes
/// the table for the call and gives it back, never copying it, and reaches only the parts
/// its change needs. Where one change reaches more than one part (an edit changes a row's
/// height, which moves the offset, which the caret rule then checks) is the table's own
/// (`TableSession+Layout.swift`). What callers read of the rows (frames, measurements, hit
/// tests, caret rectangles in any text) is ``rows``, a read-only ``TableRows``.
///
/// ```swift
/// var table = try TableSession(rows: [.text("bio", "", editable: true)],
///                              viewport: Viewport(size: Size(width: 40, height: 20)))
/// try table.field.focus(FieldRef(row: "bio"), caret: 0)
/// try table.keyboard.show(height: 8)
/// try table.field.type("hello")
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

    /// The viewport: size, offset and insets.
    public internal(set) var viewport: Viewport {
        get { scroll.viewport }
        set { scroll.viewport = newValue }
    }
    /// The focused field, if any.
    public var focus: Focus<ID>? { editor.focus }
    /// Whether a caller-driven drag is under way (the offset may overscroll).
    public var isDragging: Bool { scroll.isDragging }
    /// How many measurements are kept; the least recently used ones outside the viewport
    /// are dropped past this (their heights stay in the prefix sums).
    public var cacheLimit: Int {
        get { cache.limit }
        set { cache.limit = newValue }
    }
    // The three views' accessors are inlinable so that their coroutine is specialized where
    // it is used: a generic one allocates its frame, two allocations a keystroke more
    // (chatform-alloc-gate).

    /// The keyboard: shown, hidden, dragged, changing height, its inset held
    /// (``TableKeyboard``); the keyboard itself is `table.keyboard.state`.
    ///
    /// - Complexity: O(1): a change moves the table into the view and back, never copying it.
    @inlinable public var keyboard: TableKeyboard<ID> {
        get { TableKeyboard(table: self) }
        _modify { var view = TableKeyboard(table: consume self); defer { self = view.table }; yield &view }
    }
    /// The text fields: focus, typing, deleting, caret moves, selections, taps, marked text
    /// (``TableField``).
    ///
    /// - Complexity: O(1): a change moves the table into the view and back, never copying it.
    @inlinable public var field: TableField<ID> {
        get { TableField(table: self) }
        _modify { var view = TableField(table: consume self); defer { self = view.table }; yield &view }
    }
    /// The rows as a chat changes them: appended, prepended, inserted, removed, edited,
    /// clamped, pinned (``TableChat``).
    ///
    /// - Complexity: O(1): a change moves the table into the view and back, never copying it.
    @inlinable public var chat: TableChat<ID> {
        get { TableChat(table: self) }
        _modify { var view = TableChat(table: consume self); defer { self = view.table }; yield &view }
    }
    /// The rows as measured now, read-only: frames, measurements, rows in view, hit tests,
    /// caret rectangles in any text, clamps and the cache's counters (``TableRows``).
    ///
    /// - Complexity: O(1).
    public var rows: TableRows<ID> { TableRows(cache: cache, viewport: viewport, live: editor.focus?.field) }

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
            for i in 0..<cache.rowCount { try measure(row: i) }
        }
        if configuration.contentAlignment == .bottom {
            try followBottom()   // a chat opens at its end
        } else {
            self.viewport.offset = clampedOffset(viewport.offset)
            try settle(anchor: nil)
        }
    }

    // MARK: Rows

    /// The cached measurement of row `index` if it is exact for the current width.
    func entry(ofRow index: Int) -> CachedRow? { cache.entry(ofRow: index, width: viewport.size.width) }

    /// Whether row `index` is measured at the viewport's width (`entry(ofRow:) != nil`
    /// without copying the row).
    func isMeasured(row index: Int) -> Bool { cache.isMeasured(row: index, width: viewport.size.width) }

    // MARK: Offset

    /// Whether the content is scrolled to its end (within the stick-to-bottom tolerance).
    public var isAtBottom: Bool {
        let end = scroll.endOffset(contentHeight: cache.heights.totalHeight, alignment: configuration.contentAlignment)
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
        if offset >= offsetBounds.upperBound && cache.rowCount > 0 {
            // Past the end: land on the true end even if measuring what comes into view
            // makes the content taller.
            return try followBottom()
        }
        viewport.offset = clampedOffset(offset)
        try settle(anchor: nil)
        if isAtBottom { unreadCount = 0 }
    }

    /// Scrolls so the row with `id` lands at `anchor`, exactly, even when rows above it
    /// were only estimated: the row is measured first, then the rows that come into view are
    /// measured around it without moving it; then the offset is clamped (a row near the end
    /// cannot reach the band's top).
    ///
    /// - Complexity: O(log n + rows in view) plus their text.
    public mutating func scrollTo(_ id: ID, anchor: ScrollAnchor = .top) throws(ScrollError) {
        let i = try cache.requireIndex(id)
        pinnedRow = nil
        scroll.springBack = nil
        _ = try measure(row: i)
        viewport.offset = scroll.offset(showingRowAt: cache.heights.offset(ofRow: i), height: cache.heights.height(at: i), anchor: anchor)
        try settle(anchor: id)
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
