/// Where `scrollTo` puts a row (SPEC §5.3).
public enum ScrollAnchor: String, Sendable, Hashable, Codable, CaseIterable {
    /// The row's top at the band's top.
    case top
    /// The row's middle at the band's middle.
    case center
    /// The row's bottom at the band's bottom.
    case bottom
    /// As little scrolling as shows the row (none if it is already in the band).
    case minimal
}

/// Chats at scale (SPEC §3, §5.3, §5.4): inserting and removing rows, estimated heights
/// measured on demand, scroll anchoring, stick-to-bottom with an unread count, exact
/// `scrollTo`, and a pinned row.
extension TableSession {
    // MARK: Inserting and removing

    /// Appends rows (new messages). If the transcript was within the stick-to-bottom
    /// tolerance of its end, it follows to the new end; otherwise the offset stays and
    /// `unreadCount` grows by the number of rows.
    ///
    /// - Complexity: O(k log n) for k rows, plus the text of the rows measured.
    public mutating func append(_ rows: [Row<ID>]) throws(ScrollError) {
        try insert(rows, at: rowCount)
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
        guard index >= 0 && index <= rowCount else { throw .invalidValue("row index", Double(index)) }
        guard !rows.isEmpty else { return }
        let wasAtBottom = isAtBottom
        let anchor = firstVisible()
        let appending = index == rowCount
        let width = viewport.size.width
        var inserted = try cache.insert(rows, at: index) { [configuration] row in
            RowCache<ID>.estimatedHeight(of: row, width: width, configuration: configuration)
        }
        if configuration.estimatedRowHeight == nil && !configuration.estimateFromTextLength {
            for k in rows.indices { inserted += try measure(row: index + k) }
        }
        if let anchor, index <= anchor.index, !(appending && wasAtBottom) {
            viewport.offset += inserted
        }
        if appending && !(wasAtBottom && configuration.stickToBottom) && rowCount > rows.count {
            unreadCount += rows.count
        }
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: appending)
    }

    /// Removes the row with `id`. Rows below it that are in view stay where they are on
    /// screen when it was above them; a focused field in it loses the focus.
    ///
    /// - Complexity: O(log n) plus the source's removal.
    public mutating func remove(_ id: ID) throws(ScrollError) {
        let i = try cache.requireIndex(id)
        let wasAtBottom = isAtBottom
        let first = firstVisible()?.index
        let h = try cache.remove(id, at: i)
        if focus?.field.row == id { editor.focus = nil }   // its buffer went with the cache
        if pinnedRow == id { pinnedRow = nil }
        if let first, i <= first { viewport.offset -= h }
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: false)
    }

    /// Replaces a row's text (a message edited, or a streamed answer growing). A growing
    /// last row keeps the transcript at its end when it was there.
    public mutating func setText(_ text: String, ofRow id: ID) throws(ScrollError) {
        try setText(text, of: FieldRef(row: id))
    }

    /// Replaces a row's content (a rich message edited, or a streamed rich answer growing)
    /// and re-measures it, with scroll anchoring if the row is above the first visible one;
    /// a growing last row keeps a transcript at its end. A focused field in the row loses
    /// the focus (its text is the new content's).
    ///
    /// - Throws: `.unknownRow`.
    /// - Complexity: O(log n + the row's text).
    public mutating func setContent(_ content: RowContent, ofRow id: ID) throws(ScrollError) {
        let i = try cache.requireIndex(id)
        if focus?.field.row == id { blur() }
        var row = cache.source.row(at: i)
        row.content = content
        cache.source.replace(at: i, with: row)
        try rowDidChange(at: i)
    }

    /// Measures every row that is not exact at the current width (what an eager layout
    /// would have done up front), keeping the first visible row still.
    ///
    /// - Complexity: O(n log n) plus all the text.
    public mutating func measureAll() throws(ScrollError) {
        let anchor = firstVisible()?.index
        for i in 0..<rowCount where entry(ofRow: i) == nil {
            try remeasure(row: i, anchor: anchor)
        }
        clampOffset()
        evictCaches()
    }

    // MARK: scrollTo

    /// Scrolls so the row with `id` lands at `anchor`, exactly, even when rows above it
    /// were only estimated: the row is measured first, then the rows that come into view are
    /// measured around it without moving it; then the offset is clamped (a row near the end
    /// cannot reach the band's top).
    ///
    /// - Complexity: O(log n + rows in view) plus their text.
    public mutating func scrollTo(_ id: ID, anchor: ScrollAnchor = .top) throws(ScrollError) {
        let i = try cache.requireIndex(id)
        pinnedRow = nil
        scroll.springBack = nil
        _ = try measure(row: i)
        viewport.offset = scroll.offset(showingRowAt: cache.heights.offset(ofRow: i), height: cache.heights.height(at: i), anchor: anchor)
        try settle(anchor: id)
        if isAtBottom { unreadCount = 0 }
    }

    // MARK: Pinning

    /// Keeps the row with `id` at the top of the band while the rows below it grow (a
    /// question above a streamed answer), leaving blank space below if they are short. Once
    /// the content below the row's top fills the band, the pin lets go and the transcript
    /// scrolls as usual: it is then at the end, so stick-to-bottom follows the answer's end
    /// while it grows. A user scroll or `scrollTo` also lets go.
    public mutating func pin(_ id: ID) throws(ScrollError) {
        _ = try cache.requireIndex(id)
        pinnedRow = id
        try applyPin()
    }

    /// Releases the pinned row (the offset is clamped again).
    public mutating func unpin() throws(ScrollError) {
        pinnedRow = nil
        clampOffset()
        try settle(anchor: nil)
    }
}
