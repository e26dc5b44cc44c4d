import ChatFormTesting
import ChatFormFont
import Foundation
import Testing

/// `chatform wrap --letter-spacing` and `measure --letter-spacing` (a letter-spaced font
/// stack), held to Chromium's lines for the same text and CSS (the text modes fixture).
@Suite("chatform --letter-spacing")
struct LetterSpacingToolTests {
    static let available = (try? FontStack(family: "Noto Sans", size: 16)) != nil

    /// Chromium's line starts for corpus paragraph `id` in `family` at `width` under `mode`.
    static func chromium(_ id: String, _ family: String, _ width: Double, _ mode: String) throws -> [Int] {
        let url = ToolProcess.fixture("browser-modes-tuning.jsonl", target: "ChatFormFontTests")
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() {
            guard let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  row["id"] as? String == id, row["f"] as? String == family, row["w"] as? Double == width else { continue }
            return ((row["m"] as? [String: [Int]])?[mode]) ?? (row["s"] as? [Int] ?? [])
        }
        return []
    }

    @Test(.enabled(if: available, "Noto Sans is not installed"))
    func tabStopsCountTheSpacingAsChromiumDoes() throws {
        let text = "tab\tin\tthe\tmiddle and\t\tdouble"   // corpus paragraph edge-014
        let expected = try Self.chromium("edge-014", "Noto Sans", 160, "letter-spacing=1px")
        #expect(expected.count == 3)
        let wrap = try Tool.run(["wrap", "--font-family", "Noto Sans", "--width", "160", "--letter-spacing", "1", "--format", "jsonl"],
                                stdin: Data(text.utf8))
        #expect(wrap.status == 0, "\(wrap.stderr)")
        let starts = wrap.text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["start"] as? Int
        }
        #expect(starts == expected)
        let input = "{\"id\":1,\"text\":\"tab\\tin\\tthe\\tmiddle and\\t\\tdouble\"}\n"
        let measure = try Tool.run(["measure", "--font-family", "Noto Sans", "--width", "160", "--letter-spacing", "1"],
                                   stdin: Data(input.utf8))
        #expect(measure.status == 0, "\(measure.stderr)")
        let row = try JSONSerialization.jsonObject(with: Data(measure.text.utf8)) as? [String: Any]
        #expect(row?["lines"] as? Int == expected.count)
    }

    @Test func badSpacingIsRefused() throws {
        let wrap = try Tool.run(["wrap", "--font-family", "DejaVu Sans", "--width", "100", "--letter-spacing", "nan"], stdin: Data("x".utf8))
        #expect(wrap.status != 0 && wrap.stderr.contains("--letter-spacing"))
        let cells = try Tool.run(["wrap", "--width", "10", "--letter-spacing", "2"], stdin: Data("x".utf8))
        #expect(cells.status != 0 && cells.stderr.contains("--letter-spacing"))
        let measure = try Tool.run(["measure", "--width", "100", "--letter-spacing", "5000"], stdin: Data())
        #expect(measure.status != 0 && measure.stderr.contains("--letter-spacing"))
    }
}
