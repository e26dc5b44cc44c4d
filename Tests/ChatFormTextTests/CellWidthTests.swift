import Testing
import ChatFormText

@Suite("Cell widths (UAX #11, emoji, zero-width)")
struct CellWidthTests {
    @Test(arguments: [
        ("a", 1), ("~", 1), ("가", 2), ("中", 2), ("！", 2), ("ｱ", 1),
        ("é", 1), ("e\u{301}", 1), ("ᄀ\u{1161}\u{11A8}", 2),
        ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧‍👦", 2), ("🇰🇷", 2), ("🏳️‍🌈", 2),
        ("☺", 1), ("☺️", 2), ("1️⃣", 2), ("#️⃣", 2), ("❤️", 2),
        ("\u{200B}", 0), ("\u{00AD}", 0), ("\u{200D}", 0), ("\u{0301}", 0), ("\u{0007}", 0),
        ("\u{FEFF}", 0), ("\u{3000}", 2), ("\u{00A0}", 1), ("§", 1), ("Ω", 1),
    ])
    func widthOfOneCluster(text: String, cells: Int) {
        #expect(CellWidth.of(Character(text)) == cells)
    }

    @Test(arguments: ["§", "±", "Ω", "①", "…"])
    func ambiguousCountsAsTheOptionSays(text: String) {
        #expect(CellWidth.of(Character(text), ambiguousWidth: 1) == 1)
        #expect(CellWidth.of(Character(text), ambiguousWidth: 2) == 2)
    }

    @Test func ambiguousOptionChangesWrapping() throws {
        let narrow = try layout("±±±±", 4, metrics: TerminalCellMetrics(ambiguousWidth: 1))
        let wide = try layout("±±±±", 4, metrics: TerminalCellMetrics(ambiguousWidth: 2))
        #expect(narrow.lineCount == 1)
        #expect(wide.lineCount == 2)
        #expect(wide.lines.map(\.width) == [4, 4])
    }

    @Test func stringWidthSumsClusters() {
        #expect(CellWidth.of("ab가👍🏽e\u{301}") == 1 + 1 + 2 + 2 + 1)
    }

    @Test func fixedAdvanceMetricsCountGraphemesNotCells() throws {
        let l = try layout("가a👍🏽 b", 30, metrics: FixedAdvanceMetrics(advance: 10, lineHeight: 18))
        #expect(l.lineTexts == ["가a👍🏽 ", "b"])
        #expect(l.lines[0].width == 30)
        #expect(l.height == 36)
    }

    struct TableMetrics: TextMetrics {
        var lineHeight: Double { 20 }
        func advance(of cluster: GraphemeCluster) -> Double { cluster.string == "m" ? 3 : 1 }
        func tabStop(after x: Double) -> Double { x + 5 }
    }

    @Test func customMetricsAreUsedForEveryCluster() throws {
        let l = try layout("mmm iii", 10, metrics: TableMetrics())
        #expect(l.lineTexts == ["mmm ", "iii"])
        #expect(l.lines.map(\.width) == [9, 3])
        let rect = try l.caretRect(for: TextPosition(offset: 2))
        #expect(rect.minX == 6)
        #expect(rect.minY == 0)
        #expect(rect.height == 20)
    }
}
