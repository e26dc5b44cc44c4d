import Testing
import ChatFormFont
import ChatFormText

/// The widest line and the fit width of prepared text (SPEC §2.1), held to a brute-force
/// model: the line count at every width, a layout unit (1/64 px) apart.
@Suite("Bubble width", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct BubbleWidthTests {
    static let unit = 1.0 / 64

    @Test func widestLineExcludesHangingSpacesAndBreaks() throws {
        let fonts = try Fonts.dejaVu()
        let word = try ShapedText(text: "hello", shaper: fonts).layout(width: 400).usedWidth
        let spaced = try ShapedText(text: "hello     \nhello", shaper: fonts).measureBubble(width: 400)
        #expect(spaced.width == word)
        #expect(spaced.lineCount == 2)
        // A soft wrap's hanging space takes no width either.
        let wrapped = try ShapedText(text: "hello hello", shaper: fonts).measureBubble(width: word + 5)
        #expect(wrapped.lineCount == 2)
        #expect(wrapped.width == word)
        #expect(wrapped.fitWidth == word - Self.unit)
    }

    @Test func measureBubbleAgreesWithTheLayout() throws {
        var rng = SplitMix64(seed: 5150)
        let fonts = try Fonts.noto()
        for _ in 0..<80 {
            let text = randomMessage(&rng)
            let width = Double(Int.random(in: 40 * 64...400 * 64, using: &rng)) / 64
            let prepared = try ShapedText(text: text, shaper: fonts)
            let layout = try prepared.layout(width: width)
            let m = try prepared.measureBubble(width: width)
            #expect(m.lineCount == layout.lineCount)
            #expect(m.height == layout.height)
            #expect(m.width == layout.usedWidth)
            #expect(try layout.fitWidth() == m.fitWidth)
        }
    }

    /// `measureLines` (one pass, no fit width) gives the layout's count, height and widest
    /// line, on plain random messages and styled ones (spans in other fonts, images).
    @Test func measureLinesAgreesWithTheLayout() throws {
        var rng = SplitMix64(seed: 5151)
        let fonts = try Fonts.noto()
        let body = FontSpec(family: "Noto Sans", size: 16)
        for k in 0..<120 {
            let text = randomMessage(&rng)
            let width = Double(Int.random(in: 40 * 64...400 * 64, using: &rng)) / 64
            let prepared: ShapedText
            if k % 2 == 0 {
                prepared = try ShapedText(text: text, shaper: fonts)
            } else {
                let cut = text.index(text.startIndex, offsetBy: text.count / 2)
                prepared = try StyledText([
                    .text(String(text[..<cut]), body),
                    .attachment(InlineAttachment(width: 22, height: 30, baselineOffset: -6)),
                    .span(TextSpan(String(text[cut...]), style: SpanStyle(font: body.with(weight: 700).with(size: 20)))),
                ], style: ParagraphStyle(font: body)).shaped
            }
            let layout = try prepared.layout(width: width)
            let m = try prepared.measureLines(width: width)
            #expect(m.lineCount == layout.lineCount)
            #expect(m.height == layout.height)
            #expect(m.widest == layout.usedWidth)
        }
    }

    /// The properties, on random messages of every script at random widths: same count at
    /// `fitWidth`, more one unit below, never past the width; the layout at the widest
    /// line's width has the same lines.
    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func fitWidthProperties(family: String) throws {
        var rng = SplitMix64(seed: family == "Noto Sans" ? 77 : 78)
        let fonts = try FontStack(family: family, size: 16)
        for _ in 0..<150 {
            let text = randomMessage(&rng)
            let width = Double(Int.random(in: 20 * 64...420 * 64, using: &rng)) / 64
            let prepared = try ShapedText(text: text, shaper: fonts)
            let m = try prepared.measureBubble(width: width)
            #expect(m.fitWidth <= width)
            #expect(m.fitWidth <= m.width || m.width == 0)
            #expect(try prepared.measure(width: m.fitWidth).lineCount == m.lineCount, "\(text.debugDescription) at \(width)")
            if m.fitWidth > Self.unit {
                // One unit narrower: more lines, or a grapheme that no longer fits alone.
                let below = try prepared.layout(width: m.fitWidth - Self.unit)
                #expect(below.lineCount > m.lineCount || below.usedWidth > m.fitWidth,
                        "\(text.debugDescription) at \(width): \(m.fitWidth) is not the tightest")
            }
            if m.width > 0 {
                #expect(try prepared.layout(width: m.width).lines == prepared.layout(width: width).lines)
            }
        }
    }

    /// Against every width: the smallest width (a whole number of layout units) with the
    /// line count is `fitWidth` (line counts do not grow with the width on these texts).
    @Test func fitWidthIsTheSmallestOfAllWidths() throws {
        var rng = SplitMix64(seed: 4096)
        let fonts = try Fonts.dejaVu(13)
        for _ in 0..<10 {
            let text = randomMessage(&rng)
            let units = Int.random(in: 40 * 64...110 * 64, using: &rng)
            let prepared = try ShapedText(text: text, shaper: fonts)
            let n = try prepared.measure(width: Double(units) / 64).lineCount
            var smallest = units
            for k in stride(from: units, through: 1, by: -1) where try prepared.measure(width: Double(k) / 64).lineCount == n {
                smallest = k
            }
            #expect(try prepared.fitWidth(width: Double(units) / 64) == Double(smallest) / 64, "\(text.debugDescription)")
        }
    }

    @Test func badWidthsThrow() throws {
        let prepared = try ShapedText(text: "hi", shaper: try Fonts.dejaVu())
        #expect(throws: TextLayoutError.self) { try prepared.fitWidth(width: 0) }
        #expect(throws: TextLayoutError.self) { try prepared.measureBubble(width: -.infinity) }
        #expect(throws: TextLayoutError.self) { try prepared.measureBubble(width: .nan) }
        let infinite = try prepared.measureBubble(width: .infinity)
        #expect(infinite.lineCount == 1 && infinite.fitWidth == infinite.width - Self.unit)
    }
}
