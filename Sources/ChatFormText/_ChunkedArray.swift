/// Elements in chunks of 1...`maxChunk`, with the chunks' sizes in a Fenwick tree
/// (`_PrefixSums`): what a rope's bytes (`_Rope`, its leaves) and a line store's lines
/// (`_LineStore`) are kept in, so an edit rewrites one or two chunks and O(log n) sums
/// instead of moving every element after it. An empty array has no chunks.
///
/// ```swift
/// var bytes = _ChunkedArray([[1, 2], [3]], maxChunk: 2)
/// bytes.locate(2)                          // (chunk: 1, start: 2)
/// bytes.modify(chunk: 1) { $0.append(4) }  // [[1, 2], [3, 4]]
/// ```
///
/// Which elements go in which chunk is the owner's choice (`_evenPieces` cuts them); this
/// type keeps the sizes in step with the chunks.
struct _ChunkedArray<Element: Sendable>: Sendable {
    /// The chunks, none empty.
    private(set) var chunks: [[Element]]
    /// `chunks[c].count` for every chunk (read through `chunk(containing:)`,
    /// `start(ofChunk:)` and `locate`: the owners never see the sums).
    private var counts: _PrefixSums
    /// The most elements a chunk holds.
    let maxChunk: Int

    /// The chunks `pieces` (each of 1...maxChunk elements).
    ///
    /// - Complexity: O(chunks).
    init(_ pieces: [[Element]], maxChunk: Int) {
        precondition(maxChunk >= 2, "chunks hold at least 2 elements")
        self.maxChunk = maxChunk
        chunks = pieces
        // Room for a quarter more chunks: typing into a long paragraph splits chunks, and the
        // array's doubling (a copy, fresh pages) would otherwise fall on some keystroke.
        chunks.reserveCapacity(_PrefixSums.headroom(chunks.count))
        counts = _PrefixSums(chunks.lazy.map { $0.count })
    }

    /// The number of elements.
    ///
    /// - Complexity: O(1).
    var count: Int { counts.total }

    /// The chunk holding element `index` (`0..<count`).
    ///
    /// - Complexity: O(log chunks).
    @inline(__always)
    func chunk(containing index: Int) -> Int { counts.index(containing: index)! }

    /// The index of chunk `c`'s first element (`0...chunks.count`; `count` past the last).
    ///
    /// - Complexity: O(log chunks).
    @inline(__always)
    func start(ofChunk c: Int) -> Int { counts.prefix(c) }

    /// The chunk holding element `index` (`0..<count`) and the index of its first element.
    ///
    /// - Complexity: O(log chunks).
    @inline(__always)
    func locate(_ index: Int) -> (chunk: Int, start: Int) {
        let c = chunk(containing: index)
        return (c, start(ofChunk: c))
    }

    /// Runs `body` on chunk `c` in place, then takes its new size (which must stay in
    /// 1...maxChunk).
    ///
    /// - Complexity: O(log chunks) besides `body`.
    @inline(__always)
    mutating func modify<R>(chunk c: Int, _ body: (inout [Element]) -> R) -> R {
        let result = body(&chunks[c])
        assert(!chunks[c].isEmpty && chunks[c].count <= maxChunk, "a chunk's size left 1...maxChunk")
        counts.set(chunks[c].count, at: c)
        return result
    }

    /// Replaces chunks `range` with `pieces` (each of 1...maxChunk elements).
    ///
    /// - Complexity: O(log chunks + pieces), plus moving one chunk and one size per chunk
    ///   after the range when the number of chunks changes.
    mutating func replaceChunks(_ range: ClosedRange<Int>, with pieces: [[Element]]) {
        chunks.replaceSubrange(range, with: pieces)
        // Closures, not key paths: a key path is applied through the runtime (swift_getAtKeyPath).
        counts.replaceSubrange(range.lowerBound..<range.upperBound + 1, with: pieces.map { $0.count })
    }

    /// Appends the chunks `pieces` (each of 1...maxChunk elements) as they are.
    ///
    /// - Complexity: O(pieces), amortized.
    mutating func append(chunks pieces: ArraySlice<[Element]>) {
        chunks.append(contentsOf: pieces)
        counts.append(contentsOf: pieces.lazy.map { $0.count })
    }

    #if DEBUG
    /// Traps unless every chunk holds 1...maxChunk elements and the sizes match the chunks.
    func _checkInvariants() {
        precondition(counts.count == chunks.count, "one size per chunk")
        for (c, chunk) in chunks.enumerated() {
            precondition(!chunk.isEmpty && chunk.count <= maxChunk, "chunk \(c) holds \(chunk.count) elements")
            precondition(counts.value(at: c) == chunk.count, "size of chunk \(c)")
        }
    }
    #endif
}
