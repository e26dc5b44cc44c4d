import ChatFormGeometry
import ChatFormText

/// The focused field as it is now, in content coordinates, placed by the field editor from
/// its text (a ``LineLayout``): the caret, both carets at a direction boundary, the pieces
/// of a selection and the marked text's underline (see the Bidirectional text article in
/// ChatFormText). Changing it is ``field``'s.
extension TableSession {
    /// Where the caret is, in content coordinates, or nil when nothing is focused.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caret: CaretInfo<ID>? { editor.caret(in: cache, width: viewport.size.width) }

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

    /// The focused field's marked text with its rectangles, or nil when nothing is marked.
    ///
    /// - Complexity: O(log n + the lines the marked text covers).
    public var markedText: MarkedTextInfo<ID>? { editor.markedText(in: cache, width: viewport.size.width) }
}
