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
