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

    var store = RowStore<ID>()
    var heights = HeightIndex()
    /// Whether the content follows the keyboard while it moves.
    var liftsWithKeyboard = false

    /// Creates a table of `rows` in `viewport`.
    ///
    /// - Throws: `ScrollError` for duplicate ids or an invalid viewport.
    /// - Complexity: O(total text length) when every row is measured up front, O(n) with
    ///   an estimated row height.
    public init(rows: [Row<ID>] = [], viewport: Viewport, configuration: TableConfiguration = TableConfiguration()) throws(ScrollError) {
        try viewport.validate()
        self.configuration = configuration
        self.viewport = viewport
        try store.insert(rows, at: 0)
        do {
            if let estimate = configuration.estimatedRowHeight {
                heights = try HeightIndex(estimatedRows: rows.count, height: estimate)
            } else {
                heights = try HeightIndex(heights: [Double](repeating: 0, count: rows.count), measured: false)
                for i in 0..<rows.count { try measure(row: i) }
            }
        } catch let error as ScrollError {
            throw error
        } catch {
            throw .layout("\(error)")
        }
        self.viewport.offset = clampedOffset(viewport.offset)
        if configuration.contentAlignment == .bottom { scrollToBottom() }
    }

    // MARK: Rows

    /// The number of rows.
    public var rowCount: Int { store.count }

    /// The row at `index`.
    public func row(at index: Int) -> Row<ID> { store[index].row }

    /// The index of the row with `id`.
    ///
    /// - Complexity: O(1).
    public func index(of id: ID) -> Int? { store.index(of: id) }

    func requireIndex(_ id: ID) throws(ScrollError) -> Int {
        guard let i = store.index(of: id) else { throw .unknownRow("\(id)") }
        return i
    }

    /// The total height of the content (estimates included for rows not yet measured).
    ///
    /// - Complexity: O(1).
    public var contentHeight: Double { heights.totalHeight }

    /// The frame of the row at `index`.
    ///
    /// - Complexity: O(log n).
    public func frame(ofRow index: Int) -> RowFrame<ID> {
        let record = store[index]
        let lines = record.measurement?.items.reduce(0) { $0 + ($1.layout?.lineCount ?? 0) } ?? 0
        return RowFrame(id: record.row.id, index: index, y: heights.offset(ofRow: index),
                        height: heights.height(at: index), lines: lines, measured: heights.isMeasured(at: index))
    }

    /// The frame of the row with `id`.
    public func frame(of id: ID) throws(ScrollError) -> RowFrame<ID> { frame(ofRow: try requireIndex(id)) }

    /// The measurement (text layouts) of the row at `index`, if it has been measured.
    public func measurement(ofRow index: Int) -> RowMeasurement? { store[index].measurement }

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
        var record = store[index]
        let m: RowMeasurement
        do {
            m = try RowMeasurement.measure(record.row, width: viewport.size.width, metrics: configuration.metrics,
                                           options: configuration.textOptions)
        } catch {
            throw .layout(error.description)
        }
        // Inner offsets stay within their new ranges.
        for item in m.items where record.innerOffsets[item.index] != nil {
            record.innerOffsets[item.index] = Swift.min(Swift.max(0, record.innerOffsets[item.index]!), item.maxInnerOffset)
        }
        record.measurement = m
        store[index] = record
        let old = heights.height(at: index)
        do { try heights.setHeight(m.height, at: index, measured: true) } catch { throw .layout("\(error)") }
        return m.height - old
    }

    /// Measures every unmeasured row in `range`, keeping the first visible row still when a
    /// row above it changes height (scroll anchoring).
    ///
    /// - Complexity: O(log n + text of the rows measured).
    mutating func ensureMeasured(_ range: Range<Int>) throws(ScrollError) {
        let range = range.clamped(to: 0..<rowCount)
        guard !range.isEmpty else { return }
        for run in heights.unmeasuredRanges(in: range) {
            for i in run { try remeasure(row: i) }
        }
    }

    /// Measures row `index` again and applies scroll anchoring: if the row lies above the
    /// first visible row, the offset moves by the row's change so nothing visible moves.
    mutating func remeasure(row index: Int) throws(ScrollError) {
        let anchor = firstVisible()?.index
        let delta = try measure(row: index)
        if delta != 0, let anchor, index < anchor {
            viewport.offset += delta
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

    /// The largest offset: the content's end on the bottom inset.
    var maxOffset: Double { Swift.max(minOffset, contentHeight + viewport.bottomInset - viewport.size.height) }

    /// `offset` clamped to the offsets SPEC §4 allows.
    func clampedOffset(_ offset: Double) -> Double {
        offset.isNaN ? minOffset : Swift.min(Swift.max(offset, minOffset), maxOffset)
    }

    mutating func clampOffset() {
        viewport.offset = clampedOffset(viewport.offset)
    }

    /// Whether the content is scrolled to its end (within the stick-to-bottom tolerance).
    public var isAtBottom: Bool {
        viewport.offset >= maxOffset - (configuration.stickToBottomTolerance ?? 0) - 1e-9
    }

    mutating func scrollToBottom() {
        viewport.offset = maxOffset
    }

    /// Scrolls by `delta` points (a user's drag), then clamps. A user scroll does not pull
    /// the caret back into view; the next edit, caret move or keyboard change does.
    ///
    /// - Throws: `ScrollError.invalidValue` for a non-finite delta.
    /// - Complexity: O(log n + rows newly visible).
    public mutating func scroll(by delta: Double) throws(ScrollError) {
        guard delta.isFinite else { throw .invalidValue("scroll delta", delta) }
        try scroll(to: viewport.offset + delta)
    }

    /// Scrolls to `offset`, then clamps.
    public mutating func scroll(to offset: Double) throws(ScrollError) {
        guard offset.isFinite else { throw .invalidValue("scroll offset", offset) }
        viewport.offset = clampedOffset(offset)
        try ensureMeasured(rowsInViewport())
        clampOffset()
        if isAtBottom { unreadCount = 0 }
    }

    /// Changes the viewport's size. A new width re-measures every measured row (rows with
    /// estimates are measured when needed), keeping the first visible row still; then the
    /// offset is clamped and the caret revealed.
    ///
    /// - Complexity: O(text of the measured rows) for a new width, O(log n) otherwise.
    public mutating func resize(to size: Size) throws(ScrollError) {
        var v = viewport
        v.size = size
        try v.validate()
        let widthChanged = size.width != viewport.size.width
        let anchor = firstVisible()
        viewport.size = size
        if widthChanged {
            let anchorID = anchor.map { store[$0.index].row.id }
            for i in 0..<rowCount where heights.isMeasured(at: i) { try measure(row: i) }
            if let anchor, let anchorID, let i = store.index(of: anchorID) {
                viewport.offset = heights.offset(ofRow: i) - anchor.screenY - viewport.topInset
            }
        }
        clampOffset()
        try ensureMeasured(rowsInViewport())
        clampOffset()
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
