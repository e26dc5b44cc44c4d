import Testing
import Foundation
@testable import ChatFormFont
@testable import ChatFormText
import ChatFormTesting

/// Hangul syllables following one in a fallback face that draws them all (and no family
/// draws any) stay in that face without a decision per cluster: the runs must be those of a
/// decision for every cluster.
@Suite("Hangul fallback runs", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct HangulFallbackTests {
    /// Seeded mixes of syllables, syllables with a trailing jamo or a tone mark (one cluster
    /// of several scalars), jamo, Yi and other scalars with the same lead bytes, Latin,
    /// spaces, punctuation and emoji, in the families without Hangul and with some: the runs
    /// (ranges and faces) equal a model that asks `face(forCluster:...)` for every cluster.
    @Test(arguments: ["Noto Sans", "DejaVu Sans", "Noto Sans CJK KR"])
    func runsMatchAClusterByClusterModel(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var rng = SplitMix64(seed: 2471)
        let pool = ["가", "한", "글", "힣", "각\u{11A8}", "말\u{302E}", "ᄀ", "ᅡ", "ꀀ", "ꁂ", "\u{D7B0}", "ힰ", "ퟻ",
                    "a", "Z", " ", " ", "?", "…", "😀", "👍🏽", "1", "\u{0301}", "ㅋ", "ㅎ"]
        var syllables = 0
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(rng.next() % 24 + 1) { text += pool[Int(rng.next() % UInt64(pool.count))] }
            syllables += text.unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) }.count
            let shaped = try fonts.shape(text)
            let model = try modelRuns(text, fonts)
            #expect(shaped.runs.map { [$0.range.lowerBound, $0.range.upperBound, $0.face] } == model, "\(family): \(text)")
        }
        #expect(syllables > 1000)
    }

    /// Texts of 50 to 200 runs (Latin, Hangul, Arabic, CJK and emoji words alternating, so
    /// the face changes at almost every word): more runs than the shaping loop's buffer holds
    /// (24), so it is flushed several times within one call; the runs equal the model's, in
    /// order and covering the text.
    @Test(arguments: ["Noto Sans", "DejaVu Sans"])
    func textsOfManyRunsMatchTheModel(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var rng = SplitMix64(seed: 5099)
        let words = ["word", "한글", "كلمة", "中文", "😀", "👍🏽", "Ab", "말", "🇰🇷", "x"]
        var most = 0
        for _ in 0..<40 {
            var text = ""
            for k in 0..<Int(rng.next() % 150 + 60) {
                text += words[(k + Int(rng.next() % 3)) % words.count]
                if rng.next() % 4 == 0 { text += " " }
            }
            let shaped = try fonts.shape(text)
            let model = try modelRuns(text, fonts)
            #expect(shaped.runs.map { [$0.range.lowerBound, $0.range.upperBound, $0.face] } == model, "\(family): \(text)")
            #expect(shaped.runs.first?.range.lowerBound == 0 && shaped.runs.last?.range.upperBound == text.utf8.count)
            #expect(zip(shaped.runs, shaped.runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
            most = max(most, shaped.runs.count)
        }
        #expect(most > 49, "no text had runs enough to flush the buffer twice")
    }

    /// The runs found without the itemizer's syllable flags (as the styled shaper asks, with
    /// no opportunities at hand) equal those found with them, in texts where a syllable is
    /// followed by three-byte clusters that are not syllables: common punctuation and a
    /// two-byte combining mark, which stay in the Hangul item ("-\u{0301}" reads as U+D301
    /// if its lead byte goes unchecked), a letter and a mark, CJK, jamo and other three-byte
    /// scalars.
    @Test(arguments: ["Noto Sans", "DejaVu Sans"])
    func runsWithoutSyllableFlagsEqualRunsWithThem(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var rng = SplitMix64(seed: 6607)
        let pool = ["한", "글", "-\u{0301}", ",\u{0308}", "+\u{0327}", "=\u{0301}", "}\u{0301}", "K\u{0301}", "中", "ᄀ",
                    "ꀀ", "…", "a", " ", "😀"]
        var keptTwo = 0, markAfter = 0
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(rng.next() % 16 + 2) { text += pool[Int(rng.next() % UInt64(pool.count))] }
            let (items, clusters, opportunities) = try TextItemizer.segmentWithOpportunities(text, direction: .ltr, scratch: .forCurrentThread())
            let n = text.utf8.count
            var flagged: [ShapedRun] = [], plain: [ShapedRun] = []
            var advances = [Int32](repeating: 0, count: n), unsafe = [UInt8](repeating: 0, count: n)
            var utf8 = text
            utf8.withUTF8 { bytes in
                advances.withUnsafeMutableBufferPointer { advances in
                    unsafe.withUnsafeMutableBufferPointer { unsafe in
                        var out = ShapingOutput(advances: advances, unsafe: unsafe)
                        fonts.shape(bytes, range: 0..<n, items: items, clusters: clusters, shapesRuns: false,
                                    syllables: opportunities, into: &out, runs: &flagged)
                        out = ShapingOutput(advances: advances, unsafe: unsafe)
                        fonts.shape(bytes, range: 0..<n, items: items, clusters: clusters, shapesRuns: false,
                                    into: &out, runs: &plain)
                    }
                }
            }
            #expect(plain.map { [$0.range.lowerBound, $0.range.upperBound, $0.face] }
                    == flagged.map { [$0.range.lowerBound, $0.range.upperBound, $0.face] }, "\(family): \(text)")
            #expect(plain.map { [$0.range.lowerBound, $0.range.upperBound, $0.face] } == (try modelRuns(text, fonts)),
                    "\(family): \(text)")
            // Whether the loop that keeps syllables in a fallback face ran (two syllables in
            // one fallback run) and a punctuation-and-mark cluster followed a syllable.
            let b = Array(text.utf8)
            b.withUnsafeBufferPointer { p in
                for i in 0..<max(0, b.count - 5) where UTF8Scalar.isHangulSyllable(p, at: i) {
                    if UTF8Scalar.isHangulSyllable(p, at: i + 3)
                        && plain.contains(where: { $0.face != 0 && $0.range.lowerBound <= i && $0.range.upperBound >= i + 6 }) {
                        keptTwo += 1
                    }
                    if p[i + 3] < 0x80 && p[i + 4] >= 0xC0 { markAfter += 1 }
                }
            }
        }
        #expect(keptTwo > 20 && markAfter > 100, "\(family): \(keptTwo) \(markAfter)")
    }

    /// Runs of printable ASCII of 1 to 19 bytes (the fallback walk skips them eight bytes at a
    /// time while ASCII follows), ending at the text's end, at a newline or tab, or before a
    /// combining mark (one cluster with the last letter), a fallback character (Hangul,
    /// Arabic, emoji, CJK) or a control, with other runs around them: the runs equal the
    /// cluster-by-cluster model's.
    @Test(arguments: ["Noto Sans", "DejaVu Sans"])
    func asciiRunsOfEveryLengthMatchTheModel(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var rng = SplitMix64(seed: 8191)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0189 .,;:!?-_()[]{}'\"@#~")
        let enders = ["", "\n", "\t", "\u{0301}", "\u{0308}\u{0323}", "ㅋ", "한", "ب", "😀", "👍🏽", "中", "\u{200D}",
                      "\u{00AD}", "é", "\u{FEFF}"]
        for length in 1...19 {
            for ender in enders {
                for _ in 0..<3 {
                    var text = rng.next() % 2 == 0 ? "" : enders[Int(rng.next() % UInt64(enders.count))]
                    for _ in 0..<Int(rng.next() % 3 + 1) {
                        text += String((0..<length).map { _ in letters[Int(rng.next() % UInt64(letters.count))] })
                        text += ender
                    }
                    let shaped = try fonts.shape(text)
                    let model = try modelRuns(text, fonts)
                    #expect(shaped.runs.map { [$0.range.lowerBound, $0.range.upperBound, $0.face] } == model,
                            "\(family): \(text.debugDescription)")
                }
            }
        }
    }

    /// The runs of `text` with a fallback decision for every cluster, as the shaping loop
    /// made them before it skipped syllables: ranges and faces, by item.
    private func modelRuns(_ text: String, _ fonts: FontStack) throws -> [[Int]] {
        let (items, clusters, _) = try TextItemizer.segmentWithOpportunities(text, direction: .ltr, scratch: .forCurrentThread())
        let state = fonts.state
        var runs: [[Int]] = []
        var text = text
        text.withUTF8 { bytes in
            for item in items {
                let code = _FontStackState.fallbackLanguageCode(script: item.script, default: state.defaultLanguageCode)
                var runStart = item.range.lowerBound, runFace = -1
                var sticky: FontFace? = nil
                let bounds = clusters.map(Int.init).filter { $0 > item.range.lowerBound && $0 < item.range.upperBound }
                var cs = item.range.lowerBound
                for ce in bounds + [item.range.upperBound] {
                    let face = state.face(forCluster: bytes, cs, ce, memo: nil, emoji: item.isEmoji, script: item.script,
                                          languageCode: code, run: runFace, runFaceObject: sticky.map(Unmanaged.passUnretained))
                    if face != runFace {
                        if runFace >= 0 { runs.append([runStart, cs, runFace]) }
                        runStart = cs
                        runFace = face
                        sticky = face >= state.primaries.count ? state.faceList()[face] : nil
                    }
                    cs = ce
                }
                if runFace >= 0 { runs.append([runStart, item.range.upperBound, runFace]) }
            }
        }
        return runs
    }
}
