/// The UTF-8 bytes of one large paragraph, in leaves of at most `maxLeaf` bytes with the
/// leaf lengths' prefix sums (a `_ChunkedArray`), so an edit rewrites one or two leaves and
/// O(log n) sums instead of copying the paragraph.
///
/// ```swift
/// var rope = _Rope(Array("hello world".utf8), maxLeaf: 4)
/// rope.replaceSubrange(5..<5, with: Array(",".utf8))
/// rope.bytes(in: 0..<6)                      // "hello,"
/// ```
///
/// Leaves cut the bytes anywhere, inside a scalar too: readers copy a range out
/// (`bytes(in:)`) and never decode a leaf on its own. Every leaf holds 1...maxLeaf bytes;
/// an empty rope has no leaves.
struct _Rope: Sendable {
    /// The leaves and their lengths.
    private var storage: _ChunkedArray<UInt8>

    /// The leaves, each of 1...maxLeaf bytes.
    var leaves: [[UInt8]] { storage.chunks }

    /// The most bytes a leaf holds.
    var maxLeaf: Int { storage.maxChunk }

    /// A rope of `bytes`.
    ///
    /// - Complexity: O(n).
    init(_ bytes: some Collection<UInt8>, maxLeaf: Int) {
        storage = _ChunkedArray(Self.pieces(Array(bytes), maxLeaf: maxLeaf), maxChunk: maxLeaf)
    }

    /// The number of bytes.
    ///
    /// - Complexity: O(1).
    var count: Int { storage.count }

    /// The leaf holding byte `offset` (`0..<count`) and the offset where it starts.
    ///
    /// - Complexity: O(log n).
    private func locate(_ offset: Int) -> (leaf: Int, start: Int) {
        let (leaf, start) = storage.locate(offset)
        return (leaf, start)
    }

