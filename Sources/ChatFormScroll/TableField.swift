import ChatFormGeometry
import ChatFormText

/// The table's text fields, reached as `table.field`: focusing one, and editing the focused
/// one (typing, deleting, caret moves, selections, taps and input-method composition),
/// with the caret rule of SPEC §5.2 after every step. What the focused field looks like
/// now is read on the table: `caret`, `caretRects`, `selectionRects`, `markedText`.
///
/// Every edit re-lays out only the edited row, updates its height in the prefix sums (so
/// rows below move, rows above keep their place), clamps, and reveals the caret. The field
/// editor moves the caret in the focused field's live document; the row cache applies
/// edits to it in place.
///
/// **Marked text** has the semantics of UIKit's `UITextInput`: `setMarkedText(_:selectedRange:)`
/// replaces the marked text, or the selection when nothing is marked, and keeps it marked
/// (the caret goes where `selectedRange` says); `unmarkText()` commits it (the text stays,
/// the marking ends, the selection stays). Typing, deleting, moving the caret, selecting,
/// focusing and blurring commit the marked text first, then do what they do. The marked
/// text is real text in the field's `TextDocument`, so every composition step re-wraps,
/// re-measures the row and reveals the caret exactly as typing does: a syllable that grows
/// (ㅎ → 하 → 한) may push the caret onto the next line at any key.
///
/// A mutating view: `try table.field.type("hi")` moves the table into the view and back
/// for the call (no copy of its rows), so hold it only as `table.field`.
///
/// ```swift
/// try table.field.focus(FieldRef(row: "bio"), caret: 0)
/// try table.field.type("hello")
/// try table.field.setMarkedText("ㅎ")      // marked, caret after it
/// try table.field.setMarkedText("하")      // replaces the marked ㅎ
/// table.markedText?.rects                 // where to draw the underline
/// try table.field.unmarkText()            // committed
/// ```
public struct TableField<ID: Hashable & Sendable>: Sendable {
    /// The table, moved in for the access.
    @usableFromInline var table: TableSession<ID>

    @usableFromInline init(table: consuming TableSession<ID>) { self.table = table }

    // MARK: Focus

    /// Focuses an editable field with the caret at `caret` (a UTF-8 offset on a grapheme
    /// boundary), and reveals the caret. The field's text becomes a `TextDocument` that
    /// edits in place (an edit relays out only the paragraphs it touches); it is written
    /// back to the source when the focus leaves. A process's first focus in a table of this
    /// row ID type also runs ``TableSession/prewarm(field:)`` (unless the configuration's
    /// `prewarmsEditing` is off), so that the first keystroke does not pay for first use.
    ///
    /// - Throws: `.unknownRow`, `.notEditable`, or `.invalidCaret` for an offset outside the
    ///   text or inside a grapheme cluster.
    /// - Complexity: O(log n + the field's text).
    public mutating func focus(_ field: FieldRef<ID>, caret: Int = 0) throws(ScrollError) {
        let i = try table.cache.requireIndex(field.row)
        guard table.cache.source.isEditable(field) else { throw .notEditable("\(field.row)#\(field.item)") }
        table.editor.endComposition(in: &table.cache)
        if table.focus?.field != field {
            table.cache.commitLiveText(of: table.focus?.field)
            table.editor.focus = nil
            if !table.isMeasured(row: i) { try table.remeasure(row: i) }
            try table.cache.makeLiveDocument(of: field, configuration: table.configuration)
            if table.configuration.prewarmsEditing { try table.prewarm(field: field) }
        }
        try FieldEditor<ID>.check(caret, in: try text(of: field))
        table.editor.focus = Focus(field: field, caret: TextPosition(offset: caret), anchor: caret, goalX: nil)
        try table.revealCaret()
        table.cache.reserveUseForEdits()
    }

    /// Removes the focus, writing the field's text back to the source (the caret is no
    /// longer kept visible).
    public mutating func blur() {
        table.editor.endComposition(in: &table.cache)
        table.cache.commitLiveText(of: table.focus?.field)
        table.editor.focus = nil
    }

