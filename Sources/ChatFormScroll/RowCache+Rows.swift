import ChatFormText
import ChatFormRows

/// The rows by index and id: the source's rows (with the focused field's live text), their
/// frames read from the prefix sums, and rows coming and going (the source, the heights and
/// the measurements changed together).
extension RowCache {
    /// The number of rows.
    @inline(__always)
    var rowCount: Int { heights.count }

    /// The index of the row with `id`.
    ///
    /// - Throws: `.unknownRow`.
    func requireIndex(_ id: ID) throws(ScrollError) -> Int {
        guard let i = rowIndex(of: id) else { throw .unknownRow("\(id)") }
        return i
    }

    /// Row `index`'s measurement if it is exact at `width`.
    @inline(__always)
    func entry(ofRow index: Int, width: Double) -> CachedRow? { entry(source.id(at: index), width: width) }

    /// Whether row `index`'s measurement is exact at `width`: `entry(ofRow:width:) != nil`
    /// read in place (no copy of the row, which would retain everything its layouts hold).
    @inline(__always)
    func isMeasured(row index: Int, width: Double) -> Bool {
        entries.widthAndPending(of: source.id(at: index))?.width == width
    }

    /// The live document of `field` (the focused field's edit buffer), if its row has one.
    func document(of field: FieldRef<ID>) -> TextDocument? { self[field.row]?.document(ofItem: field.item) }

    /// Row `index` as the source holds it, with `live`'s text taken from its live document
    /// when the row is `live`'s (O(that text) to materialize).
    func row(at index: Int, live: FieldRef<ID>?) -> Row<ID> {
        let row = source.row(at: index)
        guard let live, live.row == row.id, let document = document(of: live) else { return row }
        return row.replacingText(document.text, ofItem: live.item) ?? row
    }

    /// The frame of row `index` at `width` (measured when its measurement is exact there).
    ///
    /// - Complexity: O(log n).
    func frame(ofRow index: Int, width: Double) -> RowFrame<ID> {
        let entry = entry(ofRow: index, width: width)
        let lines = entry?.measurement.items.reduce(0) { $0 + $1.lineCount } ?? 0
        return RowFrame(id: source.id(at: index), index: index, y: heights.offset(ofRow: index),
                        height: heights.height(at: index), lines: lines, measured: entry != nil)
    }

    /// The rows intersecting content y `range` (none in an empty table).
    ///
    /// - Complexity: O(log n + k) for k rows.
    func rows(intersecting range: Range<Double>) -> Range<Int> {
        rowCount > 0 ? heights.rows(intersecting: range) : 0..<0
    }

    /// The rows intersecting `viewport`'s visible band.
    ///
    /// - Complexity: O(log n + k) for k rows.
    func rows(inBandOf viewport: Viewport) -> Range<Int> {
        if let settled = settled(viewport) { return settled.inBand }
        let band = viewport.visibleBand
        return rows(intersecting: band.lowerBound..<Swift.max(band.upperBound, band.lowerBound + 1e-9))
    }

    /// The first row that intersects `viewport`'s visible band and its top relative to the
    /// band's top.
    ///
    /// - Complexity: O(log n).
    func firstVisibleRow(in viewport: Viewport) -> (index: Int, screenY: Double)? {
        if let settled = settled(viewport) { return settled.firstInBand }
        guard let first = rows(inBandOf: viewport).first else { return nil }
        return (first, heights.offset(ofRow: first) - viewport.visibleBand.lowerBound)
    }

    /// The index of the row holding content y (the last of the rows starting at or above
    /// it), or nil outside the content.
    ///
    /// - Complexity: O(log² n).
    func rowIndex(atContentY y: Double) -> Int? {
        guard rowCount > 0, y >= 0, y < heights.totalHeight else { return nil }
        var lo = 0, hi = rowCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if heights.offset(ofRow: mid) <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    // MARK: The focused field's live text

    /// Turns `field`'s laid-out text into a live document (same lines, same height), which
    /// edits in place; a field that has one keeps it.
    ///
    /// - Throws: `.notEditable` when the row is not measured or the item has no text.
    /// - Complexity: O(the field's text).
    mutating func makeLiveDocument(of field: FieldRef<ID>, configuration: TableConfiguration) throws(ScrollError) {
        let (metrics, options) = (configuration.metrics, configuration.textOptions)
        let made = try modify(field.row) { (entry) throws(ScrollError) -> Bool in
            do throws(TextLayoutError) { return try entry.makeDocument(ofItem: field.item, metrics: metrics, options: options) } catch {
                throw .layout(error.description)
            }
        }
        kept.noteChange()
        guard made == true else { throw .notEditable("\(field.row)#\(field.item)") }
    }

    /// Writes `field`'s live text, if it has one, back into the source (on blur and when
    /// the focus moves).
    ///
    /// - Complexity: O(the field's text).
    mutating func commitLiveText(of field: FieldRef<ID>?) {
        guard let field, document(of: field) != nil, let i = source.index(of: field.row) else { return }
        source.replace(at: i, with: row(at: i, live: field))
    }

    // MARK: Rows coming and going

    /// Inserts `rows` before `index` in the source and as unmeasured rows of their
    /// estimates in the prefix sums; returns the height inserted.
    ///
    /// - Complexity: O(k log n) for k rows, plus the source's insertion.
    mutating func insert(_ rows: [Row<ID>], at index: Int, estimate: (Row<ID>) -> Double) throws(ScrollError) -> Double {
        try source.insert(rows, at: index)
        var inserted = 0.0
        for (k, row) in rows.enumerated() {
            let height = estimate(row)
            try insertRow(estimate: height, at: index + k)
            inserted += height
        }
        return inserted
    }

    /// Removes row `id` at `index` from the source, the prefix sums and the measurements;
    /// returns its height.
    ///
    /// - Complexity: O(log n) plus the source's removal.
    mutating func remove(_ id: ID, at index: Int) throws(ScrollError) -> Double {
        let height = try removeRow(id, at: index)
        source.remove(at: index)
        return height
    }
}