    /// The byte at `offset`.
    ///
    /// - Complexity: O(log n).
    func byte(at offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "byte offset \(offset) outside 0..<\(count)")
        let (leaf, start) = locate(offset)
        return leaves[leaf][offset - start]
    }

    /// The byte at `offset` and the one after it (nil at the end), found with one lookup.
    ///
    /// - Complexity: O(log n).
    func bytePair(at offset: Int) -> (UInt8, UInt8?) {
        precondition(offset >= 0 && offset < count, "byte offset \(offset) outside 0..<\(count)")
        let (leaf, start) = locate(offset)
        let piece = leaves[leaf]
        let i = offset - start
        if i + 1 < piece.count { return (piece[i], piece[i + 1]) }
        return (piece[i], leaf + 1 < leaves.count ? leaves[leaf + 1][0] : nil)
    }

    /// Copies the bytes in `range` to `destination`, which has room for them.
    ///
    /// - Complexity: O(log n + k) for k bytes.
    func copyBytes(_ range: Range<Int>, to destination: UnsafeMutableBufferPointer<UInt8>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range \(range) outside 0..<\(count)")
        precondition(destination.count >= range.count, "no room for \(range.count) bytes")
        guard !range.isEmpty else { return }
        var (leaf, start) = locate(range.lowerBound)
        var from = range.lowerBound, written = 0
        while from < range.upperBound {
            let to = Swift.min(range.upperBound, start + leaves[leaf].count)
            leaves[leaf].withUnsafeBufferPointer { piece in
                let part = UnsafeBufferPointer(rebasing: piece[(from - start)..<(to - start)])
                _ = UnsafeMutableBufferPointer(rebasing: destination[written...]).initialize(fromContentsOf: part)
            }
            written += to - from
            start += leaves[leaf].count
            from = to
            leaf += 1
        }
    }

    /// Appends the bytes in `range` to `buffer`.
    ///
    /// - Complexity: O(log n + k) for k bytes.
    func appendBytes(_ range: Range<Int>, to buffer: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range \(range) outside 0..<\(count)")
        guard !range.isEmpty else { return }
        var (leaf, start) = locate(range.lowerBound)
        buffer.reserveCapacity(buffer.count + range.count)
        var from = range.lowerBound
        while from < range.upperBound {
            let piece = leaves[leaf]
            let to = Swift.min(range.upperBound, start + piece.count)
            buffer.append(contentsOf: piece[(from - start)..<(to - start)])
            start += piece.count
            from = to
            leaf += 1
        }
    }

    /// The bytes in `range`.
    ///
    /// - Complexity: O(log n + k) for k bytes.
    func bytes(in range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        appendBytes(range, to: &result)
        return result
    }

    /// The whole text (invalid UTF-8 cannot occur: edits replace whole grapheme clusters).
    ///
    /// - Complexity: O(n).
    var string: String { String(decoding: bytes(in: 0..<count), as: UTF8.self) }

    /// Replaces the bytes in `range` with `replacement`, rewriting only the leaves the range
    /// touches (and a small neighbour it merges into).
    ///
    /// - Complexity: O(log n + maxLeaf + k) for k replaced and inserted bytes, plus moving
    ///   one pointer and one sum per leaf when the number of leaves changes.
    mutating func replaceSubrange(_ range: Range<Int>, with replacement: some Collection<UInt8>) {
        let n = count
        precondition(range.lowerBound >= 0 && range.upperBound <= n, "byte range \(range) outside 0...\(n)")
        if leaves.isEmpty {
            self = _Rope(replacement, maxLeaf: maxLeaf)
            return
        }
        // The leaves the range touches: first...last.
        let (first, firstStart) = locate(Swift.min(range.lowerBound, n - 1))
        let last = range.upperBound > range.lowerBound ? locate(range.upperBound - 1) : (leaf: first, start: firstStart)
        let lastEnd = last.start + leaves[last.leaf].count
        // What stays of the touched leaves: the first one's head, the last one's tail.
        let head = range.lowerBound - firstStart, tail = lastEnd - range.upperBound
        let newLength = head + replacement.count + tail
        if first == last.leaf && newLength >= Swift.max(1, maxLeaf / 4) && newLength <= maxLeaf {
            // The common keystroke: one leaf changes in place.
            storage.modify(chunk: first) { $0.replaceSubrange(head..<(range.upperBound - firstStart), with: replacement) }
            return
        }
        var lower = first, upper = last.leaf
        var joined: [UInt8] = []
        joined.reserveCapacity(newLength + maxLeaf)
        if newLength < Swift.max(1, maxLeaf / 4) {
            // Too small on its own: take a neighbour in.
            if lower > 0 {
                lower -= 1
                joined.append(contentsOf: leaves[lower])
            } else if upper + 1 < leaves.count {
                upper += 1
            }
        }
        joined.append(contentsOf: leaves[first][0..<head])
        joined.append(contentsOf: replacement)
        joined.append(contentsOf: leaves[last.leaf][(leaves[last.leaf].count - tail)...])
        if upper > last.leaf { joined.append(contentsOf: leaves[upper]) }
        storage.replaceChunks(lower...upper, with: Self.pieces(joined, maxLeaf: maxLeaf))
    }

    /// Appends the bytes of `other` from byte `offset` on.
    ///
    /// - Complexity: O(log n + leaves of `other` + maxLeaf).
    mutating func append(_ other: _Rope, from offset: Int) {
        guard offset < other.count else { return }
        let (leaf, start) = other.locate(offset)
        // The first piece goes through `replaceSubrange`, which keeps leaf sizes in range.
        replaceSubrange(count..<count, with: other.leaves[leaf][(offset - start)...])
        storage.append(chunks: other.leaves[(leaf + 1)...])
    }

    /// `bytes` cut into leaves of equal size, each at most `maxLeaf` bytes.
    private static func pieces(_ bytes: [UInt8], maxLeaf: Int) -> [[UInt8]] {
        _evenPieces(bytes, atMost: maxLeaf).map(Array.init)
    }

    #if DEBUG
    /// Traps unless every leaf holds 1...maxLeaf bytes and the sums match the leaves.
    func _checkInvariants() { storage._checkInvariants() }
    #endif
}