    /// Replaces a text's content (a field, a label or a message) and re-measures its row,
    /// with scroll anchoring if the row is above the first visible one. A growing last row
    /// keeps a transcript at its end. The focused field keeps its caret and selection
    /// where the new text allows.
    ///
    /// - Throws: `.unknownRow`, or `.notEditable` for an item that holds no text.
    /// - Complexity: O(log n + the row's text).
    public mutating func setText(_ text: String, of field: FieldRef<ID>) throws(ScrollError) {
        if let keep = table.focus, keep.field == field {
            // The focused field edits through its buffer.
            try edit(0..<(table.cache.document(of: field)?.utf8Count ?? 0), with: text)
            return try table.editor.restore(keep, in: try self.text(of: field))
        }
        let i = try table.cache.requireIndex(field.row)
        guard let row = table.cache.source.row(at: i).replacingText(text, ofItem: field.item) else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        table.cache.source.replace(at: i, with: row)
        try table.rowDidChange(at: i)
    }

    // MARK: Editing

    /// Types `text` at the caret, replacing the selection (a paste is the same).
    ///
    /// The caret ends after the inserted text; if the insertion joined a following
    /// cluster (a combining mark typed before a mark), it moves to that cluster's end.
    ///
    /// - Complexity: O(log n) for the table plus the paragraphs of the field the edit touches.
    // Row ids of the common types take a copy of the keystroke path compiled for them (no
    // generic metadata looked up on the way: about 70 look-ups a keystroke otherwise).
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func type(_ text: String) throws(ScrollError) {
        table.editor.endComposition(in: &table.cache)
        try edit(try table.editor.requireFocus().selection, with: text)
    }

    /// Inserts a line feed at the caret.
    ///
    /// - Complexity: as `type(_:)`.
    public mutating func newline() throws(ScrollError) { try type("\n") }

    /// Deletes the selection, or `count` grapheme clusters before the caret (as many as
    /// there are; zero or a negative count deletes nothing).
    ///
    /// - Complexity: O(clusters deleted + the edit), whatever `count` is.
    public mutating func deleteBackward(_ count: Int = 1) throws(ScrollError) { try delete(count, forward: false) }

    /// Deletes the selection, or `count` grapheme clusters after the caret (as many as
    /// there are; zero or a negative count deletes nothing).
    ///
    /// - Complexity: O(clusters deleted + the edit), whatever `count` is.
    public mutating func deleteForward(_ count: Int = 1) throws(ScrollError) { try delete(count, forward: true) }

    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    private mutating func delete(_ count: Int, forward: Bool) throws(ScrollError) {
        table.editor.endComposition(in: &table.cache)
        let focus = try table.editor.requireFocus()
        if !focus.selection.isEmpty { return try edit(focus.selection, with: "") }
        // Stops at the text's ends: a huge count costs what it deletes, not the count. The
        // field's text is let go before the edit, which then changes the buffer in place.
        let caret = focus.caret.offset
        let end = try FieldEditor<ID>.clusterBoundary(from: caret, count: count, forward: forward, in: try text(of: focus.field))
        try edit(Swift.min(caret, end)..<Swift.max(caret, end), with: "")
    }

    /// Replaces `range` of the focused field's buffer with `inserted`, in place.
    private mutating func edit(_ range: Range<Int>, with inserted: String) throws(ScrollError) {
        try editBuffer { (document) throws(TextLayoutError) in
            let caret = try document.replaceSubrange(range, with: inserted).caretOffset
            return (caret, caret)
        } failure: { error, length in
            .invalidCaret(offset: range.lowerBound, length: length, reason: error.description)
        }
    }

    // MARK: Caret moves and selections

