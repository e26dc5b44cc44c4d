import Testing
import ChatFormText

/// SPEC §2, rule by rule, with expected lines written out by hand.
@Suite("Wrapping rules")
struct WrapRuleTests {
    @Test func englishBreaksAtSpacesAndSpacesHang() throws {
        let l = try layout("hello world foo bar", 7)
        #expect(l.lineTexts == ["hello ", "world ", "foo bar"])
        #expect(l.ranges == [[0, 6], [6, 12], [12, 19]])
        // The trailing space hangs: widths do not count it.
        #expect(l.lines.map(\.width) == [5, 5, 7])
        #expect(l.lines.allSatisfy { !$0.isHard })
    }

    @Test func exactFitStaysOnOneLine() throws {
        let l = try layout("abc def", 7)
        #expect(l.lineCount == 1)
        #expect(l.lines[0].width == 7)
    }

    @Test func manyTrailingSpacesHangPastTheEdge() throws {
        let l = try layout("ab      cd", 4)
        #expect(l.lineTexts == ["ab      ", "cd"])
        #expect(l.lines[0].width == 2)
    }

    @Test func koreanBreaksBetweenSyllablesByDefault() throws {
        // 10 cells of Hangul per word; width 8 fits four syllables.
        let l = try layout("안녕하세요 반갑습니다", 8)
        #expect(l.lineTexts == ["안녕하세", "요 반갑", "습니다"])
        #expect(l.lines.map(\.width) == [8, 7, 6])
    }

    @Test func koreanKeepAllWrapsAtSpaces() throws {
        let l = try layout("한국어 키보드가 올라와요", 10, keepAll: true)
        // 한국어 = 6 cells, 키보드가 = 8, 올라와요 = 8.
        #expect(l.lineTexts == ["한국어 ", "키보드가 ", "올라와요"])
        let plain = try layout("한국어 키보드가 올라와요", 10)
        #expect(plain.lineTexts == ["한국어 키", "보드가 올", "라와요"])
    }

    @Test func keepAllStillBreaksWordsTooLongForALine() throws {
        let l = try layout("안녕하세요 반갑", 8, keepAll: true)
        #expect(l.lineTexts == ["안녕하세", "요 반갑"])
    }

    @Test func keepAllKeepsBreaksAroundPunctuationAndLatin() throws {
        // Between Hangul and an ideographic full stop there is still an opportunity (CL).
        let l = try layout("가나。다라", 6, keepAll: true)
        #expect(l.lineTexts == ["가나。", "다라"])
    }

    @Test func cjkBreaksBetweenIdeographs() throws {
        let l = try layout("中文测试文字", 5)
        #expect(l.lineTexts == ["中文", "测试", "文字"])
        #expect(l.lines.map(\.width) == [4, 4, 4])
    }

    @Test func closingPunctuationDoesNotStartALine() throws {
        // 。 is CL: no break before it, so "字。" moves together.
        let l = try layout("中文字。", 6)
        #expect(l.lineTexts == ["中文", "字。"])
    }

    @Test func emojiSequencesAreOneClusterTwoCells() throws {
        let text = "👨‍👩‍👧‍👦👍🏽🇰🇷❤️"
        let l = try layout(text, 4)
        #expect(l.lineTexts == ["👨‍👩‍👧‍👦👍🏽", "🇰🇷❤️"])
        #expect(l.lines.map(\.width) == [4, 4])
    }

    @Test func tabsAdvanceToTheNextStop() throws {
        let l = try layout("a\tbc\td", 40, metrics: TerminalCellMetrics(tabWidth: 4))
        // a(0-1) tab→4, bc→6, tab→8, d→9.
        #expect(l.lines[0].width == 9)
        let caret = try l.caretRect(for: TextPosition(offset: 5))
        #expect(caret.minX == 8)
    }

    @Test func trailingTabHangs() throws {
        let l = try layout("abc\tdef", 5, metrics: TerminalCellMetrics(tabWidth: 4))
        #expect(l.lineTexts == ["abc\t", "def"])
        #expect(l.lines.map(\.width) == [3, 3])
    }

