import Testing
@testable import ChatFormText

/// User code that runs inside a layout's walk (a `TextMetrics.advance(of:)`, a
/// `forEachCaretStop` body) may lay out other text on the same thread. The walk must give
/// the same answers as without that nested layout: the thread's ICU iterators it holds must
/// not be pointed at the nested text under it.
@Suite("Re-entrant layout")
struct ReentrantLayoutTests {
    /// Cells, as `TerminalCellMetrics`, after laying out another text of other clusters.
    struct NestingMetrics: TextMetrics {
        var lineHeight: Double { 1 }
        func advance(of cluster: GraphemeCluster) -> Double {
            let other = String(repeating: "e\u{301}\u{302} 가나 👩🏽‍💻 ", count: 30)
            _ = try? TextLayout(text: other, width: 7)
            return Double(cluster.cells)
        }
        func tabStop(after x: Double) -> Double { (x / 8).rounded(.down) * 8 + 8 }
    }

    /// Cells counted by `CellWidth.of(_:)` on the cluster's string (a walk of its own).
    struct CountingMetrics: TextMetrics {
        var lineHeight: Double { 1 }
        func advance(of cluster: GraphemeCluster) -> Double { Double(CellWidth.of(cluster.string)) }
        func tabStop(after x: Double) -> Double { (x / 8).rounded(.down) * 8 + 8 }
    }

    struct PlainMetrics: TextMetrics {
        var lineHeight: Double { 1 }
        func advance(of cluster: GraphemeCluster) -> Double { Double(cluster.cells) }
        func tabStop(after x: Double) -> Double { (x / 8).rounded(.down) * 8 + 8 }
    }

    static let texts = [
        "family 👨‍👩‍👧‍👦 flags 🇰🇷🇯🇵🇺🇸 tone 👍🏽 heart ❤️ and more words to wrap them over lines",
        "e\u{301}a\u{308}\u{323} n\u{303} cafe\u{301} \u{1100}\u{1161}\u{11A8} 각\u{11A8} \u{0915}\u{094D}\u{0937}\u{093F} \u{0E01}\u{0E33}",
        String(repeating: "Ünïcödé wörds, \u{0E01}\u{0E33}\u{0E27} and 漢字とかな ", count: 12),
    ]

    @Test(arguments: texts)
    func nestedLayoutInsideAdvance(_ text: String) throws {
        for width in [5.0, 9, 17, 40] {
            let plain = try TextLayout(text: text, width: width, metrics: PlainMetrics())
            let nested = try TextLayout(text: text, width: width, metrics: NestingMetrics())
            #expect(nested.lines == plain.lines, "width \(width)")
            let counted = try TextLayout(text: text, width: width, metrics: CountingMetrics())
            #expect(counted.lines == plain.lines, "width \(width)")
        }
        #expect(try BreakIterators.forCurrentThread().lentCount == 0, "a walk kept its iterators")
        #expect(try BreakIterators.browserForCurrentThread().lentCount == 0, "a walk kept its iterators")
    }

    @Test(arguments: texts)
    func nestedLayoutInsideCaretWalk(_ text: String) throws {
        let layout = try TextLayout(text: text, width: 17)
        for line in 0..<layout.lineCount {
            var plain: [Int] = []
            try layout.forEachCaretStop(onLine: line) { offset, _ in plain.append(offset); return true }
            var nested: [Int] = []
            try layout.forEachCaretStop(onLine: line) { offset, _ in
                nested.append(offset)
                _ = try? TextLayout(text: String(repeating: "e\u{301}\u{302}가", count: 50), width: 3)
                return true
            }
            #expect(nested == plain, "line \(line)")
        }
        #expect(try BreakIterators.forCurrentThread().lentCount == 0, "a walk kept its iterators")
    }

    /// Lending: a pair held by a walk is not lent again; the nested pair is kept for the next
    /// nesting; given back, the thread's own pair is lent first again.
    @Test func lendingChain() throws {
        let root = try BreakIterators.forCurrentThread()
        let outer = try root.lend()
        #expect(outer === root)
        let inner = try root.lend()
        #expect(inner !== root)
        let innermost = try root.lend()
        #expect(innermost !== inner && innermost !== root)
        #expect(root.lentCount == 3)
        innermost.giveBack()
        inner.giveBack()
        #expect(try root.lend() === inner, "the nested pair is kept")
        inner.giveBack()
        outer.giveBack()
        #expect(root.lentCount == 0)
        let again = try root.lend()
        #expect(again === root)
        again.giveBack()
    }
}
