import ChatFormText

/// Caret movements of the editing session.
public enum CaretMove: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down, lineStart, lineEnd, documentStart, documentEnd
}

/// Focus, editing and caret visibility (SPEC §5.2): the field editor moves the caret in
/// the focused field's live document, the row cache applies edits to it in place.
///
/// Every edit re-lays out only the edited row, updates its height in the prefix sums (so
/// rows below move, rows above keep their place), clamps, and reveals the caret. Typing,
/// deleting, moving the caret, selecting, focusing and blurring commit any marked text
/// first.
extension TableSession {
    // MARK: Fields

    /// The text of a field (for the focused field, its live text: O(n) to materialize).
    public func text(of field: FieldRef<ID>) throws(ScrollError) -> String {
        if focus?.field == field, let live = cache.document(of: field) { return live.text }
        return try cache.storedText(of: field)
    }

    /// The field named `name` inside a stacked row.
    public func field(named name: String, inRow id: ID) -> FieldRef<ID>? { cache.field(named: name, inRow: id) }

    /// Replaces a text's content (a field, a label or a message) and re-measures its row,
    /// with scroll anchoring if the row is above the first visible one. A growing last row
    /// keeps a transcript at its end. The focused field keeps its caret and selection
    /// where the new text allows.
    ///
    /// - Complexity: O(log n + the row's text).
    public mutating func setText(_ text: String, of field: FieldRef<ID>) throws(ScrollError) {
        if let keep = focus, keep.field == field {
            // The focused field edits through its buffer.
            try edit(0..<(cache.document(of: field)?.utf8Count ?? 0), with: text)
            return try editor.restore(keep, in: try fieldText(field))
        }
        let i = try cache.requireIndex(field.row)
        guard let row = cache.source.row(at: i).replacingText(text, ofItem: field.item) else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        cache.source.replace(at: i, with: row)
        try rowDidChange(at: i)
    }

    // MARK: Focus

    /// Focuses an editable field with the caret at `caret` (a UTF-8 offset on a grapheme
    /// boundary), and reveals the caret. The field's text becomes a `TextDocument` that
    /// edits in place (an edit relays out only the paragraphs it touches); it is written
    /// back to the source when the focus leaves.
    ///
    /// - Throws: `.unknownRow`, `.notEditable`, or `.invalidCaret` for an offset outside the
    ///   text or inside a grapheme cluster.
    public mutating func focus(_ field: FieldRef<ID>, caret: Int = 0) throws(ScrollError) {
        let i = try cache.requireIndex(field.row)
        guard cache.isEditable(field) else { throw .notEditable("\(field.row)#\(field.item)") }
        editor.endComposition(in: &cache)
        if focus?.field != field {
            cache.commitLiveText(of: focus?.field)
            editor.focus = nil
            if entry(ofRow: i) == nil { try remeasure(row: i) }
            try cache.makeLiveDocument(of: field, configuration: configuration)
        }
        try FieldEditor<ID>.check(caret, in: try fieldText(field))
        editor.focus = Focus(field: field, caret: TextPosition(offset: caret), anchor: caret, goalX: nil)
        try revealCaret()
    }

    /// Removes the focus, writing the field's text back to the source (the caret is no
    /// longer kept visible).
    public mutating func blur() {
        editor.endComposition(in: &cache)
        cache.commitLiveText(of: focus?.field)
        editor.focus = nil
    }

    // MARK: Editing

    /// Types `text` at the caret, replacing the selection (a paste is the same).
    ///
    /// The caret ends after the inserted text; if the insertion joined a following
    /// cluster (a combining mark typed before a mark), it moves to that cluster's end.
    ///
    /// - Complexity: O(log n) for the table plus the paragraphs of the field the edit touches.
    public mutating func type(_ text: String) throws(ScrollError) {
        editor.endComposition(in: &cache)
        try edit(try editor.requireFocus().selection, with: text)
    }

    /// Inserts a line feed at the caret.
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

    private mutating func delete(_ count: Int, forward: Bool) throws(ScrollError) {
        editor.endComposition(in: &cache)
        let focus = try editor.requireFocus()
        if !focus.selection.isEmpty { return try edit(focus.selection, with: "") }
        // Stops at the text's ends: a huge count costs what it deletes, not the count. The
        // field's text is let go before the edit, which then changes the buffer in place.
        let caret = focus.caret.offset
        let end = try FieldEditor<ID>.clusterBoundary(from: caret, count: count, forward: forward, in: try fieldText(focus.field))
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

    // MARK: Caret moves

    /// Moves the caret (collapsing any selection) and reveals it.
    public mutating func move(_ movement: CaretMove) throws(ScrollError) {
        editor.endComposition(in: &cache)
        let document = try fieldText(try editor.requireFocus().field)
        try editor.move(movement, in: document, order: configuration.caretMovement)
        try revealCaret()
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
        editor.endComposition(in: &cache)
        let document = try fieldText(try editor.requireFocus().field)
        try editor.select(anchor: anchor, caret: caret, affinity: affinity, in: document)
        try revealCaret()
    }

    /// Where the caret is, in content coordinates, or nil when nothing is focused.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caret: CaretInfo<ID>? { editor.caret(in: cache, width: viewport.size.width) }

    /// The inner scroll offset of a field past its line limit (0 when it does not scroll).
    public func innerOffset(of field: FieldRef<ID>) -> Double { cache.innerOffset(of: field) }
}
