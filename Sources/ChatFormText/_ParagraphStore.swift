/// The paragraphs of a document in chunks of at most `maxChunk`, so that inserting or
/// removing paragraphs in the middle of a long document moves at most one chunk's elements
/// plus one `Int` per chunk, not every paragraph after the edit (a square-root
/// decomposition: finding paragraph `i` scans the per-chunk counts, O(n / 512)).
struct _ParagraphStore: Sendable {
    static let maxChunk = 512

    private var chunks: [[_Paragraph]]
    /// `chunks[c].count`, kept contiguous so locating an index touches one small array.
    private var counts: [Int]
    /// The number of paragraphs.
    private(set) var count: Int

    init(_ paragraphs: [_Paragraph]) {
        let half = Self.maxChunk / 2
        chunks = []
        counts = []
        var i = 0
        repeat {
            let piece = Array(paragraphs[i..<min(paragraphs.count, i + half)])
            chunks.append(piece)
            counts.append(piece.count)
            i += half
        } while i < paragraphs.count
        count = paragraphs.count
    }

    /// The chunk holding index `i` (`0...count`; `count` is the end of the last chunk) and
    /// the index inside it.
    private func locate(_ i: Int) -> (chunk: Int, index: Int) {
        var rest = i
        for c in counts.indices {
            if rest < counts[c] { return (c, rest) }
            rest -= counts[c]
        }
        return (counts.count - 1, counts[counts.count - 1] + rest)
    }

    subscript(i: Int) -> _Paragraph {
        precondition(i >= 0 && i < count, "paragraph index \(i) out of range 0..<\(count)")
        let (c, j) = locate(i)
        return chunks[c][j]
    }

    /// Runs `body` on paragraph `i` in place (its storage is not copied).
    mutating func modify<R, E: Error>(at i: Int, _ body: (inout _Paragraph) throws(E) -> R) throws(E) -> R {
        precondition(i >= 0 && i < count, "paragraph index \(i) out of range 0..<\(count)")
        let (c, j) = locate(i)
        return try body(&chunks[c][j])
    }

    /// Every paragraph from `i` on, in order, until `body` returns false.
    func forEach<E: Error>(from i: Int, _ body: (_Paragraph) throws(E) -> Bool) throws(E) {
        guard i < count else { return }
        var (c, j) = locate(i)
        while c < chunks.count {
            let chunk = chunks[c]
            while j < chunk.count {
                if try !body(chunk[j]) { return }
                j += 1
            }
            c += 1
            j = 0
        }
    }

    /// Replaces the paragraphs in `range` with `new`.
    mutating func replaceSubrange(_ range: Range<Int>, with new: [_Paragraph]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "paragraph range out of bounds")
        // Overwrite in place where the old and new ranges overlap (the common 1 → 1 edit).
        let common = min(range.count, new.count)
        if common > 0 {
            var (c, j) = locate(range.lowerBound)
            for k in 0..<common {
                if j == counts[c] { (c, j) = (c + 1, 0) }
                chunks[c][j] = new[k]
                j += 1
            }
        }
        // Remove what is left of the old range, a chunk at a time.
        var remaining = range.count - common
        let at = range.lowerBound + common
        while remaining > 0 {
            let (c, j) = locate(at)
            let k = min(remaining, counts[c] - j)
            chunks[c].removeSubrange(j..<j + k)
            counts[c] -= k
            count -= k
            remaining -= k
            if counts[c] == 0 && chunks.count > 1 {
                chunks.remove(at: c)
                counts.remove(at: c)
            }
        }
        // Insert what is left of the new ones, splitting a chunk that grows too large.
        if new.count > common {
            let (c, j) = locate(at)
            chunks[c].insert(contentsOf: new[common...], at: j)
            counts[c] += new.count - common
            count += new.count - common
            if counts[c] > Self.maxChunk { split(c) }
        }
    }

    private mutating func split(_ c: Int) {
        let half = Self.maxChunk / 2
        let whole = chunks[c]
        var pieces: [[_Paragraph]] = []
        var i = 0
        while i < whole.count {
            pieces.append(Array(whole[i..<min(whole.count, i + half)]))
            i += half
        }
        chunks.replaceSubrange(c...c, with: pieces)
        counts.replaceSubrange(c...c, with: pieces.map { $0.count })
    }

    #if DEBUG
    /// Traps unless the counts agree with the chunks.
    func _checkInvariants() {
        precondition(chunks.count == counts.count && !chunks.isEmpty, "chunk bookkeeping")
        for c in chunks.indices {
            precondition(chunks[c].count == counts[c], "chunk \(c) count")
            precondition(counts[c] <= Self.maxChunk, "chunk \(c) overfull")
            precondition(counts[c] > 0 || chunks.count == 1, "empty chunk \(c)")
        }
        precondition(counts.reduce(0, +) == count, "total count")
    }
    #endif
}
