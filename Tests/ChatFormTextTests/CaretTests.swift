import Testing
import ChatFormText

@Suite("Caret geometry")
struct CaretTests {
    // "hello world" at width 8: "hello " / "world".
    let l = try! layout("hello world", 8)

    @Test func softWrapOffsetHasTwoPlaces() throws {
        let down = try l.caretRect(for: TextPosition(offset: 6, affinity: .downstream))
        let up = try l.caretRect(for: TextPosition(offset: 6, affinity: .upstream))
        #expect(down == Rect(x: 0, y: 1, width: 0, height: 1))
        // Upstream: the end of the upper line, after the hanging space.
        #expect(up == Rect(x: 6, y: 0, width: 0, height: 1))
    }

    @Test func caretInsideALine() throws {
        #expect(try l.caretRect(for: TextPosition(offset: 3)) == Rect(x: 3, y: 0, width: 0, height: 1))
        #expect(try l.caretRect(for: TextPosition(offset: 11)) == Rect(x: 5, y: 1, width: 0, height: 1))
    }

    @Test func caretAfterWideAndEmojiClusters() throws {
        let k = try layout("가👍🏽a", 20)
        #expect(try k.caretRect(for: TextPosition(offset: 3)).minX == 2)
        #expect(try k.caretRect(for: TextPosition(offset: 3 + 8)).minX == 4)
        #expect(try k.caretRect(for: TextPosition(offset: 12)).minX == 5)
    }

    @Test func caretBeforeAndAfterAHardBreak() throws {
        let k = try layout("ab\ncd", 20)
        #expect(try k.caretRect(for: TextPosition(offset: 2)) == Rect(x: 2, y: 0, width: 0, height: 1))
        #expect(try k.caretRect(for: TextPosition(offset: 3)) == Rect(x: 0, y: 1, width: 0, height: 1))
        // Upstream does not move the caret across a hard break.
        #expect(try k.caretRect(for: TextPosition(offset: 3, affinity: .upstream)).minY == 1)
    }

    @Test func caretOnTheEmptyLastLine() throws {
        let k = try layout("ab\n", 20)
        #expect(try k.caretRect(for: TextPosition(offset: 3)) == Rect(x: 0, y: 1, width: 0, height: 1))
    }

