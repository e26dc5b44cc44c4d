import ChatFormTesting
import Foundation
import Testing

/// `chatform markdown` and `chatform measure` with Markdown messages: layouts, HTML, CSS and
/// bad input (typed errors as error lines, never a crash).
@Suite("chatform markdown")
struct MarkdownToolTests {
    static func lines(_ result: ToolProcess.Result) -> [[String: Any]] {
        result.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func measureTakesMarkdownBesideText() throws {
        let input = #"""
        {"id":"m","markdown":"**Deploy** finished @ana\n\n- api\n- web"}
        {"id":"t","text":"plain text"}
        """# + "\n"
        let result = try Tool.run(["measure", "--width", "280", "--font-family", "DejaVu Sans"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Self.lines(result)
        #expect(rows.count == 2)
        #expect(rows[0]["lines"] as? Int == 3)
        let width = try #require(rows[0]["width"] as? Double), fit = try #require(rows[0]["fitWidth"] as? Double)
        #expect(fit <= width + 1.0 / 64 && width <= 280)
        // Plain text lines carry the bubble's figures too.
        #expect(rows[1]["lines"] as? Int == 1 && (rows[1]["width"] as? Double).map { $0 > 0 && $0 <= 280 } == true)
        #expect(rows[1]["fitWidth"] is Double)
    }

    @Test func badMessagesAreErrorLinesAndExitStatusOne() throws {
        let table = #"{"id":1,"markdown":"| a | b |\n|---|---|\n| 1 | 2 |"}"#
        let notString = #"{"id":2,"markdown":5}"#
        var input = Data((table + "\n" + notString + "\n").utf8)
        input.append(contentsOf: [0x7B, 0x22, 0xFF, 0x22, 0x7D, 0x0A])   // invalid UTF-8
        let result = try Tool.run(["markdown", "--width", "200"], stdin: input)
        #expect(result.status == 1)
        let rows = Self.lines(result)
        #expect(rows.count == 3)
        #expect((rows[0]["error"] as? String)?.contains("line 1: a table is not supported") == true)
        #expect(rows[1]["line"] as? Int == 2)
        #expect(rows[2]["line"] as? Int == 3)
    }

    @Test func htmlAndCSSComeFromTheTheme() throws {
        let html = try Tool.run(["markdown", "--html"], stdin: Data(#"{"id":1,"markdown":"hi @ana"}"#.utf8 + [0x0A]))
        #expect(html.status == 0)
        #expect(Self.lines(html).first?["html"] as? String == "<p>hi <span class=\"mention\">@ana</span></p>\n")
        let css = try Tool.run(["markdown", "--css", "--text-family", "Noto Sans", "--scope", ".bubble"])
        #expect(css.status == 0)
        #expect(css.text.hasPrefix(".bubble { display: flow-root;"))
        #expect(css.text.contains("font-family: 'Noto Sans'"))
    }

    /// `--dir rtl`: lines end at the right edge (`widths`), start left of it (`lefts`), the
    /// bubble is measured from the right; `measure --dir` does the same for Markdown lines;
    /// `--css --dir rtl` writes logical sides.
    @Test func dirLaysMessagesOutRightToLeft() throws {
        let input = Data((#"{"id":1,"markdown":"مرحبا **بالعالم** @ana\n\n- نعم"}"# + "\n").utf8)
        let rtl = try Tool.run(["markdown", "--width", "300", "--dir", "rtl"], stdin: input)
        let ltr = try Tool.run(["markdown", "--width", "300"], stdin: input)
        #expect(rtl.status == 0 && ltr.status == 0, "\(rtl.stderr)")
        let texts = try #require(Self.lines(rtl).first?["texts"] as? [[String: Any]])
        let rights = texts.compactMap { ($0["widths"] as? [Double])?.first }
        let lefts = texts.compactMap { ($0["lefts"] as? [Double])?.first }
        #expect(rights == [300, 300 - 24])
        let width = try #require(Self.lines(rtl).first?["width"] as? Double)
        #expect(abs(width - (300 - lefts.min()!)) < 1e-9)
        let ltrTexts = try #require(Self.lines(ltr).first?["texts"] as? [[String: Any]])
        #expect(ltrTexts.compactMap { ($0["lefts"] as? [Double])?.first } == [0, 24])
        let measured = try Tool.run(["measure", "--width", "300", "--dir", "rtl"], stdin: input)
        #expect(Self.lines(measured).first?["width"] as? Double == width)
        let css = try Tool.run(["markdown", "--css", "--dir", "rtl"])
        #expect(css.text.contains("padding-inline-start: 24px") && css.text.contains("direction: rtl"))
    }

    /// A `--dir` given replaces the theme's direction, `ltr` too (it was taken for "not
    /// given", so a right-to-left theme could not be measured left to right); left out, the
    /// theme's holds. `wrap --markdown` refuses any `--dir` given.
    @Test func anExplicitDirReplacesTheThemesDirection() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-rtl-theme-\(getpid()).json")
        try Data(#"{"direction": "rtl"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // Lines of mixed directions, whose widths (rounded run by run) differ by direction.
        let input = Data((#"{"id":1,"markdown":"abc (def) ghi, 123 مرحبا!"}"# + "\n"
                          + #"{"id":2,"markdown":"hello world, مرحبا بالعالم! (ok) 42 يوما"}"# + "\n").utf8)
        func measured(_ arguments: [String]) throws -> String {
            let result = try Tool.run(["measure", "--width", "200", "--font-family", "DejaVu Sans"] + arguments, stdin: input)
            #expect(result.status == 0 && Self.lines(result).count == 2, "\(result.stderr)")
            return result.text
        }
        let ltr = try measured([]), rtl = try measured(["--dir", "rtl"])
        #expect(ltr != rtl)
        #expect(try measured(["--theme", file.path]) == rtl)
        #expect(try measured(["--theme", file.path, "--dir", "ltr"]) == ltr)
        #expect(try measured(["--theme", file.path, "--dir", "rtl"]) == rtl)
        let wrap = try Tool.run(["wrap", "--markdown", "--width", "100", "--dir", "ltr"], stdin: Data("hi".utf8))
        #expect(wrap.status != 0 && wrap.stderr.contains("--dir"))
    }

    @Test func aBadThemeFileIsRefusedWithItsKey() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-theme-\(getpid()).json")
        try Data(#"{"spacing": {"paragraph": -2}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Tool.run(["markdown", "--css", "--theme", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("spacing.paragraph"))
    }

    @Test func aTenMegabyteMessageIsRefusedByTheSizeLimit() throws {
        let message = String(repeating: "word ", count: 2 << 20)   // 10 MiB
        let input = Data((#"{"id":"big","markdown":""# + message + "\"}\n").utf8)
        let result = try Tool.run(["markdown", "--width", "240"], stdin: input)
        #expect(result.status == 1)
        #expect(result.text.contains("more than the limit of 4194304"))
    }
}
