import Testing
import Foundation
@testable import ChatFormText

/// The wrapping fast path against ICU: the opportunities the engine accepts must be exactly
/// ICU's (those on grapheme boundaries, less the ones keep-all drops), on every short string
/// over the fast classes' representatives and on seeded random text built to cross the
/// classes' edges.
@Suite("Line-break fast path")
struct FastPathTests {
    /// ICU's opportunities as the engine should accept them (the reference model's rule).
    static func expected(_ text: String, keepAll: Bool) throws -> [Int] {
        let bounds = try ICUReference.graphemeBoundaries(in: text)
        let boundarySet = Set(bounds)
        let scalars = Array(text.utf8)
        func scalar(at offset: Int) -> Unicode.Scalar {
            var s = String(decoding: scalars[offset...].prefix(4), as: UTF8.self).unicodeScalars.first!
            if s == "\u{FFFD}" { s = String(decoding: scalars[offset..<min(offset + 4, scalars.count)], as: UTF8.self).unicodeScalars.first! }
            return s
        }
        var result: [Int] = []
        for b in try ICUReference.lineBreaks(in: text) where boundarySet.contains(b.offset) {
            if keepAll && !b.hard && b.offset < scalars.count {
                // The first scalar of the cluster that ends at b, and the one that starts there.
                let k = bounds.firstIndex(of: b.offset)!
                let before = String(decoding: scalars[bounds[k - 1]..<b.offset], as: UTF8.self).unicodeScalars.first!
                let after = String(decoding: scalars[b.offset..<bounds[k + 1]], as: UTF8.self).unicodeScalars.first!
                if ICUReference.isKeepAllLetter(before) && ICUReference.isKeepAllLetter(after) { continue }
            }
            result.append(b.offset)
        }
        _ = scalar
        return result
    }

    static func check(_ text: String, keepAll: Bool, width: Double = 40) throws -> Bool {
        let engine = try _TextWrapping.breakOpportunities(text, keepAll: keepAll, width: width)
        let reference = try expected(text, keepAll: keepAll)
        let ok = engine.map(\.offset) == reference
        #expect(ok, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) keepAll \(keepAll): engine \(engine.map(\.offset)) ICU \(reference)")
        // Mandatory breaks are read the same way on both paths.
        let hard = try ICUReference.lineBreaks(in: text).filter(\.hard).map(\.offset)
        #expect(engine.filter(\.hard).map(\.offset) == hard.filter { reference.contains($0) })
        return ok
    }

    /// One scalar of each fast class, and the slow classes that border them.
    static let fastAlphabet: [String] = ["a", "1", " ", "가", "中", ".", "!", "/", "\"", "-", "\n", "(", ")", "$", "%", "。", "ー"]
    static let slowAlphabet: [String] = [
        "{", "}", "\u{301}", "👍", "\u{1F3FD}", "\u{00A0}", "$", "%", "ก", "\u{200B}", "\t", "\r",
        "ᄀ", "\u{1161}", "\u{200D}", "。", "\u{2060}", "\u{05D0}", "\u{00A7}", "🇰", "\u{0B}", "·", "\u{2014}",
        "👍🏽", "❤️", "🇰🇷", "👨‍👩‍👧", "🏳️‍🌈", "🔥", "©️", "👍\u{200D}", "☺️", "\u{FE0F}",
    ]

    @Test func everyShortStringOverTheFastClasses() throws {
        let alphabet = Self.fastAlphabet + ["\u{301}", "👍", "\u{00A0}", "\u{200B}", "👍🏽", "ぁ"]
        var failures = 0
        func walk(_ prefix: String, _ depth: Int) throws {
            if depth == 0 {
                for keepAll in [false, true] where failures < 20 {
                    if try !Self.check(prefix, keepAll: keepAll) { failures += 1 }
                }
                return
            }
            for c in alphabet { try walk(prefix + c, depth - 1) }
        }
        for length in 1...4 { try walk("", length) }
    }

    @Test func everyTripleWithASlowCharacter() throws {
        let alphabet = Self.fastAlphabet + Self.slowAlphabet
        var failures = 0
        for x in alphabet {
            for y in alphabet {
                for z in alphabet where failures < 20 {
                    for prefix in ["", "a ", "1"] {
                        if try !Self.check(prefix + x + y + z, keepAll: false) { failures += 1 }
                    }
                }
            }
        }
    }

