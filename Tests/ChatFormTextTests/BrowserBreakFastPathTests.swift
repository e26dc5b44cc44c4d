import Testing
import ChatFormTesting
@testable import ChatFormText

/// The browser break rules' Hangul and ideograph fast path (pairs of H2, H3, ID, and those
/// beside an ASCII letter or digit, answered without ICU, ICU re-seeked past them) against
/// the same rules asking ICU at every such pair: the same opportunities on every scalar of
/// the fast ranges and on seeded random text built to cross their edges.
@Suite("Browser break rules: Hangul and ideograph fast path")
struct BrowserBreakFastPathTests {
    /// The opportunities of `text` with and without the fast path.
    static func both(_ text: String, keepAll: Bool = false, breakAll: Bool = false) throws -> (fast: [Int32], icu: [Int32]) {
        var text = text
        return try text.withUTF8 { bytes in
            let iterators = try BreakIterators.browserForCurrentThread()
            try iterators.setText(bytes)
            let fast = BrowserLineBreaks.opportunities(bytes, iterators: iterators, keepAll: keepAll, breakAll: breakAll)
            try iterators.setText(bytes)
            let icu = BrowserLineBreaks.opportunities(bytes, iterators: iterators, keepAll: keepAll, breakAll: breakAll,
                                                      ideographs: false)
            return (fast, icu)
        }
    }

    static let ranges: [ClosedRange<UInt32>] = [0xAC00...0xD7A3, 0x3131...0x318E, 0x4E00...0x9FFF, 0x3400...0x4DBF]

    /// Every scalar of the fast ranges, each between ASCII letters and digits, beside the
    /// next one, and after a space: one long text a range (so ICU is re-seeked across long
    /// fast stretches too).
    @Test(arguments: ranges)
    func everyScalarOfTheRanges(range: ClosedRange<UInt32>) throws {
        var text = ""
        text.unicodeScalars.reserveCapacity(range.count * 16)
        for c in range {
            let s = Unicode.Scalar(c)!
            text.unicodeScalars.append(contentsOf: ["x", s, "7", s, s, " ", s, ".", s, "!", s, "~", s, "\u{FF1F}", s, ")"]
                                       as [Unicode.Scalar])
        }
        let (fast, icu) = try Self.both(text)
        #expect(fast == icu)
        #expect(fast.count > range.count * 6, "the fast ranges break between their scalars")
    }

    /// Emoji and pictographs (ID, EB, EM, AL and Extended_Pictographic of several blocks),
    /// each after and before an ASCII letter, a digit, a Hangul syllable, a compatibility
    /// jamo, an ideograph, another emoji, a skin tone, VS16, a ZWJ, punctuation that closes
    /// or joins and a space: the emoji pairs the rules answer without ICU, against ICU.
    @Test(arguments: [0x2300...0x23FF, 0x2600...0x27BF, 0x1F300...0x1F5FF, 0x1F600...0x1F6FF, 0x1F900...0x1FAFF]
          as [ClosedRange<UInt32>])
    func everyEmojiBesideItsNeighbours(range: ClosedRange<UInt32>) throws {
        var text = ""
        let neighbours: [String] = ["a", "7", "가", "ㅋ", "中", "👍", "\u{1F3FD}", "\u{FE0F}", "\u{200D}", ".", "!", ")", "~",
                                    "-", "\"", "(", "$", "%", " ", "🇰🇷", "\u{301}", "—"]
        var k = 0
        for c in range {
            guard let s = Unicode.Scalar(c) else { continue }
            let before = neighbours[k % neighbours.count], after = neighbours[(k * 7 + 3) % neighbours.count]
            text += before + String(s) + after + String(s) + String(s) + "\u{1F3FB}" + before
            k += 1
        }
        let (fast, icu) = try Self.both(text)
        #expect(fast == icu)
        #expect(fast.count > range.count * 2)
    }

    /// Scalars at the fast ranges' edges and the classes that border them (jamo, marks,
    /// compatibility jamo, kana, punctuation, quotation marks, hyphens, emoji).
    static let alphabet: [String] = [
        "가", "힣", "각", "一", "鿿", "中", "㐀", "䶿", "a", "Z", "0", "9", " ", "  ", "\n", "-", "?", "!", ".", ",",
        "(", ")", "「", "」", "。", "、", "ー", "ぁ", "あ", "ア", "ㅋ", "ㅠ", "ᄀ", "\u{1161}", "\u{11A8}", "\u{D7B0}",
        "\u{301}", "\u{200D}", "\u{200B}", "\u{00A0}", "\u{2060}", "“", "”", "‘", "’", "\"", "'", "%", "$", "₩", "￥",
        "👍", "👍🏽", "🇰🇷", "❤️", "\u{FE0F}", "\u{FFFC}", "\u{00AD}", "…", "—", "~", "/", "ꥠ", "\u{3000}", "々", "〜",
        "ힰ", "\u{AC00}\u{11A8}", "\u{FF08}", "\u{FF09}", "\u{FF01}", "\t", "#", "@",
        ";", ":", "]", "}", "[", "{", "+", "=", "*", "&", "|", "<", ">", "^", "_", "`", "\\", "ㅋㅋ", "ㅠㅠ", "ㆎ", "ㄱ",
        "😊", "🔥", "☕", "✨", "❤", "❗", "🫶", "\u{1F3FB}", "👨‍👩‍👧", "👍🏻😊", "✅", "🥹",
    ]

    @Test(arguments: 0..<8)
    func randomTextMatches(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x51_7CC1 &+ 2311)
        var mismatches = 0
        for round in 0..<400 where mismatches < 5 {
            var text = ""
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    // A stretch of random scalars of the ranges (a long fast stretch).
                    let range = Self.ranges.randomElement(using: &rng)!
                    for _ in 0..<Int.random(in: 1...12, using: &rng) {
                        text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &rng))!)
                    }
                } else {
                    text += Self.alphabet.randomElement(using: &rng)!
                }
            }
            let keepAll = round % 4 == 1, breakAll = round % 4 == 2
            let (fast, icu) = try Self.both(text, keepAll: keepAll, breakAll: breakAll)
            if fast != icu { mismatches += 1 }
            #expect(fast == icu, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) keepAll \(keepAll) breakAll \(breakAll)")
        }
    }
}
