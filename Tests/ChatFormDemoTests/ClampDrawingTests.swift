import ChatFormDemo
import ChatFormScroll
import ChatFormTerminal
import Testing

/// A clamped row on the terminal: the lines shown, the last one's graphemes kept and the
/// ellipsis where the clamp put it.
@Suite("Clamped rows on the terminal")
struct ClampDrawingTests {
    @Test func theLastLineShownEndsInTheEllipsis() throws {
        let text = "the quick brown fox jumps over the lazy dog"
        let rows = [Row(id: "m", content: .text(text, editable: false), style: RowStyle(lineClamp: 2))]
        let table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 12, height: 6)))
        var screen = ScreenBuffer(rows: 6, columns: 12)
        TableDrawing(table: table, originRow: 0).draw(into: &screen, clip: 0..<6) { _, _ in .init() }
        // The model: the layout's first line, then its second cut so that "…" fits.
        let clamped = try TextLayout(text: text, width: 12).clamped(toLines: 2)
        let bytes = Array(text.utf8)
        let kept = clamped.visibleRanges.map { String(decoding: bytes[$0], as: UTF8.self) }.joined()
        #expect(screen.rowText(0).hasPrefix(String(clamped.layout.lineText(0)).trimmingSuffix()))
        let second = String(screen.rowText(1))
        #expect(second.hasPrefix(kept) && second.contains("…"), "\(second)")
        #expect(screen[1, Int(clamped.ellipsis!.x)].grapheme == "…")
        #expect(screen.rowText(2).allSatisfy { $0 == " " }, "nothing past the clamp")
    }
}

extension String {
    func trimmingSuffix() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
