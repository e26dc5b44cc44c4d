import ChatFormText

/// Measuring rows as they come into view (SPEC §3) and a change of width: the row cache
/// measures and keeps what is on screen still (`RowCache+Anchoring.swift`).
extension TableSession {
    /// How the row cache measures rows now: the settings, the focused field, prepared text.
    var measuring: RowMeasuring {
        var live: (row: Int?, item: Int) = (nil, 0)
        if let field = editor.focus?.field { live = (cache.rowIndex(of: field.row), field.item) }
        return RowMeasuring(configuration: configuration, liveRow: live.row, liveItem: live.item, reusesPrepared: reusesPreparedText)
    }

    /// Measures row `index` at the viewport's width and stores its height; the focused
    /// field keeps its live document.
    ///
    /// - Returns: the change in the row's height.
    @discardableResult
    mutating func measure(row index: Int) throws(ScrollError) -> Double {
        try cache.measure(row: index, width: viewport.size.width, measuring)
    }

    /// Measures row `index` again, keeping `anchor` (by default the first visible row)
    /// still on screen.
    ///
    /// - Returns: the change in the row's height.
    @discardableResult
    mutating func remeasure(row index: Int, anchor: Int? = nil) throws(ScrollError) -> Double {
        try cache.remeasure(row: index, anchor: anchor, &scroll, measuring)
    }

    /// Measures the rows in view that are not exact at the current width, keeping `anchor`
    /// (by default the first visible row) still on screen; then clamps.
    mutating func settle(anchor: ID?) throws(ScrollError) {
        // Every row in view was exact when the last settle ended in this viewport, and no
        // row moved or changed since (a keystroke that keeps its row's height): only the
        // clamp is left, as the settle's one pass would find.
        if cache.settled(viewport) != nil && cache.count <= cache.limit {
            let before = viewport.offset
            clampOffset()
            if viewport.offset == before { return }
        }
        try cache.settle(&scroll, anchor: anchor, pinned: pinnedRow, measuring)
    }

    /// Drops the least recently used measurements past `cacheLimit`, never those of rows in
    /// view or of the focused row.
    mutating func evictCaches() {
        guard cache.count > cache.limit else { return }
        cache.evict(keepingRowsIn: viewport, focused: measuring.liveRow)
    }

    /// Measures every row that is not exact at the current width (what an eager layout
    /// would have done up front), keeping the first visible row still.
    ///
    /// - Complexity: O(n log n) plus all the text.
    public mutating func measureAll() throws(ScrollError) {
        let anchor = cache.firstVisibleRow(in: viewport)?.index
        for i in 0..<cache.rowCount where !isMeasured(row: i) {
            try remeasure(row: i, anchor: anchor)
        }
        clampOffset()
        evictCaches()
    }

    /// Changes the viewport's size. After a width change, a table with estimated heights
    /// measures the rows in view now, re-lays every measured row with real fonts from its
    /// prepared text (no shaping), and measures the rest when they are needed (their old
    /// heights serve as estimates); a table without estimates measures every row. Either
    /// way the first visible row stays at the same place on screen (to 1e-9).
    /// Then the offset is clamped and the caret revealed.
    ///
    /// - Complexity: O(log n + rows in view) plus their text with estimates, plus
    ///   O(m + lines) for m measured rows with real fonts (and O(log n) for each whose
    ///   height changed); O(n log n) plus all the text without.
    public mutating func resize(to size: Size) throws(ScrollError) {
        var v = viewport
        v.size = size
        try v.validate()
        let anchor = cache.firstVisibleRow(in: viewport)
        let anchorID = anchor.map { cache.source.id(at: $0.index) }
        viewport.size = size
        if let anchor, let anchorID, let i = cache.source.index(of: anchorID) {
            // Measure the anchor row first, then keep its top where it was on screen.
            _ = try measure(row: i)
            viewport.offset = cache.heights.offset(ofRow: i) - anchor.screenY - viewport.topInset
        }
        let anchorIndex = anchorID.flatMap { cache.source.index(of: $0) }
        if configuration.estimatedRowHeight == nil && !configuration.estimateFromTextLength {
            // Without estimates the table stays exact everywhere.
            for i in 0..<cache.rowCount where !isMeasured(row: i) { try remeasure(row: i, anchor: anchorIndex) }
        } else {
            // Rows laid out with real fonts keep their prepared text: every such measured row
            // is re-laid at the new width by arithmetic, so measured heights stay exact
            // (estimates stay for the rest).
            if reusesPreparedText {
                for (i, delta) in try cache.relayAll(toWidth: size.width) {
                    scroll.keep(anchor: anchorIndex, stillAfter: delta, ofRow: i)
                }
            } else {
                // The reshaping path the benchmark compares with: each such row measured again.
                for i in cache.preparedRows(notAt: size.width) { try remeasure(row: i, anchor: anchorIndex) }
            }
        }
        try settle(anchor: anchorID)
        try revealCaret()
    }
}
