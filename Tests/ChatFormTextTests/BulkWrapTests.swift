import Testing
@testable import ChatFormText

/// The fast path's bulk loop (runs of ASCII letters and digits and of wide letters, the
/// spaces, tails of `.,:;!?` and line feeds between them) against the ICU-only wrap: lines
/// identical on seeded random text made of what the loop takes and what makes it hand back,
/// at many widths (integer and not), with cell units other than 1 and with wide letters one
/// unit wide, and with keep-all; and the opportunities it accepts equal to ICU's.
@Suite("Bulk wrap loop")
struct BulkWrapTests {
    /// Pieces the loop takes, and the ones at its edges (a wide letter with a combining mark
    /// or a jamo after it, keycaps, emoji, punctuation it leaves to runFast, tabs, blank
    /// lines, spaces before a line feed, a CR LF).
    static let pieces: [String] = [
        "hello", "world", "a", "I", "x2", "2026", "#tag", "abc123", "thisisaverylongwordthatdoesnotfit",
        "안녕하세요", "반갑습니다", "가", "中文", "今日は", "漢字テスト", "ア", "ｱ", "你好世界你好世界你好世界",
        ".", ",", "!", "?", ":", ";", "...", "?!", "e.g.", "1.5", "a,b", "3:4",
        " ", " ", " ", "  ", "   ", "\n", "\n", "\n\n", " \n", "\t", "\r\n",
        "가\u{301}", "가\u{11A8}", "中\u{FE0F}", "1\u{FE0F}\u{20E3}", "👍", "👍🏽", "🇰🇷", "❤️", "(ok)", "\"q\"", "-", "$5",
        "50%", "http://x.y/z?q=1", "ー", "。", "、", "\u{00A0}", "\u{200B}", "é", "ß",
    ]

    /// Up to `count` random pieces, each followed by a space `spaceThirds` times in three.
    static func text<G: RandomNumberGenerator>(_ rng: inout G, pieces: [String] = pieces, count: Int = 60,
                                               spaceThirds: Int = 2) -> String {
        var s = ""
        for _ in 0..<Int.random(in: 1...count, using: &rng) {
            s += pieces.randomElement(using: &rng)!
            if Int.random(in: 0..<3, using: &rng) >= 3 - spaceThirds { s += " " }
        }
        return s
    }

    /// Whether `s` wraps at `width` in cells as the ICU-only wrap does (expected), and at
    /// `width` × 7 in 7-point cells and × 3 in fixed advances of 3 (expected too).
    static func wrapsLikeICU(_ s: String, width: Double, keepAll: Bool) throws -> Bool {
        let options = TextLayoutOptions(keepAll: keepAll)
        let lines = try TextLayout(text: s, width: width, options: options).lines
        let reference = try ICUReference.wrap(s, width: width, options: options)
        #expect(lines == reference, "\(s.debugDescription) width \(width) keepAll \(keepAll)")
        // Cells 7 points wide (tab stops every 21), and one unit for a wide letter.
        let cells = TerminalCellMetrics(tabWidth: 3, cellWidth: 7)
        let wider = try TextLayout(text: s, width: width * 7, metrics: cells, options: options).lines
        #expect(wider == (try ICUReference.wrap(s, width: width * 7, metrics: cells, options: options)),
                "\(s.debugDescription) width \(width * 7), 7-point cells")
        let fixed = FixedAdvanceMetrics(advance: 3, lineHeight: 1)
        let narrow = try TextLayout(text: s, width: width * 3, metrics: fixed, options: options).lines
        #expect(narrow == (try ICUReference.wrap(s, width: width * 3, metrics: fixed, options: options)),
                "\(s.debugDescription) width \(width * 3), fixed advance 3")
        return lines == reference
    }

    @Test(arguments: 0..<4)
    func linesEqualTheICUOnlyLines(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 23)
        var failures = 0
        for round in 0..<300 where failures < 10 {
            let s = Self.text(&rng)
            var width = Double(Int.random(in: 1...48, using: &rng))
            if round % 5 == 0 { width += 0.5 }
            if try !Self.wrapsLikeICU(s, width: width, keepAll: round % 4 == 3) { failures += 1 }
        }
    }

    @Test(arguments: 0..<2)
    func opportunitiesAreICUs(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 991)
        var failures = 0
        for _ in 0..<200 where failures < 10 {
            let s = Self.text(&rng)
            if try !FastPathTests.check(s, keepAll: Bool.random(using: &rng), width: Double(Int.random(in: 1...40, using: &rng))) {
                failures += 1
            }
        }
    }

    /// What the loop takes since it steps through URLs, paths and emoji: tails of `/` and `-`
    /// as well as `.,:;!?`, a run right after a tail (joined, or an opportunity, or a number
    /// going on after `/`), emoji clusters and flags after spaces or a line feed (followed by
    /// a space, a line feed, a tail or nothing), and lines indented by spaces after a line
    /// feed; with the pieces that make it hand back next to them.
    static let urlPieces: [String] = [
        "https://example.com/a/b?c=1", "http://x.org/path-to/page.html", "a/b", "10/20", "1/x", "x/1", "1.5/2",
        "e.g.", "path-to", "x-1", "1-x", "-", "/", "//", "a.", "b,", "c!", "d?", "-/", "/-", ".-", "$5",
        "👍", "👍🏽", "🇰🇷", "👨‍👩‍👧", "❤️", "1️⃣", "🎉", "中", "가", "𠀀", "👍!", "🇰🇷/", "👍-x", "👍\u{301}",
        "\n", "\n  ", "\n    ", "\n \n", "\n  (", "\n  👍", "\n  中", " ", " ", "  ", "(", ")", "\"", "'",
    ]

    @Test(arguments: 0..<4)
    func urlsEmojiAndIndentsAreICUs(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 5)
        var failures = 0
        for round in 0..<300 where failures < 10 {
            let s = Self.text(&rng, pieces: Self.urlPieces, count: 40, spaceThirds: 1)
            let keepAll = round % 4 == 3
            let width = Double(Int.random(in: 1...40, using: &rng)) + (round % 5 == 0 ? 0.5 : 0)
            if try !Self.wrapsLikeICU(s, width: width, keepAll: keepAll) { failures += 1 }
            if try !FastPathTests.check(s, keepAll: keepAll, width: width) { failures += 1 }
        }
    }

    /// Long runs past a line (break-word inside the loop's segment), lines that end exactly
    /// at the width, and a width wider than any text.
    @Test func edgesOfTheLine() throws {
        let texts = ["abcd efgh ijkl", "가나다라 마바사", "abcdefghij klm", "中中中中中中", "ab, cd. ef! gh",
                     "a\nb\nc d e f g", "x" + String(repeating: " y", count: 30), "가나다라마바사아자차카타파하"]
        for s in texts {
            for width in [1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 1e300, .infinity] {
                for keepAll in [false, true] {
                    let options = TextLayoutOptions(keepAll: keepAll)
                    let lines = try TextLayout(text: s, width: width, options: options).lines
                    #expect(lines == (try ICUReference.wrap(s, width: width, options: options)), "\(s) width \(width) keepAll \(keepAll)")
                }
            }
        }
    }
}
