import Testing
@testable import ChatFormTerminal

@Suite("ScreenBuffer")
struct ScreenBufferTests {
    @Test("text lands where written, clipped to the grid")
    func writeAndClip() {
        var buffer = ScreenBuffer(rows: 3, columns: 6)
        buffer.write("hello world", row: 0, column: 0, width: testWidth)
        buffer.write("abc", row: 1, column: -1, width: testWidth)
        buffer.write("xyz", row: 2, column: 4, width: testWidth)
        buffer.write("nope", row: 3, column: 0, width: testWidth)
        buffer.write("nope", row: -1, column: 0, width: testWidth)
        #expect(buffer.plainText() == "hello\nbc\n    xy")
    }

    @Test("write returns the column after the text, clipped or not")
    func returnedColumn() {
        var buffer = ScreenBuffer(rows: 1, columns: 4)
        #expect(buffer.write("ab界", row: 0, column: 1, width: testWidth) == 5)
        #expect(buffer.write("ab", row: 5, column: 0, width: testWidth) == 2)
    }

    @Test("a wide glyph takes a lead and a continuation cell")
    func wideGlyph() {
        var buffer = ScreenBuffer(rows: 1, columns: 5)
        buffer.write("a世b", row: 0, column: 0, width: testWidth)
        #expect(buffer[0, 1] == Cell(grapheme: "世", width: 2))
        #expect(buffer[0, 2].isContinuation)
        #expect(buffer[0, 3].grapheme == "b")
        #expect(buffer.plainText() == "a世b")
    }

    struct EdgeCase: Sendable, CustomTestStringConvertible {
        let column: Int
        let expected: String
        var testDescription: String { "column \(column)" }
    }

    @Test("wide glyph at the edges", arguments: [
        EdgeCase(column: 3, expected: "...世"),    // fits exactly
        EdgeCase(column: 4, expected: "...."),    // straddles the right edge: a space; x clipped
        EdgeCase(column: -1, expected: " x..."),  // straddles the left edge
        EdgeCase(column: 5, expected: "....."),   // entirely outside
        EdgeCase(column: -2, expected: "x...."),  // entirely outside on the left; x at 0
    ])
    func wideAtEdge(_ edge: EdgeCase) {
        var buffer = ScreenBuffer(rows: 1, columns: 5)
        buffer.write(".....", row: 0, column: 0, width: testWidth)
        buffer.write("世x", row: 0, column: edge.column, width: testWidth)
        #expect(buffer.plainText() == edge.expected)
        for column in 0..<5 where buffer[0, column].width == 2 {
            #expect(column + 1 < 5 && buffer[0, column + 1].isContinuation)
        }
    }

    @Test("overwriting half of a wide glyph blanks the other half")
    func overwriteHalves() {
        var buffer = ScreenBuffer(rows: 2, columns: 6)
        buffer.write("世界", row: 0, column: 0, width: testWidth)
        buffer.write("x", row: 0, column: 1, width: testWidth)   // right half of 世
        buffer.write("y", row: 0, column: 2, width: testWidth)   // left half of 界
        #expect(buffer.plainText() == " xy\n")
        #expect(!buffer[0, 3].isContinuation)

        buffer.write("世界", row: 1, column: 0, width: testWidth)
        buffer.write("🙂", row: 1, column: 1, width: testWidth)   // covers both halves' neighbours
        #expect(buffer.rowText(1) == " 🙂")
        #expect(buffer[1, 1].width == 2 && buffer[1, 2].isContinuation && buffer[1, 3] == .blank)
    }

    @Test("zero-width clusters attach to the previous cell")
    func zeroWidth() {
        var buffer = ScreenBuffer(rows: 2, columns: 4)
        buffer.write("e", row: 0, column: 0, width: testWidth)
        buffer.write("\u{301}", row: 0, column: 1, width: testWidth)      // later call, same row
        buffer.write("世\u{200B}", row: 0, column: 1, width: testWidth)   // after a wide glyph
        #expect(buffer[0, 0].grapheme == "e\u{301}")
        #expect(buffer[0, 1].grapheme == "世\u{200B}")
        buffer.write("\u{301}ab", row: 1, column: 0, width: testWidth)    // nothing before: dropped
        #expect(buffer.rowText(1) == "ab")
    }

    @Test("control characters become spaces")
    func controls() {
        var buffer = ScreenBuffer(rows: 1, columns: 6)
        buffer.write("a\u{1B}[b\nc", row: 0, column: 0, width: testWidth)
        #expect(buffer.rowText(0) == "a [b c")
    }

    @Test("fill paints a clipped rectangle")
    func fill() {
        var buffer = ScreenBuffer(rows: 3, columns: 4)
        buffer.fill(row: 1, column: 2, height: 5, width: 5, with: "#", style: CellStyle(reverse: true))
        #expect(buffer.plainText() == "\n  ##\n  ##")
        #expect(buffer[2, 3].style.reverse)
    }

    @Test("fill outside the grid or with a negative size paints nothing", arguments: [
        (-3, 0, 1, 4), (3, 0, 2, 4), (0, -6, 3, 2), (0, 5, 3, 2), (1, 1, -2, 2), (1, 1, 2, -2),
    ])
    func fillOutside(_ rect: (row: Int, column: Int, height: Int, width: Int)) {
        var buffer = ScreenBuffer(rows: 3, columns: 4)
        buffer.fill(row: rect.row, column: rect.column, height: rect.height, width: rect.width, with: "#")
        #expect(buffer == ScreenBuffer(rows: 3, columns: 4))
    }
}
