import Testing
import ChatFormTesting
@testable import ChatFormText

/// What the itemizer answers without ICU or before resolving levels must be what ICU and the
/// levels give: its opportunities where an emoji or a flag meets another, an ideograph or a
/// Hangul syllable or letter (`TextItemizer.emojiBreak`), its flags' clusters
/// (`GraphemeWalker`), and its items' levels in a left-to-right paragraph walked as if it
/// had no right-to-left character until one turns up.
@Suite("Itemizer: emoji pairs, flags and levels against ICU")
struct ItemizerBreakTests {
    /// The itemizer's items, clusters and opportunities of `text`, and the browser's break
    /// rules asking ICU at every pair the fast paths would answer (`ideographs: false`: the
    /// reference), at `level`.
    static func segment(_ text: String, level: UInt8) throws
        -> (items: [TextItem], clusters: [Int32], opportunities: [UInt8], reference: Set<Int32>, levels: [UInt8]?) {
        let found = try ItemizerFastPathTests().segment(text, fast: true, level: level)
        var copy = text
        let (reference, levels) = try copy.withUTF8 { bytes in
            let iterators = try BreakIterators.browserForCurrentThread()
            try iterators.setText(bytes)
            return (BrowserLineBreaks.opportunities(bytes, iterators: iterators, keepAll: false, ideographs: false),
                    TextItemizer.bidiLevels(bytes, paragraphLevel: level))
        }
        return (found.items, found.clusters, found.opportunities, Set(reference), levels)
    }

    /// Expects `text`'s clusters to be ICU's, its opportunities the reference's at every
    /// cluster boundary inside it, and each cluster in an item at the cluster's level; returns
    /// the boundaries `emojiBreak` answered.
    static func expectExact(_ text: String) throws -> Int {
        var answered = 0
        for level in [0, 1] as [UInt8] {
            let found = try segment(text, level: level)
            let described = text.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(found.clusters.map(Int.init) == (try ICUReference.graphemeBoundaries(in: text)), "\(described)")
            let scalars = Array(text.unicodeScalars)
            var offsets: [Int32: Int] = [:]   // UTF-8 offset → index of the scalar starting there
            var offset: Int32 = 0
            for (k, s) in scalars.enumerated() {
                offsets[offset] = k
                offset += Int32(String(s).utf8.count)
            }
            for m in 1..<max(1, found.clusters.count - 1) {
                let b = found.clusters[m]
                #expect((found.opportunities[m] & 1 != 0) == found.reference.contains(b), "\(described) at \(b)")
                if level == 0, let k = offsets[b], k > 0 {
                    let lastLast = k > 1 ? scalars[k - 2].value : 0
                    if TextItemizer.emojiBreak(lastLast: lastLast, last: scalars[k - 1].value, current: scalars[k].value) != nil {
                        answered += 1
                    }
                }
            }
            // An item's level is its clusters' (each at its first byte's level).
            var item = 0
            for b in found.clusters.dropLast() {
                while found.items[item].range.upperBound <= b { item += 1 }
                #expect(found.items[item].bidiLevel == found.levels?[Int(b)] ?? level, "\(described) level at \(b)")
            }
        }
        return answered
    }

    /// Emoji of class AL and AI (`✨ ✅ ❗ © ™ ↔`), ID and EB (with skin tones, VS16 and ZWJ
    /// sequences), flags and lone regional indicators, Hangul, ideographs, and what borders
    /// them (marks, joiners, quotation marks, closing and prefix punctuation, spaces, letters,
    /// digits, right-to-left letters and bidi controls).
    static let alphabet: [String] = [
        "✨", "✅", "❗", "©", "™", "↔", "‼", "✨\u{FE0F}", "❗\u{FE0F}", "☕", "❤️", "❤", "😊", "👍", "👍🏻", "🫶", "🥹",
        "👨‍👩‍👧", "🇰🇷", "🇰", "🇷", "\u{1F1E6}\u{1F1E6}\u{1F1E6}", "🏻", "\u{FE0F}", "\u{200D}", "\u{0301}", "\u{20E3}",
        "가", "한국", "ㅋ", "ㅠㅠ", "中", "ᄀ", "\u{1161}", "a", "Z", "7", " ", "  ", ".", "!", "?", ")", "(", "~", "-", "$", "%",
        "“", "”", "\"", "〜", "、", "₩", "\u{05D0}", "\u{0627}", "\u{200F}", "\u{202B}", "\n", "\u{FFFC}", "\u{0600}", "…",
    ]

