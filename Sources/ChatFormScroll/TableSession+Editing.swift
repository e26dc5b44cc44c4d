import ChatFormText

/// Caret movements of the editing session.
public enum CaretMove: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down, lineStart, lineEnd, documentStart, documentEnd
}

/// Focus, editing and caret visibility (SPEC §5.2).
///
/// Every edit re-lays out only the edited row, updates its height in the prefix sums (so
/// rows below move, rows above keep their place), clamps, and reveals the caret.
extension TableSession {
    // MARK: Fields

    /// The text of a field (for the focused field, its live text: O(n) to materialize).
    public func text(of field: FieldRef<ID>) throws(ScrollError) -> String {
        if focus?.field == field, let live = liveDocument { return live.text }
        let i = try requireIndex(field.row)
        return try Self.storedText(of: source.row(at: i), item: field.item)
    }

    static func storedText(of row: Row<ID>, item: Int) throws(ScrollError) -> String {
        guard let text = row.text(ofItem: item) else { throw .notEditable("\(row.id)#\(item)") }
        return text
    }

    /// The field named `name` inside a stacked row.
    public func field(named name: String, inRow id: ID) -> FieldRef<ID>? {
        guard let i = source.index(of: id) else { return nil }
        if case .stack(let items) = source.row(at: i).content, let k = items.firstIndex(where: { $0.name == name }) {
            return FieldRef(row: id, item: k)
        }
        return nil
    }

    func isEditable(_ field: FieldRef<ID>) -> Bool {
        guard let i = source.index(of: field.row) else { return false }
        return source.row(at: i).isEditable(item: field.item)
    }

    /// The focused field's live text (its edit buffer), if it has been measured.
    var liveDocument: TextDocument? {
        guard let focus else { return nil }
        return cache[focus.field.row]?.document(ofItem: focus.field.item)
    }

