import ChatFormText

/// The table's rows as a chat changes them (SPEC §3, §5.4), reached as `table.chat`:
/// messages appended and prepended, inserted and removed, edited, collapsed to a few lines,
/// and a question pinned above its streamed answer. A form changes its rows the same way.
///
/// Every change keeps what is on screen still (rows changed above the first visible row
/// move the offset by their change in height), a transcript at its end stays there
/// (stick-to-bottom; otherwise ``TableSession/unreadCount`` counts the new messages), and
/// the caret rule applies after it. Reading the rows is ``TableSession/rows``'s.
///
/// A mutating view: `try table.chat.append(rows)` moves the table into the view and back
/// for the call (no copy of its rows), so hold it only as `table.chat`.
///
/// ```swift
/// try table.chat.append([.text(101, "New message")])   // follows the end if it was there
/// try table.chat.prepend(olderHistory)                 // what is on screen stays still
/// try table.chat.setLineClamp(3, ofRow: 42)            // collapsed
/// try table.chat.setLineClamp(nil, ofRow: 42)          // the user tapped "show more"
/// ```
public struct TableChat<ID: Hashable & Sendable>: Sendable {
    /// The table, moved in for the access.
    @usableFromInline var table: TableSession<ID>

    @usableFromInline init(table: consuming TableSession<ID>) { self.table = table }

    // MARK: Inserting and removing

    /// Appends rows (new messages). If the transcript was within the stick-to-bottom
    /// tolerance of its end, it follows to the new end; otherwise the offset stays and
    /// `unreadCount` grows by the number of rows.
    ///
    /// - Complexity: O(k log n) for k rows, plus the text of the rows measured.
    public mutating func append(_ rows: [Row<ID>]) throws(ScrollError) {
        try insert(rows, at: table.cache.rowCount)
    }

    /// Prepends rows (older history). The rows in view stay where they are on screen.
    ///
    /// - Complexity: O(k log n) for k rows, plus the text of the rows measured.
    public mutating func prepend(_ rows: [Row<ID>]) throws(ScrollError) {
        try insert(rows, at: 0)
    }

