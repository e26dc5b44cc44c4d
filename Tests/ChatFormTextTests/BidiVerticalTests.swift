import ChatFormTesting
@testable import ChatFormText
import Testing

/// Up and down in mixed-direction text keep a goal x: the primary caret's x where vertical
/// movement began, and each line's offset is the one a tap at that x gives.
@Suite("Bidi up and down")
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
}
