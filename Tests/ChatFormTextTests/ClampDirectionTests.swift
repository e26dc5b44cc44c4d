import Testing
@testable import ChatFormText

/// The paragraph direction of a clamp, in terminal cells (one cell a grapheme).
@Suite("Clamp in a right-to-left paragraph")
struct ClampDirectionTests {
    @Test("dir=auto takes the first strong character, skipping isolates; none is left to right")
    func firstStrong() {
        #expect(!ParagraphDirection.auto.isRightToLeft("abc אבג"))
        #expect(ParagraphDirection.auto.isRightToLeft("אבג abc"))
        #expect(ParagraphDirection.auto.isRightToLeft("123, 🙂 مرحبا"))
        #expect(ParagraphDirection.auto.isRightToLeft("\u{2066}abc\u{2069} אבג"))
        #expect(!ParagraphDirection.auto.isRightToLeft("123 !?"))
        #expect(!ParagraphDirection.auto.isRightToLeft(""))
        #expect(ParagraphDirection.rtl.isRightToLeft("abc") && !ParagraphDirection.ltr.isRightToLeft("אבג"))
    }

    @Test("A right-to-left line keeps its right part: a Latin run cut on its left keeps its logical end")
    func latinRunCutOnItsLeft() throws {
        // Visually, right to left: אבג, a space, then "defgh" to their left.
        let text = "אבג defgh"
        let rtl = try TextLayout.singleLine(text: text, width: 7, direction: .rtl)
        #expect(rtl.isRightToLeft && rtl.isTruncated)
        #expect(rtl.visibleRanges == [0..<7, 10..<12])          // "אבג " and "gh"
        #expect(rtl.visibleEnd == 12)
        #expect(rtl.ellipsis?.x == 0)                            // 7 − 6 kept − 1
        let ltr = try TextLayout.singleLine(text: text, width: 7)
        #expect(ltr.visibleRanges == [0..<9] && ltr.ellipsis?.x == 6)
    }

    @Test("Clamped lines: the ellipsis on the left of the kept graphemes; an empty last line shows it at the right")
    func clampedLines() throws {
        let layout = try TextLayout(text: "אבגד הוזח טיכל", width: 5)   // "אבגד " | "הוזח " | "טיכל"
        let two = try layout.clamped(toLines: 2, direction: .auto)
        #expect(two.isRightToLeft && two.isTruncated && two.lineCount == 2)
        #expect(two.visibleRanges == [9..<17] && two.ellipsis?.x == 0)   // the space hangs on the left and is cut
        let hard = try TextLayout(text: "אב\n\nגד", width: 5)
        let one = try hard.clamped(toLines: 2, direction: .rtl)
        #expect(one.visibleRanges.isEmpty && one.ellipsis?.x == 4)
    }
}
