import ChatFormText
import ChatFormRows
import ChatFormMotion

/// The layout engine for one scrolling table: a form held in a single cell, or a chat
/// transcript of many messages. It owns the rows' measured heights (prefix sums in a
/// `HeightIndex`), the viewport, a simulated keyboard, a deterministic clock and the
/// focused field, and keeps the caret inside the visible band (SPEC §3–§5).
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
    /// The viewport: size, offset and insets.
    public internal(set) var viewport: Viewport
    /// The clock's time in seconds.
    public internal(set) var now: Double = 0
    /// The focused field, if any.
    public internal(set) var focus: Focus<ID>?
    /// The keyboard.
    public internal(set) var keyboard = SimulatedKeyboard()
    /// Messages appended while the user was away from the bottom (SPEC §5.4).
    public internal(set) var unreadCount = 0
    /// The row kept at the top of the band while rows below it grow, if any.
    public internal(set) var pinnedRow: ID?

    /// How many row measurements the table has made since it was created (a row measured
    /// again counts again): what `scrollTo` or a scroll costs in text layout.
    public internal(set) var measurementsMade = 0

    /// The rows (the caller's store, or the built-in `RowArray`).
    public internal(set) var source: any RowSource<ID>
    /// Row heights as prefix sums, by row index.
    var heights = HeightIndex()
    /// Measurements of measured rows, by id (bounded: see `cacheLimit`).
    var caches: [ID: RowCache] = [:]
    var clock: UInt64 = 0
    /// Measurements in the order they were last used: (id, stamp) pairs; an entry whose
    /// stamp no longer matches its cache's is stale and skipped. Consumed from `lruHead`.
    var lru: [LRUEntry<ID>] = []
    var lruHead = 0
    /// How many measurements are kept; the least recently used ones outside the viewport
    /// are dropped past this (their heights stay in the prefix sums).
    public var cacheLimit = 4096
    /// Whether the content follows the keyboard while it moves.
    var liftsWithKeyboard = false
    /// An interactive keyboard drag and a held (frozen) keyboard inset, if any.
    var keyboardInteraction = KeyboardInteraction()
    /// Whether a caller-driven drag is under way (the offset may overscroll).
    public var isDragging: Bool { dragFinger != nil }
    /// During a drag, the offset the finger would give without rubber-band resistance.
    var dragFinger: Double?
    /// The offset's spring back to its bounds after an overscrolling drag.
    var springBack: AnimatedValue?

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
        self.viewport = viewport
        self.source = source
        let count = source.count
        do {
            if let estimate = configuration.estimatedRowHeight {
                heights = try HeightIndex(estimatedRows: count, height: estimate)
            } else {
                heights = try HeightIndex(estimatedRows: count, height: 0)
                for i in 0..<count { try measure(row: i) }
            }
        } catch let error as ScrollError {
            throw error
        } catch {
            throw .layout("\(error)")
        }
        if configuration.contentAlignment == .bottom {
            // A chat opens at its end.
            try followBottom()
        } else {
            self.viewport.offset = clampedOffset(viewport.offset)
            try settle(anchor: nil)
        }
    }

    // MARK: Rows

    /// The number of rows.
    public var rowCount: Int { heights.count }

    /// The row at `index`, with the focused field's live text (O(that text) to
    /// materialize; the source itself is updated when the focus leaves).
    public func row(at index: Int) -> Row<ID> {
        let row = source.row(at: index)
        guard let focus, focus.field.row == row.id, let live = liveDocument else { return row }
        return row.replacingText(live.text, ofItem: focus.field.item) ?? row
    }

    /// The index of the row with `id` (as fast as the source's lookup).
    public func index(of id: ID) -> Int? { source.index(of: id) }

    func requireIndex(_ id: ID) throws(ScrollError) -> Int {
        guard let i = source.index(of: id) else { throw .unknownRow("\(id)") }
        return i
    }

    /// The cached measurement of row `index` if it is exact for the current width.
    func cache(ofRow index: Int) -> RowCache? {
        guard let c = caches[source.id(at: index)], c.measurement.width == viewport.size.width else { return nil }
        return c
    }

    /// Whether row `index`'s height is measured at the current width (not an estimate).
    public func isMeasured(row index: Int) -> Bool { cache(ofRow: index) != nil }

    /// The total height of the content (estimates included for rows not yet measured).
    ///
    /// - Complexity: O(1).
    public var contentHeight: Double { heights.totalHeight }

    /// The frame of the row at `index`.
    ///
    /// - Complexity: O(log n).
    public func frame(ofRow index: Int) -> RowFrame<ID> {
        let cache = cache(ofRow: index)
        let lines = cache?.measurement.items.reduce(0) { $0 + ($1.document?.lineCount ?? $1.layout?.lineCount ?? 0) } ?? 0
        return RowFrame(id: source.id(at: index), index: index, y: heights.offset(ofRow: index),
                        height: heights.height(at: index), lines: lines, measured: cache != nil)
    }

    /// The frame of the row with `id`.
    public func frame(of id: ID) throws(ScrollError) -> RowFrame<ID> { frame(ofRow: try requireIndex(id)) }

    /// The measurement (text layouts) of the row at `index`, if it has been measured.
    public func measurement(ofRow index: Int) -> RowMeasurement? { cache(ofRow: index)?.measurement }

    /// The indices of the rows that intersect the viewport (its whole height, insets included).
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func rowsInViewport() -> Range<Int> {
        guard rowCount > 0 else { return 0..<0 }
        let top = viewport.offset
        return heights.rows(intersecting: top..<(top + viewport.size.height))
    }

    /// The indices of the rows that intersect the visible band.
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func rowsInBand() -> Range<Int> {
        guard rowCount > 0 else { return 0..<0 }
        let band = viewport.visibleBand
        return heights.rows(intersecting: band.lowerBound..<Swift.max(band.upperBound, band.lowerBound + 1e-9))
    }

    /// The first row that intersects the band and its top relative to the band's top.
    public func firstVisible() -> (index: Int, screenY: Double)? {
        let band = rowsInBand()
        guard let first = band.first else { return nil }
        return (first, heights.offset(ofRow: first) - viewport.visibleBand.lowerBound)
    }

    // MARK: Measurement

    /// Measures row `index` at the viewport's width and stores its height.
    ///
    /// - Returns: the change in the row's height.
    @discardableResult
    mutating func measure(row index: Int) throws(ScrollError) -> Double {
        measurementsMade &+= 1
        let row = source.row(at: index)
        // Taken out of the dictionary so the focused field's buffer has one owner.
        var previous = caches.removeValue(forKey: row.id)
        let m: RowMeasurement
        var live: (item: Int, document: TextDocument)? = nil
        do {
            // The focused field measures from its live buffer, rewrapped if the width changed.
            if let focus, focus.field.row == row.id,
               var document = previous?.measurement.takeDocument(ofItem: focus.field.item) {
                let contentWidth = RowMeasurement.contentWidth(of: row.style, in: viewport.size.width)
                if document.width != contentWidth { try document.setWidth(contentWidth) }
                live = (focus.field.item, document)
            }
            m = try RowMeasurement.measure(row, width: viewport.size.width, metrics: configuration.metrics,
                                           options: configuration.textOptions, live: live)
        } catch {
            if var previous {
                // Put the buffer back where it was taken from.
                if let live { previous.measurement.setDocument(live.document, ofItem: live.item, style: previous.measurement.style) }
                caches[row.id] = previous
            }
            throw .layout(error.description)
        }
        var cache = RowCache(measurement: m)
        // Inner offsets stay within their new ranges.
        for item in m.items {
            if let inner = previous?.innerOffsets[item.index] {
                cache.innerOffsets[item.index] = Swift.min(Swift.max(0, inner), item.maxInnerOffset)
            }
        }
        previous = nil
        clock &+= 1
        cache.stamp = clock
        if caches.count == 64 && heights.count > cacheLimit {
            // A table that will fill its cache gets the room up front, while the cache is
            // small: growing a dictionary of thousands of measurements rehashes them all in
            // one call (a 5× latency spike on the scroll that crosses the threshold).
            caches.reserveCapacity(cacheLimit + 256)
            lru.reserveCapacity(2 * cacheLimit + 2048)
        }
        caches[row.id] = cache
        lru.append(LRUEntry(id: row.id, stamp: clock))
        let old = heights.height(at: index)
        do { try heights.setHeight(m.height, at: index, measured: true) } catch { throw .layout("\(error)") }
        return m.height - old
    }

    /// Measures row `index` again, keeping `anchor` (by default the first visible row)
    /// still on screen: if the measured row lies above it, the offset moves by the row's
    /// change (scroll anchoring, SPEC §5.4).
    mutating func remeasure(row index: Int, anchor: Int? = nil) throws(ScrollError) {
        let anchorIndex = anchor ?? firstVisible()?.index
        let delta = try measure(row: index)
        if delta != 0, let anchorIndex, index < anchorIndex {
            viewport.offset += delta
        }
    }

    /// Measures every row of the viewport that is not exact at the current width, keeping
    /// `anchor` (a row id; by default the first visible row) still on screen, until the rows
    /// in view are all measured; then clamps.
    ///
    /// - Complexity: O(k log n) for k rows in view, plus their text.
    mutating func settle(anchor: ID?) throws(ScrollError) {
        var rounds = 0
        while rounds < 64 {
            rounds += 1
            var changed = false
            let anchorIndex = anchor.flatMap { source.index(of: $0) } ?? firstVisible()?.index
            // Outward from the anchor, the range in view recomputed after each measurement:
            // downward from it, a row that grows pushes the rows below out of view; upward,
            // a row that grows (the offset keeping the anchor in place) pushes the rows above
            // out. So a settle measures about the rows it ends up showing, not those the
            // estimates showed.
            let first = rowsInViewport()
            let start = anchorIndex.map { Swift.min(Swift.max($0, first.lowerBound), first.upperBound) } ?? first.lowerBound
            var i = start
            while true {
                let inView = rowsInViewport()
                i = Swift.max(i, inView.lowerBound)
                guard i < inView.upperBound else { break }
                if cache(ofRow: i) == nil {
                    let before = heights.height(at: i)
                    try remeasure(row: i, anchor: anchorIndex)
                    changed = changed || heights.height(at: i) != before
                }
                i += 1
            }
            var j = start - 1
            while true {
                let inView = rowsInViewport()
                j = Swift.min(j, inView.upperBound - 1)
                guard j >= inView.lowerBound else { break }
                if cache(ofRow: j) == nil {
                    let before = heights.height(at: j)
                    try remeasure(row: j, anchor: anchorIndex)
                    changed = changed || heights.height(at: j) != before
                }
                j -= 1
            }
            let before = viewport.offset
            clampOffset()
            if !changed && viewport.offset == before { break }
        }
        evictCaches()
    }

    /// Drops the least recently used measurements past `cacheLimit`, never those of rows in
    /// view or of the focused row (their heights stay in the prefix sums).
    ///
    /// - Complexity: O(1) amortized per measurement made.
    mutating func evictCaches() {
        guard caches.count > cacheLimit else { return }
        var keep = Set<ID>()
        for i in rowsInViewport() { keep.insert(source.id(at: i)) }
        if let focus { keep.insert(focus.field.row) }
        var kept: [LRUEntry<ID>] = []
        while caches.count > cacheLimit && lruHead < lru.count {
            let entry = lru[lruHead]
            lruHead += 1
            guard caches[entry.id]?.stamp == entry.stamp else { continue }   // used again since
            if keep.contains(entry.id) { kept.append(entry); continue }
            caches[entry.id] = nil
        }
        lru.append(contentsOf: kept)
        if lruHead > 1024 && lruHead * 2 > lru.count {
            lru.removeFirst(lruHead)
            lruHead = 0
        }
    }

    // MARK: Offset

    /// The smallest offset: with bottom alignment, content shorter than the band sits at
    /// the band's bottom, so the smallest offset equals the largest.
    var minOffset: Double {
        configuration.contentAlignment == .bottom
            ? Swift.min(viewport.minOffset, contentHeight + viewport.bottomInset - viewport.size.height)
            : viewport.minOffset
    }

    /// The largest offset: the content's end on the bottom inset (or, while a row is
    /// pinned, that row's top at the band's top).
    var maxOffset: Double {
        let end = Swift.max(minOffset, contentHeight + viewport.bottomInset - viewport.size.height)
        return pinnedOffset.map { Swift.max(end, $0) } ?? end
    }

    /// `offset` clamped to the offsets SPEC §4 allows.
    func clampedOffset(_ offset: Double) -> Double {
        offset.isNaN ? minOffset : Swift.min(Swift.max(offset, minOffset), maxOffset)
    }

    /// Clamps the offset (SPEC §4), except while a drag overscrolls or its spring-back
    /// runs: then the offset may lie past the bounds.
    mutating func clampOffset() {
        if isDragging || springBack != nil { return }
        viewport.offset = clampedOffset(viewport.offset)
    }

    /// Whether the content is scrolled to its end (within the stick-to-bottom tolerance).
    public var isAtBottom: Bool {
        let end = Swift.max(minOffset, contentHeight + viewport.bottomInset - viewport.size.height)
        return viewport.offset >= end - configuration.stickToBottomTolerance - 1e-9
    }

    /// Scrolls by `delta` points (a user's drag), then clamps. A user scroll does not pull
    /// the caret back into view; the next edit, caret move or keyboard change does.
    ///
    /// - Throws: `ScrollError.invalidValue` for a delta outside
    ///   `-ScrollLimits.maximumLength...ScrollLimits.maximumLength`.
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
        springBack = nil
        if offset >= maxOffset && rowCount > 0 {
            // Past the end: land on the true end even if measuring what comes into view
            // makes the content taller.
            try followBottom()
            return
        }
        viewport.offset = clampedOffset(offset)
        try settle(anchor: nil)
        if isAtBottom { unreadCount = 0 }
    }

    /// Changes the viewport's size. After a width change, a table with estimated heights
    /// measures the rows in view now and the rest when they are needed (their old heights
    /// serve as estimates); a table without estimates measures every row. Either way the
    /// first visible row stays at the same place on screen (to 1e-9).
    /// Then the offset is clamped and the caret revealed.
    ///
    /// - Complexity: O(log n + rows in view) plus their text with estimates; O(n log n) plus
    ///   all the text without.
    public mutating func resize(to size: Size) throws(ScrollError) {
        var v = viewport
        v.size = size
        try v.validate()
        let anchor = firstVisible()
        let anchorID = anchor.map { source.id(at: $0.index) }
        viewport.size = size
        if let anchor, let anchorID, let i = source.index(of: anchorID) {
            // Measure the anchor row first, then keep its top where it was on screen.
            _ = try measure(row: i)
            viewport.offset = heights.offset(ofRow: i) - anchor.screenY - viewport.topInset
        }
        if configuration.estimatedRowHeight == nil && !configuration.estimateFromTextLength {
            // Without estimates the table stays exact everywhere.
            let anchorIndex = anchorID.flatMap { source.index(of: $0) }
            for i in 0..<rowCount where cache(ofRow: i) == nil { try remeasure(row: i, anchor: anchorIndex) }
        }
        try settle(anchor: anchorID)
        try revealCaret()
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
