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
        try source.insert(rows, at: index)
        var inserted = 0.0
        for (k, row) in rows.enumerated() {
            let estimate = estimatedHeight(of: row)
            try cache.insertRow(estimate: estimate, at: index + k)
            inserted += estimate
            if configuration.estimatedRowHeight == nil && !configuration.estimateFromTextLength {
                inserted += try measure(row: index + k)
            }
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
        let i = try requireIndex(id)
        let wasAtBottom = isAtBottom
        let first = firstVisible()?.index
        let h = try cache.removeRow(id, at: i)
        source.remove(at: i)
        if focus?.field.row == id { focus = nil }   // its buffer went with the cache
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
        let i = try requireIndex(id)
        if focus?.field.row == id { blur() }
        var row = source.row(at: i)
        row.content = content
        source.replace(at: i, with: row)
        let wasAtBottom = isAtBottom
        try remeasure(row: i)
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: i == rowCount - 1)
    }

    /// The height a new row starts with: the configured estimate, one derived from its text
    /// length, or (with neither) 0 until it is measured right away.
    func estimatedHeight(of row: Row<ID>) -> Double {
        if let estimate = configuration.estimatedRowHeight { return estimate }
        guard configuration.estimateFromTextLength else { return 0 }
        let lh = configuration.lineHeight
        let width = Swift.max(1, viewport.size.width - row.style.padding.horizontal)
        let content: Double
        switch row.content {
        case .text(let text, _):
            content = Swift.max(1, (Double(text.utf8.count) / (1.5 * width)).rounded(.up)) * lh
        case .rich(let rich):
            content = Swift.max(1, (Double(rich.text.utf8.count) / (1.5 * width)).rounded(.up)) * lh
        case .fixed(let h):
            content = h
        case .stack(let items):
            content = Double(items.count) * lh
        }
        return Swift.min(row.style.maxHeight, Swift.max(row.style.minHeight, content + row.style.padding.vertical))
    }

    /// After rows changed: keep a pinned row at the band's top, follow the end when the
    /// transcript was there and the last row changed, measure what came into view, and
    /// apply the caret rule (SPEC §5.2: after every row height change).
    mutating func rowsDidChange(wasAtBottom: Bool, grewLastRow: Bool) throws(ScrollError) {
        if pinnedRow != nil {
            try applyPin()
        } else if grewLastRow && wasAtBottom && configuration.stickToBottom {
            try followBottom()
        } else {
            clampOffset()
            try settle(anchor: nil)
        }
        if focus != nil { try revealCaret() }
        if isAtBottom { unreadCount = 0 }
    }

    /// Scrolls to the end, measuring the rows that come into view until the end is exact.
    mutating func followBottom() throws(ScrollError) {
        scroll.springBack = nil
        for _ in 0..<64 {
            viewport.offset = maxOffset
            var changed = false
            for i in rowsInViewport() where entry(ofRow: i) == nil {
                changed = try measure(row: i) != 0 || changed
            }
            if !changed { break }
        }
        viewport.offset = maxOffset
        evictCaches()
        unreadCount = 0
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
        let i = try requireIndex(id)
        pinnedRow = nil
        scroll.springBack = nil
        _ = try measure(row: i)
        let y = cache.heights.offset(ofRow: i)
        let h = cache.heights.height(at: i)
        let top = viewport.topInset
        let band = viewport.bandHeight
        switch anchor {
        case .top: viewport.offset = y - top
        case .center: viewport.offset = y + h / 2 - top - band / 2
        case .bottom: viewport.offset = y + h - top - band
        case .minimal:
            viewport.offset = CaretVisibility.offset(revealing: y...(y + h), margin: 0, offset: viewport.offset,
                                                     bandTop: top, bandHeight: band)
            if h > band { viewport.offset = y - top }
        }
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
        _ = try requireIndex(id)
        pinnedRow = id
        try applyPin()
    }

    /// Releases the pinned row (the offset is clamped again).
    public mutating func unpin() throws(ScrollError) {
        pinnedRow = nil
        clampOffset()
        try settle(anchor: nil)
    }

    mutating func applyPin() throws(ScrollError) {
        guard let id = pinnedRow, let i = source.index(of: id) else { pinnedRow = nil; return }
        if entry(ofRow: i) == nil { _ = try measure(row: i) }
        viewport.offset = cache.heights.offset(ofRow: i) - viewport.topInset
        try settle(anchor: id)
        if contentHeight - cache.heights.offset(ofRow: i) >= viewport.bandHeight {
            pinnedRow = nil
            clampOffset()
        }
    }

    /// The top of the pinned row, which may lie past the usual largest offset.
    var pinnedOffset: Double? {
        guard let id = pinnedRow, let i = source.index(of: id) else { return nil }
        return cache.heights.offset(ofRow: i) - viewport.topInset
    }
}

extension TableSession {
    /// Approximate bytes held by the row-height index (the prefix sums), not counting the
    /// rows themselves or cached measurements.
    ///
    /// - Complexity: O(n / 256).
    public var indexMemoryFootprint: Int { cache.indexMemoryFootprint }

    /// The number of cached measurements.
    public var cachedMeasurementCount: Int { cache.count }
}
