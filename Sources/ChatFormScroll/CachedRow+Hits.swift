import ChatFormGeometry
import ChatFormText

/// Hit testing and caret geometry inside a measured row, read from its measurement and its
/// inner offsets (nothing is laid out again); `RowCache` finds the row and its place.
extension CachedRow {
    /// The text item under `point` (`y` from the row's top) and the caret position nearest to
    /// it there: the last text item starting at or above it, else the first text item.
    ///
    /// - Complexity: O(items + log lines + the length of the line hit).
    func hit(_ point: Point) -> (item: Int, position: TextPosition)? {
        let contentY = point.y - measurement.style.padding.top
        guard let item = measurement.items.last(where: { $0.text != nil && $0.y <= contentY })
                ?? measurement.items.first(where: { $0.text != nil }),
              let text = item.text else { return nil }
        // Inside the item's window, then in the text's coordinates.
        let windowY = Swift.min(Swift.max(contentY - item.y, 0), Swift.max(0, item.height - 1e-9))
        let local = Point(x: point.x - measurement.style.padding.left, y: windowY + (innerOffsets[item.index] ?? 0))
        return (item.index, text.position(at: local))
    }

    /// The caret rectangle of `position` in text item `index` (after the item's inner scroll),
    /// the row's top at `rowTop`; nil when the row has no text item `index`.
    ///
    /// - Throws: `.invalidCaret` for a position the item's text refuses.
    /// - Complexity: O(log lines + the caret line's length).
    func caretRect(for position: TextPosition, inItem index: Int, rowTop: Double) throws(ScrollError) -> Rect? {
        guard let item = measurement.item(at: index), let text = item.text else { return nil }
        let local: Rect
        do { local = try text.caretRect(for: position) } catch {
            throw .invalidCaret(offset: position.offset, length: text.utf8Count, reason: error.description)
        }
        let top = rowTop + measurement.style.padding.top + item.y - (innerOffsets[index] ?? 0)
        return Rect(x: measurement.style.padding.left + local.minX, y: top + local.minY, width: 0, height: local.height)
    }
}
