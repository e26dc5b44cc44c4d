import ChatFormText

/// Measuring rows as they come into view (SPEC §3) while what is on screen stays still
/// (scroll anchoring, SPEC §5.4): a row measured above the anchor row moves the offset by
/// its change in height. The viewport is the scroll state's; the cache measures at its
/// width and moves its offset.
extension RowCache {
    /// The offsets SPEC §4 allows in `scroll`'s viewport: the content's top to its end, or
    /// to the top of the `pinned` row at the band's top.
    func offsetBounds(_ scroll: ScrollState, alignment: ContentAlignment, pinned: ID?) -> ClosedRange<Double> {
        var pinnedOffset: Double? = nil
        if let pinned, let i = source.index(of: pinned) { pinnedOffset = heights.offset(ofRow: i) - scroll.viewport.topInset }
        return scroll.bounds(contentHeight: heights.totalHeight, alignment: alignment, pinnedOffset: pinnedOffset)
    }

    /// The rows intersecting `viewport` (its whole height, insets included).
    func rows(in viewport: Viewport) -> Range<Int> {
        if let settled = settled(viewport) { return settled.inView }
        return rows(intersecting: viewport.offset..<(viewport.offset + viewport.size.height))
    }

    /// The first row intersecting `viewport`'s visible band.
    func firstVisible(in viewport: Viewport) -> Int? { rows(inBandOf: viewport).first }

    /// The last settle's view if it holds for `viewport`: the same viewport, and nothing
    /// moved a row or left one inexact since (see `_KeptReads`), so every row in
    /// view is exact and the rows read then are the rows now.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func settled(_ viewport: Viewport) -> _SettledView? { kept.view(for: viewport) }

    /// Measures row `index` at `width` and stores its height; the focused field keeps its
    /// live document.
    ///
    /// - Returns: the change in the row's height.
    /// - Complexity: O(log n + the row's text).
    mutating func measure(row index: Int, width: Double, _ measuring: RowMeasuring) throws(ScrollError) -> Double {
        try measure(source.row(at: index), at: index, width: width, configuration: measuring.configuration,
                    liveItem: measuring.liveRow == index ? measuring.liveItem : nil, reusingPrepared: measuring.reusesPrepared)
    }

    /// Measures row `index` again at the viewport's width, keeping row `anchor` (by default
    /// the first visible one) still on screen.
    ///
    /// - Returns: the change in the row's height.
    mutating func remeasure(row index: Int, anchor: Int?, _ scroll: inout ScrollState,
                            _ measuring: RowMeasuring) throws(ScrollError) -> Double {
        let anchor = anchor ?? firstVisible(in: scroll.viewport)
        let delta = try measure(row: index, width: scroll.viewport.size.width, measuring)
        if delta != 0, let anchor, index < anchor { scroll.viewport.offset += delta }
        return delta
    }

    /// Measures every row of the viewport that is not exact at its width, keeping `anchor`
    /// (a row id; by default the first visible row) still on screen, until the rows in view
    /// are all measured; then clamps to the bounds (`pinned` is the pinned row). A settle
    /// that ends with every row in view exact keeps what it read (`_KeptReads`).
    ///
    /// - Complexity: O(k log n) for k rows in view, plus their text.
    mutating func settle(_ scroll: inout ScrollState, anchor: ID?, pinned: ID?, _ measuring: RowMeasuring) throws(ScrollError) {
        var settledRows: (inView: Range<Int>, inBand: Range<Int>?)? = nil   // as the settled round read them
        for _ in 0..<64 {
            var changed = false
            let anchorByID = anchor.flatMap { source.index(of: $0) }
            let inBand = anchorByID == nil ? rows(inBandOf: scroll.viewport) : nil
            let anchorIndex = anchorByID ?? inBand?.first
            // Outward from the anchor, the range in view recomputed after each measurement:
            // downward from it, a row that grows pushes the rows below out of view; upward,
            // a row that grows (the offset keeping the anchor in place) pushes the rows above
            // out. So a settle measures about the rows it ends up showing, not those the
            // estimates showed. A row whose height did not change moves neither the offset
            // nor the rows (the range stays; the common keystroke measures nothing).
            var inView = rows(in: scroll.viewport)
            let start = anchorIndex.map { Swift.min(Swift.max($0, inView.lowerBound), inView.upperBound) } ?? inView.lowerBound
            var i = start
            while true {
                i = Swift.max(i, inView.lowerBound)
                guard i < inView.upperBound else { break }
                if try measureIfNeeded(row: i, anchor: anchorIndex, &scroll, measuring) {
                    changed = true
                    inView = rows(in: scroll.viewport)
                }
                i += 1
            }
            var j = start - 1
            while true {
                j = Swift.min(j, inView.upperBound - 1)
                guard j >= inView.lowerBound else { break }
                if try measureIfNeeded(row: j, anchor: anchorIndex, &scroll, measuring) {
                    changed = true
                    inView = rows(in: scroll.viewport)
                }
                j -= 1
            }
            let before = scroll.viewport.offset
            scroll.clamp(to: offsetBounds(scroll, alignment: measuring.configuration.contentAlignment, pinned: pinned))
            if !changed && scroll.viewport.offset == before { settledRows = (inView, inBand); break }
        }
        evict(keepingRowsIn: scroll.viewport, focused: measuring.liveRow)
        if let settledRows { keepSettledView(scroll.viewport, inView: settledRows.inView, inBand: settledRows.inBand) }
    }

