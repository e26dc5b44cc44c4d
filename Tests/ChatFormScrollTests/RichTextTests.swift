import ChatFormScroll
import ChatFormText
import Testing

/// Rich rows on the table's cells: marks clamped to the text, equality by text, marks and
/// preparation, display-only, and hit testing held to the cell model (a cell is 1 wide, a
/// hit lands on the nearer cluster edge) across padding and rows of several lines.
@Suite("Rich text rows")
struct RichTextTests {
    @Test func marksAreClampedAndEqualityReadsTextMarksAndPreparation() throws {
        let rich = RichText(text: "hello", marks: [.init(range: 3..<99, style: .bold), .init(range: -4..<2, style: .italic)])
        #expect(rich.marks.map(\.range) == [3..<5, 0..<2])
        #expect(rich.style(at: 1) == .italic && rich.style(at: 4) == .bold && rich.style(at: 2) == [])
        #expect(rich == RichText(text: "hello", marks: [.init(range: 3..<5, style: .bold), .init(range: 0..<2, style: .italic)]))
        #expect(rich != RichText(text: "hello", marks: []))
        #expect(Set([rich, rich]).count == 1)
    }

    @Test func hitsAndCaretRectsFollowTheCellModel() throws {
        let text = "rich rows answer taps: 한국어 too"
        let padding = EdgeInsets(top: 1, left: 2, bottom: 1, right: 3)
        let rows: [Row<String>] = [
            .text("a", "plain message above"),
            Row(id: "r", content: .rich(RichText(text: text, marks: [.init(range: 0..<4, style: .bold)])), style: RowStyle(padding: padding)),
            Row(id: "f", content: .fixed(2)),
        ]
        let table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 17, height: 30)))
        let layout = try TextLayout(text: text, width: 12, metrics: TerminalCellMetrics())
        let top = table.rows.frame(ofRow: 1).y + padding.top
        #expect(table.rows.frame(ofRow: 1).height == layout.height + padding.vertical)
        for k in 0..<layout.lineCount {
            let line = layout.lines[k]
            // Each cell's left and right half.
            var x = 0.0
            var offset = line.start
            for character in text.utf8Prefix(from: line.start, to: line.contentEnd) {
                let w = Double(CellWidth.of(character))
                let left = table.rows.hitTest(Point(x: padding.left + x + w * 0.25, y: top + Double(k) + 0.5))
                let right = table.rows.hitTest(Point(x: padding.left + x + w * 0.75, y: top + Double(k) + 0.5))
                #expect(left?.position.offset == offset && left?.field == FieldRef(row: "r"))
                let next = offset + character.utf8.count
                if next == line.contentEnd && !line.isHard && k < layout.lineCount - 1 {
                    // Past the last cluster of a soft-wrapped line: its end, upstream (after any hanging space).
                    #expect(right?.position == TextPosition(offset: line.end, affinity: .upstream))
                } else {
                    #expect(right?.position.offset == next)
                }
                let rect = try table.rows.caretRect(for: TextPosition(offset: offset), in: FieldRef(row: "r"))
                #expect(rect.minX == padding.left + x && rect.minY == top + Double(k))
                x += w
                offset = next
            }
        }
        #expect(table.rows.hitTest(Point(x: 5, y: table.rows.frame(ofRow: 2).y + 1)) == nil, "a fixed row has no text")
        #expect(table.rows.hitTest(Point(x: 5, y: .nan)) == nil)
        #expect(throws: ScrollError.unknownRow("nope")) { try table.rows.caretRect(for: TextPosition(offset: 0), in: FieldRef(row: "nope")) }
        #expect(throws: ScrollError.self) { try table.rows.caretRect(for: TextPosition(offset: 999), in: FieldRef(row: "r")) }
    }
}

extension String {
    /// The characters of UTF-8 range `from..<to`.
    func utf8Prefix(from: Int, to: Int) -> [Character] {
        Array(String(decoding: Array(utf8)[from..<to], as: UTF8.self))
    }
}