    @Test(arguments: 0..<4)
    func randomTextMatchesICU(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37 &+ 4099)
        var answered = 0
        for _ in 0..<1500 {
            var s = ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) { s += Self.alphabet.randomElement(using: &rng)! }
            answered += try Self.expectExact(s)
        }
        // Enough emoji pairs that each side meets each other many times.
        #expect(answered > 1_200, "\(answered)")
    }

    /// Every Extended_Pictographic scalar of the symbol and emoji blocks (AL, AI, ID, EB,
    /// and some of no class the rule knows), beside an emoji of each class, a flag, a lone
    /// regional indicator, Hangul and a letter, on each side.
    @Test(arguments: [0x00A9...0x00AE, 0x2000...0x2BFF, 0x3030...0x303D, 0x1F000...0x1F2FF, 0x1F300...0x1F6FF,
                      0x1F700...0x1FAFF] as [ClosedRange<UInt32>])
    func everyPictographBesideEmojiAndFlags(range: ClosedRange<UInt32>) throws {
        let neighbours = ["✨", "✅", "❗", "😊", "👍🏽", "❤️", "🇰🇷", "🇰", "가", "ㅋ", "a", "\u{200D}", "✨\u{FE0F}"]
        var answered = 0
        var k = 0
        var text = ""
        for c in range {
            guard let s = Unicode.Scalar(c), ScalarProperties.of(c).isExtendedPictographic else { continue }
            let before = neighbours[k % neighbours.count], after = neighbours[(k * 5 + 2) % neighbours.count]
            text += before + String(s) + after + String(s) + String(s) + "\u{FE0F}" + before + " "
            k += 1
            if text.utf8.count > 3000 {
                answered += try Self.expectExact(text)
                text = ""
            }
        }
        if !text.isEmpty { answered += try Self.expectExact(text) }
        #expect(answered > k * 2, "\(answered) of \(k)")
    }

    /// A right-to-left letter or bidi control anywhere in a left-to-right paragraph (first,
    /// last, after long fast runs, inside a cluster as a mark) resolves every item's level,
    /// as the levels resolved before the walk give them.
    @Test func rightToLeftAnywhereResolvesTheLevels() throws {
        let runs = ["hello world ", "감사합니다 잘 ", "ok", "😊", "(x)"]
        let rightToLeft = ["\u{05D0}\u{05D1}", "\u{0627}", "a\u{0591}", "\u{200F}", "\u{202B}x\u{202C}", "\u{061C}", "\u{10800}"]
        var resolved = 0
        for r in rightToLeft {
            for a in runs {
                for b in runs {
                    for text in [r + a + b, a + r + b, a + b + r, a + b + r + a] {
                        _ = try Self.expectExact(text)
                        let found = try Self.segment(text, level: 0)
                        if found.items.contains(where: { $0.bidiLevel != 0 }) { resolved += 1 }
                    }
                }
            }
        }
        // Every text with a right-to-left letter has an item above level 0 (the controls
        // alone may leave every level 0).
        #expect(resolved >= 5 * 25 * 4, "\(resolved)")
    }

    /// A left-to-right embedding, override or isolate (LRE, LRO, LRI, FSI) with no
    /// right-to-left character anywhere leaves every level 0, as ICU resolves it (a
    /// paragraph with no right-to-left class is left to right throughout); `needsBidi`
    /// passes them over on that ground.
    @Test func leftToRightEmbeddingsAloneLeaveLevelZero() throws {
        for (open, close) in [("\u{202A}", "\u{202C}"), ("\u{202D}", "\u{202C}"), ("\u{2066}", "\u{2069}"), ("\u{2068}", "\u{2069}")] {
            let text = "ab " + open + "cd" + close + " ef"
            var copy = text
            let icu = copy.withUTF8 { bytes in TextItemizer.resolvedLevelsForTests(bytes, paragraphLevel: 0) }
            #expect(icu != nil && icu!.allSatisfy { $0 == 0 }, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(try Self.segment(text, level: 0).items.allSatisfy { $0.bidiLevel == 0 })
        }
        // (With a right-to-left letter after them, the embedding does raise its text.)
        var mixed = "ab \u{202A}cd\u{202C} \u{05D0}"
        let levels = mixed.withUTF8 { TextItemizer.resolvedLevelsForTests($0, paragraphLevel: 0) }
        #expect(levels?.contains(2) == true)
    }

    /// The scripts and bracket types the itemizer answers without ICU (the commonest blocks,
    /// compatibility jamo, the joiner, VS16, emoji; brackets past the BMP) are ICU's, for
    /// every scalar.
    @Test func scriptsAndBracketsAnsweredWithoutICUAreICUs() {
        var wrongScripts: [UInt32] = [], wrongBrackets: [UInt32] = []
        var emoji = 0
        for c in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(c) {
            if TextItemizer.scriptTag(c) != TextItemizer.icuScriptTag(c) { wrongScripts.append(c) }
            if TextItemizer.bracketType(c) != TextItemizer.icuBracketType(c) { wrongBrackets.append(c) }
            if c >= 0x80 && ScalarProperties.of(c).isEmoji { emoji += 1 }
        }
        #expect(wrongScripts.isEmpty, "\(wrongScripts.prefix(20).map { String($0, radix: 16) })")
        #expect(wrongBrackets.isEmpty, "\(wrongBrackets.prefix(20).map { String($0, radix: 16) })")
        // Enough emoji that the shortcut is taken (ICU 72: 1,424 Emoji scalars, 12 of them ASCII).
        #expect(emoji > 1_000)
        #expect(TextItemizer.bracketType(0x2329) == 1 && TextItemizer.bracketType(0xFF63) == 2)
    }

    /// A text of more items than the builder's scratch space holds (16) keeps them all, in
    /// order, covering it: Latin and Hangul words by turns, 150 items.
    @Test func itemsPastTheScratchSpaceKeepTheirOrder() throws {
        for fast in [true, false] {
            let text = (0..<150).map { $0 % 2 == 0 ? "word " : "한국 " }.joined()
            let items = try ItemizerFastPathTests().segment(text, fast: fast, level: 0).items
            #expect(items.count == 150)
            #expect(items.first?.range.lowerBound == 0 && items.last?.range.upperBound == text.utf8.count)
            #expect(zip(items, items.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
            #expect(items.enumerated().allSatisfy { $1.script == ($0 % 2 == 0 ? 0x4C61_746E : 0x4861_6E67) })
        }
    }

    /// A text too long for the thread's walk memory (`ShapedRunsScratch.walkLimit`, 5 bytes a
    /// text byte) is segmented in place, as its prefixes that fit are in the walk memory: the
    /// same clusters and opportunities up to the prefix's end (where the prefix ends, its
    /// last boundary has no opportunity), and items that agree but for the prefix's last
    /// one, cut at its end (a prefix ends after a Latin word and a space). Random words of several scripts, emoji, Hangul, Arabic, a fixed
    /// seed.
    @Test func aTextPastTheWalkMemoryIsSegmentedAsItsPrefixes() throws {
        var rng = SplitMix64(seed: 1_616)
        let pool = ["word", "한국어", "😀", "👍🏽", "中文", "مرحبا", "e\u{301}", "x-y", "(1,2)", "🇰🇷", "…"]
        var text = ""
        let limit = ShapedRunsScratch.walkLimit / 5
        while text.utf8.count < limit + 2_000 {
            text += pool[Int(rng.next() % UInt64(pool.count))] + (rng.next() % 5 == 0 ? "  " : " ")
        }
        let scratch = ShapedRunsScratch.forCurrentThread()
        let whole = try TextItemizer.segmentWithOpportunities(text, direction: .ltr, scratch: scratch)
        #expect(whole.clusters.first == 0 && whole.clusters.last.map(Int.init) == text.utf8.count)
        for cut in [limit - 7, limit / 2, 1_000] {
            // A prefix ending after "word " (the break rules look no further back than the
            // spaces before a boundary; a left-to-right word keeps the space at the
            // paragraph's level, where a space ending the text after Arabic would not be).
            let bytes = Array(text.utf8)
            var end = cut
            while !(bytes[end - 5..<end].elementsEqual("word ".utf8) && bytes[end] != 0x20) { end -= 1 }
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            let part = try TextItemizer.segmentWithOpportunities(prefix, direction: .ltr, scratch: scratch)
            let k = part.clusters.count
            #expect(Array(whole.clusters.prefix(k)) == part.clusters, "cut \(cut)")
            #expect(Array(whole.opportunities.prefix(k - 1)) == Array(part.opportunities.prefix(k - 1)), "cut \(cut)")
            #expect(part.opportunities[k - 1] & 1 == 0 && whole.opportunities[k - 1] & 1 == 1, "cut \(cut)")
            let items = part.items.count
            #expect(Array(whole.items.prefix(items - 1)) == Array(part.items.prefix(items - 1)), "cut \(cut)")
            #expect(whole.items[items - 1].range.lowerBound == part.items[items - 1].range.lowerBound, "cut \(cut)")
        }
    }
}
