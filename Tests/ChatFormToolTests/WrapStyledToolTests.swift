import ChatFormFont
import ChatFormMarkdown
import ChatFormTesting
import ChatFormText
import Foundation
import Testing

/// `chatform wrap --spans` and `--markdown`: styled lines held to the library's layouts, the
/// runs of each line, the pictures, and bad input.
@Suite("chatform wrap: spans and Markdown", .serialized)
struct WrapStyledToolTests {
    static let available = (try? FontStack(family: "DejaVu Sans", size: 16)) != nil

    static let spansJSON = #"""
    [{"text":"Deploy is "},{"text":"do","weight":700},{"text":"ne and "},{"text":"@kim","weight":700,"edges":[6,6]},
     {"text":" see "},{"attachment":{"width":20,"height":40,"baselineOffset":-4,"edges":1}},
     {"text":" run make test now please","italic":true},{"text":" — ok"}]
    """#

    static var spansElements: [StyledElement] {
        let body = FontSpec(family: "DejaVu Sans", size: 16)
        return [
            .text("Deploy is ", body), .span(TextSpan("do", style: SpanStyle(font: body.with(weight: 700)))), .text("ne and ", body),
            .span(TextSpan("@kim", style: SpanStyle(font: body.with(weight: 700), edges: InlineEdges(start: 6, end: 6)))),
            .text(" see ", body),
            .attachment(InlineAttachment(width: 20, height: 40, baselineOffset: -4, edges: InlineEdges(start: 1, end: 1))),
            .span(TextSpan(" run make test now please", style: SpanStyle(font: body.with(italic: true)))), .text(" — ok", body),
        ]
    }

    static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test(.enabled(if: available, "DejaVu Sans is not installed"), arguments: [60.0, 120, 333])
    func spanLinesAreTheLibrarysAndTheirRunsCoverThem(width: Double) throws {
        let r = try Tool.run(["wrap", "--spans", "--font-family", "DejaVu Sans", "--width", "\(width)", "--format", "jsonl"],
                             stdin: Data(Self.spansJSON.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let styled = try StyledText(Self.spansElements, style: ParagraphStyle(font: FontSpec(family: "DejaVu Sans", size: 16)))
        let layout = try styled.layout(width: width)
        let lines = Self.objects(r.text)
        try #require(lines.count == layout.lineCount)
        for (k, o) in lines.enumerated() {
            let line = layout.lines[k]
            #expect(o["start"] as? Int == line.start && o["end"] as? Int == line.end)
            #expect(o["width"] as? Double == (line.width * 65536).rounded() / 65536)
            #expect(o["height"] as? Double == layout.heightOfLine(k) && o["top"] as? Double == layout.lineTop(k))
            // The runs partition the line, in order, each inside its element, at the caret's x.
            let runs = try #require(o["runs"] as? [[String: Any]])
            var at = line.start
            for run in runs {
                let e = try #require(run["element"] as? Int), s = try #require(run["start"] as? Int), t = try #require(run["end"] as? Int)
                #expect(s == at)
                #expect(styled.elementOffsets[e] <= s && t <= styled.elementOffsets[e + 1])
                #expect(run["x"] as? Double == (try layout.caretX(onLine: k, at: Swift.min(s, line.contentEnd))))
                at = t
            }
            #expect(at == line.end)
        }
    }

    @Test(.enabled(if: available, "DejaVu Sans is not installed"))
    func textFormatPrintsEachLineAndTheSVGDrawsFontsAndBoxes() throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("wrap-spans-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let r = try Tool.run(["wrap", "--spans", "--font-family", "DejaVu Sans", "--width", "120", "--svg", svg],
                             stdin: Data(Self.spansJSON.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let styled = try StyledText(Self.spansElements, style: ParagraphStyle(font: FontSpec(family: "DejaVu Sans", size: 16)))
        let layout = try styled.layout(width: 120)
        let bytes = Array(styled.text.utf8)
        #expect(r.text == layout.lines.map { String(decoding: bytes[$0.start..<$0.contentEnd], as: UTF8.self) + "\n" }.joined())
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.components(separatedBy: "class=\"attachment\"").count - 1 == 1, "one box for the one attachment")
        #expect(picture.contains("font-weight=\"700\"") && picture.contains("font-style=\"italic\""))
        #expect(picture.contains("data-lines=\"\(layout.lineCount)\""))
        #expect(picture.components(separatedBy: "class=\"linebox\"").count - 1 == layout.lineCount)
    }

    @Test(.enabled(if: available, "DejaVu Sans is not installed"))
    func markdownLinesAreTheTypesettersAndTheSVGHasEveryLine() throws {
        let message = "# Release\n\n> **fixed** the `--width` flag for bubbles that are narrow\n\n- one\n- two @ana\n\n```\nlet x = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9\n```\n"
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("wrap-md-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let r = try Tool.run(["wrap", "--markdown", "--font-family", "DejaVu Sans", "--width", "180", "--format", "jsonl", "--svg", svg],
                             stdin: Data(message.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let theme = MarkdownTheme.default.withFamilies(text: "DejaVu Sans", code: MarkdownTheme.default.font(.code).family)
        let layout = try MarkdownTypesetter(theme: theme).layout(message, width: 180)
        let expected = layout.texts.flatMap { text in text.lines.map { (text.block, $0) } }
        let lines = Self.objects(r.text)
        try #require(lines.count == expected.count && lines.count == layout.lineCount)
        for (o, (block, line)) in zip(lines, expected) {
            #expect(o["block"] as? Int == block && o["tag"] as? String == layout.blocks[block].kind.tag)
            #expect(o["start"] as? Int == line.start && o["top"] as? Double == line.top && o["left"] as? Double == line.left)
            #expect(o["width"] as? Double == line.width && o["height"] as? Double == line.height)
        }
        #expect(lines.last?["tag"] as? String == "pre" && (lines.last?["width"] as? Double ?? 0) > 180, "a code block does not wrap")
        #expect(lines.first?["text"] as? String == "Release")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.components(separatedBy: "class=\"linebox\"").count - 1 == layout.lineCount)
        #expect(picture.components(separatedBy: "class=\"block\"").count - 1 == layout.blocks.count)
    }

    @Test(arguments: [
        (["--spans"], "[{\"text\": 5}]"), (["--spans"], "not json"), (["--spans"], "{\"no\":1}"),
        (["--spans", "--font-family", "No Such Family 42"], "[{\"text\":\"x\"}]"),
        (["--spans"], "[{\"attachment\":{\"width\":-1,\"height\":3}}]"),
        (["--markdown", "--theme", "/nonexistent/theme.json"], "hi"),
        (["--markdown"], "| a | b |\n|---|---|\n| 1 | 2 |\n"),
    ])
    func badStyledInputExitsTwoWithAMessage(arguments: [String], input: String) throws {
        let r = try Tool.run(["wrap", "--width", "100"] + arguments, stdin: Data(input.utf8))
        #expect(r.status == 2, "\(arguments) \(input): \(r.stderr)")
        #expect(r.stderr.contains("chatform wrap:"))
        #expect(r.stdout.isEmpty)
    }

    @Test func invalidUTF8AndConflictingFlags() throws {
        let bad = try Tool.run(["wrap", "--width", "100", "--markdown"], stdin: Data([0x2A, 0xFF, 0x2A]))
        #expect(bad.status == 2 && bad.stderr.contains("invalid UTF-8"))
        for arguments in [["--spans", "--markdown"], ["--spans", "--font", "/x.ttf"], ["--theme", "t.json"]] {
            let r = try Tool.run(["wrap", "--width", "100"] + arguments, stdin: Data("x".utf8))
            #expect(r.status == 64, "\(arguments): \(r.stderr)")
        }
    }
}
