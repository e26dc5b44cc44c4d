import ChatFormMarkdown
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
