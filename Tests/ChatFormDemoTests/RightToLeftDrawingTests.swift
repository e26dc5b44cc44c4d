import ChatFormDemo
import ChatFormScroll
import ChatFormTerminal
import Testing

/// A right-to-left row on the terminal: each line's graphemes at the cells the layout shows
/// them in, the line placed from the right.
@Suite("Right-to-left rows on the terminal")
struct RightToLeftDrawingTests {
    @Test func linesArePlacedFromTheRight() throws {
        let text = "שלום עולם abc"
        let rows = [Row(id: "m", content: .text(text, editable: false), style: RowStyle(direction: .rtl)),
                    Row(id: "l", content: .text(text, editable: false))]
        let table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 16, height: 4)))
        var screen = ScreenBuffer(rows: 4, columns: 16)
        TableDrawing(table: table, originRow: 0).draw(into: &screen, clip: 0..<4) { _, _ in .init() }
        // Each grapheme at the cell its caret after it (right to left: its left edge) or
        // before it (left to right) shows, from the layout.
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            var end = offset + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            let grapheme = String(decoding: bytes[offset..<end], as: UTF8.self)
            // ("a" starts its run, at a direction boundary: its caret is drawn elsewhere.)
            if grapheme != " " && grapheme != "a" {
                let rtl = bytes[offset] >= 0x80
                let caret = try table.rows.caretRect(for: TextPosition(offset: rtl ? end : offset, affinity: .upstream), in: FieldRef(row: "m"))
                #expect(screen[0, Int(caret.minX)].grapheme == grapheme, "\(grapheme) at \(caret.minX): \(screen.rowText(0))")
            }
            offset = end
        }
        // The Hebrew at the right edge (the paragraph's start side), reversed; "abc" left of it.
        #expect(String(screen.rowText(0)).hasSuffix("abc םלוע םולש"), "\(screen.rowText(0))")
        // The row without a direction is still written as its text, from the left.
        #expect(String(screen.rowText(1)).hasPrefix(text), "\(screen.rowText(1))")
    }
}
