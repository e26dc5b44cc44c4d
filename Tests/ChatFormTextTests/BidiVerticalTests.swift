import ChatFormTesting
@testable import ChatFormText
import Testing

/// Up and down in mixed-direction text keep a goal x: the primary caret's x where vertical
/// movement began, and each line's offset is the one a tap at that x gives. A selection
/// shows each grapheme it holds, in as many pieces as the visual runs it crosses.
@Suite("Bidi up and down, selections")
struct BidiVerticalTests {
    static func check(_ layout: some LineLayout, _ what: String) throws {
        for p in try BidiCaretTests.positions(layout) {
            let start = try layout.caretRects(for: p).primary.minX
            var (q, goal) = try layout.position(movingVerticallyFrom: p, by: 1)
            #expect(abs(goal - start) < 1e-9, "\(what) @\(p.offset): goal \(goal), primary caret \(start)")
            let line = try layout.lineIndex(for: p)
            if line + 1 < layout.lineCount {
                let tapped = try layout.position(onLine: line + 1, x: goal)
                #expect(q == tapped, "\(what) @\(p.offset): down to \(q.offset)")
            } else {
                #expect(q.offset == layout.utf8Count, "\(what) @\(p.offset): down from the last line")
            }
            // The goal is kept through further moves, whatever x the lines in between have.
            var k = try layout.lineIndex(for: q)
            while k + 1 < layout.lineCount {
                (q, goal) = try layout.position(movingVerticallyFrom: q, by: 1, goalX: goal)
                let tapped = try layout.position(onLine: k + 1, x: start)
                #expect(goal == start && q == tapped, "\(what) @\(p.offset): line \(k + 1)")
                k += 1
            }
        }
    }

    @Test(arguments: [11 as UInt64, 12, 13, 14])
    func downKeepsThePrimaryCaretsX(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<30 {
            let text = BidiCaretTests.randomText(&rng)
            let width = Double(rng.next() % 20 + 3)
            try Self.check(try TextLayout(text: text, width: width), "\(text.debugDescription) at \(width)")
            try Self.check(try TextDocument(text: text, width: width), "document \(text.debugDescription) at \(width)")
        }
    }

    /// The selection of `range` covers every grapheme of the range where the line shows it
    /// (its visual cluster), with pieces that do not overlap and are as wide, together, as
    /// those graphemes; a document shows the same pieces as the whole text's layout.
    static func checkSelection(_ layout: TextLayout, _ document: TextDocument, _ range: Range<Int>, _ what: String) throws {
        let rects = try layout.selectionRects(for: range)
        #expect(rects == (try document.selectionRects(for: range)), "\(what): document")
        for line in 0..<layout.lineCount {
            let top = layout.lineTop(line)
            let pieces = rects.filter { abs($0.minY - top) < 1e-9 && $0.width > 0 }.sorted { $0.minX < $1.minX }
            let selected = try _Truncation.clusters(of: layout, onLine: line).filter { range.lowerBound <= $0.start && $0.end <= range.upperBound }
            for c in selected where c.right > c.left {
                #expect(pieces.contains { $0.minX <= c.left + 1e-9 && c.right <= $0.maxX + 1e-9 }, "\(what): \(c.start) on line \(line) not in \(pieces)")
            }
            for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.maxX <= b.minX + 1e-9, "\(what): \(a) overlaps \(b)") }
            let width = pieces.reduce(0.0) { $0 + $1.width }, expected = selected.reduce(0.0) { $0 + $1.right - $1.left }
            #expect(abs(width - expected) < 1e-9, "\(what): line \(line) selected \(width) for \(expected)")
        }
    }

    @Test(arguments: [21 as UInt64, 22, 23])
    func selectionsCoverTheirGraphemesInVisualPieces(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<30 {
            let text = BidiCaretTests.randomText(&rng)
            let width = Double(rng.next() % 20 + 3)
            let layout = try TextLayout(text: text, width: width)
            let document = try TextDocument(text: text, width: width)
            let offsets = try BidiCaretTests.positions(layout).map(\.offset)
            for _ in 0..<8 {
                let a = offsets[Int(rng.next() % UInt64(offsets.count))], b = offsets[Int(rng.next() % UInt64(offsets.count))]
                try Self.checkSelection(layout, document, Swift.min(a, b)..<Swift.max(a, b), "\(text.debugDescription) at \(width) [\(a), \(b))")
            }
        }
    }
}
