import Testing
import Foundation
import ChatFormFont
import ChatFormText

/// The engine against Chromium's own layout of the same paragraphs, fonts, sizes and
/// widths (SPEC §2.1), recorded by `Tools/record-browser-layout` into
/// `Fixtures/browser-*.jsonl` so that no browser is needed here. A layout is identical when
/// every line starts where Chromium's does and the paragraph is as tall.
@Suite("Browser parity", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct BrowserParityTests {
    struct Record: Decodable {
        var id: String
        var family: String
        var size: Double
        var width: Double
        var starts: [Int]
        var height: Double
        var lineWidths: [Double]
    }

    struct Paragraph: Decodable {
        var id: String
        var text: String
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The records of a fixture (the header line skipped) and the corpus texts by id.
    static func load(_ name: String) throws -> (records: [Record], texts: [String: String]) {
        let decoder = JSONDecoder()
        let fixture = try String(contentsOf: fixtures.appendingPathComponent("browser-\(name).jsonl"), encoding: .utf8)
        let records = try fixture.split(separator: "\n").dropFirst().map { try decoder.decode(Record.self, from: Data($0.utf8)) }
        let corpus = try String(contentsOf: fixtures.appendingPathComponent("corpus-\(name).jsonl"), encoding: .utf8)
        var texts: [String: String] = [:]
        for line in corpus.split(separator: "\n") {
            let p = try decoder.decode(Paragraph.self, from: Data(line.utf8))
            texts[p.id] = p.text
        }
        return (records, texts)
    }

    /// Lays every record's paragraph out; returns the records that differ, with why.
    static func compare(_ name: String) throws -> (total: Int, differing: [String], widths: [String]) {
        let (records, texts) = try load(name)
        var stacks: [String: FontStack] = [:]
        var prepared: [String: ShapedText] = [:]
        var differing: [String] = []
        var widths: [String] = []
        for r in records {
            let stackKey = "\(r.family)@\(r.size)"
            let stack: FontStack
            if let s = stacks[stackKey] { stack = s } else {
                stack = try FontStack(family: r.family, size: r.size)
                stacks[stackKey] = stack
            }
            guard let text = texts[r.id] else { differing.append("\(r.id): not in the corpus"); continue }
            let key = "\(stackKey)#\(r.id)"
            let shaped: ShapedText
            if let p = prepared[key] { shaped = p } else {
                shaped = try ShapedText(text: text, shaper: stack)
                prepared[key] = shaped
            }
            let layout = try shaped.layout(width: r.width)
            var starts = layout.lines.map(\.start)
            var height = layout.height
            // Chromium draws no empty line after a paragraph's final line break.
            if text.hasSuffix("\n") && starts.count > 1 {
                starts.removeLast()
                height -= layout.heightOfLine(layout.lineCount - 1)
            }
            if starts != r.starts || abs(height - r.height) > 1e-6 {
                differing.append("\(r.id) \(r.family) \(r.size)px \(r.width)px: starts \(starts) vs \(r.starts), height \(height) vs \(r.height)")
            }
            // The bubble width (SPEC §2.1): the widest line, within a layout unit.
            let widest = r.lineWidths.max() ?? 0
            if abs(layout.usedWidth - widest) > 1.0 / 64 + 1e-9 {
                widths.append("\(r.id) \(r.family) \(r.size)px \(r.width)px: widest line \(layout.usedWidth) vs \(widest)")
            }
        }
        return (records.count, differing, widths)
    }

    /// The share of identical layouts required: the issue's target, 99.9% (every layout of
    /// these fixtures is identical today; a change that costs more than a tenth of a
    /// percent of them fails here). `holdout2` is real text recorded after the rules were
    /// settled on the other two (`Tools/make-holdout2`).
    static let floor: [String: Double] = ["tuning": 0.999, "holdout": 0.999, "holdout2": 0.999]

    @Test(arguments: ["tuning", "holdout", "holdout2"])
    func layoutsMatchChromium(corpus: String) throws {
        let (total, differing, widths) = try Self.compare(corpus)
        let identical = Double(total - differing.count) / Double(total)
        print("browser parity (\(corpus)): \(total - differing.count) of \(total) layouts identical (\(String(format: "%.3f", identical * 100))%)")
        for d in differing.prefix(40) { print("  differs: \(d)") }
        if ProcessInfo.processInfo.environment["PARITY_ALL"] != nil {
            for d in differing { print("PARITY \(corpus) \(d)") }
        }
        #expect(total > 5000)
        #expect(identical >= Self.floor[corpus]!, "\(differing.count) of \(total) layouts differ from Chromium's; first: \(differing.prefix(5))")
        // The widest line's width, recorded per line as the union of the line's client
        // rectangles (Tools/README.md): the same share must agree within 1/64 px.
        let sameWidth = Double(total - widths.count) / Double(total)
        print("browser parity (\(corpus)): widest line within 1/64 px in \(total - widths.count) of \(total) layouts (\(String(format: "%.3f", sameWidth * 100))%)")
        for d in widths.prefix(20) { print("  width differs: \(d)") }
        #expect(sameWidth >= Self.floor[corpus]!, "\(widths.count) of \(total) widest lines differ from Chromium's; first: \(widths.prefix(5))")
    }
}