    /// Moves the caret (collapsing any selection) and reveals it.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public mutating func move(_ movement: CaretMove) throws(ScrollError) {
        table.editor.endComposition(in: &table.cache)
        let document = try text(of: try table.editor.requireFocus().field)
        try table.editor.move(movement, in: document, order: table.configuration.caretMovement)
        try table.revealCaret()
    }

    /// Puts the caret at `offset` (a grapheme boundary) and reveals it.
    public mutating func setCaret(_ offset: Int, affinity: TextAffinity = .downstream) throws(ScrollError) {
        try select(anchor: offset, caret: offset, affinity: affinity)
    }

    /// Selects `anchor..<caret` (either order); the caret is the moving end and is revealed.
    public mutating func select(anchor: Int, caret: Int) throws(ScrollError) {
        try select(anchor: anchor, caret: caret, affinity: .downstream)
    }

    private mutating func select(anchor: Int, caret: Int, affinity: TextAffinity) throws(ScrollError) {
        table.editor.endComposition(in: &table.cache)
        let document = try text(of: try table.editor.requireFocus().field)
        try table.editor.select(anchor: anchor, caret: caret, affinity: affinity, in: document)
        try table.revealCaret()
    }

    /// Puts the caret of the focused field where a tap at `point` (content coordinates)
    /// lands, as Chromium's `caretPositionFromPoint` answers (points outside the field's
    /// text land on its nearest line), and reveals it.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: O(log n + the length of the line tapped).
    public mutating func setCaret(atContentPoint point: Point) throws(ScrollError) {
        _ = try table.editor.requireFocus()
        let width = table.viewport.size.width
        if table.editor.placement(in: table.cache, width: width) == nil { try table.revealCaret() }   // measures the field's row
        guard let position = table.editor.position(atContentPoint: point, in: table.cache, width: width) else { return }
        try setCaret(position.offset, affinity: position.affinity)
    }

    // MARK: Marked text

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
        let focus = try table.editor.requireFocus()
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
        _ = try table.editor.requireFocus()
        table.editor.endComposition(in: &table.cache)
    }

    /// Applies one input-method step (what `HangulComposer.type(_:into:)` hands the table
    /// for each key): `step.committed` replaces the marked text (or the selection) and is
    /// committed, then `step.marked` is marked after it (an empty `marked` ends the
    /// composition).
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: as `type(_:)`, twice at most.
    public mutating func applyComposition(_ step: HangulComposer.Step) throws(ScrollError) {
        _ = try table.editor.requireFocus()
        if !step.committed.isEmpty {
            try setMarkedText(step.committed)
            try unmarkText()
        }
        if !step.marked.isEmpty || table.markedText != nil {
            try setMarkedText(step.marked)
        }
    }

    // MARK: The focused field's buffer

    /// Applies `change` to the focused field's buffer in place (it returns the new
    /// selection's anchor and caret), updates the row's height (O(log n) in the prefix
    /// sums), then applies anchoring / stick-to-bottom and the caret rule. A throwing
    /// `change` must leave the buffer unchanged; its error becomes `failure(error, length)`.
    private mutating func editBuffer(_ change: (inout TextDocument) throws(TextLayoutError) -> (anchor: Int, caret: Int),
                                     failure: (TextLayoutError, Int) -> ScrollError) throws(ScrollError) {
        let focus = try table.editor.requireFocus()
        let i = try table.cache.requireIndex(focus.field.row)
        let width = table.viewport.size.width
        var wasAtBottom = table.isAtBottom
        var anchor = table.cache.firstVisibleRow(in: table.viewport)?.index
        // Edited where the row is measured at the width (a row without the buffer throws
        // `.notEditable` from `editDocument`, before anything changes). `editDocument` leaves
        // a row that is not measured at the width as it is and returns nil: the row is then
        // measured and the edit made again (one look-up of the row for the edit, not another
        // to ask whether it is measured).
        var edited = try table.cache.editDocument(of: focus.field, at: i, width: width, change, failure: failure)
        if edited == nil {
            try table.remeasure(row: i)
            wasAtBottom = table.isAtBottom
            anchor = table.cache.firstVisibleRow(in: table.viewport)?.index
            edited = try table.cache.editDocument(of: focus.field, at: i, width: width, change, failure: failure)
        }
        guard let (selection, delta) = edited else { throw .noFocus }
        table.scroll.keep(anchor: anchor, stillAfter: delta, ofRow: i)
        table.editor.focus = Focus(field: focus.field, caret: TextPosition(offset: selection.caret), anchor: selection.anchor, goalX: nil)
        try table.rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: i == table.cache.rowCount - 1, focusedIndex: i)   // reveals the caret
    }

    /// The live document of `field`, measuring its row if needed.
    ///
    /// - Throws: `.unknownRow`, or `.notEditable` when the field has no live document.
    private mutating func text(of field: FieldRef<ID>) throws(ScrollError) -> TextDocument {
        let i = try table.cache.requireIndex(field.row)
        if !table.isMeasured(row: i) { try table.remeasure(row: i) }
        guard let text = table.entry(ofRow: i)?.document(ofItem: field.item) else { throw .notEditable("\(field.row)#\(field.item)") }
        return text
    }
}
