extension TextItemizer {
    /// `segment(_:direction:)` and, found on the same walk over the clusters, whether a line
    /// may end at each grapheme boundary by the browser's default rules (`BrowserLineBreaks`
    /// with `word-break: normal` and `line-break: normal`; bit 0 set where it may, never at
    /// the text's start and end), with the kind of the cluster starting there in the other
    /// bits (`_ClusterFlags.kind`, and `_ClusterFlags.syllable` for a Hangul syllable alone):
    /// what a prepared text's break table reads instead of walking the clusters, decoding
    /// them and asking the rules again (`ShapedRuns.opportunities`).
    ///
    /// The clusters and opportunities of a text whose boundaries fit in the thread's walk
    /// memory (`ShapedRunsScratch.walkLimit`, 5 bytes a text byte) are found there and
    /// copied into `scratch`'s spare arrays (those of the last text prepared, which a
    /// prepared text gives back), not into new ones (two allocations and two frees a text).
    /// A longer text's are written in place into arrays of their own (no copy of them, and
    /// arrays that large are not kept).
    ///
    /// - Complexity: O(n).
    package static func segmentWithOpportunities(_ text: String, direction: ParagraphDirection,
                                                 scratch: ShapedRunsScratch) throws(TextLayoutError)
        -> (items: [TextItem], clusters: [Int32], opportunities: [UInt8]) {
        let level: UInt8 = direction == .ltr ? 0 : direction.isRightToLeft(text) ? 1 : 0
        var copy = text
        var items: [TextItem] = [], clusters: [Int32] = [], opportunities: [UInt8] = []
        var failure: ICUError? = nil
        copy.withUTF8 { bytes in
            do throws(ICUError) {
                // The browser's iterators (`en@lb=normal`): their grapheme iterator is UAX #29's
                // as the root one is, their line iterator the one the break rules consult.
                let iterators = try BreakIterators.browserForCurrentThread().lend()
                defer { iterators.giveBack() }
                // ICU takes the text only if the walk asks it something (most chat messages:
                // never, their clusters all answered by the fast paths).
                iterators.setTextWhenAsked(bytes)
                let capacity = bytes.count + 1   // at most one boundary a byte, and the text's start
                if capacity * 5 <= ShapedRunsScratch.walkLimit {
                    // Found into the thread's walk memory, then copied into its spare arrays.
                    let memory = scratch.takeWalkMemory(bytes: capacity * 5)
                    defer { scratch.giveBackWalkMemory(memory) }
                    let clustersOut = memory.bindMemory(to: Int32.self, capacity: capacity)
                    let out = (memory + capacity * 4).bindMemory(to: UInt8.self, capacity: capacity)
                    let count: Int
                    (items, count) = Self.items(bytes, iterators: iterators, clusters: clustersOut, opportunities: out,
                                                paragraphLevel: level, spares: Unmanaged.passUnretained(scratch))
                    clusters = scratch.takeClusters(copying: UnsafeBufferPointer(start: clustersOut, count: count))
                    opportunities = scratch.takeOpportunities(copying: UnsafeBufferPointer(start: out, count: count))
                } else {
                    // A long text's, written in place.
                    clusters = [Int32](unsafeUninitializedCapacity: capacity) { clustersOut, clusterCount in
                        opportunities = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
                            (items, count) = Self.items(bytes, iterators: iterators, clusters: clustersOut.baseAddress!,
                                                        opportunities: out.baseAddress, paragraphLevel: level)
                        }
                        clusterCount = opportunities.count
                    }
                }
                try iterators.finishWhenAsked()
            } catch {
                failure = error
            }
        }
        if let failure { throw .icu(failure) }
        return (items, clusters, opportunities)
    }
}