    @Test(arguments: [
        ("\n", 1), ("\r\n", 2), ("\r", 1), ("\u{85}", 2), ("\u{2028}", 3), ("\u{2029}", 3),
        ("\u{0B}", 1), ("\u{0C}", 1),
    ])
    func everyMandatoryBreakEndsALine(breakText: String, length: Int) throws {
        let text = "ab" + breakText + "cd"
        let l = try layout(text, 80)
        #expect(l.lineCount == 2)
        #expect(l.lines[0].isHard)
        #expect(l.lines[0].terminatorLength == length)
        #expect(l.lines[0].end == 2 + length)
        #expect(l.lines[1].start == 2 + length)
        #expect(l.lineTexts == ["ab", "cd"])
        #expect(!l.lines[1].isHard)
    }

    @Test func crlfIsOneBreak() throws {
        let l = try layout("a\r\n\r\nb", 80)
        #expect(l.ranges == [[0, 3], [3, 5], [5, 6]])
    }

    @Test func textEndingInABreakHasAnEmptyLastLine() throws {
        let l = try layout("hello\n", 80)
        #expect(l.ranges == [[0, 6], [6, 6]])
        #expect(l.lines[0].isHard)
        #expect(l.height == 2)
    }

    @Test func emptyTextIsOneEmptyLine() throws {
        let l = try layout("", 10)
        #expect(l.ranges == [[0, 0]])
        #expect(l.height == 1)
    }

    @Test func trailingSpacesBeforeAMandatoryBreakHang() throws {
        let l = try layout("ab   \ncd", 3)
        #expect(l.lines[0].width == 2)
        #expect(l.lineTexts == ["ab   ", "cd"])
    }

    @Test func wordLongerThanTheWidthBreaksBetweenGraphemes() throws {
        let l = try layout("supercalifragilistic is", 6)
        #expect(l.lineTexts == ["superc", "alifra", "gilist", "ic is"])
        #expect(l.lines.map(\.width) == [6, 6, 6, 5])
    }

    @Test func longWordAfterShortWordStartsANewLine() throws {
        let l = try layout("ab abcdefgh", 4)
        #expect(l.lineTexts == ["ab ", "abcd", "efgh"])
    }

    @Test func singleTooWideGraphemeGetsItsOwnLine() throws {
        // A wide character in a one-cell-wide layout: every line holds one grapheme.
        let l = try layout("가나a", 1)
        #expect(l.lineTexts == ["가", "나", "a"])
        #expect(l.lines.map(\.width) == [2, 2, 1])
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        let l = try layout("e\u{301}e\u{301}e\u{301}", 2)
        #expect(l.lineTexts == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func nonBreakingSpaceDoesNotBreakOrHang() throws {
        let l = try layout("ab\u{00A0}cd ef", 4)
        #expect(l.lineTexts == ["ab\u{00A0}c", "d ef"])
    }

    @Test func ideographicSpaceHangs() throws {
        let l = try layout("中文\u{3000}字", 4)
        #expect(l.lineTexts == ["中文\u{3000}", "字"])
        #expect(l.lines[0].width == 4)
    }

    @Test func infiniteWidthWrapsOnlyAtMandatoryBreaks() throws {
        let l = try layout(String(repeating: "word ", count: 1000) + "\nnext", .infinity)
        #expect(l.lineCount == 2)
        #expect(l.lines[0].width == 4999)
    }

    @Test(arguments: [0.0, -1.0, Double.nan, -Double.infinity])
    func badWidthsThrow(width: Double) {
        #expect(throws: TextLayoutError.self) { try TextLayout(text: "x", width: width) }
    }

    @Test func fractionalAdvancesFitWithinTolerance() throws {
        // 10 graphemes of 0.1 add up to 0.9999999999999999 or 1.0000000000000002 depending on
        // order; both must fit a width of 1.
        let l = try layout("aaaaaaaaaa b", 1.0, metrics: FixedAdvanceMetrics(advance: 0.1, lineHeight: 1))
        #expect(l.lineTexts == ["aaaaaaaaaa ", "b"])
    }
}
