import Testing
import ChatFormFont
@testable import ChatFormText

/// Styled paragraphs (`StyledText`): spans in several fonts, pills, attachments, on one
/// set of break opportunities (SPEC §2.1).
@Suite("Styled text", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct StyledTextTests {
    static let body = FontSpec(family: "DejaVu Sans", size: 16)
    static let bold = body.with(weight: 700)
    static let code = FontSpec(family: "DejaVu Sans Mono", size: 14)

    /// One span in the paragraph's font is the plain prepared text: same lines, heights,
    /// widths.
    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func oneSpanIsPlainText(family: String) throws {
        var rng = SplitMix64(seed: 31)
        let font = FontSpec(family: family, size: 16)
        let plainFonts = try FontStack(family: family, size: 16)
        for _ in 0..<60 {
            let text = randomMessage(&rng)
            let styled = try StyledText([.text(text, font)], style: ParagraphStyle(font: font))
            let plain = try ShapedText(text: text, shaper: plainFonts)
            // (Bidi runs are items rounded on their own in both: `_ItemBoundaries`.)
            for width in [90.0, 200, 237.5, 400] {
                let a = try styled.layout(width: width), b = try plain.layout(width: width)
                #expect(a.lines == b.lines, "\(text.debugDescription) at \(width)")
                #expect(a.height == b.height)
                #expect(try styled.measureBubble(width: width) == plain.measureBubble(width: width))
            }
        }
    }

    /// Spans splitting words in the same font: lines break only where the plain text may
    /// (breaking never sees a span boundary). Widths differ by a layout unit a span at most:
    /// each span is an inline item whose width on a line is rounded up on its own.
    @Test func spansInOneFontSplittingWordsChangeNothing() throws {
        var rng = SplitMix64(seed: 32)
        let plainFonts = try Fonts.dejaVu()
        for _ in 0..<40 {
            let text = randomMessage(&rng)
            // Cut at random grapheme boundaries.
            var elements: [StyledElement] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                let k = Int.random(in: 1...Swift.max(1, Swift.min(6, rest.count)), using: &rng)
                elements.append(.text(String(rest.prefix(k)), Self.body))
                rest = rest.dropFirst(k)
            }
            let styled = try StyledText(elements, style: ParagraphStyle(font: Self.body))
            let plain = try ShapedText(text: text, shaper: plainFonts)
            #expect(styled.text == text)
            let opportunities = Set(plain.breaks.map { Int(plain.offsets[Int($0)]) })
            for width in [120.0, 280] {
                // At a width wider by a unit a span, where the plain text breaks no word, the
                // styled one breaks none either, and has no more lines.
                let slack = Double(elements.count) / 64
                let b = try plain.layout(width: width)
                guard b.lines.dropFirst().allSatisfy({ opportunities.contains($0.start) }) else { continue }
                for line in try styled.layout(width: width + slack).lines.dropFirst() {
                    #expect(opportunities.contains(line.start), "\(text.debugDescription) at \(line.start)")
                }
                #expect(try styled.layout(width: width + slack).lineCount <= b.lineCount, "\(text.debugDescription)")
            }
        }
    }

    /// Words broken between clusters (wider than the line) across spans: each broken line
    /// is as wide as its items' pieces, each rounded up on its own (`itemizedWidth`, summed
    /// from the line's start), whatever the walk keeps from one cluster to the next; and the
    /// walk's lines are the linear walk's.
    @Test func wordsBrokenAcrossSpansSumTheirPiecesRounded() throws {
        var rng = SplitMix64(seed: 33)
        let styles = [SpanStyle(font: Self.body), SpanStyle(font: Self.bold), SpanStyle(font: Self.code, edges: InlineEdges(padding: 2)),
                      SpanStyle(font: Self.body.with(italic: true), letterSpacing: 0.75)]
        let pieces = ["affine", "fluffy", "supercalifragilistic", "키보드가올라오면", "WAVEAVATAR", "https://example.org/a/b"]
        var broken = 0
        for _ in 0..<80 {
            var text = ""
            for k in 0..<(2 + Int(rng.next() % 4)) { text += (k > 0 ? " " : "") + (0..<3).map { _ in pieces[Int(rng.next() % 6)] }.joined() }
            var elements: [StyledElement] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                let k = Int.random(in: 1...Swift.min(7, rest.count), using: &rng)
                elements.append(.span(TextSpan(String(rest.prefix(k)), style: styles[Int(rng.next() % 4)])))
                rest = rest.dropFirst(k)
            }
            let shaped = try StyledText(elements, style: ParagraphStyle(font: Self.body)).shaped
            let opportunities = Set(shaped.breaks.map { Int(shaped.offsets[Int($0)]) })
            for width in [24.0, 41.5, 67, 93.25] {
                let layout = try shaped.layout(width: width)
                #expect(layout.lines == shaped.wrap(width: width, linear: true).lines, "\(text.debugDescription) at \(width)")
                for line in layout.lines where line.end > line.start && !opportunities.contains(line.end) {
                    let w = shaped.itemizedWidth(from: shaped.boundary(of: line.start), to: shaped.boundary(of: line.end))
                    #expect(line.width == _LayoutUnit.pixels(w), "\(text.debugDescription) at \(width), line at \(line.start)")
                    broken += 1
                }
            }
        }
        #expect(broken > 500)
    }

    @Test func boldHalfOfAWordDoesNotBreakIt() throws {
        let styled = try StyledText([.text("a ", Self.body), .span(TextSpan("bo", style: SpanStyle(font: Self.bold))),
                                     .text("ld", Self.body)], style: ParagraphStyle(font: Self.body))
        let full = try styled.layout(width: .infinity)
        // Narrower than the line: "bold" moves down whole.
        let narrow = try styled.layout(width: full.usedWidth - 1)
        #expect(narrow.lines.map(\.start) == [0, 2])
        // Bold is wider than regular.
        let regular = try StyledText([.text("a bold", Self.body)], style: ParagraphStyle(font: Self.body)).layout(width: .infinity)
        #expect(full.usedWidth > regular.usedWidth)
    }

    @Test func pillEdgesTakeWidthOnTheirFirstAndLastLineOnly() throws {
        let plain = try StyledText([.text("hello world", Self.body)], style: ParagraphStyle(font: Self.body))
        let pill = SpanStyle(font: Self.body, edges: InlineEdges(start: 10, end: 6))
        let styled = try StyledText([.span(TextSpan("hello world", style: pill))], style: ParagraphStyle(font: Self.body))
        let one = try styled.layout(width: .infinity).usedWidth
        #expect(abs(one - (try plain.layout(width: .infinity).usedWidth + 16)) < 1.0 / 32)
        // Broken in two: the start edge on the first line, the end edge on the last.
        let hello = try StyledText([.text("hello", Self.body)], style: ParagraphStyle(font: Self.body)).layout(width: .infinity).usedWidth
        let two = try styled.layout(width: hello + 12)
        #expect(two.lineCount == 2)
        #expect(abs(two.lines[0].width - (hello + 10)) < 1.0 / 32)
        let world = try StyledText([.text("world", Self.body)], style: ParagraphStyle(font: Self.body)).layout(width: .infinity).usedWidth
        #expect(abs(two.lines[1].width - (world + 6)) < 1.0 / 32)
        // A pill that ends a line: its end edge counts in the line's width.
        let ending = try StyledText([.text("see ", Self.body), .span(TextSpan("@kim", style: pill)), .text(" now", Self.body)],
                                    style: ParagraphStyle(font: Self.body))
        let lines = try ending.layout(width: try ending.layout(width: .infinity).usedWidth - 5)
        #expect(lines.lineCount == 2)
        #expect(lines.lines[1].start == "see @kim ".utf8.count)
    }

    /// A line may end after an image whatever follows it, as Chromium ends one after an
    /// `<img>` before a quotation mark or a slash (UAX #14 alone keeps those to the image).
    /// (Both cases are in the styled fixtures: sh-0342, st-0665.)
    @Test(arguments: ["\"quoted words here\"", "/2024/Q2/and/more/path"])
    func aLineMayEndAfterAnImage(following: String) throws {
        let style = ParagraphStyle(font: Self.body)
        let image = InlineAttachment(width: 20, height: 20)
        let head = try StyledText([.text("see ", Self.body), .attachment(image)], style: style).layout(width: 400)
        let styled = try StyledText([.text("see ", Self.body), .attachment(image), .text(following, Self.body)], style: style)
        let layout = try styled.layout(width: head.usedWidth + 1)
        #expect(layout.lineCount >= 2)
        #expect(layout.lines[1].start == "see \u{FFFC}".utf8.count)
    }

    @Test func attachmentTallerThanTheTextGrowsItsLine() throws {
        let style = ParagraphStyle(font: Self.body)
        let plain = try StyledText([.text("hi there", Self.body)], style: style).layout(width: 400)
        let tall = InlineAttachment(width: 20, height: 40)
        let styled = try StyledText([.text("hi ", Self.body), .attachment(tall), .text(" there", Self.body)], style: style)
        #expect(styled.text == "hi \u{FFFC} there")
        let layout = try styled.layout(width: 400)
        #expect(layout.lineCount == 1)
        // DejaVu Sans 16 px: ascent 15, descent 4; the box sits on the baseline: 40 + 4.
        #expect(plain.height == 19)
        #expect(layout.height == 44)
        // Lowered by 10 px: 30 above the baseline, 10 below (past the text's 4).
        let lowered = try StyledText([.text("hi ", Self.body), .attachment(InlineAttachment(width: 20, height: 40, baselineOffset: -10))],
                                     style: style).layout(width: 400)
        #expect(lowered.height == 40)
        // Its width: 20 and its margins.
        let wide = try StyledText([.attachment(InlineAttachment(width: 20, height: 10, edges: InlineEdges(margin: 3)))], style: style)
        #expect(try wide.layout(width: 400).usedWidth == 26)
        // A fixed line height: the attachment still grows its line.
        let fixed = try StyledText([.text("hi ", Self.body), .attachment(tall)],
                                   style: ParagraphStyle(font: Self.body, lineHeight: .fixed(24))).layout(width: 400)
        #expect(fixed.height > 40)
    }

    @Test func attachmentsBreakOnEachSide() throws {
        let style = ParagraphStyle(font: Self.body)
        let img = InlineAttachment(width: 30, height: 16)
        // Between CJK ideographs and after a word, a break may come on either side.
        let styled = try StyledText([.text("漢字", Self.body), .attachment(img), .attachment(img), .text("字", Self.body)], style: style)
        let layout = try styled.layout(width: 40)
        #expect(layout.lines.map(\.start) == [0, 6, 9, 12])
    }

    @Test func codeSpanInAnotherFontAndSize() throws {
        let style = ParagraphStyle(font: Self.body)
        let styled = try StyledText([.text("run ", Self.body), .span(TextSpan("make test", style: SpanStyle(font: Self.code))),
                                     .text(" now", Self.body)], style: style)
        let mono = try FontStack(family: "DejaVu Sans Mono", size: 14)
        let codeWidth = try ShapedText(text: "make test", shaper: mono).layout(width: .infinity).usedWidth
        let runNow = try StyledText([.text("run  now", Self.body)], style: style).layout(width: .infinity).usedWidth
        let whole = try styled.layout(width: .infinity).usedWidth
        #expect(abs(whole - (codeWidth + runNow)) <= 2.0 / 64)
        // A code span wider than the line is broken between clusters (overflow-wrap).
        let long = try StyledText([.span(TextSpan(String(repeating: "x", count: 80), style: SpanStyle(font: Self.code)))], style: style)
        let lines = try long.layout(width: 100)
        #expect(lines.lineCount > 5)
        #expect(lines.lines.allSatisfy { $0.width <= 100 + 1.0 / 64 })
    }

    @Test func badInputThrowsTypedErrors() throws {
        let style = ParagraphStyle(font: Self.body)
        #expect(throws: StyledTextError.font(.familyNotFound("No Such Family 123"))) {
            try StyledText([.text("x", FontSpec(family: "No Such Family 123", size: 16))], style: style)
        }
        #expect(throws: StyledTextError.font(.invalidSize(-3))) {
            try StyledText([.text("x", FontSpec(family: "DejaVu Sans", size: -3))], style: style)
        }
        #expect(throws: StyledTextError.invalidAttachment(element: 1)) {
            try StyledText([.text("x", Self.body), .attachment(InlineAttachment(width: -1, height: 3))], style: style)
        }
        #expect(throws: StyledTextError.invalidAttachment(element: 0)) {
            try StyledText([.attachment(InlineAttachment(width: 1, height: .nan))], style: style)
        }
        #expect(throws: StyledTextError.invalidSpacing(element: 0)) {
            try StyledText([.span(TextSpan("x", style: SpanStyle(font: Self.body, letterSpacing: .infinity)))], style: style)
        }
        #expect(throws: StyledTextError.font(.invalidLineHeight(0))) {
            try StyledText([.text("x", Self.body)], style: ParagraphStyle(font: Self.body, lineHeight: .fixed(0)))
        }
        #expect(throws: StyledTextError.layout(.invalidWidth(0))) { try StyledText([], style: style).layout(width: 0) }
        // No elements: one empty line, the strut.
        let empty = try StyledText([], style: style).layout(width: 100)
        #expect(empty.lineCount == 1 && empty.height == 19)
        // Weights outside CSS's range are clamped.
        #expect(FontSpec(family: "DejaVu Sans", size: 16, weight: 5000).weight == 1000)
    }

    @Test func aLongMessageLaysOut() throws {
        let word = "styled words "
        let big = String(repeating: word, count: 1 << 16)          // 850 KB
        let styled = try StyledText([.text(big, Self.body), .span(TextSpan(big, style: SpanStyle(font: Self.bold)))],
                                    style: ParagraphStyle(font: Self.body))
        let m = try styled.measureBubble(width: 300)
        #expect(m.lineCount > 1000)
        #expect(m.width <= 300 + 1.0 / 64)
    }

    /// A clamped styled text ends in the paragraph font's ellipsis, as the same text plain in
    /// that font does (the styled shaper shapes the ellipsis, not its paragraph again: before,
    /// the ellipsis took the whole paragraph's advance and pushed every grapheme off the line).
    @Test func aClampedStyledTextEndsInTheParagraphFontsEllipsis() throws {
        let elements: [StyledElement] = [
            .text("Deploy of the ", Self.body),
            .span(TextSpan("release", style: SpanStyle(font: Self.bold))),
            .text(" is done and its notes are long enough to wrap onto ", Self.body),
            .span(TextSpan("several", style: SpanStyle(font: Self.code, edges: InlineEdges(padding: 3)))),
            .text(" lines at this width", Self.body),
        ]
        let styled = try StyledText(elements, style: ParagraphStyle(font: Self.body))
        let plain = try ShapedText(text: styled.text, shaper: FontStack(family: "DejaVu Sans", size: 16))
        for (width, lines) in [(160.0, 2), (240, 1)] {
            let a = try styled.shaped.layout(width: width, lineClamp: lines)
            let b = try plain.layout(width: width, lineClamp: lines)
            #expect(a.isTruncated && b.isTruncated)
            #expect(a.ellipsis?.text == "\u{2026}")
            #expect(a.ellipsis?.width == b.ellipsis?.width)
            #expect((a.ellipsis?.width ?? 0) < 20, "the ellipsis is one glyph wide: \(a.ellipsis?.width ?? 0)")
            #expect(a.visibleEnd > a.layout.lines[lines - 1].start, "graphemes of the last line shown are kept")
        }
    }
}
