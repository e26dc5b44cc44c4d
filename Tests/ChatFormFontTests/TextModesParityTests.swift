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
        /// The lines Chromium's height holds (the starts' count unless recorded apart).
        var n: Int
        /// Under `justify`: each line's middle drawn grapheme, [offset, left] (or nil).
        var g: [[Double]?]?
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
        var n: [String: Int]?
        var g: [String: [[Double]?]]?
    }

    struct Header: Decodable { var modes: [String] }

    /// The modes checked: every value recorded. `letter-spacing` is the font stack's
    /// (`FontStack(letterSpacing:)`), as the recorder sets it on the paragraph's element.
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
                    let starts = line.m?[mode] ?? line.s
                    byMode[mode, default: []].append(Record(id: line.id, f: line.f, w: line.w, m: mode, s: starts,
                                                            x: line.x?[mode], r: line.r?[mode], n: line.n?[mode] ?? starts.count,
                                                            g: line.g?[mode]))
                }
            }
            all[name] = byMode
        }
        return all
    }()

    /// The options, tab width and letter spacing of a recorded mode.
    static func setting(_ mode: String) throws -> (options: TextLayoutOptions, tabWidth: Int, letterSpacing: Double) {
        let parts = mode.split(separator: "=", maxSplits: 1).map(String.init)
        if parts[0] == "tab-size" { return (TextLayoutOptions(), Int(parts[1])!, 0) }
        if parts[0] == "letter-spacing" { return (TextLayoutOptions(), 8, Double(parts[1].dropLast(2))!) }
        var modes = TextModes()
        try modes.set(parts[0], to: parts[1])
        return (TextLayoutOptions(modes: modes), 8, 0)
    }

    struct Tally {
        /// Layouts whose paragraph, family and width the engine already lays out unlike
        /// Chromium without modes (Chromium's `text-align: start` layout, which is the
        /// default CSS): left out of the shares, listed apart.
        var defaultDiffers: [String] = []
        var layouts = 0, identicalLayouts = 0
        var starts = 0, identicalStarts = 0
        var edges = 0, identicalEdges = 0
        /// Carets and hit tests where Chromium draws graphemes (left-to-right lines under
        /// `text-align`): the caret x of each line's first drawn grapheme and, under
        /// `justify`, of its middle one, and the boundary `position(onLine:x:)` finds at each.
        var carets = 0, identicalCarets = 0
        /// Heights: the lines with a height against the lines of Chromium's height.
        var heights = 0, identicalHeights = 0
        var differing: [String] = []
    }

    /// Lays out every record of `mode` in fixture `name` and counts what agrees.
    static func compare(_ name: String, _ mode: String) throws -> Tally {
        let records = try #require(fixtures[name]?[mode], "no records of \(mode) in browser-modes-\(name).jsonl")
        let texts = try corpusTexts("corpus-\(name).jsonl")
        let (options, tabWidth, letterSpacing) = try setting(mode)
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
                stack = try FontStack(family: r.f, size: 16, tabWidth: tabWidth, letterSpacing: letterSpacing)
                stacks[r.f] = stack
            }
            let text = try #require(texts[r.id])
            let key = "\(r.f)#\(r.id)"
            let shaped: ShapedText
            if let p = prepared[key] { shaped = p } else {
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
            // Heights, in lines: a line of no height is none (white space alone under a
            // collapsing mode has no line box in Chromium).
            let tall = starts.indices.filter { layout.heightOfLine($0) > 0 }.count
            t.heights += 1
            var why: [String] = []
            if tall == r.n && (r.n > 0 || layout.height == 0) { t.identicalHeights += 1 } else { why.append("\(tall) lines tall vs \(r.n)") }
            // Line starts: those both give, of those either gives.
            let engine = Set(starts), chromium = Set(r.s)
            t.starts += engine.union(chromium).count
            t.identicalStarts += engine.intersection(chromium).count
            if starts != r.s { why.append("starts \(starts) vs \(r.s)") }
            if let xs = r.x, let rs = r.r {
                for k in xs.indices where k < layout.lineCount && k < starts.count {
                    guard let x = xs[k], let right = rs[k] else { continue }
                    let first = try firstDrawn(layout, k)
                    let ex = try layout.alignedX(onLine: k, at: first), er = layout.lineRight(k)
                    t.edges += 2
                    if abs(ex - x) <= 1.0 / 64 + 1e-9 { t.identicalEdges += 1 } else { why.append("line \(k) x \(ex) vs \(x)") }
                    if abs(er - right) <= 1.0 / 64 + 1e-9 { t.identicalEdges += 1 } else { why.append("line \(k) right \(er) vs \(right)") }
                    // The caret API (what an editor draws and taps), on left-to-right lines.
                    guard try layout.bidiLevels(onLine: k) == nil else { continue }
                    var checks = [(offset: first, x: x)]
                    if let g = r.g, k < g.count, let mid = g[k] { checks.append((Int(mid[0]), mid[1])) }
                    for c in checks {
                        let caret = try layout.caretX(onLine: k, at: c.offset), hit = try layout.position(onLine: k, x: c.x).offset
                        t.carets += 2
                        if abs(caret - c.x) <= 1.0 / 64 + 1e-9 { t.identicalCarets += 1 } else { why.append("line \(k) caret \(c.offset) at \(caret) vs \(c.x)") }
                        // Where zero-width clusters (a soft hyphen, a zero-width space, a word
                        // joiner) come before the recorded grapheme, its left edge (floored to a
                        // layout unit) lies just before several boundaries at one x, and
                        // Chromium's `caretPositionFromPoint` there gives the first of them
                        // (measured: `de-shy-001`, `edge-023`), as the engine does.
                        let hitX = try layout.caretX(onLine: k, at: hit)
                        let sameX = hit < c.offset && abs(hitX - caret) < 1e-9
                        if hit == c.offset || sameX { t.identicalCarets += 1 } else { why.append("line \(k) hit \(c.x) -> \(hit) vs \(c.offset)") }
                    }
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
    /// fails here), with the disagreements left (Tools/README.md lists them): none now, since
    /// break-all breaks inside a Thai cluster before SARA AM and a justified line's opening
    /// spaces are an item rounded on their own, as in Blink. Line edges under every `text-align` and every line start under `letter-spacing`
    /// agree since the justification opportunities are counted as Blink counts them (a
    /// grapheme cluster at a time, judged by its first character) and the
    /// tab stops count the letter spacing.
    static let shortfalls: [String: (starts: Double, edges: Double, carets: Double)] = [:]

    @Test(arguments: ["tuning", "holdout2"], modes)
    func modeMatchesChromium(corpus: String, mode: String) throws {
        let t = try Self.compare(corpus, mode)
        let startShare = Double(t.identicalStarts) / Double(max(1, t.starts))
        print("modes parity (\(corpus), \(mode)): \(t.identicalStarts) of \(t.starts) line starts (\(String(format: "%.3f", startShare * 100))%), "
              + "\(t.identicalLayouts) of \(t.layouts) layouts identical"
              + (t.edges > 0 ? ", \(t.identicalEdges) of \(t.edges) line edges, \(t.identicalCarets) of \(t.carets) carets and hits" : "")
              + ", \(t.identicalHeights) of \(t.heights) heights"
              + "; \(t.defaultDiffers.count) layouts left out (the default differs)")
        for d in t.defaultDiffers where mode == "text-align=start" { print("  MODES \(corpus) default differs: \(d)") }
        for d in t.differing.prefix(ProcessInfo.processInfo.environment["PARITY_ALL"] != nil ? .max : 12) {
            print("  MODES \(corpus) \(mode) differs: \(d)")
        }
        let floors = Self.shortfalls["\(corpus) \(mode)"] ?? (Self.floor, Self.floor, Self.floor)
        #expect(t.layouts > 1500)
        #expect(t.defaultDiffers.isEmpty, "the default layout differs from Chromium's: \(t.defaultDiffers.prefix(5))")
        #expect(startShare >= floors.starts, "\(t.starts - t.identicalStarts) of \(t.starts) line starts differ")
        #expect(Double(t.identicalHeights) / Double(max(1, t.heights)) >= Self.floor, "\(t.heights - t.identicalHeights) of \(t.heights) heights differ")
        if t.edges > 0 {
            let edgeShare = Double(t.identicalEdges) / Double(t.edges)
            #expect(edgeShare >= floors.edges, "\(t.edges - t.identicalEdges) of \(t.edges) line edges differ")
            let caretShare = Double(t.identicalCarets) / Double(max(1, t.carets))
            #expect(t.carets > 1000 && caretShare >= floors.carets, "\(t.carets - t.identicalCarets) of \(t.carets) carets and hits differ")
        }
    }
}
