/// The visual lines of one large paragraph, in chunks of at most `maxChunk` lines whose
/// offsets are relative to the chunk's first line, with prefix sums over chunks: lines (the
/// `_ChunkedArray` holding them), bytes and hard lines (`_PrefixSums`). An edit that changes
/// a paragraph's length shifts every later line by changing one chunk's byte count:
/// O(log n), not one write per line.
///
/// ```swift
/// var store = _LineStore(layout.lines, maxChunk: 256)
/// store[i]                                     // a line with paragraph offsets
/// store.replaceSubrange(3..<5, with: rewrapped) // later lines keep their lengths
/// ```
struct _LineStore: Sendable {
    /// The chunks and their line counts.
    private var storage: _ChunkedArray<LineFragment>
    /// Each chunk's byte length (the last line's relative end).
    private var chunkBytes: _PrefixSums
    /// Each chunk's number of hard lines (lines ending at a mandatory break).
    private var chunkHard: _PrefixSums

    /// Lines with offsets from the chunk's first line start; no chunk is empty.
    private var chunks: [[LineFragment]] { storage.chunks }

    /// The most lines a chunk holds.
    var maxChunk: Int { storage.maxChunk }

    /// A store of `lines`, which must partition `lines[0].start..<lines.last.end`; offsets
    /// are kept from `lines[0].start` on.
    ///
    /// - Complexity: O(lines).
    init(_ lines: some Collection<LineFragment>, maxChunk: Int) {
        storage = _ChunkedArray(Self.pieces(Array(lines), maxChunk: maxChunk), maxChunk: maxChunk)
        chunkBytes = _PrefixSums(storage.chunks.lazy.map { $0[$0.count - 1].end })
        chunkHard = _PrefixSums(storage.chunks.lazy.map(Self.hardCount))
    }

    private static func hardCount(_ chunk: [LineFragment]) -> Int { hardCount(chunk[...]) }

    private static func hardCount(_ lines: ArraySlice<LineFragment>) -> Int {
        var count = 0
        for line in lines where line.isHard { count += 1 }
        return count
    }

    /// The number of hard lines.
    ///
    /// - Complexity: O(1).
    var hardCount: Int { chunkHard.total }

    /// The number of hard lines before line `index` (`0...count`).
    ///
    /// - Complexity: O(log n + maxChunk).
    func hardLines(before index: Int) -> Int {
        if index >= count { return hardCount }
        let c = storage.chunk(containing: index)
        let hard = chunkHard.value(at: c)
        if hard == 0 { return chunkHard.prefix(c) }   // the common chunk: no break to count
        let j = index - storage.start(ofChunk: c)
        let chunk = chunks[c]
        // Count on the shorter side of the line.
        if j * 2 <= chunk.count { return chunkHard.prefix(c) + chunk[0..<j].reduce(0) { $0 + ($1.isHard ? 1 : 0) } }
        return chunkHard.prefix(c + 1) - chunk[j...].reduce(0) { $0 + ($1.isHard ? 1 : 0) }
    }

    /// The index of hard line `ordinal` (`0..<hardCount`): the line ending the
    /// `ordinal`-th mandatory break.
    ///
    /// - Complexity: O(log n + maxChunk).
    func hardLineIndex(_ ordinal: Int) -> Int {
        precondition(ordinal >= 0 && ordinal < hardCount, "hard line \(ordinal) outside 0..<\(hardCount)")
        let c = chunkHard.index(containing: ordinal)!
        var left = ordinal - chunkHard.prefix(c)
        for (j, line) in chunks[c].enumerated() where line.isHard {
            if left == 0 { return storage.start(ofChunk: c) + j }
            left -= 1
        }
        preconditionFailure("hard line counts out of step")
    }

    /// The number of lines.
    ///
    /// - Complexity: O(1).
    var count: Int { storage.count }

    /// The number of chunks.
    var chunkCount: Int { chunks.count }

    /// The bytes the lines cover.
    ///
    /// - Complexity: O(1).
    var byteCount: Int { chunkBytes.total }

    /// Line `index` with paragraph offsets.
    ///
    /// - Complexity: O(log n).
    subscript(index: Int) -> LineFragment {
        precondition(index >= 0 && index < count, "line \(index) outside 0..<\(count)")
        let (c, first) = storage.locate(index)
        return chunks[c][index - first].shifted(by: chunkBytes.prefix(c))
    }

