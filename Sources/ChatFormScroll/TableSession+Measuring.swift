import ChatFormText

/// Measuring rows as they come into view (SPEC §3): the row cache measures, the table
/// keeps what is on screen still (scroll anchoring) and decides which rows to measure.
extension TableSession {
    /// Measures row `index` at the viewport's width and stores its height; the focused
    /// field keeps its live document.
    ///
    /// - Returns: the change in the row's height.
    @discardableResult
    mutating func measure(row index: Int) throws(ScrollError) -> Double {
        let row = source.row(at: index)
        let liveItem = focus.flatMap { $0.field.row == row.id ? $0.field.item : nil }
        return try cache.measure(row, at: index, width: viewport.size.width, configuration: configuration,
                                 liveItem: liveItem, reusingPrepared: reusesPreparedText)
    }

    /// Moves the offset by `delta`, the change in row `index`'s height, when that row lies
    /// above `anchor`: the anchor row stays still on screen (scroll anchoring, SPEC §5.4).
    mutating func keep(anchor: Int?, stillAfter delta: Double, ofRow index: Int) {
        if delta != 0, let anchor, index < anchor { viewport.offset += delta }
    }

    /// Measures row `index` again, keeping `anchor` (by default the first visible row)
    /// still on screen.
    ///
    /// - Returns: the change in the row's height.
    @discardableResult
    mutating func remeasure(row index: Int, anchor: Int? = nil) throws(ScrollError) -> Double {
        let anchorIndex = anchor ?? firstVisible()?.index
        let delta = try measure(row: index)
        keep(anchor: anchorIndex, stillAfter: delta, ofRow: index)
        return delta
    }

    /// Measures every row of the viewport that is not exact at the current width, keeping
    /// `anchor` (a row id; by default the first visible row) still on screen, until the rows
    /// in view are all measured; then clamps.
    ///
    /// - Complexity: O(k log n) for k rows in view, plus their text.
    mutating func settle(anchor: ID?) throws(ScrollError) {
        var rounds = 0
        while rounds < 64 {
            rounds += 1
            var changed = false
            let anchorIndex = anchor.flatMap { source.index(of: $0) } ?? firstVisible()?.index
            // Outward from the anchor, the range in view recomputed after each measurement:
            // downward from it, a row that grows pushes the rows below out of view; upward,
            // a row that grows (the offset keeping the anchor in place) pushes the rows above
            // out. So a settle measures about the rows it ends up showing, not those the
            // estimates showed.
            let first = rowsInViewport()
            let start = anchorIndex.map { Swift.min(Swift.max($0, first.lowerBound), first.upperBound) } ?? first.lowerBound
            var i = start
            while true {
                let inView = rowsInViewport()
                i = Swift.max(i, inView.lowerBound)
                guard i < inView.upperBound else { break }
                changed = try measureIfNeeded(row: i, anchor: anchorIndex) || changed
                i += 1
            }
            var j = start - 1
            while true {
                let inView = rowsInViewport()
                j = Swift.min(j, inView.upperBound - 1)
                guard j >= inView.lowerBound else { break }
                changed = try measureIfNeeded(row: j, anchor: anchorIndex) || changed
                j -= 1
            }
            let before = viewport.offset
            clampOffset()
            if !changed && viewport.offset == before { break }
        }
        evictCaches()
    }

    /// Measures row `index` unless it is exact at the current width, keeping `anchor`
    /// still; returns whether its height changed. A row re-laid out of view gets the lines
    /// its relay left pending (its height does not change).
    private mutating func measureIfNeeded(row index: Int, anchor: Int?) throws(ScrollError) -> Bool {
        guard let entry = entry(ofRow: index) else { return try remeasure(row: index, anchor: anchor) != 0 }
        if entry.measurement.linesPending { try cache.makePendingLines(of: source.id(at: index)) }
        return false
    }

    /// Drops the least recently used measurements past `cacheLimit`, never those of rows in
    /// view or of the focused row (their heights stay in the prefix sums).
    ///
    /// - Complexity: O(1) amortized per measurement made.
    mutating func evictCaches() {
        // The common case, in a function of its own: the generic types the eviction needs
        // cost a metadata lookup each at the top of the function that uses them.
        guard cache.count > cache.limit else { return }
        evictPastLimit()
    }

    @inline(never)
    private mutating func evictPastLimit() {
        var keep = Set<ID>()
        for i in rowsInViewport() { keep.insert(source.id(at: i)) }
        if let focus { keep.insert(focus.field.row) }
        cache.evict(keeping: keep)
    }

    /// Changes the viewport's size. After a width change, a table with estimated heights
    /// measures the rows in view now, re-lays every measured row with real fonts from its
    /// prepared text (no shaping), and measures the rest when they are needed (their old
    /// heights serve as estimates); a table without estimates measures every row. Either
    /// way the first visible row stays at the same place on screen (to 1e-9).
    /// Then the offset is clamped and the caret revealed.
    ///
    /// - Complexity: O(log n + rows in view) plus their text with estimates, plus
    ///   O(m log m + lines) for m measured rows with real fonts; O(n log n) plus all the
    ///   text without.
    public mutating func resize(to size: Size) throws(ScrollError) {
        var v = viewport
        v.size = size
        try v.validate()
        let anchor = firstVisible()
        let anchorID = anchor.map { source.id(at: $0.index) }
        viewport.size = size
        if let anchor, let anchorID, let i = source.index(of: anchorID) {
            // Measure the anchor row first, then keep its top where it was on screen.
            _ = try measure(row: i)
            viewport.offset = cache.heights.offset(ofRow: i) - anchor.screenY - viewport.topInset
        }
        let anchorIndex = anchorID.flatMap { source.index(of: $0) }
        if configuration.estimatedRowHeight == nil && !configuration.estimateFromTextLength {
            // Without estimates the table stays exact everywhere.
            for i in 0..<rowCount where entry(ofRow: i) == nil { try remeasure(row: i, anchor: anchorIndex) }
        } else {
            // Rows laid out with real fonts keep their prepared text: every such measured row
            // is re-laid at the new width by arithmetic, so measured heights stay exact
            // (estimates stay for the rest).
            if reusesPreparedText {
                let source = source
                for (i, delta) in try cache.relayAll(toWidth: size.width, index: { source.index(of: $0) }) {
                    keep(anchor: anchorIndex, stillAfter: delta, ofRow: i)
                }
            } else {
                // The reshaping path the benchmark compares with: each such row measured again.
                let ids = cache.entries.compactMap { $0.value.measurement.relaysWithoutShaping && $0.value.measurement.width != size.width ? $0.key : nil }
                for i in ids.compactMap({ source.index(of: $0) }).sorted() { try remeasure(row: i, anchor: anchorIndex) }
            }
        }
        try settle(anchor: anchorID)
        try revealCaret()
    }
}
