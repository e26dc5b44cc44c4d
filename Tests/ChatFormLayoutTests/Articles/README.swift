import ChatFormLayout
import ChatFormMarkdown
import Testing

/// README.md, run as written.
@Suite("README")
struct ReadmeArticle {
    @Test func theFormSample() throws {
        // Seed 004's form: fields stacked in one cell, bottom buttons under the content.
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

    @Test(.enabled(if: (try? MarkdownTypesetter(theme: .default)) != nil, "DejaVu Sans and DejaVu Sans Mono are not installed"))
    func theMarkdownSample() throws {
let typesetter = try MarkdownTypesetter(theme: .default)   // or MarkdownTheme(json:), a user's theme
let layout = try typesetter.layout("**Deploy** done :tada: @ana\n\n> run `make check`", width: 280)
print(layout.height, layout.lineCount, layout.usedWidth, layout.fitWidth)
        #expect(layout.lineCount == 2)
        #expect(layout.blocks.map(\.kind.tag) == ["p", "blockquote", "p"])
        #expect(layout.usedWidth <= layout.width && layout.fitWidth <= layout.width)
    }
}
