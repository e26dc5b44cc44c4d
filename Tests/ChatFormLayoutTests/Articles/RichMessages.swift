import ChatFormFont
import ChatFormMarkdown
import ChatFormScroll
import ChatFormTesting
import Foundation
import Testing

/// RichMessages.md, run as written.
@Suite("Article: rich messages",
       .enabled(if: (try? MarkdownTypesetter(theme: .default)) != nil, "DejaVu Sans and DejaVu Sans Mono are not installed (see .ci/run)"))
struct RichMessagesArticle {
    @Test func measuringAMessage() throws {
let typesetter = try MarkdownTypesetter(theme: .default)
let layout = try typesetter.layout("""
    **Deploy** finished :tada: @ana

    > run `make check` first

    - api
    - web
    """, width: 280)
print(layout.height)       // the bubble's content height, in pixels
print(layout.lineCount)    // every line of every block
print(layout.usedWidth)    // the widest line: how wide the bubble must be
print(layout.fitWidth)     // the narrowest width that keeps every block's line count
        #expect(layout.lineCount == 4)
        #expect(layout.blocks.map(\.kind.tag) == ["p", "blockquote", "p", "ul", "li", "li"])
        #expect(layout.usedWidth <= 280 && layout.fitWidth <= 280)
        let fitted = try typesetter.layout("""
            **Deploy** finished :tada: @ana

            > run `make check` first

            - api
            - web
            """, width: layout.fitWidth)
        #expect(fitted.height == layout.height)
    }

    @Test func aRichMessageInATable() throws {
let body = FontSpec(family: "DejaVu Sans", size: 16)
let message = try StyledText([
    .text("Deploy is ", body),
    .span(TextSpan("done", style: SpanStyle(font: body.with(weight: 700)))),
    .text(" ", body),
    .attachment(InlineAttachment(width: 20, height: 20, baselineOffset: -4, name: ":tada:")),
], style: ParagraphStyle(font: body))
let row = Row(id: 1, content: .rich(RichText(prepared: message.shaped)), style: RowStyle(padding: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)))
var chat = try TableSession(rows: [row], viewport: Viewport(size: Size(width: 320, height: 480)))
print(chat.rows.frame(ofRow: 0).height)                  // 4 + the styled layout's height + 4
if let hit = chat.rows.hitTest(Point(x: 30, y: 12)) {    // a tap: the nearest caret position
    print(try chat.rows.caretRect(for: hit.position, in: hit.field))
}
try chat.resize(to: Size(width: 120, height: 480))  // re-laid from the prepared text, no shaping
        #expect(chat.rows.frame(ofRow: 0).height == (try message.layout(width: 104)).height + 8)
        #expect(try message.layout(width: 104).lineCount == 2)
        let tap = try #require(chat.rows.hitTest(Point(x: 30, y: 12)))
        #expect(tap.field == FieldRef(row: 1) && tap.position.offset > 0 && tap.position.offset < 10)
        #expect(throws: ScrollError.notEditable("1#0")) { try chat.field.focus(FieldRef(row: 1)) }
    }

    @Test func theCommandLineSampleIsWhatTheToolPrints() throws {
        let article = try String(contentsOf: ToolProcess.packageRoot
            .appendingPathComponent("Sources/ChatFormMarkdown/ChatFormMarkdown.docc/RichMessages.md"), encoding: .utf8)
        let lines = article.split(separator: "\n").map(String.init)
        let command = try #require(lines.firstIndex { $0.hasPrefix("echo '{\"id\":1,\"markdown\":\"**Deploy**") })
        let input = String(lines[command].dropFirst("echo '".count).prefix { $0 != "'" })
        let result = try ToolProcess.run(["measure", "--width", "280"], stdin: Data((input + "\n").utf8))
        #expect(result.status == 0)
        #expect(result.text.trimmingCharacters(in: .newlines) == lines[command + 1])
    }

    @Test func aRightToLeftMessage() throws {
var theme = MarkdownTheme.default
theme.direction = .auto                      // or .rtl; .ltr is the default
let typesetter = try MarkdownTypesetter(theme: theme)
let layout = try typesetter.layout("**تم** النشر :tada:\n\n- api\n- web", width: 280)
print(layout.direction)                      // rtl: the first strong character is Arabic
        #expect(layout.direction == .rtl)
        // Lines end at the right edge; the list's items are indented on the right, not the left.
        let paragraph = layout.texts[0].lines[0], item = layout.texts[1].lines[0]
        #expect(abs(paragraph.left + paragraph.width - 280) < 1e-9)
        #expect(abs(item.left + item.width - (280 - theme.listIndent)) < 1e-9)
        #expect(abs(layout.usedWidth - (280 - paragraph.left)) < 1e-9)
    }

    @Test func theThemeSampleIsATheme() throws {
        let json = """
            {"fonts": {"body": {"family": "Noto Sans", "size": 15}, "code": {"family": "Liberation Mono", "size": 13}},
             "spacing": {"paragraph": 6}, "mentionPadding": 3,
             "emoji": {"party": {"src": "https://example.org/party.png", "width": 22, "height": 22}}}
            """
        let theme = try MarkdownTheme(json: Array(json.utf8))
        #expect(theme.font(.body).size == 15 && theme.spacing.paragraph == 6 && theme.emojiSize(of: "party") == (22, 22))
    }
}
