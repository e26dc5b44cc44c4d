import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// Letter spacing on a plain font stack, carets on justified lines and paragraphs of white
/// space alone, each against a simple model (Chromium's own figures are in
/// `TextModesParityTests`).
@Suite("Text modes: letter spacing, justified carets, blank paragraphs",
       .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct TextModesGapTests {
    @Test("a letter-spaced stack adds the spacing after every character and to each space of a tab stop")
    func letterSpacingPerCharacterAndTabStops() throws {
        let plain = try Fonts.dejaVu()
        for spacing in [1.5, -0.5, 3.0] {
            let spaced = try FontStack(family: "DejaVu Sans", size: 16, letterSpacing: spacing)
            for word in ["Wave", "AVA", "kerning", "Tab", "한국어"] {
                let w0 = try ShapedText(text: word, shaper: plain).layout(width: .infinity).lines[0].width
                let w1 = try ShapedText(text: word, shaper: spaced).layout(width: .infinity).lines[0].width
                let model = w0 + Double(word.unicodeScalars.count) * spacing
                #expect(abs(w1 - model) <= 2.0 / 64, "\(word) at \(spacing): \(w1) vs \(model)")
            }
            // Tab stops every 8 spaces, each space with its letter spacing.
            let space = plain.tabStop(after: 0) / 8
            #expect(abs(spaced.tabStop(after: 0) - 8 * (space + spacing)) <= 1.0 / 65536)
            #expect(abs(spaced.tabStop(after: 1) - 8 * (space + spacing)) <= 1.0 / 65536)
        }
        for bad in [Double.nan, .infinity, 5000, -5000] {
            #expect(performing: { try FontStack(family: "DejaVu Sans", size: 16, letterSpacing: bad) }, throws: { error in
                if case .invalidLetterSpacing? = error as? FontError { return true }
                return false
            })
        }
    }

    @Test("under justify every boundary's caret hits back to it, and a justified line's last caret is its right edge")
    func justifiedCaretsRoundTrip() throws {
        var rng = SplitMix64(seed: 0x1057_1F1E)
        let fonts = try Fonts.noto()
        let options = TextLayoutOptions(modes: TextModes(textAlign: .justify))
        var justifiedLines = 0
        for _ in 0..<60 {
            let text = randomMessage(&rng)
            let width = Double(120 + rng.next() % 200)
            let layout = try ShapedText(text: text, shaper: fonts, options: options).layout(width: width)
            for k in 0..<layout.lineCount where try layout.bidiLevels(onLine: k) == nil {
                var previous = -Double.infinity
                try layout.forEachCaretStop(onLine: k) { offset, x in
                    #expect(x >= previous - 1e-9, "carets go left at \(offset) in \(text.debugDescription)")
                    #expect((try? layout.caretX(onLine: k, at: offset)).map { abs($0 - x) <= 1e-9 } == true)
                    previous = x
                    return true
                }
                let (count, _) = layout.justification(ofLine: k)
                guard count > 0 else { continue }
                justifiedLines += 1
                var o = layout.lines[k].contentEnd
                while o > layout.lines[k].start, try layout.substring((try layout.graphemeBoundary(before: o))..<o) == " " {
                    o = try layout.graphemeBoundary(before: o)
                }
                // (The line's width is rounded up to 1/64 px as the browser rounds it; carets are not.)
                #expect(abs(try layout.caretX(onLine: k, at: o) - layout.lineRight(k)) <= 1.0 / 64 + 1e-9, "line \(k) of \(text.debugDescription)")
                var boundary = layout.lines[k].start
                while boundary < o {
                    let next = try layout.graphemeBoundary(after: boundary)
                    let a = try layout.caretX(onLine: k, at: boundary), b = try layout.caretX(onLine: k, at: next)
                    if b - a > 0.5 {   // a boundary with room either side: a tap on its caret finds it
                        #expect(try layout.position(onLine: k, x: a).offset == boundary, "hit at \(a) in \(text.debugDescription)")
                    }
                    boundary = next
                }
            }
        }
        #expect(justifiedLines > 30)
    }

    @Test("justification opportunities are counted a grapheme cluster at a time, by its first character")
    func justificationOpportunitiesPerCluster() {
        // (text, Blink's count): a space gives one after it; an emoji with emoji presentation
        // one before (unless after an opportunity) and one after; the rest of a sequence none.
        let cases: [(String, Int)] = [
            ("a b", 1), ("a 🏴‍☠️ b", 3), ("a🏴‍☠️b", 2), ("👍🏽 x", 2), ("🇯🇵🇯🇵", 2), ("😶‍🌫️ 👍", 3),
            ("a😀b", 2), ("x ☠️ y", 3), ("2️⃣ 3️⃣", 1), ("漢字", 2), ("か\u{3099}き", 2),
        ]
        for (text, count) in cases {
            #expect(_LineAlignment.expansionOpportunities(text[...], trimming: false) == count, "\(text.debugDescription)")
        }
        // On a whole line the opportunity after its last character is dropped.
        #expect(_LineAlignment.expansionOpportunities("a 😀") == 1)
        #expect(_LineAlignment.expansionOpportunities("a 😀 ") == 1)
    }

    @Test("white space alone under a collapsing mode lays out as a line of no height (layout, measure, measureLines)", arguments: [
        TextModes.WhiteSpace.normal, .nowrap, .preLine,
    ])
    func blankParagraphHasNoHeight(mode: TextModes.WhiteSpace) throws {
        let fonts = try Fonts.dejaVu()
        let options = TextLayoutOptions(modes: TextModes(whiteSpace: mode))
        var blanks = [" ", "   ", " \t ", "\t"]
        if !mode.keepsNewlines { blanks += ["\n", " \n\n "] }
        for text in blanks {
            let shaped = try ShapedText(text: text, shaper: fonts, options: options)
            let layout = try shaped.layout(width: 200)
            #expect(layout.height == 0, "\(mode) \(text.debugDescription): \(layout.height)")
            #expect(layout.lineCount == 1)
            #expect(try shaped.measure(width: 200).height == 0)
            #expect(try shaped.measureLines(width: 200).height == 0)
            // The caret still has a place.
            #expect(try layout.caretRect(for: TextPosition(offset: 0)).origin.x == 0)
        }
        // Text before the blank end keeps its lines; under pre-wrap white space is kept.
        let one = try ShapedText(text: "a", shaper: fonts, options: options).layout(width: 200).height
        let trailing = try ShapedText(text: mode == .preLine ? "a\n   " : "a   ", shaper: fonts, options: options)
        #expect(try trailing.layout(width: 200).height == one)
        #expect(try trailing.measure(width: 200).height == one)
        #expect(try trailing.measureLines(width: 200).height == one)
        #expect(try ShapedText(text: " ", shaper: fonts).layout(width: 200).height > 0)
    }
}

