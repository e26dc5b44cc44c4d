import Testing
@testable import ChatFormText

/// Seeded random texts and widths checked against the rules and against the naive model.
@Suite("Wrapping properties")
struct PropertyTests {
    @Test(arguments: 0..<8)
    func engineMatchesTheReferenceModel(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        for _ in 0..<60 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 0...40, using: &rng))
            let width = Double(Int.random(in: 1...60, using: &rng))
            let keepAll = Bool.random(using: &rng)
            let engine = try layout(text, width, keepAll: keepAll)
            let model = try ReferenceWrap.lines(text, width: width, keepAll: keepAll)
            #expect(engine.ranges == model, "text \(text.debugDescription) width \(width) keepAll \(keepAll)")
        }
    }

    @Test(arguments: 0..<6)
    func linesPartitionTheTextAndFit(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
        for _ in 0..<80 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 0...60, using: &rng))
            let width = Double(Int.random(in: 1...200, using: &rng))
            let l = try layout(text, width, keepAll: Bool.random(using: &rng))
            let n = text.utf8.count
            #expect(l.lines.first?.start == 0)
            #expect(l.lines.last?.end == n)
            for k in 1..<l.lineCount { #expect(l.lines[k].start == l.lines[k - 1].end) }
            let boundaryList = try ICUReference.graphemeBoundaries(in: text)
            let bounds = Set(boundaryList)
            for (k, line) in l.lines.enumerated() {
                #expect(bounds.contains(line.start) && bounds.contains(line.end))
                #expect(line.start < line.end || (k == l.lineCount - 1 && (k == 0 || l.lines[k - 1].isHard)))
                let clusters = boundaryList.filter { $0 > line.start && $0 <= line.contentEnd }.count
                #expect(line.width <= width || clusters == 1, "line \(k) of \(text.debugDescription) at \(width)")
                #expect(line.width == Double(CellWidth.of(String(l.lineText(k)).trimmingHangingSpace())) || text.unicodeScalars.contains("\t"), "\(String(l.lineText(k)).debugDescription) \(line.width)")
            }
            // The text ends in a mandatory break exactly when the last line is empty after a hard line.
            let endsInBreak = l.lineCount > 1 && l.lines[l.lineCount - 2].isHard && l.lines.last!.start == n
            #expect(endsInBreak == (n > 0 && l.lines.last!.start == n))
        }
    }

    @Test(arguments: 0..<4)
    func caretRoundTripsAtEveryGraphemeBoundary(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 5000)
        for _ in 0..<40 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 0...30, using: &rng))
            let width = Double(Int.random(in: 2...40, using: &rng))
            let l = try layout(text, width)
            for offset in try l.graphemeBoundaries() {
                for affinity in [TextAffinity.downstream, .upstream] {
                    let p = TextPosition(offset: offset, affinity: affinity)
                    let rect = try l.caretRect(for: p)
                    let back = l.position(at: Point(x: rect.minX, y: rect.midY))
                    // The point maps back to the same place: same offset, or (hanging spaces
                    // clamped to the edge / zero-width clusters) an offset with the same rect.
                    let backRect = try l.caretRect(for: back)
                    #expect(backRect == rect, "\(text.debugDescription) w\(width) \(p) -> \(back)")
                    if back.offset != offset {
                        #expect(try l.lineIndex(for: back) == l.lineIndex(for: p))
                    }
                }
            }
        }
    }

    @Test(arguments: 0..<4)
    func upThenDownReturnsToTheSameLine(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 9000)
        for _ in 0..<40 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 5...50, using: &rng))
            let width = Double(Int.random(in: 4...30, using: &rng))
            let l = try layout(text, width)
            for offset in try l.graphemeBoundaries() {
                let p = TextPosition(offset: offset)
                let line = try l.lineIndex(for: p)
                guard line > 0 else { continue }
                let up = try l.position(movingVerticallyFrom: p, by: -1)
                #expect(try l.lineIndex(for: up.position) == line - 1)
                let down = try l.position(movingVerticallyFrom: up.position, by: 1, goalX: up.goalX)
                #expect(try l.lineIndex(for: down.position) == line)
                // Keeping the goal x: the caret comes back no further right than it started.
                #expect(try l.caretRect(for: down.position).minX <= max(up.goalX, 0) + 2)
            }
        }
    }

    @Test(arguments: 0..<4)
    func graphemeFastPathMatchesICU(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 31337)
        for _ in 0..<200 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 0...50, using: &rng))
            let l = try layout(text, 1000)
            #expect(try l.graphemeBoundaries() == ICUReference.graphemeBoundaries(in: text), "\(text.debugDescription)")
        }
    }

    @Test func graphemeFastPathMatchesICUOnRandomScalars() throws {
        // Scalars drawn from the blocks where cluster rules bite: Hangul jamo, marks,
        // emoji, regional indicators, Indic, controls.
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x0300...0x036F, 0x0900...0x097F, 0x0E00...0x0E7F, 0x1100...0x11FF,
            0xAC00...0xAC1F, 0xD7B0...0xD7C6, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x1F600...0x1F64F,
            0x200B...0x200D, 0xFE00...0xFE0F, 0x0600...0x0605, 0x0A...0x0D,
        ]
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<2000 {
            var s = ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let r = ranges.randomElement(using: &rng)!
                if let scalar = Unicode.Scalar(UInt32.random(in: r, using: &rng)) { s.unicodeScalars.append(scalar) }
            }
            let l = try layout(s, 1000)
            #expect(try l.graphemeBoundaries() == ICUReference.graphemeBoundaries(in: s), "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

