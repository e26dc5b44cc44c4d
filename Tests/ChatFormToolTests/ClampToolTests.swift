import ChatFormTesting
import ChatFormFont
import ChatFormText
import Foundation
import Testing

/// `chatform wrap --line-clamp` and `chatform measure --line-clamp`, held to the library's
/// answers.
@Suite("chatform --line-clamp")
struct ClampToolTests {
    static let available = (try? FontStack(family: "DejaVu Sans", size: 16)) != nil
    static let text = "The quick brown fox jumps over the lazy dog and keeps running far away into the forest."

    static func objects(_ result: ToolProcess.Result) -> [[String: Any]] {
        result.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func wrapInCellsShowsTheLinesAndTheEllipsis() throws {
        let result = try Tool.run(["wrap", "--width", "20", "--line-clamp", "2"], stdin: Data(Self.text.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let clamped = try TextLayout(text: Self.text, width: 20).clamped(toLines: 2)
        let last = clamped.visibleRanges.map { r in
            String(decoding: Array(Self.text.utf8)[r], as: UTF8.self)
        }.joined() + "…"
        #expect(result.text == "The quick brown fox \n" + last + "\n")
        let json = try Tool.run(["wrap", "--width", "20", "--line-clamp", "2", "--format", "jsonl"], stdin: Data(Self.text.utf8))
        let rows = Self.objects(json)
        #expect(rows.count == 2 && rows[1]["truncated"] as? Bool == true)
        #expect(rows[1]["visibleEnd"] as? Int == clamped.visibleEnd && rows[1]["ellipsisX"] as? Int == Int(clamped.ellipsis!.x))
        // Nothing hidden: the lines as without the option.
        let plain = try Tool.run(["wrap", "--width", "20"], stdin: Data("short".utf8))
        let wide = try Tool.run(["wrap", "--width", "20", "--line-clamp", "3"], stdin: Data("short".utf8))
        #expect(plain.text == wide.text)
    }

    @Test func badClampsAreRefused() throws {
        for n in ["0", "-2"] {
            let result = try Tool.run(["wrap", "--width", "20", "--line-clamp", n], stdin: Data("x".utf8))
            #expect(result.status != 0 && result.stderr.contains("--line-clamp"))
        }
        let measure = try Tool.run(["measure", "--width", "200", "--line-clamp", "0"], stdin: Data())
        #expect(measure.status != 0 && measure.stderr.contains("--line-clamp"))
    }

    @Test(.enabled(if: available, "DejaVu Sans is not installed"))
    func measureGivesTheClampedHeightBesideTheHeight() throws {
        let input = "{\"id\":1,\"text\":\"\(Self.text)\"}\n{\"id\":2,\"text\":\"short\"}\n"
        let result = try Tool.run(["measure", "--width", "200", "--font-family", "DejaVu Sans", "--line-clamp", "2"],
                                  stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Self.objects(result)
        let prepared = try ShapedText(text: Self.text, shaper: try FontStack(family: "DejaVu Sans", size: 16))
        let clamped = try prepared.layout(width: 200, lineClamp: 2)
        #expect(rows.count == 2)
        #expect(rows[0]["clampedHeight"] as? Double == clamped.height && rows[0]["truncated"] as? Bool == true)
        #expect(rows[0]["visibleEnd"] as? Int == clamped.visibleEnd)
        #expect(abs((rows[0]["ellipsisX"] as? Double ?? -1) - clamped.ellipsis!.x) < 1e-4)
        #expect((rows[0]["height"] as? Double ?? 0) > clamped.height)
        #expect(rows[1]["truncated"] as? Bool == false && rows[1]["visibleEnd"] == nil)
    }
}

/// `--line-clamp` with `--spans`, `--markdown` and `--dir`.
@Suite("chatform --line-clamp, styled and right to left")
struct ClampStyledToolTests {
    @Test(.enabled(if: ClampToolTests.available, "DejaVu Sans is not installed"))
    func spansAreClampedAsTheSameTextIs() throws {
        // One plain span is the plain text: the same cut, the same ellipsis (in the paragraph's font).
        let spans = "[{\"text\":\"\(ClampToolTests.text)\"}]"
        let styled = try Tool.run(["wrap", "--spans", "--font-family", "DejaVu Sans", "--width", "200", "--line-clamp", "2",
                                   "--format", "jsonl"], stdin: Data(spans.utf8))
        #expect(styled.status == 0, "\(styled.stderr)")
        let prepared = try ShapedText(text: ClampToolTests.text, shaper: try FontStack(family: "DejaVu Sans", size: 16))
        let clamped = try prepared.layout(width: 200, lineClamp: 2)
        let rows = ClampToolTests.objects(styled)
        #expect(rows.count == 2 && rows[1]["truncated"] as? Bool == true)
        #expect(rows[1]["visibleEnd"] as? Int == clamped.visibleEnd)
        #expect(abs((rows[1]["ellipsisWidth"] as? Double ?? -1) - clamped.ellipsis!.width) < 1e-6)
        #expect(abs((rows[1]["ellipsisX"] as? Double ?? -1) - clamped.ellipsis!.x) < 1e-4)
        let measured = try Tool.run(["measure", "--font-family", "DejaVu Sans", "--width", "200", "--line-clamp", "2"],
                                    stdin: Data("{\"id\":1,\"spans\":\(spans)}\n".utf8))
        let m = ClampToolTests.objects(measured)
        #expect(m.first?["visibleEnd"] as? Int == clamped.visibleEnd)
    }

    @Test(.enabled(if: ClampToolTests.available, "DejaVu Sans is not installed"))
    func markdownShowsItsFirstLines() throws {
        let source = "**Deploy** done\n\n- api is up and running\n- web is up and running too\n\n> a quote"
        let all = try Tool.run(["wrap", "--markdown", "--font-family", "DejaVu Sans", "--width", "120", "--format", "jsonl"],
                               stdin: Data(source.utf8))
        let clamped = try Tool.run(["wrap", "--markdown", "--font-family", "DejaVu Sans", "--width", "120", "--format", "jsonl",
                                    "--line-clamp", "2"], stdin: Data(source.utf8))
        let lines = ClampToolTests.objects(all), shown = ClampToolTests.objects(clamped)
        #expect(lines.count > 2 && shown.count == 2)
        #expect(shown[1]["truncated"] as? Bool == true && shown[0]["truncated"] == nil)
        #expect(shown[1]["text"] as? String == lines[1]["text"] as? String)
        let input = "{\"id\":1,\"markdown\":\(String(decoding: try JSONSerialization.data(withJSONObject: source, options: .fragmentsAllowed), as: UTF8.self))}\n"
        let measured = ClampToolTests.objects(try Tool.run(["measure", "--font-family", "DejaVu Sans", "--width", "120",
                                                            "--line-clamp", "2"], stdin: Data(input.utf8)))
        let bottom = (lines[1]["top"] as? Double ?? 0) + (lines[1]["height"] as? Double ?? 0)
        #expect(measured.first?["clampedHeight"] as? Double == bottom && measured.first?["truncated"] as? Bool == true)
        let whole = ClampToolTests.objects(try Tool.run(["measure", "--font-family", "DejaVu Sans", "--width", "120",
                                                         "--line-clamp", "50"], stdin: Data(input.utf8)))
        #expect(whole.first?["clampedHeight"] as? Double == whole.first?["height"] as? Double && whole.first?["truncated"] as? Bool == false)
    }

    @Test func rightToLeftParagraphs() throws {
        let text = "שלום עולם טוב מאוד לכולם"
        let result = try Tool.run(["wrap", "--width", "10", "--line-clamp", "1", "--dir", "rtl", "--format", "jsonl"], stdin: Data(text.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let clamped = try TextLayout(text: text, width: 10).clamped(toLines: 1, direction: .rtl)
        let rows = ClampToolTests.objects(result)
        #expect(rows.first?["visibleEnd"] as? Int == clamped.visibleEnd && rows.first?["ellipsisX"] as? Int == Int(clamped.ellipsis!.x))
        // Without a clamp the direction still prepares the text (its levels, its shaping).
        let plain = try Tool.run(["wrap", "--width", "10", "--dir", "rtl"], stdin: Data(text.utf8))
        #expect(plain.status == 0, "\(plain.stderr)")
        let bad = try Tool.run(["wrap", "--markdown", "--width", "100", "--dir", "rtl"], stdin: Data(text.utf8))
        #expect(bad.status != 0 && bad.stderr.contains("--dir"))
    }
}
