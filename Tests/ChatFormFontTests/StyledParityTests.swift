import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// Styled messages against Chromium's layout of the same spans and images (SPEC §2.1),
/// recorded by `Tools/record-browser-layout --spans` into `Fixtures/browser-styled-*.jsonl`
/// from the corpora `Tools/make-styled-corpus` made (`Fixtures/styled-*.jsonl`). A message
/// is identical when every line starts where Chromium's does (UTF-8 offsets in the joined
/// text, an image counting as U+FFFC), every line's top and the total height agree, and
/// the widest line is within 1/64 px.
@Suite("Styled parity", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct StyledParityTests {
    struct Record: Decodable {
        var id: String
        var family: String
        var size: Double
        var width: Double
        var starts: [Int]
        var lineWidths: [Double]
        var lineTops: [Double]
        var height: Double
        /// Recorded with `--dir`: each line's left edge, and whether the box was right to left.
        var lineLefts: [Double?]?
        var rtl: Bool?
    }

    struct Message: Decodable {
        struct Element: Decodable {
            var text: String?
            var style: String?
            var img: [Double]?
        }
        var id: String
        var elements: [Element]
    }

    /// The styles of `Tools/styled_corpus.py`, key for key.
    static func spanStyle(_ key: String, family: String, size: Double) -> SpanStyle {
        let body = FontSpec(family: family, size: size)
        switch key {
        case "b": return SpanStyle(font: body.with(weight: 700))
        case "i": return SpanStyle(font: body.with(italic: true))
        case "bi": return SpanStyle(font: body.with(weight: 700).with(italic: true))
        case "code": return SpanStyle(font: FontSpec(family: "DejaVu Sans Mono", size: size * 0.875),
                                      edges: InlineEdges(padding: 2, border: 1))
        case "mention": return SpanStyle(font: body.with(weight: 700), edges: InlineEdges(padding: 4, border: 1, margin: 1))
        case "big": return SpanStyle(font: body.with(size: size * 1.25))
        case "spaced": return SpanStyle(font: body, letterSpacing: 0.5)
        case "small": return SpanStyle(font: body.with(size: size * 0.75))
        default: return SpanStyle(font: body)
        }
    }

    static func elements(_ m: Message, family: String, size: Double) -> [StyledElement] {
        m.elements.map { e in
            if let img = e.img {
                return .attachment(InlineAttachment(width: img[0], height: img[1], baselineOffset: img[2], edges: InlineEdges(margin: 1)))
            }
            return .span(TextSpan(e.text ?? "", style: spanStyle(e.style ?? "", family: family, size: size)))
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The records of `browser-styled-NAME.jsonl` and the messages of `styled-NAME.jsonl` by id.
    static func load(_ name: String) throws -> (records: [Record], messages: [String: Message]) {
        let decoder = JSONDecoder()
        let fixture = try String(contentsOf: fixtures.appendingPathComponent("browser-styled-\(name).jsonl"), encoding: .utf8)
        let records = try fixture.split(separator: "\n").dropFirst().map { try decoder.decode(Record.self, from: Data($0.utf8)) }
        let corpus = try String(contentsOf: fixtures.appendingPathComponent("styled-\(name).jsonl"), encoding: .utf8)
        var messages: [String: Message] = [:]
        for line in corpus.split(separator: "\n") {
            let m = try decoder.decode(Message.self, from: Data(line.utf8))
            messages[m.id] = m
        }
        return (records, messages)
    }

    /// Lays every record's message out; the records that differ, with what differs.
    static func compare(_ name: String) throws -> (total: Int, differing: [String]) {
        var kinds: [PlainMeasureKind: Int] = [:]
        return try compare(name, kinds: &kinds)
    }

    /// `compare(_:)`, counting the layouts by the walk `measure(width:)` takes (`kinds`).
    static func compare(_ name: String, kinds: inout [PlainMeasureKind: Int]) throws -> (total: Int, differing: [String]) {
        let (records, messages) = try load(name)
        var prepared: [String: StyledText] = [:]
        var differing: [String] = []
        for r in records {
            guard let m = messages[r.id] else { differing.append("\(r.id): not in the corpus"); continue }
            let key = "\(r.family)@\(r.size)#\(r.id)"
            let styled: StyledText
            if let p = prepared[key] { styled = p } else {
                styled = try StyledText(elements(m, family: r.family, size: r.size),
                                        style: ParagraphStyle(font: FontSpec(family: r.family, size: r.size)))
                prepared[key] = styled
            }
            let layout = try styled.layout(width: r.width)
            let starts = layout.lines.map(\.start)
            let tops = (0..<layout.lineCount).map { layout.lineTop($0) }
            var why: [String] = []
            if starts != r.starts { why.append("starts \(starts) vs \(r.starts)") }
            else if tops.count != r.lineTops.count || zip(tops, r.lineTops).contains(where: { abs($0 - $1) > 1e-6 }) {
                why.append("tops \(tops) vs \(r.lineTops)")
            }
            if abs(layout.height - r.height) > 1e-6 { why.append("height \(layout.height) vs \(r.height)") }
            // `measure(width:)` (`LineBreaker.measureStyled` for most) as Chromium counts.
            let measured = try styled.shaped.measure(width: r.width)
            if measured.lineCount != r.starts.count || abs(measured.height - r.height) > 1e-6 {
                why.append("measure \(measured) vs \(r.starts.count) lines, \(r.height)")
            }
            kinds[styled.shaped.storage.head.pointee.measureKind, default: 0] += 1
            let widest = r.lineWidths.max() ?? 0
            if abs(layout.usedWidth - widest) > 1.0 / 64 + 1e-9 { why.append("widest \(layout.usedWidth) vs \(widest)") }
            if !why.isEmpty { differing.append("\(r.id) \(r.family) \(r.width)px: " + why.joined(separator: "; ")) }
        }
        return (records.count, differing)
    }

    /// The issue's target: 99.9% of layouts identical, met on both fixtures (100% tuning,
    /// 99.972% held-out); what still differs is listed in Tools/README.md (a soft hyphen in a
    /// padded code span).
    static let target = 0.999
    /// What each fixture holds today, a floor against regressions: at most this many layouts
    /// may differ.
    static let mostDiffering: [String: Int] = ["tuning": 0, "holdout": 1]

    @Test(arguments: ["tuning", "holdout"])
    func styledMessagesMatchChromium(corpus: String) throws {
        var kinds: [PlainMeasureKind: Int] = [:]
        let (total, differing) = try Self.compare(corpus, kinds: &kinds)
        // Both styled measure walks are taken (the fixtures have fallback fonts and not).
        #expect(kinds[.styledUniform, default: 0] > 100 && kinds[.styledBoxes, default: 0] > 100, "\(kinds)")
        let identical = Double(total - differing.count) / Double(total)
        print("styled parity (\(corpus)): \(total - differing.count) of \(total) layouts identical (\(String(format: "%.3f", identical * 100))%)")
        for d in differing.prefix(40) { print("  differs: \(d)") }
        if ProcessInfo.processInfo.environment["PARITY_ALL"] != nil {
            for d in differing { print("STYLED \(corpus) \(d)") }
        }
        #expect(total >= 3000)
        #expect(identical >= Self.target, "below the issue's target of 99.9%")
        #expect(differing.count <= Self.mostDiffering[corpus]!,
                "\(differing.count) of \(total) styled layouts differ from Chromium's; first: \(differing.prefix(5))")
    }
}
