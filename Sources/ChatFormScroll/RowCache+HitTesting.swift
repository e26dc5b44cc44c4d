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
              let measurement = entry(ofRow: i, width: width)?.measurement else { return nil }
        let frame = frame(ofRow: i, width: width)
        let id = frame.id
        let contentY = point.y - frame.y - measurement.style.padding.top
        guard let item = measurement.items.last(where: { $0.text != nil && $0.y <= contentY })
                ?? measurement.items.first(where: { $0.text != nil }),
              let text = item.text else { return nil }
        let field = FieldRef(row: id, item: item.index)
        let inner = innerOffset(of: field)
        // Inside the item's window, then in the text's coordinates.
        let windowY = Swift.min(Swift.max(contentY - item.y, 0), Swift.max(0, item.height - 1e-9))
        let local = Point(x: point.x - measurement.style.padding.left, y: windowY + inner)
        return TextHit(field: field, position: text.position(at: local))
    }

    /// The caret rectangle of `position` in text item `field`, in content coordinates (after
    /// the item's inner scroll), when its row is measured at `width`.
    ///
    /// - Throws: as `TableSession.caretRect(for:in:)`.
    /// - Complexity: O(log n + log lines + the caret line's length).
    func caretRect(for position: TextPosition, in field: FieldRef<ID>, width: Double) throws(ScrollError) -> Rect {
        let i = try requireIndex(field.row)
        guard let measurement = entry(ofRow: i, width: width)?.measurement, let item = measurement.item(at: field.item), let text = item.text else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        let local: Rect
        do { local = try text.caretRect(for: position) } catch {
            throw .invalidCaret(offset: position.offset, length: text.utf8Count, reason: error.description)
        }
        let top = heights.offset(ofRow: i) + measurement.style.padding.top + item.y - innerOffset(of: field)
        return Rect(x: measurement.style.padding.left + local.minX, y: top + local.minY, width: 0, height: local.height)
    }
}
