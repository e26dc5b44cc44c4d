import Testing
import Foundation
import ChatFormFont
import ChatFormGeometry
@testable import ChatFormText

/// Properties of the CSS text modes (`TextModes`) on seeded random chat texts, with real
/// fonts and with terminal cells, each held against a simple model.
@Suite("Text modes properties", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct TextModesPropertyTests {
    /// A random message with runs of spaces, tabs and newlines mixed in.
    static func message(_ rng: inout SplitMix64) -> String {
        var text = randomMessage(&rng)
        let extras = ["  ", "\t", "\n", " \n ", "\n\n", "   \t "]
        for _ in 0..<Int(rng.next() % 4) {
            // At a grapheme boundary (a Character index).
            let at = text.index(text.startIndex, offsetBy: Int(rng.next() % UInt64(text.count + 1)))
            text.insert(contentsOf: extras[Int(rng.next() % UInt64(extras.count))], at: at)
        }
        return text
    }

    /// The number of hard lines: one more than the mandatory breaks (LF here).
    static func hardLines(_ text: String) -> Int { text.utf8.filter { $0 == 0x0A }.count + 1 }

    @Test("nowrap and pre give one line per hard line (nowrap: one line)")
    func noWrapOneLinePerHardLine() throws {
        var rng = SplitMix64(seed: 0x7E57_0001)
        let fonts = try Fonts.noto()
        for _ in 0..<150 {
            let text = Self.message(&rng)
            let width = Double(40 + rng.next() % 300)
            for (mode, expected) in [(TextModes.WhiteSpace.pre, Self.hardLines(text)), (.nowrap, 1)] {
                let options = TextLayoutOptions(modes: TextModes(whiteSpace: mode))
                let shaped = try ShapedText(text: text, shaper: fonts, options: options).layout(width: width)
                #expect(shaped.lineCount == expected, "\(mode) \(text.debugDescription) at \(width)")
                let cells = try TextLayout(text: text, width: 10, options: options)
                if mode == .pre { #expect(cells.lineCount == expected, "cells \(text.debugDescription)") }
            }
        }
    }

    @Test("justify, end and center never change a break; lines stay inside the width")
    func alignmentChangesNoBreak() throws {
        var rng = SplitMix64(seed: 0x7E57_0002)
        let fonts = try Fonts.dejaVu()
        for _ in 0..<150 {
            let text = Self.message(&rng)
            let width = Double(60 + rng.next() % 300)
            let start = try ShapedText(text: text, shaper: fonts).layout(width: width)
            for align in [TextModes.TextAlign.justify, .end, .center] {
                let layout = try ShapedText(text: text, shaper: fonts, options: TextLayoutOptions(modes: TextModes(textAlign: align)))
                    .layout(width: width)
                #expect(layout.lines == start.lines, "\(align) \(text.debugDescription) at \(width)")
                for k in 0..<layout.lineCount {
                    let x = layout.lineX(k), right = layout.lineRight(k)
                    #expect(x >= 0 && x <= width)
                    // A line narrower than the width stays inside it; a justified one ends at it.
                    if layout.lines[k].width <= width { #expect(right <= width + 1e-9, "\(align) line \(k) ends at \(right)") }
                    if align == .justify, layout.justification(ofLine: k).opportunities > 0 { #expect(abs(right - width) < 1e-6) }
                }
            }
        }
    }

    @Test("end and center: carets and hits follow the aligned lines")
    func alignedCaretsAndHits() throws {
        var rng = SplitMix64(seed: 0x7E57_0006)
        let fonts = try Fonts.dejaVu()
        for _ in 0..<100 {
            let text = Self.message(&rng)
            let width = Double(80 + rng.next() % 300)
            for align in [TextModes.TextAlign.end, .center] {
                let start = try ShapedText(text: text, shaper: fonts).layout(width: width)
                let layout = try ShapedText(text: text, shaper: fonts, options: TextLayoutOptions(modes: TextModes(textAlign: align)))
                    .layout(width: width)
                for k in 0..<layout.lineCount where try layout.bidiLevels(onLine: k) == nil {
                    let line = layout.lines[k]
                    // The caret at a line's start sits at the line's x; a tap there finds it.
                    let rect = try layout.caretRect(for: TextPosition(offset: line.start, affinity: .downstream))
                    let shifted = try start.caretRect(for: TextPosition(offset: line.start, affinity: .downstream)).minX + layout.lineX(k)
                    #expect(abs(rect.minX - shifted) < 1e-6, "\(align) line \(k): caret at \(rect.minX), line at \(layout.lineX(k))")
                    let mid = layout.lineTop(k) + layout.heightOfLine(k) / 2
                    if layout.lineX(k) > 1, line.contentEnd > line.start {
                        // Left of an aligned line's first grapheme: the line's start.
                        #expect(layout.position(at: Point(x: layout.lineX(k) / 2, y: mid)).offset == line.start)
                    }
                }
            }
        }
    }

    @Test("break-all: no line wider than the width but a single grapheme")
    func breakAllFits() throws {
        var rng = SplitMix64(seed: 0x7E57_0003)
        let fonts = try Fonts.noto()
        let options = TextLayoutOptions(modes: TextModes(wordBreak: .breakAll))
        for _ in 0..<150 {
            let text = Self.message(&rng)
            let width = Double(20 + rng.next() % 200)
            let layout = try ShapedText(text: text, shaper: fonts, options: options).layout(width: width)
            for k in 0..<layout.lineCount where layout.lines[k].width > width + 1.0 / 64 {
                let content = layout.lineText(k).trimmingCharacters(in: .whitespaces)
                #expect(content.count == 1, "break-all line \(k) \(content.debugDescription) is \(layout.lines[k].width) wide at \(width)")
            }
        }
    }

    @Test("overflow-wrap normal: a line is only wider than the width where a word alone is")
    func overflowWrapNormalKeepsWords() throws {
        var rng = SplitMix64(seed: 0x7E57_0004)
        let fonts = try Fonts.dejaVu()
        let options = TextLayoutOptions(modes: TextModes(overflowWrap: .normal))
        for _ in 0..<150 {
            let text = Self.message(&rng)
            let width = Double(20 + rng.next() % 200)
            let prepared = try ShapedText(text: text, shaper: fonts, options: options)
            let normal = try prepared.layout(width: width)
            let broken = try ShapedText(text: text, shaper: fonts).layout(width: width)
            // Every line start of `normal` is a break opportunity (no word is broken), so
            // `break-word` breaks at least as often.
            #expect(normal.lineCount <= broken.lineCount)
            let opportunities = Set(prepared.breaks.map { Int(prepared.offsets[Int($0)]) } + [0])
            #expect(Set(normal.starts).isSubset(of: opportunities), "\(text.debugDescription) at \(width)")
        }
    }

    /// CSS Text 3's white-space processing written plainly, on scalars: what the engine's
    /// in-place transform keeps, as a string.
    static func collapsedModel(_ text: String, keepsNewlines: Bool) -> String {
        var scalars = Array(text.unicodeScalars).map { $0 == "\t" ? " " : $0 }
        // Spaces next to a newline go; then newlines become spaces (normal) and runs of
        // spaces keep their first; the run opening the text goes.
        var out: [Unicode.Scalar] = []
        for s in scalars {
            if s == " ", let last = out.last, last == " " || last == "\n" { continue }
            if s == "\n" { while out.last == " " { out.removeLast() } }
            out.append(s)
        }
        scalars = out
        out = []
        for s in scalars {
            let c: Unicode.Scalar = !keepsNewlines && s == "\n" ? " " : s
            if c == " ", out.isEmpty || out.last == " " { continue }
            out.append(c)
        }
        if keepsNewlines {
            // pre-line: the run opening the text is only spaces.
            while out.first == " " { out.removeFirst() }
        }
        var string = ""
        string.unicodeScalars.append(contentsOf: out)
        return string
    }

    @Test("white-space collapsing keeps every offset and agrees with a plain model")
    func collapseKeepsOffsets() throws {
        var rng = SplitMix64(seed: 0x7E57_0005)
        let fonts = try Fonts.noto()
        for _ in 0..<200 {
            let text = Self.message(&rng)
            for mode in [TextModes.WhiteSpace.normal, .preLine, .nowrap] {
                guard let collapse = WhiteSpaceCollapse(text, mode: mode) else { continue }
                // The transform keeps every byte: offsets map to themselves, in order.
                #expect(collapse.text.utf8.count == text.utf8.count)
                #expect(zip(collapse.removed, collapse.removed.dropFirst()).allSatisfy { $0 < $1 })
                #expect(collapse.removed.allSatisfy { $0 >= 0 && Int($0) < text.utf8.count })
                var kept: [UInt8] = []
                let removed = Set(collapse.removed.map(Int.init))
                for (k, b) in collapse.text.utf8.enumerated() where !removed.contains(k) { kept.append(b) }
                var expected = Self.collapsedModel(text, keepsNewlines: mode.keepsNewlines)
                var got = String(decoding: kept, as: UTF8.self)
                // A space ending a line hangs with no effect: compare without trailing spaces.
                while got.hasSuffix(" ") { got.removeLast() }
                while expected.hasSuffix(" ") { expected.removeLast() }
                #expect(got == expected, "\(mode) \(text.debugDescription)")
                // Laid out, the lines partition the caller's text with starts rising.
                let layout = try ShapedText(text: text, shaper: fonts, options: TextLayoutOptions(modes: TextModes(whiteSpace: mode)))
                    .layout(width: 120)
                #expect(layout.lines.first?.start == 0 && layout.lines.last?.end == text.utf8.count)
                #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { $0.end == $1.start && $0.start < $1.start })
                #expect(layout.text == text)
            }
        }
    }
}