    /// Keeps `viewport`, whose rows are all exact, as the settled view with the rows in it
    /// (`inView`, read for it) and in its band (`inBand` when read for it, else read here).
    /// A keystroke that grows its row settles once: reading each range again walked the
    /// height index's leaf twice more (up to 128 runs each).
    private mutating func keepSettledView(_ viewport: Viewport, inView: Range<Int>, inBand: Range<Int>?) {
        assert(inView == rows(in: viewport) && inBand.map { $0 == rows(inBandOf: viewport) } != false,
               "the settle's rows are the viewport's (eviction drops measurements, never heights)")
        let inBand = inBand ?? rows(inBandOf: viewport)
        let first = inBand.first.map { (index: $0, screenY: heights.offset(ofRow: $0) - viewport.visibleBand.lowerBound) }
        kept.keep(_SettledView(viewport: viewport, generation: kept.generation, inView: inView,
                               inBand: inBand, firstInBand: first))
    }

    /// Measures row `index` unless it is exact at the viewport's width, keeping `anchor`
    /// still; returns whether its height changed. A row re-laid out of view gets the lines
    /// its relay left pending (its height does not change).
    private mutating func measureIfNeeded(row index: Int, anchor: Int?, _ scroll: inout ScrollState,
                                          _ measuring: RowMeasuring) throws(ScrollError) -> Bool {
        let id = source.id(at: index)
        guard let (width, pending) = entries.widthAndPending(of: id), width == scroll.viewport.size.width else {
            return try remeasure(row: index, anchor: anchor, &scroll, measuring) != 0
        }
        if pending { try makePendingLines(of: id) }
        return false
    }

    /// Drops the least recently used measurements past `limit`, never those of rows in
    /// `viewport` or of the `focused` row (an index; their heights stay in the prefix sums).
    ///
    /// - Complexity: O(1) amortized per measurement made.
    mutating func evict(keepingRowsIn viewport: Viewport, focused: Int?) {
        // The common case, in a function of its own: the generic types the eviction needs
        // cost a metadata lookup each at the top of the function that uses them.
        guard count > limit else { return }
        evictPastLimit(keepingRowsIn: viewport, focused: focused)
    }

    @inline(never)
    private mutating func evictPastLimit(keepingRowsIn viewport: Viewport, focused: Int?) {
        var keep = Set<ID>()
        for i in rows(in: viewport) { keep.insert(source.id(at: i)) }
        if let focused { keep.insert(source.id(at: focused)) }
        evict(keeping: keep)
    }
}

/// What measuring a row needs besides the row: the table's settings, the focused field's
/// row index and item (its live document is kept), and whether prepared text is re-laid at
/// a new width. Not generic, so passing it costs no metadata lookup.
struct RowMeasuring {
    var configuration: TableConfiguration
    var liveRow: Int?
    var liveItem: Int
    var reusesPrepared: Bool
}
