import ChatFormText
import ChatFormRows

/// A table's rows as they are measured now, read-only: their frames and heights, their
/// measurements, which rows are in view, hit tests and caret rectangles in any measured
/// text, line clamps, and the row cache's counters. `TableSession.rows` hands out one.
///
/// It is a snapshot: it holds the table's row cache and viewport as they were when it was
/// made (copy-on-write, so making one copies nothing), and does not change when the table
/// does.
///
/// ```swift
/// let rows = table.rows
/// for i in rows.inViewport() { draw(rows.frame(ofRow: i), rows.measurement(ofRow: i)) }
/// if let hit = rows.hitTest(Point(x: 12, y: 300)) { try table.field.focus(hit.field, caret: hit.position.offset) }
/// ```
public struct TableRows<ID: Hashable & Sendable>: Sendable {
    /// The rows, their heights and measurements.
    let cache: RowCache<ID>
    /// The viewport the rows are shown in (its width is the one rows are measured at).
    public let viewport: Viewport
    /// The focused field, whose live text `row(at:)` and `text(of:)` return.
    let live: FieldRef<ID>?

    init(cache: RowCache<ID>, viewport: Viewport, live: FieldRef<ID>?) {
        self.cache = cache
        self.viewport = viewport
        self.live = live
    }

    var width: Double { viewport.size.width }

    /// The rows (the caller's store, or the built-in `RowArray`).
    public var source: any RowSource<ID> { cache.source }

    /// The number of rows.
    public var count: Int { cache.rowCount }

    /// The row at `index`, with the focused field's live text (O(that text) to
    /// materialize; the source itself is updated when the focus leaves).
    public func row(at index: Int) -> Row<ID> { cache.row(at: index, live: live) }

    /// The index of the row with `id` (as fast as the source's lookup).
    public func index(of id: ID) -> Int? { cache.source.index(of: id) }

    /// Whether row `index`'s height is measured at the current width (not an estimate).
    public func isMeasured(row index: Int) -> Bool { cache.isMeasured(row: index, width: width) }

    /// The total height of the content (estimates included for rows not yet measured).
    ///
    /// - Complexity: O(1).
    public var contentHeight: Double { cache.heights.totalHeight }

    /// The frame of the row at `index`.
    ///
    /// - Complexity: O(log n).
    public func frame(ofRow index: Int) -> RowFrame<ID> { cache.frame(ofRow: index, width: width) }

    /// The frame of the row with `id`.
    ///
    /// - Throws: `.unknownRow`.
    /// - Complexity: O(log n) after the row's lookup.
    public func frame(of id: ID) throws(ScrollError) -> RowFrame<ID> { frame(ofRow: try cache.requireIndex(id)) }

    /// Hands `body` the top and height of each row in order, as `frame(ofRow:)` gives them,
    /// until it returns false; without the rows' ids and measurements.
    ///
    /// - Complexity: O(n log n) for n rows.
    package func forEachExtent(_ body: (_ y: Double, _ height: Double) -> Bool) {
        let heights = cache.heights
        for i in 0..<heights.count where !body(heights.offset(ofRow: i), heights.height(at: i)) { return }
    }

    /// The measurement (text layouts) of the row at `index`, if it is measured at the
    /// current width.
    public func measurement(ofRow index: Int) -> RowMeasurement? { cache.entry(ofRow: index, width: width)?.measurement }

    /// The indices of the rows that intersect the viewport (its whole height, insets included).
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func inViewport() -> Range<Int> { cache.rows(in: viewport) }

    /// The indices of the rows that intersect the visible band.
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func inBand() -> Range<Int> { cache.rows(inBandOf: viewport) }

    /// The first row that intersects the band and its top relative to the band's top.
    ///
    /// - Complexity: O(log n).
    public func firstVisible() -> (index: Int, screenY: Double)? { cache.firstVisibleRow(in: viewport) }

    /// Whether row `id` shows its texts clamped with text hidden ("show more" applies); nil
    /// when the row is not measured at the current width.
    ///
    /// - Complexity: O(1) after the row's lookup.
    public func isTruncated(row id: ID) -> Bool? {
        guard let i = cache.source.index(of: id), let m = measurement(ofRow: i) else { return nil }
        return m.items.contains { $0.clamp != nil }
    }

    /// The text of a field (for the focused field, its live text: O(n) to materialize).
    ///
    /// - Throws: `.unknownRow`, or `.notEditable` when the item is not a text.
    public func text(of field: FieldRef<ID>) throws(ScrollError) -> String {
        if live == field, let document = cache.document(of: field) { return document.text }
        return try cache.source.storedText(of: field)
    }

    /// The field named `name` inside a stacked row.
    public func field(named name: String, inRow id: ID) -> FieldRef<ID>? { cache.source.field(named: name, inRow: id) }

    /// The inner scroll offset of a field past its line limit (0 when it does not scroll).
    public func innerOffset(of field: FieldRef<ID>) -> Double { cache.innerOffset(of: field) }

    /// The text item under `point` (content coordinates) and the caret position nearest to
    /// it there: a point left or right of the text lands on its line's start or end, above or
    /// below the item's window on its first or last visible line. Nil over a row that is not
    /// measured, over space or a fixed row, or outside the content.
    ///
    /// - Complexity: O(log² n + log lines + the length of the line hit).
    public func hitTest(_ point: Point) -> TextHit<ID>? { cache.hitTest(point, width: width) }

    /// The caret rectangle of `position` in text item `field`, in content coordinates (after
    /// the item's inner scroll), whether or not the item is focused.
    ///
    /// - Throws: `.unknownRow`; `.notEditable` when the row is not measured at this width or
    ///   the item is not a text; `.invalidCaret` for an offset outside the text or inside a
    ///   grapheme cluster.
    /// - Complexity: O(log n + log lines + the caret line's length).
    public func caretRect(for position: TextPosition, in field: FieldRef<ID>) throws(ScrollError) -> Rect {
        try cache.caretRect(for: position, in: field, width: width)
    }

    // MARK: The cache's counters

    /// How many row measurements the table has made since it was created (a row measured
    /// again counts again): what `scrollTo` or a scroll costs in text layout.
    public var measurementsMade: Int { cache.measurementsMade }

    /// The number of cached measurements.
    public var cachedMeasurementCount: Int { cache.count }

    /// How many measurements are kept (`TableSession.cacheLimit`).
    public var cacheLimit: Int { cache.limit }

    /// Approximate bytes held by the row-height index (the prefix sums), not counting the
    /// rows themselves or cached measurements.
    ///
    /// - Complexity: O(n / 256).
    public var indexMemoryFootprint: Int { cache.indexMemoryFootprint }
}