    /// The last line whose start is at or before `offset` (`0...byteCount`).
    ///
    /// - Complexity: O(log n).
    func lineIndex(startingAtOrBefore offset: Int) -> Int {
        let c = chunkBytes.index(containing: offset)!
        let base = chunkBytes.prefix(c)
        let chunk = chunks[c]
        var lo = 0, hi = chunk.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if chunk[mid].start + base <= offset { lo = mid } else { hi = mid - 1 }
        }
        let index = storage.start(ofChunk: c) + lo
        // Only the empty line after a final mandatory break shares its start with the end
        // of the chunk before it (and it is a chunk's first line).
        if lo == chunk.count - 1 && index + 1 < count && self[index + 1].start <= offset { return index + 1 }
        return index
    }

    /// The index of the line starting exactly at `offset`, if any.
    ///
    /// - Complexity: O(log n).
    func index(ofLineStartingAt offset: Int) -> Int? {
        guard offset >= 0 && offset <= byteCount else { return nil }
        let i = lineIndex(startingAtOrBefore: offset)
        return self[i].start == offset ? i : nil
    }

    /// Finds lines by start offset for a caller whose offsets only grow (the rewrap's
    /// meeting test): one O(log n) lookup, then a step per line passed.
    struct Scanner {
        private let chunks: [[LineFragment]]
        private var c: Int, j: Int, base: Int, index: Int

        /// A scanner whose first answer may be the line holding `offset`.
        init(_ store: _LineStore, from offset: Int) {
            chunks = store.chunks
            index = store.lineIndex(startingAtOrBefore: offset)
            let located = store.storage.locate(index)
            c = located.chunk
            j = index - located.start
            base = store.chunkBytes.prefix(c)
        }

        /// The line starting exactly at `offset` and its index, or nil (offsets must not
        /// decrease from one call to the next).
        mutating func line(startingAt offset: Int) -> (index: Int, line: LineFragment)? {
            while c < chunks.count {
                let line = chunks[c][j]
                let start = line.start + base
                if start == offset { return (index, line.shifted(by: base)) }
                if start > offset { return nil }
                j += 1
                index += 1
                if j == chunks[c].count {
                    base += chunks[c][j - 1].end
                    c += 1
                    j = 0
                }
            }
            return nil
        }
    }

    /// Calls `body` with lines `range` in order, with paragraph offsets, until it returns false.
    ///
    /// - Complexity: O(log n + k) for k lines.
    func forEach(in range: Range<Int>, _ body: (LineFragment) -> Bool) {
        forEachPiece(in: range) { piece, base in
            for line in piece where !body(line.shifted(by: base)) { return false }
            return true
        }
    }

    /// Appends lines `range` to `buffer`, with paragraph offsets.
    ///
    /// - Complexity: O(log n + k) for k lines.
    func append(lines range: Range<Int>, to buffer: inout [LineFragment]) {
        buffer.reserveCapacity(buffer.count + range.count)
        forEachPiece(in: range) { piece, base in
            for line in piece { buffer.append(line.shifted(by: base)) }
            return true
        }
    }

    /// Calls `body` with lines `range` a chunk at a time (offsets from the chunk's start,
    /// and where the chunk starts), until it returns false. Always inlined: as its own
    /// function (specialized for `append(lines:to:)`'s closure) the buffer's uniqueness is
    /// checked at every line appended (about 1,000 instructions more a newline or join in a
    /// 1 MB paragraph).
    @inline(__always)
    private func forEachPiece(in range: Range<Int>, _ body: (ArraySlice<LineFragment>, _ base: Int) -> Bool) {
        guard !range.isEmpty else { return }
        let located = storage.locate(range.lowerBound)
        var c = located.chunk
        var j = range.lowerBound - located.start
        var base = chunkBytes.prefix(c)
        var left = range.count
        while left > 0 {
            let chunk = chunks[c]
            let end = Swift.min(chunk.count, j + left)
            if !body(chunk[j..<end], base) { return }
            left -= end - j
            base += chunk[chunk.count - 1].end
            c += 1
            j = 0
        }
    }

    /// Every line, with paragraph offsets.
    ///
    /// - Complexity: O(n).
    var all: [LineFragment] {
        var result: [LineFragment] = []
        append(lines: 0..<count, to: &result)
        return result
    }

    /// Replaces lines `range` with `fresh`, which must cover the same place in the new text:
    /// `fresh` starts where line `range.lowerBound` starts (or at `byteCount` when the range
    /// is empty at the end), and the lines after the range keep their lengths, so their
    /// offsets move by the difference. Only the chunks the range touches are rewritten.
    ///
    /// - Complexity: O(log n + maxChunk + k) for k replaced and fresh lines, plus moving one
    ///   element per chunk when the number of chunks changes.
    mutating func replaceSubrange(_ range: Range<Int>, with fresh: [LineFragment]) {
        let n = count
        precondition(range.lowerBound >= 0 && range.upperBound <= n, "line range \(range) outside 0...\(n)")
        if chunks.isEmpty {
            self = _LineStore(fresh, maxChunk: maxChunk)
            return
        }
        // The chunks the range touches, first...last, and where `first` starts.
        let (first, firstLine) = storage.locate(Swift.min(range.lowerBound, n - 1))
        let last = range.upperBound > range.lowerBound ? storage.chunk(containing: range.upperBound - 1) : first
        let base = chunkBytes.prefix(first)
        let local = (range.lowerBound - firstLine)..<(range.upperBound - firstLine)
        if first == last && chunks[first].count - range.count + fresh.count <= maxChunk
            && (local.upperBound < chunks[first].count || !fresh.isEmpty || local.lowerBound > 0) {
            // The keystroke: one chunk changes in place; the lines after the range in it move
            // by the change in length.
            let freshStart = local.lowerBound == 0 ? base : chunks[first][local.lowerBound - 1].end + base
            precondition(fresh.first.map { $0.start == freshStart } ?? true, "fresh lines start elsewhere")
            let oldEnd = local.upperBound < chunks[first].count ? chunks[first][local.upperBound].start : chunks[first][chunks[first].count - 1].end
            let newEnd = (fresh.last?.end ?? freshStart) - base
            let hardDelta = Self.hardCount(fresh[...]) - Self.hardCount(chunks[first][local])
            let shift = newEnd - oldEnd
            let shifted = local.lowerBound + fresh.count
            let lastEnd = storage.modify(chunk: first) { lines in
                lines.replaceSubrange(local, with: fresh.lazy.map { $0.shifted(by: -base) })
                return lines.withUnsafeMutableBufferPointer { chunk in
                    // Offsets are relative to the chunk: the lines after the range move by the
                    // change in length (a plain loop over the buffer: no per-line checks).
                    if shift != 0 {
                        for j in shifted..<chunk.count {
                            chunk[j].start &+= shift
                            chunk[j].end &+= shift
                        }
                    }
                    return chunk[chunk.count - 1].end
                }
            }
            chunkBytes.set(lastEnd, at: first)
            chunkHard.set(chunkHard.value(at: first) + hardDelta, at: first)
            return
        }
        // Their lines, made absolute: the head before the range, the fresh lines, the tail
        // after it (moved by the change in length).
        var lines: [LineFragment] = []
        lines.reserveCapacity(2 * maxChunk + fresh.count)
        for line in chunks[first][0..<(range.lowerBound - firstLine)] { lines.append(line.shifted(by: base)) }
        let freshStart = lines.last?.end ?? base
        precondition(fresh.first.map { $0.start == freshStart } ?? true, "fresh lines start elsewhere")
        lines.append(contentsOf: fresh)
        let tailBase = lines.last?.end ?? base
        let skip = range.upperBound - storage.start(ofChunk: last)
        let tail = chunks[last]
        if skip < tail.count {
            let shift = tailBase - tail[skip].start
            for line in tail[skip...] { lines.append(line.shifted(by: shift)) }
        }
        let pieces = Self.pieces(lines, maxChunk: maxChunk)
        storage.replaceChunks(first...last, with: pieces)
        chunkBytes.replaceSubrange(first..<last + 1, with: pieces.map { $0[$0.count - 1].end })
        chunkHard.replaceSubrange(first..<last + 1, with: pieces.map(Self.hardCount))
    }

    /// Appends the lines of `other` from line `index` on, moved to start at `byteCount`.
    ///
    /// - Complexity: O(log n + chunks of `other` + maxChunk).
    mutating func append(_ other: _LineStore, from index: Int) {
        guard index < other.count else { return }
        let (c, first) = other.storage.locate(index)
        let head = other.chunks[c][(index - first)...]
        let shift = byteCount - head.first!.start
        replaceSubrange(count..<count, with: head.map { $0.shifted(by: shift) })
        let rest = other.chunks[(c + 1)...]
        storage.append(chunks: rest)
        chunkBytes.append(contentsOf: rest.lazy.map { $0[$0.count - 1].end })
        chunkHard.append(contentsOf: rest.lazy.map(Self.hardCount))
    }

    /// `lines` cut into chunks of equal size, each at most `maxChunk` lines, rebased so each
    /// chunk's first line starts at 0.
    private static func pieces(_ lines: [LineFragment], maxChunk: Int) -> [[LineFragment]] {
        _evenPieces(lines, atMost: maxChunk).map { piece in
            let base = piece[piece.startIndex].start
            return piece.map { $0.shifted(by: -base) }
        }
    }

    #if DEBUG
    /// Traps unless chunks are non-empty, at most `maxChunk` long, contiguous from 0, and the
    /// sums match them.
    func _checkInvariants() {
        storage._checkInvariants()
        precondition(chunkBytes.count == chunks.count && chunkHard.count == chunks.count, "one sum per chunk")
        for (c, chunk) in chunks.enumerated() {
            precondition(chunk[0].start == 0, "chunk \(c) is not rebased")
            for k in 1..<chunk.count { precondition(chunk[k].start == chunk[k - 1].end, "chunk \(c) line \(k) gap") }
            precondition(chunkBytes.value(at: c) == chunk[chunk.count - 1].end, "bytes of chunk \(c)")
            precondition(chunkHard.value(at: c) == Self.hardCount(chunk), "hard lines of chunk \(c)")
        }
    }
    #endif
}
