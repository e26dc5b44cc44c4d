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
