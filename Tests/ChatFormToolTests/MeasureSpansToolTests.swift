import ChatFormTesting
import ChatFormFont
import ChatFormText
import Foundation
import Testing

/// `chatform measure` with styled messages (`"spans"`) and the bubble figures (`width`,
/// `fitWidth`) beside the height, held to the library's answers.
@Suite("chatform measure: spans, width, fitWidth")
struct MeasureSpansToolTests {
    static let available = (try? FontStack(family: "DejaVu Sans", size: 16)) != nil

    struct Row: Decodable {
        var id: Int?
        var height: Double?
        var lines: Int?
        var width: Double?
        var fitWidth: Double?
        var line: Int?
        var error: String?
    }

    @Test(.enabled(if: available, "DejaVu Sans is not installed"))
    func spansAndTextGiveTheLibrarysFigures() throws {
        let input = #"""
        {"id":1,"text":"hello world, how are you today?"}
        {"id":2,"spans":[{"text":"Deploy is "},{"text":"done","weight":700},{"text":" "},{"text":"@kim","weight":700,"edges":[6,6]},{"attachment":{"width":20,"height":40,"baselineOffset":-4,"edges":1}}]}
        {"id":3,"spans":[{"text":"x","family":"No Such Family 42"}]}
        {"id":4,"spans":"nope"}
        {"id":5,"spans":[{"attachment":{"width":-2,"height":3}}]}
        """#
        let run = try Tool.run(["measure", "--font-family", "DejaVu Sans", "--width", "120", "--threads", "1"],
                               stdin: Data((input + "\n").utf8))
        #expect(run.status == 1, "bad lines make the exit status 1")
        let rows = try run.text.split(separator: "\n").map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
        #expect(rows.count == 5)
        let body = FontSpec(family: "DejaVu Sans", size: 16)
        let plain = try ShapedText(text: "hello world, how are you today?", shaper: FontStack(family: "DejaVu Sans", size: 16))
        let p = try plain.measureBubble(width: 120)
        #expect(rows[0].id == 1 && rows[0].lines == p.lineCount && rows[0].height == p.height)
        #expect(rows[0].width == p.width && rows[0].fitWidth == p.fitWidth)
        let styled = try StyledText([
            .text("Deploy is ", body), .span(TextSpan("done", style: SpanStyle(font: body.with(weight: 700)))), .text(" ", body),
            .span(TextSpan("@kim", style: SpanStyle(font: body.with(weight: 700), edges: InlineEdges(start: 6, end: 6)))),
            .attachment(InlineAttachment(width: 20, height: 40, baselineOffset: -4, edges: InlineEdges(start: 1, end: 1))),
        ], style: ParagraphStyle(font: body))
        let s = try styled.measureBubble(width: 120)
        #expect(rows[1].id == 2 && rows[1].lines == s.lineCount && rows[1].height == s.height)
        #expect(rows[1].width == s.width && rows[1].fitWidth == s.fitWidth)
        #expect(rows[2].line == 3 && rows[2].error?.contains("No Such Family 42") == true)
        #expect(rows[3].line == 4 && rows[3].error?.contains("array") == true)
        #expect(rows[4].line == 5 && rows[4].error?.contains("attachment") == true)
    }

    @Test(.enabled(if: available, "DejaVu Sans is not installed"))
    func spansNeedAFamily() throws {
        let input = Data(#"{"id":1,"spans":[{"text":"x"}]}"#.utf8 + [0x0A])
        let run = try Tool.run(["measure", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--width", "100"], stdin: input)
        #expect(run.status == 1)
        #expect(run.text.contains("--font-family"))
    }
}
