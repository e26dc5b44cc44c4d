import ChatFormGeometry
import ChatFormText

/// The focused field's caret geometry in content coordinates, forwarded from its text
/// (a ``LineLayout``): both carets at a direction boundary, the pieces of a selection, and
/// a tap placing the caret (see the Bidirectional text article in ChatFormText).
extension TableSession {
    /// The focused field's text and where its origin (x 0, its first line's top) lies in
    /// content coordinates, after any inner scroll.
    private func focusedText() -> (text: TextDocument, origin: Point)? {
        guard let focus, let i = source.index(of: focus.field.row), let entry = entry(ofRow: i),
              let item = entry.measurement.item(at: focus.field.item), let text = item.document else { return nil }
        let origin = FieldEditor<ID>.contentRect(Rect(x: 0, y: 0, width: 0, height: 0), item: item, in: entry,
                                                 rowY: cache.heights.offset(ofRow: i))
        return (text, Point(x: origin.minX, y: origin.minY))
    }

    /// The caret's primary and (at a direction boundary) secondary rectangles, in content
    /// coordinates, or nil when nothing is focused. The primary one is ``caret``'s rect.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caretRects: CaretRects? {
        guard let focus, let (text, origin) = focusedText(), let rects = try? text.caretRects(for: focus.caret) else { return nil }
        func moved(_ r: Rect) -> Rect { Rect(x: r.minX + origin.x, y: r.minY + origin.y, width: r.width, height: r.height) }
        return CaretRects(primary: moved(rects.primary), secondary: rects.secondary.map(moved))
    }

    /// The rectangles of the focused field's selection in content coordinates, one per
    /// visual run on each line (empty when nothing is selected or focused).
    ///
    /// - Complexity: O(log n + the length of the lines the selection touches).
    public var selectionRects: [Rect] {
        guard let focus, !focus.selection.isEmpty, let (text, origin) = focusedText(),
              let rects = try? text.selectionRects(for: focus.selection) else { return [] }
        return rects.map { Rect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height) }
    }

    /// Puts the caret of the focused field where a tap at `point` (content coordinates)
    /// lands, as Chromium's `caretPositionFromPoint` answers (points outside the field's
    /// text land on its nearest line), and reveals it.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: O(log n + the length of the line tapped).
    public mutating func setCaret(atContentPoint point: Point) throws(ScrollError) {
        _ = try requireFocus()
        if focusedText() == nil { try revealCaret() }   // measures the field's row
        guard let (text, origin) = focusedText() else { return }
        let position = text.position(at: Point(x: point.x - origin.x, y: point.y - origin.y))
        try setCaret(position.offset, affinity: position.affinity)
    }
}
