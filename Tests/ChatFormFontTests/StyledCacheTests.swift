import Testing
import Foundation
import ChatFormFont
import ChatFormText

/// Styled text prepares the same whatever this thread's cache of shaped words holds: every
/// message of both styled corpora prepared with an empty cache, then again after all the
/// others filled it (in reverse order, so words come from other messages, after other
/// words), in both families; the lines (starts, widths to 1/65536 px) and heights at five
/// widths agree.
@Suite("Styled cache", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct StyledCacheTests {
    static func messages() throws -> [StyledParityTests.Message] {
        var out: [StyledParityTests.Message] = []
        for name in ["tuning", "holdout"] {
            let corpus = try String(contentsOf: StyledParityTests.fixtures.appendingPathComponent("styled-\(name).jsonl"), encoding: .utf8)
            for line in corpus.split(separator: "\n") {
                out.append(try JSONDecoder().decode(StyledParityTests.Message.self, from: Data(line.utf8)))
            }
        }
        return out
    }

    struct Prepared: Equatable {
        var starts: [[Int]]
        var widths: [[Double]]
        var heights: [Double]
    }

    static func prepare(_ m: StyledParityTests.Message, family: String) throws -> Prepared {
        let styled = try StyledText(StyledParityTests.elements(m, family: family, size: 16),
                                    style: ParagraphStyle(font: FontSpec(family: family, size: 16)))
        var p = Prepared(starts: [], widths: [], heights: [])
        for width in [90.0, 150, 240, 330, .infinity] {
            let layout = try styled.layout(width: width)
            p.starts.append(layout.lines.map(\.start))
            p.widths.append(layout.lines.map(\.width))
            p.heights.append(layout.height)
        }
        return p
    }

    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func coldAndWarmCachesPrepareAlike(family: String) throws {
        let messages = try Self.messages()
        #expect(messages.count >= 2000)
        var cold: [Prepared] = []
        for m in messages {
            FontStack.clearShapedWordCache()
            cold.append(try Self.prepare(m, family: family))
        }
        FontStack.clearShapedWordCache()
        for m in messages.reversed() { _ = try Self.prepare(m, family: family) }
        var differing: [String] = []
        for (k, m) in messages.enumerated() where try Self.prepare(m, family: family) != cold[k] { differing.append(m.id) }
        #expect(differing.isEmpty, "prepared apart from a cold cache: \(differing.prefix(10))")
    }
}
