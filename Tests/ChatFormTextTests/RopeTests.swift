@testable import ChatFormText
import ChatFormTesting
import Testing

/// The large-paragraph storage held against plain arrays: the rope against `[UInt8]`, the
/// line store against `[LineFragment]`, after every random mutation (fixed seeds).
@Suite("Rope and line store")
struct RopeTests {
    /// Random UTF-8 pieces: ASCII, Korean, combining marks, ZWJ emoji, so leaves of a few
    /// bytes cut scalars and clusters.
    static func piece(_ rng: inout SplitMix64) -> [UInt8] {
        let pieces = ["a", "hello ", "한국어 ", "e\u{301}", "👩‍👩‍👧", "🇰🇷", "\n", "\r\n", "\u{2028}", "xyz", ""]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...4, using: &rng) { bytes += Array(pieces.randomElement(using: &rng)!.utf8) }
        return bytes
    }

    @Test(arguments: [(UInt64(1), 2), (2, 3), (3, 5), (4, 16), (5, 64)])
    func ropeMatchesAnArray(seed: UInt64, maxLeaf: Int) {
        var rng = SplitMix64(seed: seed)
        var model: [UInt8] = []
        for _ in 0..<Int.random(in: 0...30, using: &rng) { model += Self.piece(&rng) }
        var rope = _Rope(model, maxLeaf: maxLeaf)
        rope._checkInvariants()
        for step in 0..<400 {
            let a = Int.random(in: 0...model.count, using: &rng)
            let b = Int.random(in: 0...1, using: &rng) == 0 ? a : Int.random(in: a...min(model.count, a + 40), using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                // Append another rope's tail.
                var other: [UInt8] = []
                for _ in 0..<Int.random(in: 0...6, using: &rng) { other += Self.piece(&rng) }
                let from = Int.random(in: 0...other.count, using: &rng)
                rope.append(_Rope(other, maxLeaf: maxLeaf), from: from)
                model += other[from...]
            case 1:
                // Cut everything after `a` (the first half of a split).
                rope.replaceSubrange(a..<model.count, with: [])
                model.removeSubrange(a...)
            default:
                let inserted = Self.piece(&rng)
                rope.replaceSubrange(a..<b, with: inserted)
                model.replaceSubrange(a..<b, with: inserted)
            }
            rope._checkInvariants()
            #expect(rope.count == model.count, "step \(step)")
            #expect(rope.bytes(in: 0..<rope.count) == model, "step \(step)")
            if !model.isEmpty {
                let i = Int.random(in: 0..<model.count, using: &rng)
                let j = Int.random(in: i...model.count, using: &rng)
                #expect(rope.byte(at: i) == model[i], "step \(step)")
                #expect(rope.bytes(in: i..<j) == Array(model[i..<j]), "step \(step)")
                let pair = rope.bytePair(at: i)
                #expect(pair.0 == model[i] && pair.1 == (i + 1 < model.count ? model[i + 1] : nil), "step \(step)")
                let copied = [UInt8](unsafeUninitializedCapacity: j - i) { buffer, count in
                    rope.copyBytes(i..<j, to: buffer)
                    count = j - i
                }
                #expect(copied == Array(model[i..<j]), "step \(step)")
            }
        }
    }

    /// The Fenwick tree of the rope and line store, and the count tree of a document's units
    /// (`_CountIndex`, the same questions over a B+-tree), against an array.
    @Test(arguments: [UInt64(1), 2, 3])
    func prefixSumsMatchAnArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var model = (0..<Int.random(in: 0...20, using: &rng)).map { _ in Int.random(in: 0...5, using: &rng) }
        var sums = _PrefixSums(model)
        var counts = _CountIndex(model)
        for step in 0..<300 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !model.isEmpty:
                let i = Int.random(in: 0..<model.count, using: &rng), v = Int.random(in: 0...5, using: &rng)
                sums.set(v, at: i)
                counts.set(v, at: i)
                model[i] = v
            case 1:
                let a = Int.random(in: 0...model.count, using: &rng), b = Int.random(in: a...model.count, using: &rng)
                let new = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...5, using: &rng) }
                sums.replaceSubrange(a..<b, with: new)
                counts.replaceSubrange(a..<b, with: new)
                model.replaceSubrange(a..<b, with: new)
            default:
                let new = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0...5, using: &rng) }
                sums.append(contentsOf: new)
                counts.replaceSubrange(model.count..<model.count, with: new)
                model += new
            }
            #expect(sums.values == model && sums.total == model.reduce(0, +), "step \(step)")
            #expect(counts.count == model.count && (0..<model.count).map(counts.value) == model, "step \(step)")
            #expect(counts.total == model.reduce(0, +), "step \(step)")
            for i in 0...model.count {
                #expect(sums.prefix(i) == model[..<i].reduce(0, +), "step \(step)")
                #expect(counts.prefix(i) == model[..<i].reduce(0, +), "step \(step)")
            }
            for offset in -1...(sums.total + 1) {
                // The number of entries ending at or before the offset, clamped.
                var ending = 0, sum = 0
                for v in model { sum += v; if sum <= offset { ending += 1 } else { break } }
                let expected = model.isEmpty ? nil : min(ending, model.count - 1)
                #expect(sums.index(containing: offset) == expected, "step \(step)")
                #expect(counts.index(containing: offset) == expected, "step \(step)")
                #expect(counts.indexAndPrefix(containing: offset)?.index == expected, "step \(step)")
                #expect(counts.indexAndPrefix(containing: offset)?.prefix == expected.map { model[..<$0].reduce(0, +) }, "step \(step)")
            }
        }
    }

    /// The chunks under the rope and the line store against the array they flatten to:
    /// `locate` and `chunk(containing:)` name the chunk for every index, `start(ofChunk:)` its
    /// start (the count past the last chunk), and the sizes follow in-place
    /// edits, replaced chunks and appended ones.
    @Test(arguments: [(UInt64(1), 2), (2, 3), (3, 8)])
    func chunkedArrayMatchesAnArray(seed: UInt64, maxChunk: Int) {
        var rng = SplitMix64(seed: seed)
        func pieces(_ count: Int) -> [[Int]] {
            (0..<count).map { _ in (0..<Int.random(in: 1...maxChunk, using: &rng)).map { _ in Int.random(in: 0...99, using: &rng) } }
        }
        var chunked = _ChunkedArray(pieces(Int.random(in: 0...6, using: &rng)), maxChunk: maxChunk)
        var model = chunked.chunks.flatMap { $0 }
        for step in 0..<300 {
            let chunkCount = chunked.chunks.count
            switch (chunkCount == 0 ? 2 : Int.random(in: 0..<3, using: &rng)) {
            case 0:
                // One chunk changed in place: a value appended, or its first dropped.
                let c = Int.random(in: 0..<chunkCount, using: &rng)
                let start = chunked.chunks[..<c].reduce(0) { $0 + $1.count }
                let size = chunked.chunks[c].count
                if size < maxChunk {
                    let v = Int.random(in: 0...99, using: &rng)
                    chunked.modify(chunk: c) { $0.append(v) }
                    model.insert(v, at: start + size)
                } else {
                    chunked.modify(chunk: c) { _ = $0.removeFirst() }
                    model.remove(at: start)
                }
            case 1:
                // Chunks lower...upper replaced by fresh ones.
                let lower = Int.random(in: 0..<chunkCount, using: &rng)
                let upper = Int.random(in: lower..<min(chunkCount, lower + 3), using: &rng)
                let start = chunked.chunks[..<lower].reduce(0) { $0 + $1.count }
                let end = start + chunked.chunks[lower...upper].reduce(0) { $0 + $1.count }
                let fresh = pieces(Int.random(in: 0...3, using: &rng))
                chunked.replaceChunks(lower...upper, with: fresh)
                model.replaceSubrange(start..<end, with: fresh.flatMap { $0 })
            default:
                let fresh = pieces(Int.random(in: 0...3, using: &rng))
                chunked.append(chunks: fresh[...])
                model += fresh.flatMap { $0 }
            }
            chunked._checkInvariants()
            #expect(chunked.count == model.count, "step \(step)")
            #expect(chunked.chunks.flatMap { $0 } == model, "step \(step)")
            var start = 0
            for (c, chunk) in chunked.chunks.enumerated() {
                #expect(chunked.start(ofChunk: c) == start, "step \(step) chunk \(c)")
                for i in start..<start + chunk.count {
                    let located = chunked.locate(i)
                    #expect(located.chunk == c && located.start == start, "step \(step) index \(i)")
                    #expect(chunked.chunk(containing: i) == c, "step \(step) index \(i)")
                }
                start += chunk.count
            }
            #expect(chunked.start(ofChunk: chunked.chunks.count) == model.count, "step \(step): the start past the last chunk")
        }
    }

    /// Lines of random lengths (the last possibly empty after a hard one), from `start`.
    static func lines(_ rng: inout SplitMix64, count: Int, from start: Int) -> [LineFragment] {
        var result: [LineFragment] = []
        var offset = start
        for _ in 0..<count {
            let length = Int.random(in: 1...9, using: &rng)
            let terminator = Int.random(in: 0..<4, using: &rng) == 0 ? min(length, 2) : 0
            result.append(LineFragment(start: offset, end: offset + length, width: Double(length), terminatorLength: terminator))
            offset += length
        }
        return result
    }

    @Test(arguments: [(UInt64(1), 2), (2, 3), (3, 7), (4, 128)])
    func lineStoreMatchesAnArray(seed: UInt64, maxChunk: Int) {
        var rng = SplitMix64(seed: seed)
        var model = Self.lines(&rng, count: Int.random(in: 1...40, using: &rng), from: 0)
        var store = _LineStore(model, maxChunk: maxChunk)
        for step in 0..<300 {
            if model.count > 1, let last = model.last, last.start == last.end {
                // Only a paragraph's last line may be empty: drop it before changing more.
                store.replaceSubrange(model.count - 1..<model.count, with: [])
                model.removeLast()
            }
            let r = Int.random(in: 0...model.count, using: &rng)
            let m = Int.random(in: r...min(model.count, r + 8), using: &rng)
            let start = r < model.count ? model[r].start : (model.last?.end ?? 0)
            if Int.random(in: 0..<6, using: &rng) == 0 && r > 0 {
                // Keep lines 0..<r, then another store's lines from some index.
                let other = Self.lines(&rng, count: Int.random(in: 1...30, using: &rng), from: 0)
                let from = Int.random(in: 0..<other.count, using: &rng)
                store.replaceSubrange(r..<store.count, with: [])
                store.append(_LineStore(other, maxChunk: maxChunk), from: from)
                let shift = start - other[from].start
                model = Array(model[..<r]) + other[from...].map { $0.shifted(by: shift) }
            } else {
                var fresh = Self.lines(&rng, count: Int.random(in: 0...6, using: &rng), from: start)
                if fresh.isEmpty && r == 0 && m == model.count { fresh = Self.lines(&rng, count: 1, from: 0) }
                store.replaceSubrange(r..<m, with: fresh)
                let shift = (fresh.last?.end ?? start) - (m < model.count ? model[m].start : 0)
                let tail = model[m...].map { $0.shifted(by: shift) }
                model = Array(model[..<r]) + fresh + tail
            }
            // A final empty line after a hard one, now and then.
            if let last = model.last, last.isHard, Bool.random(using: &rng) {
                let empty = LineFragment(start: last.end, end: last.end, width: 0, terminatorLength: 0)
                store.replaceSubrange(store.count..<store.count, with: [empty])
                model.append(empty)
            }
            store._checkInvariants()
            #expect(store.count == model.count, "step \(step)")
            #expect(store.byteCount == (model.last?.end ?? 0), "step \(step)")
            #expect(store.all == model, "step \(step)")
            if !model.isEmpty {
                // A scanner answers growing offsets as the model does.
                let from = Int.random(in: 0...model.last!.end, using: &rng)
                var scanner = _LineStore.Scanner(store, from: from)
                for offset in from...model.last!.end where Bool.random(using: &rng) {
                    let expected = model.firstIndex { $0.start == offset }
                    let found = scanner.line(startingAt: offset)
                    #expect(found?.index == expected && found?.line == expected.map { model[$0] }, "step \(step) offset \(offset)")
                }
            }
            for _ in 0..<4 where !model.isEmpty {
                let i = Int.random(in: 0..<model.count, using: &rng)
                #expect(store[i] == model[i], "step \(step)")
                let offset = Int.random(in: 0...model.last!.end, using: &rng)
                let expected = model.lastIndex { $0.start <= offset }!
                #expect(store.lineIndex(startingAtOrBefore: offset) == expected, "step \(step) offset \(offset)")
                #expect(store.index(ofLineStartingAt: offset) == model.lastIndex { $0.start == offset }, "step \(step)")
            }
        }
    }
}
