import ChatFormText

/// The marked text of the focused field, placed in the content: what a renderer underlines.
public struct MarkedTextInfo<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The field being composed in.
    public var field: FieldRef<ID>
    /// The marked text's UTF-8 range in the field's text.
    public var range: Range<Int>
    /// The input method's selection inside it (the caret at its end, usually).
    public var selectedRange: Range<Int>
    /// The marked text.
    public var text: String
    /// One rectangle per visual line the marked text covers, in content coordinates (after
    /// the field's inner scroll, so a line scrolled out of the field's window lies outside it).
    public var rects: [Rect]
}

/// Input-method composition (marked text) with the semantics of UIKit's `UITextInput`
/// (SPEC §5.2 applies after every step, as for typing).
///
/// - `setMarkedText(_:selectedRange:)` replaces the marked text, or the selection when
///   nothing is marked, and keeps it marked; the caret goes where `selectedRange` says.
/// - `unmarkText()` commits it: the text stays, the marking ends, the selection stays.
/// - Typing, deleting, moving the caret, selecting, focusing and blurring commit the
///   marked text first, then do what they do.
///
/// The marked text is real text in the field's `TextDocument`, so every composition step
/// re-wraps, re-measures the row and reveals the caret exactly as typing does: a syllable
/// that grows (ㅎ → 하 → 한) may push the caret onto the next line at any key.
///
/// ```swift
/// try table.setMarkedText("ㅎ")      // marked, caret after it
/// try table.setMarkedText("하")      // replaces the marked ㅎ
/// table.markedText?.rects            // where to draw the underline
/// try table.unmarkText()             // committed
/// ```
extension TableSession {
    /// The focused field's marked text with its rectangles, or nil when nothing is marked.
    ///
    /// - Complexity: O(log n + the lines the marked text covers).
    public var markedText: MarkedTextInfo<ID>? { editor.markedText(in: cache, width: viewport.size.width) }

    /// Replaces the marked text, or the selection when nothing is marked, with `text` and
    /// marks it; empty `text` removes the marked text and ends the composition. The row is
    /// re-measured and the caret rule applied, as for typing.
    ///
    /// - Parameters:
    ///   - text: the new marked text (empty: remove it).
    ///   - selectedRange: the selection inside `text`, in UTF-8 offsets from its start;
    ///     nil puts the caret at its end.
    ///   - replacementRange: a range of the field's text to replace instead (AppKit's
    ///     `replacementRange`): any marked text is committed first.
    /// - Throws: `.noFocus` when nothing is focused; `.invalidMarkedRange` for a
    ///   `selectedRange` outside `text` or a `replacementRange` outside the field's text or
    ///   inside a grapheme cluster (nothing changes then).
    /// - Complexity: as `type(_:)`.
    public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>? = nil,
                                       replacementRange: Range<Int>? = nil) throws(ScrollError) {
        let focus = try editor.requireFocus()
        let count = text.utf8.count
        if let selectedRange, selectedRange.lowerBound < 0 || selectedRange.upperBound > count {
            throw .invalidMarkedRange(selectedRange, length: count, reason: "the selection must lie inside the marked text (0...\(count))")
        }
        let replaced = replacementRange ?? focus.selection
        try editBuffer { (document) throws(TextLayoutError) in
            if let replacementRange {
                try document.validate(replacementRange.lowerBound)
                try document.validate(replacementRange.upperBound)
                document.unmarkText()
            }
            let edit = try document.setMarkedText(text, selectedRange: selectedRange, replacing: replaced)
            return FieldEditor<ID>.selection(after: document, caret: edit.caretOffset)
        } failure: { error, length in
            .invalidMarkedRange(replaced, length: length, reason: error.description)
        }
    }

    /// Commits the marked text: it stays, no longer marked; the selection does not move.
    /// Nothing happens when nothing is marked.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: O(log n).
    public mutating func unmarkText() throws(ScrollError) {
        _ = try editor.requireFocus()
        editor.endComposition(in: &cache)
    }
}
