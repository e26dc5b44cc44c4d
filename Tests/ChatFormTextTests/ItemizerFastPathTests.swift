import Testing
import ChatFormTesting
@testable import ChatFormText

/// The itemizer's fast clusters (printable ASCII followed by ASCII, a Hangul syllable
/// followed by ASCII or a syllable) must give what its general path gives: the same
/// clusters, items and break opportunities, and clusters equal to ICU's.
@Suite("Itemizer fast clusters")
struct ItemizerFastPathTests {
    /// Scalars where the fast path's edges are: ASCII (brackets, hyphens, digits, controls),
    /// Hangul syllables with the jamo and marks that join them, Latin-1, ideographs, emoji
    /// with modifiers and joiners, right-to-left letters, an object replacement character,
    /// quotation marks and closing punctuation.
    static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x41...0x5A, 0x28...0x2D, 0x0A...0x0D, 0x09...0x09,
        0xAC00...0xAC1F, 0xD790...0xD7A3, 0xAC00...0xD7A3, 0x1160...0x11FF, 0xD7B0...0xD7C6, 0x0300...0x036F,
        0x200B...0x200D, 0xFE0F...0xFE0F, 0x1F3FB...0x1F3FF, 0x1F600...0x1F64F, 0xA0...0xFF, 0x4E00...0x4E1F,
        0x3131...0x318E, 0x05D0...0x05EA, 0x0627...0x064A, 0xFFFC...0xFFFC, 0x201C...0x201D, 0x3001...0x3002,
        0xFF01...0xFF0F, 0x1F466...0x1F469, 0x2600...0x2606, 0x1F9D1...0x1F9D3, 0x2640...0x2642, 0x1F1E6...0x1F1E8,
        0x0903...0x0903, 0x0600...0x0601,
    ]

    /// Items, clusters and opportunities of `text`, with or without the fast clusters.
    func segment(_ text: String, fast: Bool, level: UInt8) throws -> (items: [TextItem], clusters: [Int32], opportunities: [UInt8]) {
        var copy = text
        return try copy.withUTF8 { bytes in
            let iterators = try BreakIterators.browserForCurrentThread()
            try iterators.setText(bytes)
            var clusters = [Int32](repeating: -1, count: bytes.count + 1)
            var opportunities = [UInt8](repeating: 9, count: bytes.count + 1)
            let (items, count) = clusters.withUnsafeMutableBufferPointer { c in
                opportunities.withUnsafeMutableBufferPointer { o in
                    TextItemizer.items(bytes, iterators: iterators, clusters: c.baseAddress!, opportunities: o.baseAddress,
                                       paragraphLevel: level, fastClusters: fast)
                }
            }
            return (items, Array(clusters[..<count]), Array(opportunities[..<count]))
        }
    }

    @Test(arguments: [0, 1] as [UInt8])
    func fastClustersMatchTheGeneralPath(level: UInt8) throws {
        var rng = SplitMix64(seed: 5423 + UInt64(level))
        var boundaries = 0
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<Int.random(in: 1...16, using: &rng) {
                let r = Self.ranges.randomElement(using: &rng)!
                if let scalar = Unicode.Scalar(UInt32.random(in: r, using: &rng)) { s.unicodeScalars.append(scalar) }
            }
            let fast = try segment(s, fast: true, level: level)
            let general = try segment(s, fast: false, level: level)
            let described = s.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(fast.clusters == general.clusters, "\(described)")
            #expect(fast.items == general.items, "\(described)")
            #expect(fast.opportunities == general.opportunities, "\(described)")
            #expect(fast.clusters.map(Int.init) == (try ICUReference.graphemeBoundaries(in: s)), "\(described)")
            boundaries += fast.clusters.count
        }
        // Enough clusters that every kind of pair comes up many times.
        #expect(boundaries > 20_000)
    }

    /// Long runs of ASCII (the fast clusters' tight loop, `asciiRun`): words, digits after
    /// hyphens, `?`, quotes and slashes, a run starting after Hangul, an emoji or a bracket
    /// and entering Latin at its first letter or never, must give what the general path gives.
    @Test func asciiRunsMatchTheGeneralPath() throws {
        var rng = SplitMix64(seed: 6123)
        let pieces = ["the", "cake", "A1-22", "x-1", "-9", "?", "\"ok\"", "'", "a/b", "1.5", "!!", "$", "%", "@ana", "~", "_",
                      "한국", "감사합니다", "😊", "👍🏽", "(", ")", "[x]", "{", "—", "é", "\u{05D0}", "\t", "\n", ",", ".", ":", ";"]
        var boundaries = 0
        for _ in 0..<1500 {
            let s = Self.text(of: pieces, upTo: 24, glue: [" ", " ", "-", ""], using: &rng)
            boundaries += try expectFastMatchesGeneral(s)
        }
        #expect(boundaries > 60_000)
    }

    /// Up to `most` of `pieces` (at least one), each followed by one of `glue`, all drawn from `rng`.
    static func text(of pieces: [String], upTo most: Int, glue: [String], using rng: inout SplitMix64) -> String {
        var s = ""
        for _ in 0..<Int.random(in: 1...most, using: &rng) {
            s += pieces.randomElement(using: &rng)!
            s += glue[Int(UInt32.random(in: 0..<UInt32(glue.count), using: &rng))]
        }
        return s
    }

    /// Expects `text`'s fast clusters to give what the general path gives at paragraph
    /// levels 0 and 1; returns the boundaries found.
    func expectFastMatchesGeneral(_ text: String) throws -> Int {
        var boundaries = 0
        for level in [0, 1] as [UInt8] {
            let fast = try segment(text, fast: true, level: level)
            let general = try segment(text, fast: false, level: level)
            #expect(fast.clusters == general.clusters, "\(text.debugDescription)")
            #expect(fast.items == general.items, "\(text.debugDescription)")
            #expect(fast.opportunities == general.opportunities, "\(text.debugDescription)")
            boundaries += fast.clusters.count
        }
        return boundaries
    }

    /// Runs of Hangul syllables (`hangulRun`) and of ASCII letters and digits (`asciiRun`'s
    /// words), each cluster written as it is found and taken back when what follows may join
    /// it: syllables and words between single and double spaces, ending at the text's end,
    /// at a space, or before a V or T jamo, a combining or spacing mark, a joiner or
    /// non-joiner, a variation selector, an emoji modifier, an emoji, an L jamo or a
    /// right-to-left letter, must give what the general path gives. The runs are taken only
    /// in left-to-right paragraphs with no right-to-left letter: the counts are of those.
    @Test func hangulAndWordRunsEndingBeforeJoinersMatchTheGeneralPath() throws {
        var rng = SplitMix64(seed: 7211)
        let pieces = ["가", "힣", "감사합니다", "한국어", "a", "word", "x1", "42",
                      "\u{1161}", "\u{11A8}", "\u{0301}", "\u{200D}", "\u{FE0F}", "\u{1F44D}", "\u{05D0}", "\u{3131}", ".", "-",
                      "\u{1F3FD}", "\u{200C}", "\u{0903}", "\u{1100}"]
        let joiners: Set<UInt32> = [0x1161, 0x11A8, 0x0301, 0x200D, 0xFE0F, 0x1F3FD, 0x200C, 0x0903]
        func isSyllable(_ v: UInt32) -> Bool { (0xAC00...0xD7A3).contains(v) }
        func isWordByte(_ v: UInt32) -> Bool { v < 0x80 && (Character(Unicode.Scalar(v)!).isLetter || Character(Unicode.Scalar(v)!).isNumber) }
        var boundaries = 0
        // Left-to-right texts with no right-to-left letter in which a joining character
        // directly follows a syllable (the Hangul run's last cluster taken back), a letter or
        // digit (the word's), and a syllable after a space after a syllable (the space and
        // the syllable both taken back).
        var afterSyllable = 0, afterWord = 0, afterSpacedSyllable = 0
        for _ in 0..<2000 {
            let s = Self.text(of: pieces, upTo: 12, glue: [" ", " ", "  ", "", ""], using: &rng)
            boundaries += try expectFastMatchesGeneral(s)
            let v = s.unicodeScalars.map(\.value)
            guard !v.contains(0x05D0) else { continue }
            var syllable = false, word = false, spaced = false
            for k in 1..<max(1, v.count) where joiners.contains(v[k]) {
                if isSyllable(v[k - 1]) {
                    syllable = true
                    if k >= 3 && v[k - 2] == 0x20 && isSyllable(v[k - 3]) { spaced = true }
                }
                if isWordByte(v[k - 1]) { word = true }
            }
            if syllable { afterSyllable += 1 }
            if word { afterWord += 1 }
            if spaced { afterSpacedSyllable += 1 }
        }
        // Every joining character after "syllable, space, syllable" (and after a word), with
        // and without text after it.
        for first in ["가", "감사합니다"] {
            for second in ["힣", "한국어", "x1"] {
                for joiner in joiners {
                    for tail in ["", " a", " 가"] {
                        let s = first + " " + second + String(Unicode.Scalar(joiner)!) + tail
                        boundaries += try expectFastMatchesGeneral(s)
                        if isSyllable(s.unicodeScalars.map(\.value)[s.unicodeScalars.count - tail.unicodeScalars.count - 2]) {
                            afterSpacedSyllable += 1
                        }
                    }
                }
            }
        }
        #expect(boundaries > 40_000)
        #expect(afterSyllable > 150 && afterWord > 150 && afterSpacedSyllable >= 48,
                "\(afterSyllable) \(afterWord) \(afterSpacedSyllable)")
    }

    /// `needsBidi` skips by lead byte: for every scalar, alone and after ASCII and Hangul, it
    /// must answer as the ranges it stands for (right-to-left blocks and bidi controls).
    @Test func needsBidiByLeadByteMatchesTheRanges() {
        func expected(_ s: UInt32) -> Bool {
            (0x0590...0x08FF).contains(s) || (0xFB1D...0xFDFF).contains(s) || (0xFE70...0xFEFF).contains(s)
                || (0x10800...0x10FFF).contains(s) || (0x1E800...0x1EFFF).contains(s)
                || [0x200F, 0x202B, 0x202E, 0x2067, 0x061C].contains(s)
        }
        var wrong: [UInt32] = []
        var rtl = 0
        // "a", U+AC00, the scalar, "b": one buffer, the scalar's bytes written in place.
        var buffer: [UInt8] = [0x61, 0xEA, 0xB0, 0x80, 0, 0, 0, 0, 0]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var count = 4
            UTF8.encode(scalar) { buffer[count] = $0; count += 1 }
            buffer[count] = 0x62
            let found = buffer.withUnsafeBufferPointer { TextItemizer.needsBidi($0, 0..<count + 1) }
            if found != expected(value) { wrong.append(value) }
            if found { rtl += 1 }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
        #expect(rtl == 5_863)
    }
}
