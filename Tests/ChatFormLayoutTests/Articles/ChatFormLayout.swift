import ChatFormLayout
import Testing

/// The landing page (ChatFormLayout.md), run as written.
@Suite("Article: the landing page")
struct ChatFormLayoutArticle {
    @Test func theFormSample() throws {
        let form = Row<String>(id: "form", content: .stack([
            .label("Name"), .field("name", text: "Kim"), .space(1),
            .label("Introduce yourself"), .field("bio"),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        var table = try TableSession(rows: [form],
                                     viewport: Viewport(size: Size(width: 36, height: 24), extraBottomInset: 3))
        try table.field.focus(table.rows.field(named: "bio", inRow: "form")!)
        try table.keyboard.show(height: 10, duration: 0.25, curve: .easeInOut)
        var framesWithTheCaretOutside = 0
        try table.advance(by: 0.3) { frame in
            // Every frame: the caret, one line above and below, is inside the visible band.
            let band = frame.viewport.visibleBand, caret = frame.caret!.rect
            if caret.minY - 1 < band.lowerBound || caret.maxY + 1 > band.upperBound { framesWithTheCaretOutside += 1 }
        }
        try table.field.type("The field grows, the table scrolls, the caret stays above the keyboard.")
        #expect(framesWithTheCaretOutside == 0)
        #expect(table.now == 0.3 && table.viewport.keyboardOverlap == 10)
        let band = table.viewport.visibleBand, caret = table.caret!.rect
        #expect(caret.minY - 1 >= band.lowerBound && caret.maxY + 1 <= band.upperBound)
        #expect(table.rows.frame(ofRow: 0).lines == 1 + 1 + 1 + 3)   // labels and name, then bio in 3 lines at width 32
    }
}
