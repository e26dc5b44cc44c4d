import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// The CSS text modes against Chromium (`TextModes`, `FontStack(tabWidth:)`): the same
/// paragraphs, two families at 16 px, three widths, laid out by Chromium under each mode and
/// recorded by `Tools/record-browser-layout --modes` into `Fixtures/browser-modes-*.jsonl`
/// (one line per paragraph, family and width, every mode on it).
/// Per mode: every line start, and for `text-align` each line's left and right edge.
/// `tuning` is the corpus the rules were fitted on; `holdout2` was not used to fit them.
@Suite("Text modes parity", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct TextModesParityTests {
    /// One layout: a paragraph in a family at a width under a mode.
    struct Record {
        var id: String
        var f: String
        var w: Double
        var m: String
        var s: [Int]
        var x: [Double?]?
        var r: [Double?]?
    }

    /// A fixture line: one paragraph, family and width under every mode (the starts most
    /// modes give, the others' by mode, the edges of the `text-align` modes).
    struct Line: Decodable {
        var id: String
        var f: String
        var w: Double
        var s: [Int]
        var m: [String: [Int]]?
        var x: [String: [Double?]]?
        var r: [String: [Double?]]?
    }

    struct Header: Decodable { var modes: [String] }

    /// The modes checked: every value recorded. `letter-spacing` is a span's
    /// (`SpanStyle.letterSpacing`): the paragraph is one styled span.
    static let modes = [
        "white-space=normal", "white-space=nowrap", "white-space=pre", "white-space=pre-line",
        "word-break=break-all", "word-break=keep-all",
        "overflow-wrap=normal", "overflow-wrap=anywhere",
        "line-break=strict", "line-break=normal", "line-break=loose", "line-break=anywhere",
        "text-align=start", "text-align=end", "text-align=center", "text-align=justify",
        "tab-size=4", "tab-size=1", "letter-spacing=1px", "letter-spacing=-0.5px",
    ]

    /// The records of each fixture, by mode (read once).
    static let fixtures: [String: [String: [Record]]] = {
        var all: [String: [String: [Record]]] = [:]
        for name in ["tuning", "holdout2"] {
            let url = BrowserParityTests.fixtures.appendingPathComponent("browser-modes-\(name).jsonl")
            guard let data = try? String(contentsOf: url, encoding: .utf8) else { continue }
            var byMode: [String: [Record]] = [:]
            let lines = data.split(separator: "\n")
            guard let first = lines.first, let header = try? JSONDecoder().decode(Header.self, from: Data(first.utf8)) else { continue }
            for text in lines.dropFirst() {
                guard let line = try? JSONDecoder().decode(Line.self, from: Data(text.utf8)) else { continue }
                for mode in header.modes {
                    byMode[mode, default: []].append(Record(id: line.id, f: line.f, w: line.w, m: mode, s: line.m?[mode] ?? line.s,
                                                            x: line.x?[mode], r: line.r?[mode]))
                }
            }
            all[name] = byMode
        }
        return all
    }()

    /// The options and tab width of a recorded mode.
    static func setting(_ mode: String) throws -> (options: TextLayoutOptions, tabWidth: Int) {
        let parts = mode.split(separator: "=", maxSplits: 1).map(String.init)
        if parts[0] == "tab-size" { return (TextLayoutOptions(), Int(parts[1])!) }
        if parts[0] == "letter-spacing" { return (TextLayoutOptions(), 8) }
        var modes = TextModes()
        try modes.set(parts[0], to: parts[1])
        return (TextLayoutOptions(modes: modes), 8)
    }

    struct Tally {
        /// Layouts whose paragraph, family and width the engine already lays out unlike
        /// Chromium without modes (Chromium's `text-align: start` layout, which is the
        /// default CSS): left out of the shares, listed apart.
        var defaultDiffers: [String] = []
        var layouts = 0, identicalLayouts = 0
        var starts = 0, identicalStarts = 0
        var edges = 0, identicalEdges = 0
        var differing: [String] = []
    }

    /// Lays out every record of `mode` in fixture `name` and counts what agrees.
    static func compare(_ name: String, _ mode: String) throws -> Tally {
        let records = try #require(fixtures[name]?[mode], "no records of \(mode) in browser-modes-\(name).jsonl")
        let texts = try corpusTexts("corpus-\(name).jsonl")
        let (options, tabWidth) = try setting(mode)
        var stacks: [String: FontStack] = [:]
        var prepared: [String: ShapedText] = [:]
        var t = Tally()
        // Chromium's layouts without modes, and the engine's.
        var chromiumDefault: [String: [Int]] = [:]
        for d in fixtures[name]?["text-align=start"] ?? [] { chromiumDefault["\(d.f)#\(d.id)#\(d.w)"] = d.s }
        var defaultPrepared: [String: ShapedText] = [:]
        for r in records {
            let stack: FontStack
            if let s = stacks[r.f] { stack = s } else {
                stack = try FontStack(family: r.f, size: 16, tabWidth: tabWidth)
                stacks[r.f] = stack
            }
            let text = try #require(texts[r.id])
            let key = "\(r.f)#\(r.id)"
            let shaped: ShapedText
            if let p = prepared[key] { shaped = p } else if mode.hasPrefix("letter-spacing=") {
                let spacing = Double(mode.dropFirst("letter-spacing=".count).dropLast(2))!
                let font = FontSpec(family: r.f, size: 16)
                shaped = try StyledText([.span(TextSpan(text, style: SpanStyle(font: font, letterSpacing: spacing)))],
                                        style: ParagraphStyle(font: font)).shaped
                prepared[key] = shaped
            } else {
                shaped = try ShapedText(text: text, shaper: stack, options: options)
                prepared[key] = shaped
            }
            let layout = try shaped.layout(width: r.w)
            if let expected = chromiumDefault["\(r.f)#\(r.id)#\(r.w)"] {
                let plain: ShapedText
                if let p = defaultPrepared[key] { plain = p } else {
                    plain = try ShapedText(text: text, shaper: FontStack(family: r.f, size: 16))
                    defaultPrepared[key] = plain
                }
                var starts = try plain.layout(width: r.w).lines.map(\.start)
                if text.hasSuffix("\n") && starts.count > 1 { starts.removeLast() }
                if starts != expected {
                    t.defaultDiffers.append("\(r.id) \(r.f) \(r.w)px: starts \(starts) vs \(expected)")
                    continue
                }
            }
            var starts = layout.lines.map(\.start)
            // Chromium draws no empty line after a paragraph's final line break.
            if options.modes.whiteSpace.keepsNewlines && text.hasSuffix("\n") && starts.count > 1 { starts.removeLast() }
            t.layouts += 1
            // Line starts: those both give, of those either gives.
            let engine = Set(starts), chromium = Set(r.s)
            t.starts += engine.union(chromium).count
            t.identicalStarts += engine.intersection(chromium).count
            var why: [String] = []
            if starts != r.s { why.append("starts \(starts) vs \(r.s)") }
            if let xs = r.x, let rs = r.r {
                for k in xs.indices where k < layout.lineCount && k < starts.count {
                    guard let x = xs[k], let right = rs[k] else { continue }
                    let ex = try layout.alignedX(onLine: k, at: firstDrawn(layout, k)), er = layout.lineRight(k)
                    t.edges += 2
                    if abs(ex - x) <= 1.0 / 64 + 1e-9 { t.identicalEdges += 1 } else { why.append("line \(k) x \(ex) vs \(x)") }
                    if abs(er - right) <= 1.0 / 64 + 1e-9 { t.identicalEdges += 1 } else { why.append("line \(k) right \(er) vs \(right)") }
                }
            }
            if why.isEmpty { t.identicalLayouts += 1 } else { t.differing.append("\(r.id) \(r.f) \(r.w)px: \(why.joined(separator: "; "))") }
        }
        return t
    }

    /// The white space the recorder leaves out of a line's edges (SPEC §2's hanging white space).
    static let hanging: Set<UInt32> = Set([0x20, 0x09, 0x3000, 0x1680, 0x205F] + Array(0x2000...0x2006) + Array(0x2008...0x200A))

    /// The offset of line `k`'s first grapheme that is not white space (the recorded left
    /// edge passes over white space opening a line), or its start.
    static func firstDrawn(_ layout: TextLayout, _ k: Int) throws -> Int {
        let line = layout.lines[k]
        var o = line.start
        while o < line.contentEnd {
            let next = try layout.graphemeBoundary(after: o)
            guard try layout.substring(o..<next).unicodeScalars.allSatisfy({ hanging.contains($0.value) }) else { return o }
            o = next
        }
        return line.start
    }

    /// The share of line starts (and of line edges, for `text-align`) that must agree: the
    /// issue's 99.9%.
    static let floor = 0.999

    /// Where the target is not met yet, the share held instead (a change that loses more
    /// fails here), with the disagreements left (Tools/README.md lists them):
    /// - `break-all`: a Thai line (`th-002`) one cluster narrower in Chromium, `ja-mo-043` at
    ///   400 px, and CJK lines at 160 px (`ja-mo-014`, `ko-mo-047`).
    /// - `justify` (edges, holdout2): the x of a CJK line's first drawn grapheme after
    ///   leading white space, where the engine shares the extra width among the
    ///   opportunities around ideographs unlike Chromium (0.02–4 px); every right edge agrees.
    /// - `letter-spacing`: tab stops (Chromium's tab-size counts spaces with their letter
    ///   spacing; the engine's stops do not), CJK lines with spacing (`ja-mo-030`, `-031`) and
    ///   a soft hyphen (`de-shy-002`).
    /// Japanese lines whose content ends at an unsafe boundary within 1/64 px of the width
    /// (`ja-006` and others at 160 px, under the default, `keep-all`, `strict`, `anywhere`)
    /// agree since the fit rule reshapes a line's end as Chromium does; no layout is left out.
    static let shortfalls: [String: (starts: Double, edges: Double)] = [
        "tuning word-break=break-all": (0.998, floor), "holdout2 word-break=break-all": (0.995, floor),
        "holdout2 text-align=justify": (floor, 0.995),
        "tuning letter-spacing=1px": (0.998, floor),
        "holdout2 letter-spacing=1px": (0.996, floor), "holdout2 letter-spacing=-0.5px": (0.993, floor),
    ]

    @Test(arguments: ["tuning", "holdout2"], modes)
    func modeMatchesChromium(corpus: String, mode: String) throws {
        let t = try Self.compare(corpus, mode)
        let startShare = Double(t.identicalStarts) / Double(max(1, t.starts))
        print("modes parity (\(corpus), \(mode)): \(t.identicalStarts) of \(t.starts) line starts (\(String(format: "%.3f", startShare * 100))%), "
              + "\(t.identicalLayouts) of \(t.layouts) layouts identical"
              + (t.edges > 0 ? ", \(t.identicalEdges) of \(t.edges) line edges" : "")
              + "; \(t.defaultDiffers.count) layouts left out (the default differs)")
        for d in t.defaultDiffers where mode == "text-align=start" { print("  MODES \(corpus) default differs: \(d)") }
        for d in t.differing.prefix(ProcessInfo.processInfo.environment["PARITY_ALL"] != nil ? .max : 12) {
            print("  MODES \(corpus) \(mode) differs: \(d)")
        }
        let floors = Self.shortfalls["\(corpus) \(mode)"] ?? (Self.floor, Self.floor)
        #expect(t.layouts > 1500)
        #expect(t.defaultDiffers.isEmpty, "the default layout differs from Chromium's: \(t.defaultDiffers.prefix(5))")
        #expect(startShare >= floors.starts, "\(t.starts - t.identicalStarts) of \(t.starts) line starts differ")
        if t.edges > 0 {
            let edgeShare = Double(t.identicalEdges) / Double(t.edges)
            #expect(edgeShare >= floors.edges, "\(t.edges - t.identicalEdges) of \(t.edges) line edges differ")
        }
    }
}
