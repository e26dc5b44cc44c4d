import ChatFormGeometry
import ChatFormText

/// Hit testing and caret geometry in any measured text item, focused or not, read from the
/// row's measurement (nothing is laid out again).
extension RowCache {
    /// The inner scroll offset of a field past its line limit (0 when it does not scroll).
    func innerOffset(of field: FieldRef<ID>) -> Double { self[field.row]?.innerOffsets[field.item] ?? 0 }

    /// The text item under `point` (content coordinates) and the caret position nearest to
    /// it there, among the rows measured at `width`.
    ///
    /// - Complexity: O(log² n + log lines + the length of the line hit).
    func hitTest(_ point: Point, width: Double) -> TextHit<ID>? {
        guard point.x.isFinite, point.y.isFinite, let i = rowIndex(atContentY: point.y),
              let entry = entry(ofRow: i, width: width) else { return nil }
        let frame = frame(ofRow: i, width: width)
        guard let hit = entry.hit(Point(x: point.x, y: point.y - frame.y)) else { return nil }
        return TextHit(field: FieldRef(row: frame.id, item: hit.item), position: hit.position)
    }

    /// The caret rectangle of `position` in text item `field`, in content coordinates (after
    /// the item's inner scroll), when its row is measured at `width`.
    ///
    /// - Throws: as `TableRows.caretRect(for:in:)`.
    /// - Complexity: O(log n + log lines + the caret line's length).
    func caretRect(for position: TextPosition, in field: FieldRef<ID>, width: Double) throws(ScrollError) -> Rect {
        let i = try requireIndex(field.row)
        guard let entry = entry(ofRow: i, width: width),
              let rect = try entry.caretRect(for: position, inItem: field.item, rowTop: heights.offset(ofRow: i)) else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        return rect
    }
}
