import ChatFormFont
import ChatFormTesting
@testable import ChatFormText
import Testing

/// The caret's x at the start of a wrapped line whose first cluster's width depended on
/// the text before it. The expected x are Chromium's (the left edge of each character's
/// `Range.getClientRects()` in a `<div>` laid out as `BrowserParityTests` does, DejaVu Sans
/// 16 px, Chromium 156), found when the replay pictures were drawn over Chromium's own
/// rendering (`Tests/ChatFormPicturesTests`): a caret must sit where the glyph is drawn.
@Suite("Carets at line starts", .enabled(if: Fonts.available))
struct LineStartCaretTests {
    /// The x of the grapheme starting at `needle`'s first byte on line `line`.
    func caretX(_ text: String, width: Double, line: Int, at needle: String, occurrence: Int = 0) throws -> Double {
        let layout = try TextLayout(text: text, width: width, metrics: try Fonts.dejaVu())
        let fragment = layout.lines[line]
        let lineText = String(layout.lineText(line))
        var search = lineText.startIndex
        var found = lineText.startIndex
        for _ in 0...occurrence {
            found = try #require(lineText.range(of: needle, range: search..<lineText.endIndex)).lowerBound
            search = lineText.index(after: found)
        }
        let offset = fragment.start + lineText.utf8.distance(from: lineText.startIndex, to: found)
        return try layout.caretRect(for: TextPosition(offset: offset)).minX
    }

    @Test func anOpeningBracketHalvedAfterPunctuationIsWholeAtALineStart() throws {
        // "…出して、" ends line 0; line 1 starts "「こら": 「 is half width after 、 in the
        // paragraph's shaping (Noto Sans CJK's contextual half-width spacing), whole at the start.
        let text = "そこで犍陀多は大きな声を出して、「こら、罪人ども。この蜘蛛の糸は己のものだぞ。お前たちは一体誰に尋いて、のぼって来た。下りろ。下りろ。」と喚きました。"
        #expect(abs(try caretX(text, width: 260, line: 1, at: "こ") - 16) <= 1.0 / 64)
        #expect(abs(try caretX(text, width: 260, line: 1, at: "ら") - 32) <= 1.0 / 64)
    }

    @Test func kerningInsideTheLineStaysAfterAnUnsafeStart() throws {
        // A line starts "BY-SA" after "CC-": B is kerned with Y, Y with the hyphen; shaping B
        // or BY alone would lose those pairs, so the line's carets keep the prepared advances.
        let text = "The operator of an MMC Site may republish an MMC contained in the site under CC-BY-SA on the same site at any time before August 1, 2009, provided the MMC is eligible for relicensing."
        let layout = try TextLayout(text: text, width: 260, metrics: try Fonts.dejaVu())
        let line = try #require(layout.lines.indices.first { layout.lineText($0).hasPrefix("BY-") })
        #expect(abs(try caretX(text, width: 260, line: line, at: "Y") - 10.09375) <= 1.0 / 64)
        #expect(abs(try caretX(text, width: 260, line: line, at: "-") - 17.96875) <= 1.0 / 64)
    }
}