extension String {
    /// The string without its trailing hanging spaces and mandatory break.
    func trimmingHangingSpace() -> String {
        var scalars = Array(unicodeScalars)
        let breaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        while let last = scalars.last, breaks.contains(last.value) { scalars.removeLast() }
        while let last = scalars.last,
              [0x20, 0x09, 0x3000, 0x1680, 0x205F].contains(last.value) || (0x2000...0x2006).contains(last.value)
                || (0x2008...0x200A).contains(last.value) {
            scalars.removeLast()
        }
        var out = ""
        out.unicodeScalars.append(contentsOf: scalars)
        return out
    }
}

@Suite("Fast path against the ICU-only wrap")
struct FastPathWrapTests {
    @Test(arguments: 0..<4)
    func linesEqualTheICUOnlyWrap(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 8080)
        for _ in 0..<150 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 0...80, using: &rng))
            let width = Double(Int.random(in: 1...80, using: &rng))
            let options = TextLayoutOptions(keepAll: Bool.random(using: &rng))
            let fast = try TextLayout(text: text, width: width, options: options).lines
            let slow = try ICUReference.wrap(text, width: width, options: options)
            #expect(fast == slow, "\(text.debugDescription) width \(width)")
        }
    }
}

@Suite("Incremental rewrap")
struct IncrementalRewrapTests {
    /// Random edits inside long single paragraphs: the relaid layout equals a fresh one.
    @Test(arguments: 0..<6)
    func relaidEqualsAFreshLayoutAfterEveryEdit(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 55)
        let pieces = RandomText.pieces.filter { !["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"].contains($0) }
        var text = (0..<300).map { _ in pieces.randomElement(using: &rng)! }.joined()
        let width = Double(Int.random(in: 3...50, using: &rng))
        let options = TextLayoutOptions(keepAll: seed % 2 == 1)
        var layout = try TextLayout(text: text, width: width, options: options)
        for step in 0..<120 {
            let bounds = try layout.graphemeBoundaries()
            let a = bounds.randomElement(using: &rng)!
            let b = min(text.utf8.count, bounds.first { $0 >= a + Int.random(in: 0...12, using: &rng) } ?? text.utf8.count)
            let inserted = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let utf8 = Array(text.utf8)
            text = String(decoding: utf8[..<a] + Array(inserted.utf8) + utf8[b...], as: UTF8.self)
            layout = try layout.relaid(newText: text, edited: a..<b, insertedCount: inserted.utf8.count)
            let fresh = try TextLayout(text: text, width: width, options: options)
            #expect(layout.lines == fresh.lines, "seed \(seed) step \(step): edit \(a)..<\(b) with \(inserted.debugDescription)")
            if layout.lines != fresh.lines { return }
        }
    }
}
