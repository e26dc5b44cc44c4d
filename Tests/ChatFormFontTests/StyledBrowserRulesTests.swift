import Testing
import ChatFormFont
@testable import ChatFormText

/// Rules of Chromium's inline layout that styled text follows, each measured in Chromium 156
/// (headless, the fonts of the parity fixtures) and each the cause of layouts that differed
/// in the styled or Markdown fixtures before it was followed.
@Suite("Styled browser rules", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct StyledBrowserRulesTests {
    static let body = FontSpec(family: "DejaVu Sans", size: 16)
    static let noto = FontSpec(family: "Noto Sans", size: 16)

    static func width(_ elements: [StyledElement], _ paragraph: FontSpec = body) throws -> Double {
        try StyledText(elements, style: ParagraphStyle(font: paragraph)).layout(width: .infinity).usedWidth
    }

    /// A pill whose text ends in a space (a code span `` `to ` `` broken after it): the space
    /// hangs at the line's end, and the box's end padding stays on the line before it
    /// (Markdown h00106, h00579 were 3 px narrower than Chromium).
    @Test func aPillsEndPaddingStaysBeforeItsHangingSpace() throws {
        let pill = SpanStyle(font: Self.body, edges: InlineEdges(start: 3, end: 3))
        let styled = try StyledText([.span(TextSpan("ab cd ", style: pill)), .text("efgh", Self.body)],
                                    style: ParagraphStyle(font: Self.body))
        let content = try Self.width([.text("ab cd", Self.body)])
        let layout = try styled.layout(width: content + 6 + 1)
        #expect(layout.lines.map(\.start) == [0, "ab cd ".utf8.count])
        #expect(abs(layout.lines[0].width - (content + 6)) < 1.0 / 64)
        // Unbroken, the message is as wide as before: the padding moved, not added.
        let whole = try Self.width([.text("ab cd ", Self.body), .text("efgh", Self.body)])
        #expect(abs(try styled.layout(width: .infinity).usedWidth - (whole + 6)) < 1.0 / 64)
    }

    /// That end padding is not fitted: Blink fits the line's text, then adds the box's
    /// closing edge after the hanging space without a check, so the line keeps the pill and
    /// is wider than the width (Markdown modes t00117, t00219: `` `…depend on ` `` kept with
    /// its 3 px padding on a 482.45 px line at 480 px). Without the space the padding is
    /// fitted as any advance, and the pill moves down.
    @Test func aPillsEndPaddingAfterItsHangingSpaceIsNotFitted() throws {
        let pill = SpanStyle(font: Self.body, edges: InlineEdges(start: 0, end: 5))
        let style = ParagraphStyle(font: Self.body)
        let text = try Self.width([.text("ab cd", Self.body)])
        for extra in [0.25, 2, 4.5] {
            let hanging = try StyledText([.text("ab ", Self.body), .span(TextSpan("cd ", style: pill)), .text("efgh", Self.body)], style: style)
            let layout = try hanging.layout(width: text + extra)
            #expect(layout.lines.map(\.start) == [0, "ab cd ".utf8.count], "at \(extra) px over the text")
            #expect(abs(layout.lines[0].width - (text + 5)) <= 2.0 / 64)
            #expect(try hanging.measureBubble(width: text + extra).lineCount == 2)
            let closed = try StyledText([.text("ab ", Self.body), .span(TextSpan("cd", style: pill)), .text(" efgh", Self.body)], style: style)
            let closedLines = try closed.layout(width: text + extra).lines
            #expect(closedLines.map(\.start).prefix(2) == [0, "ab ".utf8.count], "at \(extra) px over the text: \(closedLines)")
        }
        // Narrower than the text: the pill moves down, padding and all.
        let hanging = try StyledText([.text("ab ", Self.body), .span(TextSpan("cd ", style: pill)), .text("efgh", Self.body)], style: style)
        #expect(try hanging.layout(width: text - 1).lines.first?.end == "ab ".utf8.count)
    }

    /// A line may end before an image whatever precedes it: Chromium breaks before an `<img>`
    /// after a quotation mark, a full stop, a slash or a no-break space, where UAX #14 alone
    /// keeps the image to the character (held-out sh-0520 put `'%s'` and its image together).
    @Test(arguments: ["ab'", "ab.", "ab/", "ab\u{A0}", "ab\u{2019}", "ab-"])
    func aLineMayEndBeforeAnImage(text: String) throws {
        let style = ParagraphStyle(font: Self.body)
        let styled = try StyledText([.text(text, Self.body), .attachment(InlineAttachment(width: 32, height: 32))], style: style)
        let layout = try styled.layout(width: 40)
        #expect(layout.lines.map(\.start) == [0, text.utf8.count])
    }

    /// Letter spacing goes after each cluster HarfBuzz makes, as in Chromium's shaping result,
    /// not after each grapheme cluster: `प्रदीप्त` is four (प्र, दी, प्, त: a half form's
    /// consonant is a cluster of its own), 2 px wider at 0.5 px in Chromium (35.609375 to
    /// 37.609375 under DejaVu Sans, the Devanagari from Noto Sans Devanagari).
    @Test func letterSpacingFollowsHarfBuzzClusters() throws {
        let spaced = SpanStyle(font: Self.body, letterSpacing: 0.5)
        let plain = try Self.width([.text("प्रदीप्त", Self.body)])
        let wide = try Self.width([.span(TextSpan("प्रदीप्त", style: spaced))])
        #expect(abs(wide - plain - 2.0) < 1e-6)
    }

    /// Fallback fonts are picked per range shaped: a span of only Common characters (`③ `)
    /// next to a Korean span in another font falls back as Common text (DejaVu Sans's ③,
    /// 14.34 px), while in one span with Korean it is Noto Sans CJK's (16 px). Chromium: the
    /// span `③ ` before `<b>회사</b>` is 18.515625 px wide, `③ ` of `③ 회사` 20.16 px.
    @Test func commonTextApartFromKoreanFallsBackAsCommon() throws {
        let bold = SpanStyle(font: Self.noto.with(weight: 700))
        let korean = try Self.width([.span(TextSpan("회사", style: bold))], Self.noto)
        let apart = try Self.width([.text("③ ", Self.noto), .span(TextSpan("회사", style: bold))], Self.noto) - korean
        #expect(abs(apart - 18.5) < 0.05)
        let together = try Self.width([.text("③ 회사", Self.noto)], Self.noto) - (try Self.width([.text("회사", Self.noto)], Self.noto))
        #expect(abs(together - 20.16) < 0.05)
        // The script still carries across for shaping: `("git` after Korean text is shaped as
        // Hangul (no Latin kerning), 0.48 px wider than after Latin text, as in Chromium.
        let bi = SpanStyle(font: Self.noto.with(weight: 700).with(italic: true))
        let afterKorean = try Self.width([.text("회사 ", Self.noto), .span(TextSpan("(\"git add\"", style: bi))], Self.noto)
            - (try Self.width([.text("회사 ", Self.noto)], Self.noto))
        let afterLatin = try Self.width([.text("abc ", Self.noto), .span(TextSpan("(\"git add\"", style: bi))], Self.noto)
            - (try Self.width([.text("abc ", Self.noto)], Self.noto))
        #expect(abs(afterKorean - afterLatin - 0.48) < 0.05)
    }
}
