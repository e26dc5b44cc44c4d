import Testing
import ChatFormFont
@testable import ChatFormText

/// What happens at a line's edges with real fonts, as Chromium does it (the rules the
/// browser fixtures pinned down): fullwidth closing punctuation set flush only when the
/// line's width ends inside it, opening punctuation kept whole at a wrapped line's start,
/// breaks after a cluster that kerning widened in context refused, soft hyphens counted
/// wherever the line's end is reshaped, and fallback asked with the character.
@Suite("Line edges", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct LineEdgeTests {
    func layout(_ text: String, _ fonts: FontStack, width: Double) throws -> TextLayout {
        try ShapedText(text: text, shaper: fonts).layout(width: width)
    }

    /// One CJK em at the stack's size, as the fallback font draws it.
    func em(_ fonts: FontStack) throws -> Double {
        try layout("あ", fonts, width: 1000).lines[0].width
    }

    @Test(arguments: [13.0, 16, 20])
    func closingMarkStraddlingTheEndIsSetFlush(size: Double) throws {
        let fonts = try Fonts.noto(size)
        let em = try em(fonts)
        let text = "あい）う"
        // Full width: three ems. The mark set in half: two and a half.
        let full = try layout(text, fonts, width: 1000).lines[0].width
        #expect(abs(full - 4 * em) < 0.05)
        // The width ends inside the mark and the half-width mark fits: it stays.
        let flush = try layout(text, fonts, width: (2.5 * em).rounded(.up))
        #expect(flush.lineTexts.first == "あい）")
        #expect(abs(flush.lines[0].width - 2.5 * em) < 0.05, "\(flush.lines[0].width)")
        // A little narrower the half mark does not fit either: no break before a closing
        // mark, so the line ends after the first letter.
        let narrow = try layout(text, fonts, width: (2.5 * em).rounded(.up) - 1.5)
        #expect(narrow.lineTexts == ["あ", "い）", "う"])
        #expect(abs(narrow.lines[1].width - 2 * em) < 0.05, "the mark is whole where the line has room")
    }

    @Test func closingMarkBeforeALineBreakOrTheEndIsSetFlushToo() throws {
        let fonts = try Fonts.noto(16)
        let em = try em(fonts)
        let width = (2.5 * em).rounded(.up)
        #expect(try layout("あい）", fonts, width: width).lineTexts == ["あい）"])
        #expect(try layout("あい）\nう", fonts, width: width).starts == [0, "あい）\n".utf8.count])
        // Not when white space follows the mark: the break is after the space.
        #expect(try layout("あい） う", fonts, width: width).lineTexts == ["あ", "い） ", "う"])
    }

    @Test func openingMarkAtAWrappedLineStartKeepsItsWidth() throws {
        let fonts = try Fonts.noto(16)
        let em = try em(fonts)
        // "い（" kerns nothing; "）（" sets the opening mark in half inside a line, but on a
        // new line it is whole again (text-spacing-trim: normal trims no line start).
        let lines = try layout("あい（う", fonts, width: 2.2 * em)
        #expect(lines.lineTexts == ["あい", "（う"])
        #expect(abs(lines.lines[1].width - 2 * em) < 0.05, "\(lines.lines[1].width)")
        let kerned = try layout("あ）（う", fonts, width: 1000)
        #expect(abs(kerned.lines[0].width - 3.5 * em) < 0.05, "\(kerned.lines[0].width)")
        let wrapped = try layout("あ）（う", fonts, width: 2.2 * em)
        #expect(wrapped.lineTexts == ["あ）", "（う"])
        #expect(abs(wrapped.lines[1].width - 2 * em) < 0.05, "\(wrapped.lines[1].width)")
    }

    @Test func breakAfterAClusterWidenedInContextIsRefused() throws {
        // Noto Sans CJK kerns "ばか" wider than the two alone. At a width where "ああば" fits
        // only with "ば" reshaped alone, Chromium's candidate (found on the positions in
        // context) is "ば" itself, so the line ends before it.
        let fonts = try Fonts.noto(20)
        let pair = try layout("ばか", fonts, width: 1000).lines[0].width
        let alone = try layout("ば", fonts, width: 1000).lines[0].width + (try layout("か", fonts, width: 1000).lines[0].width)
        try #require(pair > alone + 0.1, "the font no longer kerns this pair: \(pair) vs \(alone)")
        let em = try em(fonts)
        #expect(try layout("ああばか", fonts, width: 3 * em).lineTexts == ["ああ", "ばか"])
        #expect(try layout("ああばか", fonts, width: 3 * em + (pair - alone) + 0.02).lineTexts == ["ああば", "か"])
    }

    @Test func softHyphenCountsInTextsWithTabs() throws {
        // The hyphen shown at a soft hyphen counts where the line's end is measured by
        // walking clusters (a text with a tab anywhere), as it does without.
        let fonts = try Fonts.dejaVu(13)
        let word = "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt"
        for width in [60.0, 88, 100, 120, 160] {
            let plain = try layout(word, fonts, width: width)
            let withTab = try layout("a\tb\n" + word, fonts, width: width)
            let offset = "a\tb\n".utf8.count
            #expect(withTab.lines.dropFirst().map { $0.start - offset } == plain.starts, "at \(width)")
            #expect(zip(withTab.lines.dropFirst(), plain.lines).allSatisfy { abs($0.width - $1.width) < 1e-9 }, "at \(width)")
        }
    }

    @Test func fallbackIsAskedWithTheCharacter() throws {
        // fontconfig sorts other fonts first for a pattern without the character (a font
        // of another script that happens to have the bracket); with it, as Chromium asks,
        // the CJK font comes first, the one the ideographs after it use.
        let fonts = try Fonts.dejaVu(16)
        let runs = try fonts.shape("《书名号》")
        let faces = Set(runs.runs.map(\.face))
        #expect(faces.count == 1, "\(runs.runs)")
        let layout = try layout("《书名号》", fonts, width: 1000)
        #expect(abs(layout.lines[0].width - 5 * 16) < 0.05, "\(layout.lines[0].width)")
    }
}

/// Unicode 15.1 rules the browser's ICU has and the system's ICU 72 lacks, and white space
/// opening a paragraph measured apart, as Chromium does.
@Suite("Browser break rules", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct BrowserBreakRuleTests {
    func opportunities(_ text: String) throws -> [Int] {
        var text = text
        return try text.withUTF8 { bytes in
            let iterators = try BreakIterators.browserForCurrentThread()
            try iterators.setText(bytes)
            return BrowserLineBreaks.opportunities(bytes, iterators: iterators, keepAll: false).map(Int.init)
        }
    }

    @Test func hebrewLetterAfterAMaqafMayStartALine() throws {
        // LB21a (15.1): HL (HY | BA) × [^HL]: a break after the maqaf before another letter.
        let word = "חד־פעמית"
        let afterMaqaf = "חד־".utf8.count
        #expect(try opportunities(word).contains(afterMaqaf))
        #expect(try opportunities("חד-פעמית").contains("חד-".utf8.count))
        // Not before a letter of another class (ICU's answer stands).
        #expect(try !opportunities("חד־abc").contains("חד־".utf8.count))
    }

    @Test func quotationMarksBetweenIdeographsBreak() throws {
        // LB19a (15.1): a quotation mark between East Asian characters.
        let text = "说：“明天见。”他"
        let breaks = try opportunities(text)
        #expect(breaks.contains("说：".utf8.count), "before the opening mark")
        #expect(breaks.contains("说：“明天见。”".utf8.count))
    }

    @Test func whiteSpaceOpeningAParagraphIsRoundedApart() throws {
        // " 表表表表表": the spaces' width is rounded up to 1/64 px on its own, so at the
        // line's width rounded up less 1/64 px the last ideograph does not fit, though
        // the exact sum does (the same ideographs after spaces inside a line do fit).
        let fonts = try Fonts.noto(16)
        let line = " 表表表表表"
        let whole = try ShapedText(text: line, shaper: fonts).layout(width: 1000).lines[0].width
        let width = whole - 1.0 / 64
        let opening = try ShapedText(text: "x\n" + line, shaper: fonts).layout(width: width)
        #expect(opening.lineCount == 3, "\(opening.lineTexts)")
        let inside = try ShapedText(text: "表 表表表表表", shaper: fonts).layout(width: 1000).lines[0].width
        let within = try ShapedText(text: "表 表表表表表", shaper: fonts).layout(width: inside - 1.0 / 64)
        #expect(within.lineCount == 1, "\(within.lineTexts)")
    }

    /// A line whose content ends at an unsafe boundary (`ま` kerned against `せ`) is checked
    /// as Chromium reshapes its end: the positions to the last safe boundary rounded up to
    /// 1/64 px, plus the end shaped alone. Nine characters are 144.0003 px (144.015625
    /// rounded) and `ま` alone 16.00003 px: over 160 + 1/64 px, though the prepared advances
    /// to `ま` come to 159.52 px (Chromium's recorded layout: `ja-mo-002`, a break at 27).
    @Test(arguments: ["", "word-break=keep-all"])
    func unsafeLineEndIsCheckedReshaped(mode: String) throws {
        let text = "一時ファイルが作れません。署名のダウンロードを飛ばします。"
        var options = TextLayoutOptions()
        if !mode.isEmpty {
            var modes = TextModes()
            try modes.set("word-break", to: "keep-all")
            options = TextLayoutOptions(modes: modes)
        }
        let shaped = try ShapedText(text: text, shaper: Fonts.dejaVu(16), options: options)
        let end = try #require(shaped.offsets.firstIndex(of: 30))
        #expect(shaped.has(end, ShapedText.Flags.unsafe))
        #expect(Double(shaped.x[end]) / 65536 < 160)
        #expect(try shaped.layout(width: 160).lines.map(\.start).prefix(2) == [0, 27])
        // With a pixel more the reshaped end fits.
        #expect(try shaped.layout(width: 161).lines.map(\.start).prefix(2) == [0, 30])
    }
}