extension TextModesGapTests {
    /// Justified lines opening a paragraph with spaces, against Chromium
    /// (`Fixtures/browser-justify-opening.jsonl`: `record-browser-layout --modes
    /// text-align=justify --width 160 --width 190 --width 230` over
    /// `corpus-justify-opening.jsonl`, options, Korean, a greeting, a second paragraph): Blink
    /// rounds the opening spaces' item up to a layout unit on its own, in the line's width
    /// (so each opportunity's share) and in where the next item starts. The caret at each
    /// line's first drawn grapheme and at its middle one is where Chromium draws them.
    @Test("justified lines opening with spaces: carets where Chromium draws the graphemes")
    func justifiedOpeningSpaces() throws {
        let texts = try corpusTexts("corpus-justify-opening.jsonl")
        let url = BrowserParityTests.fixtures.appendingPathComponent("browser-justify-opening.jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        let options = TextLayoutOptions(modes: TextModes(textAlign: .justify))
        var checked = 0, opening = 0
        for line in lines {
            let r = try JSONDecoder().decode(TextModesParityTests.Line.self, from: Data(line.utf8))
            let layout = try ShapedText(text: try #require(texts[r.id]), shaper: try FontStack(family: r.f, size: 16), options: options)
                .layout(width: r.w)
            #expect(layout.lines.map(\.start) == r.s, "\(r.id) \(r.f) \(r.w)")
            let xs = try #require(r.x?["text-align=justify"]), gs = try #require(r.g?["text-align=justify"])
            for k in 0..<Swift.min(layout.lineCount, xs.count) {
                let first = try TextModesParityTests.firstDrawn(layout, k)
                var checks: [(Int, Double)] = []
                if let x = xs[k] { checks.append((first, x)) }
                if let g = gs[k] { checks.append((Int(g[0]), g[1])) }
                if first > layout.lines[k].start && layout.justification(ofLine: k).opportunities > 0 { opening += 1 }
                for (offset, x) in checks {
                    checked += 1
                    let caret = try layout.caretX(onLine: k, at: offset)
                    #expect(abs(caret - x) <= 1.0 / 64 + 1e-9, "\(r.id) \(r.f) \(r.w)px line \(k): caret \(offset) at \(caret) vs \(x)")
                }
            }
        }
        #expect(checked > 100 && opening >= 12)
    }
}
