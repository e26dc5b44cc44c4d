import Testing
import Foundation
import ChatFormText
@testable import ChatFormMarkdown

/// Right-to-left Markdown messages against Chromium: `Fixtures/markdown-rtl-{tuning,holdout}.jsonl`
/// (`Tools/make-markdown-rtl-corpus`: the bidi corpora's Arabic, Hebrew and Persian strings and
/// mixed chat lines, with emphasis, code spans, links, mentions, emoji, lists, quotes and code
/// blocks) drawn by `Tools/record-markdown-layout --dir rtl` in `<div class="md" dir="rtl">`
/// under `chatform markdown --css --dir rtl` (`Fixtures/browser-markdown-rtl-*.jsonl`: DejaVu
/// Sans and Noto Sans, 240, 320 and 480 px). Each kind of check is counted on its own: a
/// layout's line starts, its block tops, its height, its bubble width (from the right edge to
/// the leftmost line, within 1/64 px), and each line's left edge (within 1/64 px). The held-out
/// messages are also recorded in `<div dir="auto">` boxes (`browser-markdown-auto-holdout.jsonl`;
/// 54 of the 150, whose first strong character is Latin, resolve left to right).
@Suite("Markdown browser parity, right to left", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed (see .ci/run)"))
struct MarkdownRightToLeftParityTests {
    struct Header: Decodable {
        var families: [[String]]
        var css: [String: String]
        var dir: String
    }

    struct Record: Decodable {
        var id: String
        var f: String
        var w: Double
        var h: Double
        /// The widest line's right edge (the bubble of a message that resolves left to right).
        var W: Double
        var b: [[MarkdownBrowserParityTests.Record.Block]]
        var t: [[MarkdownBrowserParityTests.Record.Text]]
        /// Each text's line left edges (nil: a line with nothing drawn).
        var x: [[Double?]]
        /// The leftmost line's left edge.
        var L: Double?
    }

    /// Agreement per kind of check, and what differs.
    struct Tally {
        var layouts = 0, starts = 0, tops = 0, heights = 0, bubbles = 0
        var lines = 0, lefts = 0
        var differing: [String] = []
    }

    /// `browser-markdown-<dir>-<name>.jsonl` and its corpus, `markdown-rtl-<name>.jsonl`.
    static func load(_ name: String, dir: String = "rtl") throws -> (header: Header, records: [Record], messages: [String: String]) {
        let decoder = JSONDecoder()
        let fixtures = MarkdownBrowserParityTests.fixtures
        let lines = try String(contentsOf: fixtures.appendingPathComponent("browser-markdown-\(dir)-\(name).jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let header = try decoder.decode(Header.self, from: Data(lines[0].utf8))
        let records = try lines.dropFirst().map { try decoder.decode(Record.self, from: Data($0.utf8)) }
        var messages: [String: String] = [:]
        let corpus = try String(contentsOf: fixtures.appendingPathComponent("markdown-rtl-\(name).jsonl"), encoding: .utf8)
        for line in corpus.split(separator: "\n") {
            let m = try decoder.decode(MarkdownBrowserParityTests.Message.self, from: Data(line.utf8))
            messages[m.id] = m.markdown
        }
        return (header, records, messages)
    }

    static func theme(_ header: Header, family: String, direction: ParagraphDirection) -> MarkdownTheme {
        let code = header.families.first { $0[0] == family }![1]
        var theme = MarkdownTheme.default.withFamilies(text: family, code: code)
        theme.direction = direction
        return theme
    }

    /// The fixture recorded under `dir` laid out in `direction`.
    static func compare(_ name: String, dir: String = "rtl", direction: ParagraphDirection = .rtl) throws -> Tally {
        let (header, records, messages) = try load(name, dir: dir)
        var typesetters: [String: MarkdownTypesetter] = [:]
        var tally = Tally()
        let eps = 1.0 / 64 + 1e-9
        for r in records {
            let typesetter: MarkdownTypesetter
            if let t = typesetters[r.f] { typesetter = t } else {
                typesetter = try MarkdownTypesetter(theme: theme(header, family: r.f, direction: direction))
                typesetters[r.f] = typesetter
            }
            let label = "\(r.id) \(r.f) \(r.w)px"
            let markdown = try #require(messages[r.id], "\(label): not in the corpus")
            let layout = try typesetter.layout(markdown, width: r.w)
            tally.layouts += 1
            var why: [String] = []
            let blocks = layout.blocks.map { [MarkdownBrowserParityTests.Record.Block.tag($0.kind.tag), .top($0.top)] }
            if blocks == r.b { tally.tops += 1 } else { why.append("blocks \(blocks.count) vs \(r.b.count) or their tops") }
            let texts = layout.texts.filter { !$0.lines.isEmpty }
            let starts = texts.map { [MarkdownBrowserParityTests.Record.Text.block($0.block), .starts($0.lines.map(\.start))] }
            if starts == r.t { tally.starts += 1 } else { why.append("line starts") }
            if abs(layout.height - r.h) <= 1e-6 { tally.heights += 1 } else { why.append("height \(layout.height) vs \(r.h)") }
            // The bubble from the start edge: right to left, the width less the leftmost line.
            let bubble = layout.direction == .rtl ? r.L.map { r.w - $0 } ?? 0 : r.W
            if abs(layout.usedWidth - bubble) <= eps { tally.bubbles += 1 } else { why.append("bubble \(layout.usedWidth) vs \(bubble)") }
            if starts == r.t {
                for (text, recorded) in zip(texts, r.x) {
                    for (k, left) in recorded.enumerated() {
                        guard let left, k < text.lines.count else { continue }
                        tally.lines += 1
                        if abs(text.lines[k].left - left) <= eps { tally.lefts += 1 } else {
                            why.append("text \(text.block) line \(k) left \(text.lines[k].left) vs \(left)")
                        }
                    }
                }
            }
            if !why.isEmpty { tally.differing.append("\(label): \(why.joined(separator: "; "))") }
        }
        return tally
    }

    /// At most this many layouts may differ (each listed in Tools/README.md, "Right to left"):
    /// rt0092 in Noto Sans at 480 px, where Chromium ends a list item's first line before
    /// "build" with 4.14 px to spare (a space is 4.16 px) and the engine fits it; not explained.
    static let mostDiffering: [String: Int] = ["tuning": 1, "holdout": 0]

    @Test(arguments: ["tuning", "holdout"])
    func rightToLeftMessagesMatchChromium(corpus: String) throws {
        let t = try Self.compare(corpus)
        func pct(_ n: Int, _ of: Int) -> String { String(format: "%d/%d (%.3f%%)", n, of, 100 * Double(n) / Double(max(of, 1))) }
        print("markdown rtl parity (\(corpus)): starts \(pct(t.starts, t.layouts)), tops \(pct(t.tops, t.layouts)), "
              + "heights \(pct(t.heights, t.layouts)), bubbles \(pct(t.bubbles, t.layouts)), left edges \(pct(t.lefts, t.lines)); "
              + "\(t.layouts - t.differing.count) layouts identical")
        for d in t.differing.prefix(30) { print("  differs: \(d)") }
        #expect(t.layouts >= 900)
        for (name, n, of) in [("starts", t.starts, t.layouts), ("tops", t.tops, t.layouts), ("heights", t.heights, t.layouts),
                              ("bubbles", t.bubbles, t.layouts), ("left edges", t.lefts, t.lines)] {
            #expect(Double(n) >= 0.999 * Double(of), "\(name): \(n) of \(of), below 99.9%")
        }
        #expect(t.lines > 4 * t.layouts / 2, "the fixture's left edges were compared")
        #expect(t.differing.count <= Self.mostDiffering[corpus]!, "\(t.differing.prefix(5))")
    }

    @Test("The same messages laid out left to right put their lines and bubbles elsewhere")
    func leftToRightDiffers() throws {
        let t = try Self.compare("holdout", direction: .ltr)
        #expect(t.differing.count > t.layouts / 2, "\(t.differing.count) of \(t.layouts) differ")
    }

    @Test("auto takes right to left from these messages' first strong characters where they are right to left")
    func autoFollowsTheFirstStrongCharacter() throws {
        let (header, records, messages) = try Self.load("holdout")
        let family = try #require(records.first?.f)
        let auto = try MarkdownTypesetter(theme: Self.theme(header, family: family, direction: .auto))
        var rtl = 0
        for (id, markdown) in messages.sorted(by: { $0.key < $1.key }) {
            let layout = try auto.layout(markdown, width: 320)
            let document = try MarkdownDocument(parsing: markdown, options: auto.theme.parseOptions)
            let first = document.blocks.lazy.compactMap(Self.firstText).first ?? ""
            #expect(layout.direction == (ParagraphDirection.auto.isRightToLeft(first) ? .rtl : .ltr), "\(id)")
            if layout.direction == .rtl { rtl += 1 }
        }
        print("auto: \(rtl) of \(messages.count) held-out messages right to left")
        #expect(rtl > messages.count / 2 && rtl < messages.count, "both directions occur")
    }

    /// The held-out messages drawn in `<div dir="auto">` boxes (`record-markdown-layout --dir
    /// auto`): each takes one direction from its first strong character, as the theme's `auto`.
    @Test func autoMatchesChromiumsDirAuto() throws {
        let t = try Self.compare("holdout", dir: "auto", direction: .auto)
        print("markdown auto parity (holdout): starts \(t.starts)/\(t.layouts), tops \(t.tops), heights \(t.heights), "
              + "bubbles \(t.bubbles), left edges \(t.lefts)/\(t.lines)")
        for d in t.differing.prefix(10) { print("  differs: \(d)") }
        #expect(t.layouts == 900)
        #expect(t.differing.isEmpty, "\(t.differing.prefix(5))")
    }

    /// The first block's text with a strong character (a simple model of `dir="auto"`).
    static func firstText(_ block: MarkdownBlock) -> String? {
        func strong(_ s: String) -> String? {
            s.unicodeScalars.contains { $0.properties.isAlphabetic } ? s : nil
        }
        switch block.kind {
        case .paragraph(let t), .heading(_, let t): return strong(t.text)
        case .codeBlock(_, let code): return strong(code)
        case .blockQuote(let inner): return inner.lazy.compactMap(firstText).first
        case .list(let list): return list.items.lazy.flatMap { $0 }.compactMap(firstText).first
        case .thematicBreak: return nil
        }
    }

    /// The fixtures were recorded under the sheets a right-to-left and an `auto` theme write now.
    @Test(arguments: [("tuning", "rtl"), ("holdout", "rtl"), ("holdout", "auto")])
    func theFixtureWasRecordedUnderTheThemesCSS(corpus: String, dir: String) throws {
        let (header, _, _) = try Self.load(corpus, dir: dir)
        let direction = try #require(ParagraphDirection(rawValue: dir))
        #expect(header.dir == dir)
        for (family, css) in header.css {
            #expect(Self.theme(header, family: family, direction: direction).css(scope: ".md") == css)
            #expect(css.contains("padding-inline-start") && css.contains("border-inline-start"))
            #expect(css.contains("direction: rtl") == (direction == .rtl))
        }
    }
}