    /// Keycaps (a digit, # or * with U+FE0F U+20E3), which the fast path takes whole, beside
    /// each fast class and the scalars that could extend or split them: ICU's opportunities,
    /// and the lines of the ICU-only wrap at every width from 1 to 8 cells.
    @Test func keycapsMatchICU() throws {
        let keycaps = ["1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}", "0\u{FE0F}\u{20E3}\u{301}",
                       "7\u{FE0F}\u{20E3}\u{200D}", "x\u{FE0F}\u{20E3}", "1\u{FE0F}", "1\u{20E3}"]
        let alphabet = Self.fastAlphabet + ["👍", "🇰🇷", "\u{301}"]
        var failures = 0
        for k in keycaps {
            for x in alphabet {
                for y in alphabet where failures < 20 {
                    for text in [x + k + y, k + x + k, x + " " + k + y + "1"] {
                        for keepAll in [false, true] where try !Self.check(text, keepAll: keepAll) { failures += 1 }
                        for width in 1...8 {
                            let fast = try TextLayout(text: text, width: Double(width))
                            let reference = try ICUReference.wrap(text, width: Double(width))
                            if fast.lines != reference { failures += 1 }
                            #expect(fast.lines == reference, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(width)")
                        }
                    }
                }
            }
        }
    }

    /// Random text from scalars chosen to sit at the fast classes' edges.
    static let edgeScalars: [String] = fastAlphabet + slowAlphabet + [
        "Z", "z", "0", "9", "#", "&", "*", "@", "=", "_", "~", "|", "'", ",", ":", ";", "?", "+", "<", ">",
        "[", "]", "（", "）", "\\", "^", "₩", "€", "°", "+", "¢", "￥", "`", "\u{7F}", "\u{01}",
        "é", "ß", "ж", "١", "\u{2019}", "\u{201C}", "\u{201D}", "！", "？", "，", "、", "ー", "ぁ", "あ", "ア",
        "힣", "각", "\u{11A8}", "\u{D7B0}", "\u{25CC}", "©", "☺", "\u{FE0F}", "\u{20E3}", "🇷", "😀", "🏻",
        "\u{2028}", "\u{2029}", "\u{85}", "\u{0C}", "\u{3000}", "\u{2009}", "\u{202F}", "\u{00AD}",
        "\u{0600}", "\u{0E31}", "\u{0903}", "👨‍👩‍👧", "\u{1F1F0}\u{1F1F7}", "\r\n", "  ",
    ]

    @Test(arguments: 0..<6)
    func randomTextMatchesICU(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37 &+ 77)
        var failures = 0
        for round in 0..<500 where failures < 10 {
            var s = ""
            let length = Int.random(in: 1...30, using: &rng)
            let mode = round % 3
            for _ in 0..<length {
                switch mode {
                case 0: s += Self.edgeScalars.randomElement(using: &rng)!
                case 1: s += Bool.random(using: &rng) ? Self.fastAlphabet.randomElement(using: &rng)! : Self.edgeScalars.randomElement(using: &rng)!
                default: s += RandomText.pieces.randomElement(using: &rng)! + (Int.random(in: 0..<3, using: &rng) == 0 ? " " : "")
                }
            }
            let keepAll = Bool.random(using: &rng)
            if try !Self.check(s, keepAll: keepAll, width: Double(Int.random(in: 1...30, using: &rng))) { failures += 1 }
        }
    }

    /// Text that is mostly fast (chat-like), where stretches are long and exits rare.
    @Test(arguments: 0..<4)
    func chatLikeTextMatchesICU(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 4242)
        let words = ["hello", "world", "I'm", "don't", "3.14", "1,234", "2026-11-22", "e-mail", "a/b", "http://x.y/z?q=1",
                     "안녕하세요", "반갑습니다", "中文", "今日は", "👍", "👍🏽", "🇰🇷", "❤️", "(ok)", "\"quote\"", "!", "?", "...",
                     "$5", "50%", "x-1", "a.1", "1/2", "—", "«", "»", "e\u{301}", "가\u{301}", "가\u{1161}", "\u{00A0}",
                     "今日は、", "です。", "コーヒー", "ちょっと", "「引用」", "；", "：", "々", "，", "}", "）", "・"]
        for _ in 0..<300 {
            var s = ""
            for _ in 0..<Int.random(in: 1...25, using: &rng) {
                s += words.randomElement(using: &rng)!
                s += ["", " ", " ", " ", "  ", "\n", ".", ","].randomElement(using: &rng)!
            }
            _ = try Self.check(s, keepAll: Bool.random(using: &rng), width: Double(Int.random(in: 1...40, using: &rng)))
        }
    }
}