    /// Replaces a text's content (a field, a label or a message) and re-measures its row,
    /// with scroll anchoring if the row is above the first visible one. A growing last row
    /// keeps a transcript at its end.
    ///
    /// - Complexity: O(log n + the row's text).
    public mutating func setText(_ text: String, of field: FieldRef<ID>) throws(ScrollError) {
        if focus?.field == field {
            // The focused field edits through its buffer.
            let n = liveDocument?.utf8Count ?? 0
            let keep = focus!
            try edit(0..<n, with: text)
            if var f = focus {
                f.caret = TextPosition(offset: try snap(Swift.min(keep.caret.offset, text.utf8.count)), affinity: keep.caret.affinity)
                f.anchor = try snap(Swift.min(keep.anchor, text.utf8.count))
                focus = f
            }
            return
        }
        let i = try requireIndex(field.row)
        guard let row = source.row(at: i).replacingText(text, ofItem: field.item) else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        source.replace(at: i, with: row)
        let wasAtBottom = isAtBottom
        try remeasure(row: i)
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: i == rowCount - 1)
    }

    /// Writes the focused field's live text back into the source (done on blur and when
    /// the focus moves). O(n) in the field's text.
    mutating func commitLiveText() throws(ScrollError) {
        guard let focus, liveDocument != nil, let i = source.index(of: focus.field.row) else { return }
        source.replace(at: i, with: row(at: i))
    }

    /// The focused field's live document, measuring its row if needed.
    mutating func fieldText(_ field: FieldRef<ID>) throws(ScrollError) -> TextDocument {
        let i = try requireIndex(field.row)
        if entry(ofRow: i) == nil { try remeasure(row: i) }
        guard let text = entry(ofRow: i)?.document(ofItem: field.item) else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        return text
    }

    private mutating func snap(_ offset: Int) throws(ScrollError) -> Int {
        guard let focus else { return offset }
        let text = try fieldText(focus.field)
        do { return try text.graphemeBoundary(atOrAfter: offset) } catch { throw .layout(error.description) }
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
        let i = try requireIndex(field.row)
        guard isEditable(field) else { throw .notEditable("\(field.row)#\(field.item)") }
        endComposition()
        if focus?.field != field {
            try commitLiveText()
            focus = nil
            if entry(ofRow: i) == nil { try remeasure(row: i) }
            // Turn the field's layout into an edit buffer (same lines, same height).
            let (metrics, options) = (configuration.metrics, configuration.textOptions)
            let made = try cache.modify(field.row) { (entry) throws(ScrollError) -> Bool in
                do throws(TextLayoutError) { return try entry.makeDocument(ofItem: field.item, metrics: metrics, options: options) } catch {
                    throw .layout(error.description)
                }
            }
            guard made == true else { throw .notEditable("\(field.row)#\(field.item)") }
        }
        let text = try fieldText(field)
        try FieldEditor<ID>.check(caret, in: text)
        focus = Focus(field: field, caret: TextPosition(offset: caret), anchor: caret, goalX: nil)
        try revealCaret()
    }

    /// Removes the focus, writing the field's text back to the source (the caret is no
    /// longer kept visible).
    public mutating func blur() {
        endComposition()
        try? commitLiveText()
        focus = nil
    }

    func requireFocus() throws(ScrollError) -> Focus<ID> {
        guard let focus else { throw .noFocus }
        return focus
    }

    // MARK: Editing

    /// Types `text` at the caret, replacing the selection (a paste is the same).
    ///
    /// The caret ends after the inserted text; if the insertion joined a following
    /// cluster (a combining mark typed before a mark), it moves to that cluster's end.
    ///
    /// - Complexity: O(log n) for the table plus the paragraphs of the field the edit touches.
    public mutating func type(_ text: String) throws(ScrollError) {
        endComposition()   // typing or moving the caret commits the marked text first
        let focus = try requireFocus()
        try edit(focus.selection, with: text)
    }

    /// Inserts a line feed at the caret.
    public mutating func newline() throws(ScrollError) { try type("\n") }

    /// Deletes the selection, or `count` grapheme clusters before the caret (as many as
    /// there are; zero or a negative count deletes nothing).
    ///
    /// - Complexity: O(clusters deleted + the edit), whatever `count` is.
    public mutating func deleteBackward(_ count: Int = 1) throws(ScrollError) {
        endComposition()   // typing or moving the caret commits the marked text first
        let focus = try requireFocus()
        if !focus.selection.isEmpty { return try edit(focus.selection, with: "") }
        // Stops at the start of the text: a huge count costs what it deletes, not the count.
        let start = try clusterBoundary(from: focus.caret.offset, count: count, forward: false)
        try edit(start..<focus.caret.offset, with: "")
    }

    /// Deletes the selection, or `count` grapheme clusters after the caret (as many as
    /// there are; zero or a negative count deletes nothing).
    ///
    /// - Complexity: O(clusters deleted + the edit), whatever `count` is.
    public mutating func deleteForward(_ count: Int = 1) throws(ScrollError) {
        endComposition()   // typing or moving the caret commits the marked text first
        let focus = try requireFocus()
        if !focus.selection.isEmpty { return try edit(focus.selection, with: "") }
        let end = try clusterBoundary(from: focus.caret.offset, count: count, forward: true)
        try edit(focus.caret.offset..<end, with: "")
    }

    /// The offset `count` grapheme clusters after (or before) `offset` in the focused field,
    /// stopping at the text's ends. Its copy of the field's text is gone when it returns, so
    /// the edit that follows changes the buffer in place.
    private mutating func clusterBoundary(from offset: Int, count: Int, forward: Bool) throws(ScrollError) -> Int {
        try FieldEditor<ID>.clusterBoundary(from: offset, count: count, forward: forward,
                                            in: try fieldText(try requireFocus().field))
    }

    /// Edits the focused field's buffer in place, updates its row's height (O(log n) in the
    /// prefix sums), then applies anchoring / stick-to-bottom and the caret rule.
    private mutating func edit(_ range: Range<Int>, with inserted: String) throws(ScrollError) {
        try editBuffer { (document) throws(TextLayoutError) in
            let caret = try document.replaceSubrange(range, with: inserted).caretOffset
            return (caret, caret)
        } failure: { error, length in
            .invalidCaret(offset: range.lowerBound, length: length, reason: error.description)
        }
    }

    /// Applies `change` to the focused field's buffer in place (it returns the new
    /// selection's anchor and caret), updates the row's height (O(log n) in the prefix
    /// sums), then applies anchoring / stick-to-bottom and the caret rule. A throwing
    /// `change` must leave the buffer unchanged; its error becomes `failure(error, length)`.
    mutating func editBuffer(_ change: (inout TextDocument) throws(TextLayoutError) -> (anchor: Int, caret: Int),
                             failure: (TextLayoutError, Int) -> ScrollError) throws(ScrollError) {
        let focus = try requireFocus()
        let i = try requireIndex(focus.field.row)
        _ = try fieldText(focus.field)    // measured, with its buffer
        let wasAtBottom = isAtBottom
        let anchor = firstVisible()?.index
        let (selection, delta) = try cache.editDocument(of: focus.field, at: i, change, failure: failure)
        keep(anchor: anchor, stillAfter: delta, ofRow: i)
        self.focus = Focus(field: focus.field, caret: TextPosition(offset: selection.caret), anchor: selection.anchor, goalX: nil)
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: i == rowCount - 1)   // reveals the caret
    }

    // MARK: Caret moves

    /// Moves the caret (collapsing any selection) and reveals it.
    public mutating func move(_ movement: CaretMove) throws(ScrollError) {
        endComposition()   // typing or moving the caret commits the marked text first
        let focus = try requireFocus()
        self.focus = try FieldEditor<ID>.moving(focus, movement, in: try fieldText(focus.field), order: configuration.caretMovement)
        try revealCaret()
    }

    /// Puts the caret at `offset` (a grapheme boundary) and reveals it.
    public mutating func setCaret(_ offset: Int, affinity: TextAffinity = .downstream) throws(ScrollError) {
        endComposition()   // typing or moving the caret commits the marked text first
        var focus = try requireFocus()
        try FieldEditor<ID>.check(offset, in: try fieldText(focus.field))
        focus.caret = TextPosition(offset: offset, affinity: affinity)
        focus.anchor = offset
        focus.goalX = nil
        self.focus = focus
        try revealCaret()
    }

    /// Selects `anchor..<caret` (either order); the caret is the moving end and is revealed.
    public mutating func select(anchor: Int, caret: Int) throws(ScrollError) {
        endComposition()   // typing or moving the caret commits the marked text first
        var focus = try requireFocus()
        let text = try fieldText(focus.field)
        try FieldEditor<ID>.check(anchor, in: text)
        try FieldEditor<ID>.check(caret, in: text)
        focus.caret = TextPosition(offset: caret)
        focus.anchor = anchor
        focus.goalX = nil
        self.focus = focus
        try revealCaret()
    }

    // MARK: Caret geometry

    /// The focused field's caret in its own text, measuring its row if asked to.
    private func localCaret() -> (index: Int, entry: CachedRow, caret: FieldEditor<ID>.LocalCaret)? {
        guard let focus, let i = source.index(of: focus.field.row), let entry = entry(ofRow: i),
              let local = FieldEditor<ID>.localCaret(at: focus.caret, item: focus.field.item, in: entry) else { return nil }
        return (i, entry, local)
    }

    /// Where the caret is, in content coordinates, or nil when nothing is focused.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caret: CaretInfo<ID>? {
        guard let focus, let (i, entry, local) = localCaret() else { return nil }
        let rect = FieldEditor<ID>.contentRect(local.rect, item: local.item, in: entry, rowY: cache.heights.offset(ofRow: i))
        return CaretInfo(field: focus.field, position: focus.caret, rect: rect, line: local.line)
    }

    /// Applies the caret rule: first inside a field that scrolls past its line limit, then
    /// for the table — scroll as little as needed so the caret grown by the margin lies in
    /// the visible band (the margin never reaches past the content), then clamp.
    mutating func revealCaret() throws(ScrollError) {
        guard let focus, let i = source.index(of: focus.field.row) else { return }
        // The rule applies from now on, also to the frames of a keyboard drag that began
        // with the caret out of view.
        scroll.keyboardInteraction.drag?.revealsCaret = true
        if entry(ofRow: i) == nil { try remeasure(row: i) }
        guard let (_, _, local) = localCaret() else { return }
        let margin = configuration.caretMargin
        let item = local.item
        let entry = try cache.modify(focus.field.row) { (entry) throws(ScrollError) -> CachedRow in
            // Inside the field first: its window scrolls to show the caret.
            if item.maxInnerOffset > 0 {
                let inner = entry.innerOffsets[item.index] ?? 0
                let revealed = CaretVisibility.offset(revealing: local.rect.minY...local.rect.maxY, margin: margin, offset: inner,
                                                      bandTop: 0, bandHeight: item.height, bounds: 0...local.document.height)
                entry.innerOffsets[item.index] = Swift.min(Swift.max(0, revealed), item.maxInnerOffset)
            } else {
                entry.innerOffsets[item.index] = nil
            }
            return entry
        }
        guard let entry else { return }
        let rect = FieldEditor<ID>.contentRect(local.rect, item: item, in: entry, rowY: cache.heights.offset(ofRow: i))
        let target = CaretVisibility.offset(revealing: rect.minY...rect.maxY, margin: margin, offset: viewport.offset,
                                            bandTop: viewport.topInset, bandHeight: viewport.bandHeight,
                                            bounds: 0...Swift.max(contentHeight, rect.maxY))
        if target != viewport.offset && !isDragging {
            scroll.springBack = nil   // the caret takes over from a spring-back
            viewport.offset = clampedOffset(target)
        }
        try settle(anchor: focus.field.row)
    }

    /// The inner scroll offset of a field past its line limit (0 when it does not scroll).
    public func innerOffset(of field: FieldRef<ID>) -> Double {
        cache[field.row]?.innerOffsets[field.item] ?? 0
    }
}
