import ChatFormText

/// What lies under a point of the content: a text item of a row and the caret position
/// nearest the point in it.
public struct TextHit<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The row and item hit.
    public var field: FieldRef<ID>
    /// The caret position nearest the point (SPEC §2: x snaps to the nearer edge of a
    /// cluster, so a tap on an attachment lands before or after it by half).
    public var position: TextPosition
}

/// Hit testing and caret geometry in any measured text item, focused or not: plain
/// messages, fields and rich messages (`RowContent.rich`) alike, read from the row's
/// measurement through `LineLayout` (nothing is laid out again).
extension TableSession {
    /// The text item under `point` (content coordinates) and the caret position nearest to
    /// it there: a point left or right of the text lands on its line's start or end, above or
    /// below the item's window on its first or last visible line. Nil over a row that is not
    /// measured, over space or a fixed row, or outside the content.
    ///
    /// - Complexity: O(log² n + log lines + the length of the line hit).
    public func hitTest(_ point: Point) -> TextHit<ID>? {
        guard point.x.isFinite, point.y.isFinite, let i = rowIndex(atContentY: point.y),
              let measurement = measurement(ofRow: i) else { return nil }
        let frame = frame(ofRow: i)
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
    /// the item's inner scroll), whether or not the item is focused.
    ///
    /// - Throws: `.unknownRow`; `.notEditable` when the row is not measured at this width or
    ///   the item is not a text; `.invalidCaret` for an offset outside the text or inside a
    ///   grapheme cluster.
    /// - Complexity: O(log n + log lines + the caret line's length).
    public func caretRect(for position: TextPosition, in field: FieldRef<ID>) throws(ScrollError) -> Rect {
        let i = try requireIndex(field.row)
        guard let measurement = measurement(ofRow: i), let item = measurement.item(at: field.item), let text = item.text else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        let local: Rect
        do { local = try text.caretRect(for: position) } catch {
            throw .invalidCaret(offset: position.offset, length: text.utf8Count, reason: error.description)
        }
        let top = frame(ofRow: i).y + measurement.style.padding.top + item.y - innerOffset(of: field)
        return Rect(x: measurement.style.padding.left + local.minX, y: top + local.minY, width: 0, height: local.height)
    }

    /// The index of the row holding content y (the last of the rows starting at or above
    /// it), or nil outside the content; read through the rows' public frames only.
    ///
    /// - Complexity: O(log² n).
    func rowIndex(atContentY y: Double) -> Int? {
        guard rowCount > 0, y >= 0, y < contentHeight else { return nil }
        var lo = 0, hi = rowCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if frame(ofRow: mid).y <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