    /// Inserts rows before `index`. Rows inserted above the first visible row do not move
    /// what is on screen; rows appended at the end follow the stick-to-bottom rule.
    ///
    /// - Throws: `.duplicateRow`, or `.invalidValue` for an index out of range.
    /// - Complexity: O(k log n) for k rows, plus the text of the rows measured.
    public mutating func insert(_ rows: [Row<ID>], at index: Int) throws(ScrollError) {
        guard index >= 0 && index <= table.cache.rowCount else { throw .invalidValue("row index", Double(index)) }
        guard !rows.isEmpty else { return }
        let configuration = table.configuration
        let wasAtBottom = table.isAtBottom
        let anchor = table.cache.firstVisibleRow(in: table.viewport)
        let appending = index == table.cache.rowCount
        let width = table.viewport.size.width
        var inserted = try table.cache.insert(rows, at: index) { row in
            configuration.estimatedHeight(of: row, width: width)
        }
        if configuration.estimatedRowHeight == nil && !configuration.estimateFromTextLength {
            for k in rows.indices { inserted += try table.measure(row: index + k) }
        }
        if let anchor, index <= anchor.index, !(appending && wasAtBottom) {
            table.viewport.offset += inserted
        }
        if appending && !(wasAtBottom && configuration.stickToBottom) && table.cache.rowCount > rows.count {
            table.unreadCount += rows.count
        }
        try table.rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: appending, focusedIndex: table.focusedRow)
    }

    /// Removes the row with `id`. Rows below it that are in view stay where they are on
    /// screen when it was above them; a focused field in it loses the focus.
    ///
    /// - Throws: `.unknownRow`.
    /// - Complexity: O(log n) plus the source's removal.
    public mutating func remove(_ id: ID) throws(ScrollError) {
        let i = try table.cache.requireIndex(id)
        let wasAtBottom = table.isAtBottom
        let first = table.cache.firstVisibleRow(in: table.viewport)?.index
        let h = try table.cache.remove(id, at: i)
        if table.focus?.field.row == id { table.editor.focus = nil }   // its buffer went with the cache
        if table.pinnedRow == id { table.pinnedRow = nil }
        if let first, i <= first { table.viewport.offset -= h }
        try table.rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: false, focusedIndex: table.focusedRow)
    }

    // MARK: Changing a row

    /// Replaces a row's text (a message edited, or a streamed answer growing). A growing
    /// last row keeps the transcript at its end when it was there.
    ///
    /// - Throws: `.unknownRow`, or `.notEditable` for a row whose content is not one text.
    /// - Complexity: O(log n + the row's text).
    public mutating func setText(_ text: String, ofRow id: ID) throws(ScrollError) {
        try table.field.setText(text, of: FieldRef(row: id))
    }

    /// Replaces a row's content (a rich message edited, or a streamed rich answer growing)
    /// and re-measures it, with scroll anchoring if the row is above the first visible one;
    /// a growing last row keeps a transcript at its end. A focused field in the row loses
    /// the focus (its text is the new content's).
    ///
    /// - Throws: `.unknownRow`.
    /// - Complexity: O(log n + the row's text).
    public mutating func setContent(_ content: RowContent, ofRow id: ID) throws(ScrollError) {
        _ = try table.cache.requireIndex(id)
        if table.focus?.field.row == id { table.field.blur() }
        try change(id) { row in row.content = content }
    }

    /// Clamps row `id`'s display-only texts to `lines` lines with an ellipsis ("show less"),
    /// or with nil shows them whole ("show more"), and measures the row again: a row above
    /// the first visible one moves the offset by its change in height, so the content on
    /// screen stays still; the first visible row itself grows or shrinks from its top; a
    /// transcript at its end stays there (as when a message grows).
    ///
    /// - Throws: `.unknownRow`; `.invalidValue` for `lines < 1`.
    /// - Complexity: O(log n) plus laying out the row's text (its prepared text with real
    ///   fonts: no shaping).
    public mutating func setLineClamp(_ lines: Int?, ofRow id: ID) throws(ScrollError) {
        let i = try table.cache.requireIndex(id)
        if let lines, lines < 1 { throw .invalidValue("line clamp", Double(lines)) }
        guard table.cache.source.row(at: i).style.lineClamp != lines else { return }
        try change(id) { row in row.style.lineClamp = lines }
    }

    /// Changes row `id` in the source with `body` and measures it again with anchoring.
    private mutating func change(_ id: ID, _ body: (inout Row<ID>) -> Void) throws(ScrollError) {
        let i = try table.cache.requireIndex(id)
        var row = table.cache.source.row(at: i)
        body(&row)
        table.cache.source.replace(at: i, with: row)
        try table.rowDidChange(at: i)
    }

    // MARK: Pinning

    /// Keeps the row with `id` at the top of the band while the rows below it grow (a
    /// question above a streamed answer), leaving blank space below if they are short. Once
    /// the content below the row's top fills the band, the pin lets go and the transcript
    /// scrolls as usual: it is then at the end, so stick-to-bottom follows the answer's end
    /// while it grows. A user scroll or `scrollTo` also lets go.
    ///
    /// - Throws: `.unknownRow`.
    /// - Complexity: O(log n + rows in view) plus their text.
    public mutating func pin(_ id: ID) throws(ScrollError) {
        _ = try table.cache.requireIndex(id)
        table.pinnedRow = id
        try table.applyPin()
    }

    /// Releases the pinned row (the offset is clamped again).
    ///
    /// - Complexity: O(log n + rows in view) plus their text.
    public mutating func unpin() throws(ScrollError) {
        table.pinnedRow = nil
        table.clampOffset()
        try table.settle(anchor: nil)
    }
}
