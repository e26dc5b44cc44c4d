import ChatFormGeometry
import ChatFormText

/// The focused field's caret geometry in content coordinates, from its text (a
/// ``LineLayout``) placed by the field editor: both carets at a direction boundary, the
/// pieces of a selection, and a tap placing the caret (see the Bidirectional text article
/// in ChatFormText).
extension TableSession {
    /// The caret's primary and (at a direction boundary) secondary rectangles, in content
    /// coordinates, or nil when nothing is focused. The primary one is ``caret``'s rect.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caretRects: CaretRects? { editor.caretRects(in: cache, width: viewport.size.width) }

    /// The rectangles of the focused field's selection in content coordinates, one per
    /// visual run on each line (empty when nothing is selected or focused).
    ///
    /// - Complexity: O(log n + the length of the lines the selection touches).
    public var selectionRects: [Rect] { editor.selectionRects(in: cache, width: viewport.size.width) }

    /// Puts the caret of the focused field where a tap at `point` (content coordinates)
    /// lands, as Chromium's `caretPositionFromPoint` answers (points outside the field's
    /// text land on its nearest line), and reveals it.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: O(log n + the length of the line tapped).
    public mutating func setCaret(atContentPoint point: Point) throws(ScrollError) {
        _ = try editor.requireFocus()
        if editor.placement(in: cache, width: viewport.size.width) == nil { try revealCaret() }   // measures the field's row
        guard let position = editor.position(atContentPoint: point, in: cache, width: viewport.size.width) else { return }
        try setCaret(position.offset, affinity: position.affinity)
    }
}