/// The fast path against ICU alone on real text: the benchmark's corpus (licences, GnuPG's
/// Japanese and Chinese help, chat messages in Korean and English with emoji).
@Suite("Line-break fast path on real text")
struct FastPathCorpusTests {
    static let corpus: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/corpus/mixed-real.txt").standardized
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test(arguments: [3.0, 17, 40, 80])
    func corpusLinesEqualTheICUOnlyLines(width: Double) throws {
        #expect(Self.corpus.utf8.count > 100_000)
        for keepAll in [false, true] {
            let options = TextLayoutOptions(keepAll: keepAll)
            let fast = try TextLayout(text: Self.corpus, width: width, options: options)
            let reference = try ICUReference.wrap(Self.corpus, width: width, options: options)
            #expect(fast.lines == reference, "width \(width) keepAll \(keepAll)")
        }
    }
}

/// Bulk layout on several threads equals the single-threaded layout.
@Suite("Parallel layout")
struct ParallelLayoutTests {
    static func bigText(seed: UInt64, pieces: Int) -> String {
        var rng = SplitMix64(seed: seed)
        var s = ""
        for k in 0..<pieces {
            s += RandomText.pieces.randomElement(using: &rng)!
            s += k % 7 == 0 ? "\n" : " "
        }
        return s
    }

    @Test(arguments: [(1, false), (2, false), (3, true), (8, false)])
    func parallelEqualsSingleThreaded(threads: Int, keepAll: Bool) throws {
        let text = Self.bigText(seed: UInt64(threads) &+ 17, pieces: 40_000)
        #expect(text.utf8.count > 4 * _TextWrapping.parallelChunkMinimum)
        for width in [7.0, 40, .infinity] {
            let options = TextLayoutOptions(keepAll: keepAll)
            let one = try TextLayout(text: text, width: width, options: options)
            let many = try TextLayout(text: text, width: width, options: options, threads: threads)
            #expect(many.lines == one.lines, "threads \(threads) width \(width)")
        }
    }

    @Test func cutsFallJustAfterMandatoryBreaks() throws {
        for ending in ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"] {
            var text = ""
            while text.utf8.count < 5 * _TextWrapping.parallelChunkMinimum { text += "한국어 text \(ending)" }
            text += "end" + ending
            let one = try TextLayout(text: text, width: 9)
            let many = try TextLayout(text: text, width: 9, threads: 4)
            #expect(many.lines == one.lines, "\(ending.unicodeScalars.map(\.value))")
            #expect(many.lines.last!.start == text.utf8.count)
        }
    }

    @Test func shortTextOrNoBreaksStaysOnOneThread() throws {
        let word = String(repeating: "a", count: 300_000)
        #expect(try TextLayout(text: word, width: 50, threads: 4).lines == TextLayout(text: word, width: 50).lines)
        #expect(try TextLayout(text: "", width: 5, threads: 4).lines == TextLayout(text: "", width: 5).lines)
    }
}

/// The fast path's summed widths against the slow path's one-by-one sums: the same metrics
/// behind a custom `TextMetrics` (which the fast path never takes) give the same lines.
@Suite("Fast path widths")
struct FastPathWidthTests {
    /// Forwards to `base`; being a custom type, it sends every cluster down the ICU path.
    struct Opaque<Base: TextMetrics>: TextMetrics {
        var base: Base
        var lineHeight: Double { base.lineHeight }
        func advance(of cluster: GraphemeCluster) -> Double { base.advance(of: cluster) }
        func tabStop(after x: Double) -> Double { base.tabStop(after: x) }
    }

    @Test(arguments: 0..<4)
    func fastAndSlowPathsLayOutAlike(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 777)
        let cells = [TerminalCellMetrics(), TerminalCellMetrics(tabWidth: 4, ambiguousWidth: 2, cellWidth: 3)]
        let fixed = FixedAdvanceMetrics(advance: 2, lineHeight: 1)
        for _ in 0..<60 {
            var text = ""
            for _ in 0..<Int.random(in: 0...30, using: &rng) {
                text += Bool.random(using: &rng) ? RandomText.pieces.randomElement(using: &rng)!
                    : FastPathTests.edgeScalars.randomElement(using: &rng)!
                if Bool.random(using: &rng) { text += " " }
            }
            let width = Double(Int.random(in: 1...40, using: &rng))
            let options = TextLayoutOptions(keepAll: Bool.random(using: &rng))
            for m in cells {
                let fast = try TextLayout(text: text, width: width * m.cellWidth, metrics: m, options: options)
                let slow = try TextLayout(text: text, width: width * m.cellWidth, metrics: Opaque(base: m), options: options)
                #expect(fast.lines == slow.lines, "\(text.debugDescription) \(width) \(m)")
            }
            let fast = try TextLayout(text: text, width: width, metrics: fixed, options: options)
            let slow = try TextLayout(text: text, width: width, metrics: Opaque(base: fixed), options: options)
            #expect(fast.lines == slow.lines, "\(text.debugDescription) \(width) fixed")
        }
    }
}