    @Test func offsetsInsideClustersOrOutsideTheTextThrow() throws {
        let k = try layout("e\u{301}가\r\n", 20)
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 1)) { try k.caretRect(for: TextPosition(offset: 1)) }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 4)) { try k.caretRect(for: TextPosition(offset: 4)) }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 7)) { try k.caretRect(for: TextPosition(offset: 7)) }
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: 9, length: 8)) { try k.caretRect(for: TextPosition(offset: 9)) }
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: -1, length: 8)) { try k.lineIndex(for: TextPosition(offset: -1)) }
    }

    /// The cluster steps take offsets in the text only (`after`: `0..<n`, `before`:
    /// `1...n`), in a layout and in a document of two paragraphs: past them a typed error,
    /// not a read past the text.
    @Test func clusterStepsOutsideTheTextThrow() throws {
        let k = try layout("e\u{301}가\r\n", 20)
        let d = try TextDocument(text: "e\u{301}가\r\n👍🏽", width: 20)
        #expect(try k.graphemeBoundary(after: 0) == 3 && k.graphemeBoundary(after: 6) == 8)
        #expect(try k.graphemeBoundary(before: 8) == 6 && k.graphemeBoundary(before: 3) == 0)
        #expect(try d.graphemeBoundary(after: 8) == 16 && d.graphemeBoundary(before: 16) == 8)
        for (offset, n) in [(8, 8), (9, 8), (-1, 8)] {
            #expect(throws: TextLayoutError.offsetOutOfRange(offset: offset, length: n)) { try k.graphemeBoundary(after: offset) }
        }
        for (offset, n) in [(0, 8), (9, 8), (-3, 8)] {
            #expect(throws: TextLayoutError.offsetOutOfRange(offset: offset, length: n)) { try k.graphemeBoundary(before: offset) }
        }
        for offset in [16, 17, -1] {
            #expect(throws: TextLayoutError.offsetOutOfRange(offset: offset, length: 16)) { try d.graphemeBoundary(after: offset) }
        }
        for offset in [0, 17, Int.min] {
            #expect(throws: TextLayoutError.offsetOutOfRange(offset: offset, length: 16)) { try d.graphemeBoundary(before: offset) }
        }
    }

    @Test func pointToOffsetSnapsToTheNearerEdge() {
        #expect(l.position(at: Point(x: 2.4, y: 0.5)) == TextPosition(offset: 2))
        #expect(l.position(at: Point(x: 2.6, y: 0.5)) == TextPosition(offset: 3))
        #expect(l.position(at: Point(x: -5, y: -5)) == TextPosition(offset: 0))
        // Past the end of a soft-wrapped line: its end, upstream.
        #expect(l.position(at: Point(x: 100, y: 0.2)) == TextPosition(offset: 6, affinity: .upstream))
        // Below the last line: the last line.
        #expect(l.position(at: Point(x: 100, y: 50)) == TextPosition(offset: 11))
        #expect(l.position(at: Point(x: .nan, y: .infinity)) == TextPosition(offset: 6))
    }

    @Test func wideCharacterHalvesSnap() throws {
        let k = try layout("가나", 20)
        #expect(k.position(at: Point(x: 0.9, y: 0)).offset == 0)
        #expect(k.position(at: Point(x: 1.1, y: 0)).offset == 3)
    }

    @Test func upAndDownKeepTheGoalX() throws {
        // "abcdefgh" / "ab" / "abcdefgh" (hard lines).
        let k = try layout("abcdefgh\nab\nabcdefgh", 20)
        let start = TextPosition(offset: 6)                       // x = 6 on line 0
        let down1 = try k.position(movingVerticallyFrom: start, by: 1)
        #expect(down1.position == TextPosition(offset: 11))     // clamped to the end of "ab"
        #expect(down1.goalX == 6)
        let down2 = try k.position(movingVerticallyFrom: down1.position, by: 1, goalX: down1.goalX)
        #expect(down2.position == TextPosition(offset: 18))     // back to x = 6
        let up = try k.position(movingVerticallyFrom: start, by: -1)
        #expect(up.position == TextPosition(offset: 0))
        let end = try k.position(movingVerticallyFrom: down2.position, by: 1, goalX: 6)
        #expect(end.position == TextPosition(offset: k.utf8Count))
    }

    @Test func lineStartAndEnd() throws {
        #expect(try l.lineStart(for: TextPosition(offset: 9)) == TextPosition(offset: 6))
        #expect(try l.lineEnd(for: TextPosition(offset: 2)) == TextPosition(offset: 6, affinity: .upstream))
        #expect(try l.lineEnd(for: TextPosition(offset: 9)) == TextPosition(offset: 11))
        let k = try layout("ab\r\ncd", 20)
        #expect(try k.lineEnd(for: TextPosition(offset: 0)) == TextPosition(offset: 2))
    }

    @Test func graphemeSteps() throws {
        let k = try layout("a👨‍👩‍👧b\r\n", 20)
        let family = "👨‍👩‍👧".utf8.count
        #expect(try k.offset(after: 1) == 1 + family)
        #expect(try k.offset(before: 1 + family) == 1)
        #expect(try k.offset(after: 2 + family) == 4 + family)
        #expect(try k.offset(before: 4 + family) == 2 + family)
        #expect(try k.offset(before: 0) == 0)
        #expect(try k.offset(after: k.utf8Count) == k.utf8Count)
    }

    @Test func heightIsLinesTimesLineHeight() throws {
        let k = try layout("a b c d", 1, metrics: TerminalCellMetrics(lineHeight: 17.5))
        #expect(k.lineCount == 4)
        #expect(k.height == 70)
        #expect(try k.caretRect(for: TextPosition(offset: 6)).minY == 52.5)
    }
}
