import Testing
import Foundation
import ChatFormFont
@testable import ChatFormMarkdown

/// Markdown messages against Chromium's rendering of cmark-gfm's HTML under the theme's CSS
/// (SPEC §2.1), recorded by `Tools/record-markdown-layout` into
/// `Fixtures/browser-markdown-*.jsonl` (messages from `Tools/make-markdown-corpus`). A layout is
/// identical when every block element's top, every line start and the height are Chromium's
/// and the widest line is within 1/64 px.
@Suite("Markdown browser parity", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed (see .ci/run)"))
struct MarkdownBrowserParityTests {
    struct Header: Decodable {
        var families: [[String]]
        var css: [String: String]
        /// The theme recorded under (`record-markdown-layout --theme`); nil: the default.
        var theme: MarkdownTheme?
    }

    struct Record: Decodable {
        var id: String
        var f: String
        var w: Double
        var h: Double
        var W: Double
        var b: [[Block]]
        var t: [[Text]]

        enum Block: Decodable, Equatable {
            case tag(String)
            case top(Double)
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let s = try? c.decode(String.self) { self = .tag(s) } else { self = .top(try c.decode(Double.self)) }
            }
        }

        enum Text: Decodable, Equatable {
            case block(Int)
            case starts([Int])
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let i = try? c.decode(Int.self) { self = .block(i) } else { self = .starts(try c.decode([Int].self)) }
            }
        }
    }

    struct Message: Decodable {
        var id: String
        var markdown: String
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func load(_ name: String) throws -> (header: Header, records: [Record], messages: [String: String]) {
        let decoder = JSONDecoder()
        let lines = try String(contentsOf: fixtures.appendingPathComponent("browser-markdown-\(name).jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let header = try decoder.decode(Header.self, from: Data(lines[0].utf8))
        let records = try lines.dropFirst().map { try decoder.decode(Record.self, from: Data($0.utf8)) }
        var messages: [String: String] = [:]
        // A themed fixture (`modes-tuning`) holds the plain corpus's messages (`tuning`).
        let corpusName = name.split(separator: "-").last.map(String.init) ?? name
        let corpus = try String(contentsOf: fixtures.appendingPathComponent("markdown-\(corpusName).jsonl"), encoding: .utf8)
        for line in corpus.split(separator: "\n") {
            let m = try decoder.decode(Message.self, from: Data(line.utf8))
            messages[m.id] = m.markdown
        }
        return (header, records, messages)
    }

    /// The theme the fixture was recorded with for a text family.
    static func theme(_ header: Header, family: String) -> MarkdownTheme {
        let code = header.families.first { $0[0] == family }![1]
        return (header.theme ?? MarkdownTheme.default).withFamilies(text: family, code: code)
    }

    /// The layouts that differ, each with what differs first.
    static func compare(_ name: String) throws -> (total: Int, differing: [String]) {
        let (header, records, messages) = try load(name)
        var typesetters: [String: MarkdownTypesetter] = [:]
        var differing: [String] = []
        for r in records {
            let typesetter: MarkdownTypesetter
            if let t = typesetters[r.f] { typesetter = t } else {
                typesetter = try MarkdownTypesetter(theme: theme(header, family: r.f))
                typesetters[r.f] = typesetter
            }
            let label = "\(r.id) \(r.f) \(r.w)px"
            guard let markdown = messages[r.id] else { differing.append("\(label): not in the corpus"); continue }
            let layout = try typesetter.layout(markdown, width: r.w)
            let blocks = layout.blocks.map { [Record.Block.tag($0.kind.tag), .top($0.top)] }
            let texts = layout.texts.filter { !$0.lines.isEmpty }.map { [Record.Text.block($0.block), .starts($0.lines.map(\.start))] }
            var why: [String] = []
            if blocks != r.b { why.append("blocks \(blocks.count) vs \(r.b.count) or their tops") }
            if texts != r.t { why.append("line starts") }
            if abs(layout.height - r.h) > 1e-6 { why.append("height \(layout.height) vs \(r.h)") }
            if abs(layout.usedWidth - r.W) > 1.0 / 64 + 1e-9 { why.append("widest \(layout.usedWidth) vs \(r.W)") }
            if !why.isEmpty { differing.append("\(label): \(why.joined(separator: "; "))") }
        }
        return (records.count, differing)
    }

    /// The issue's target, met on both fixtures: 99.902% tuning, 99.972% held-out.
    static let target = 0.999
    /// At most this many layouts may differ (what still differs is listed in Tools/README.md).
    static let mostDiffering: [String: Int] = ["tuning": 13, "holdout": 1]

    @Test(arguments: ["tuning", "holdout"])
    func messagesMatchChromium(corpus: String) throws {
        let (total, differing) = try Self.compare(corpus)
        let identical = Double(total - differing.count) / Double(total)
        print("markdown parity (\(corpus)): \(total - differing.count) of \(total) layouts identical (\(String(format: "%.3f", identical * 100))%)")
        for d in differing.prefix(30) { print("  differs: \(d)") }
        if ProcessInfo.processInfo.environment["PARITY_ALL"] != nil {
            for d in differing { print("PARITY \(corpus) \(d)") }
        }
        #expect(total >= 3600)
        #expect(identical >= Self.target, "below the issue's target of 99.9%")
        #expect(differing.count <= Self.mostDiffering[corpus]!,
                "\(differing.count) of \(total) layouts differ; first: \(differing.prefix(5))")
    }

    /// The fixture was recorded under the CSS the theme generates now: the style sheet in its
    /// header is the default theme's, families substituted, byte for byte.
    @Test(arguments: ["tuning", "holdout"])
    func theFixtureWasRecordedUnderTheThemesCSS(corpus: String) throws {
        let (header, _, _) = try Self.load(corpus)
        #expect(header.css.count == 2)
        for (family, css) in header.css {
            #expect(Self.theme(header, family: family).css(scope: ".md") == css)
        }
    }
}

enum MarkdownFonts {
    static var available: Bool {
        ["DejaVu Sans", "DejaVu Sans Mono", "Noto Sans", "Liberation Mono"].allSatisfy { (try? FontStack(family: $0, size: 16)) != nil }
    }
}
