import Testing
import ChatFormFont
@testable import ChatFormText

/// A text prepared in its paragraph's direction (`TextLayoutOptions.direction`): the levels its
/// runs are shaped at are those UAX #9 gives at that paragraph level (ICU's `ubidi`, as
/// Chromium resolves a block of that `dir`).
@Suite("Prepared in the paragraph's direction", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct PreparedDirectionTests {
    /// The level of the run holding UTF-8 `offset`.
    func level(_ shaped: ShapedText, at offset: Int) -> UInt8? {
        shaped.runs.first { $0.range.contains(offset) }?.bidiLevel
    }

    @Test("A neutral after a Latin word takes the paragraph's level: the Latin run in ltr, the right-to-left one in rtl")
    func neutralAfterLatin() throws {
        let text = "Monday: יום שני"
        let colon = Array(text.utf8).firstIndex(of: 0x3A)!
        let ltr = try ShapedText(text: text, shaper: Fonts.dejaVu())
        let rtl = try ShapedText(text: text, shaper: Fonts.dejaVu(), options: TextLayoutOptions(direction: .rtl))
        #expect(level(ltr, at: 0) == 0 && level(ltr, at: colon) == 0)
        #expect(level(rtl, at: 0) == 2 && level(rtl, at: colon) == 1)
        #expect(level(rtl, at: text.utf8.count - 1) == 1)
        // `auto` follows the first strong character: Latin here, Hebrew when it comes first.
        let auto = try ShapedText(text: text, shaper: Fonts.dejaVu(), options: TextLayoutOptions(direction: .auto))
        #expect(auto.runs.map(\.bidiLevel) == ltr.runs.map(\.bidiLevel))
        let hebrewFirst = "יום שני: Monday"
        let autoHebrew = try ShapedText(text: hebrewFirst, shaper: Fonts.dejaVu(), options: TextLayoutOptions(direction: .auto))
        #expect(level(autoHebrew, at: 0) == 1 && level(autoHebrew, at: hebrewFirst.utf8.count - 1) == 2)
    }

    @Test("Explicit embeddings and marks resolve at the paragraph's level (U+202A…U+202C, U+200F)")
    func embeddings() throws {
        // LRE "open()" PDF inside Persian: level 2 in a right-to-left paragraph.
        let text = "شکست \u{202A}open()\u{202C} خورد"
        let o = Array(text.utf8).firstIndex(of: 0x6F)!
        let rtl = try ShapedText(text: text, shaper: Fonts.noto(), options: TextLayoutOptions(direction: .rtl))
        #expect(level(rtl, at: o) == 2)
        #expect(level(rtl, at: 0) == 1)
        // "%s:" RLM: the colon between a Latin run and the mark is right to left.
        let marked = "בתו %s:\u{200F} %s"
        let colon = Array(marked.utf8).firstIndex(of: 0x3A)!
        let shaped = try ShapedText(text: marked, shaper: Fonts.noto(), options: TextLayoutOptions(direction: .rtl))
        #expect(level(shaped, at: colon) == 1)
        #expect(level(shaped, at: colon - 1) == 2)
    }

    @Test("A right-to-left paragraph of Latin text alone is resolved (level 2), a left-to-right one not at all")
    func latinInRightToLeft() throws {
        let rtl = try ShapedText(text: "plain words", shaper: Fonts.noto(), options: TextLayoutOptions(direction: .rtl))
        #expect(rtl.runs.allSatisfy { $0.bidiLevel == 2 || $0.bidiLevel == 1 })
        #expect(rtl.runs.contains { $0.bidiLevel == 2 })
        let ltr = try ShapedText(text: "plain words", shaper: Fonts.noto())
        #expect(ltr.runs.allSatisfy { $0.bidiLevel == 0 })
        // Line breaks do not depend on the direction.
        for width in [40.0, 60, 90] {
            #expect(try rtl.layout(width: width).lines == ltr.layout(width: width).lines)
        }
    }

    @Test("The clamp of a text prepared right to left is right to left without being told")
    func clampTakesThePreparedDirection() throws {
        let shaped = try ShapedText(text: "שלום עולם ומלואו, Monday: יום שני", shaper: Fonts.noto(),
                                    options: TextLayoutOptions(direction: .rtl))
        let clamped = try shaped.layout(width: 80, lineClamp: 1)
        #expect(clamped.isRightToLeft && clamped.isTruncated)
        #expect(try shaped.singleLine(width: 80).isRightToLeft)
    }
}
