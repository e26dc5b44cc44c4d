/// How a document's large units are cut, for the benchmark's per-keystroke trace: a change in
/// the number of rope leaves or line chunks between two readings is a leaf or chunk that split
/// or merged (the edits that rebuild prefix sums and move one element per leaf or chunk).
extension TextDocument {
    /// The document's units, and the rope leaves and line chunks of its large units.
    ///
    /// - Complexity: O(units).
    @_spi(Benchmarks)
    public var _storageShape: (units: Int, leaves: Int, chunks: Int) {
        var leaves = 0, chunks = 0
        units.paragraphs.forEach(from: 0) { paragraph in
            if let large = paragraph.large {
                leaves += large.rope.leaves.count
                chunks += large.lines.chunkCount
            }
            return true
        }
        return (units.paragraphs.count, leaves, chunks)
    }
}
