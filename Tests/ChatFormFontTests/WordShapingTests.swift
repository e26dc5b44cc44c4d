import Testing
import Foundation
@testable import ChatFormFont
@testable import ChatFormText

/// Runs of a face whose lookups never see a space are looked up word by word, the words not
/// cached shaped together in one HarfBuzz call and cached one by one, and runs of spaces
/// alone take the space glyph's advance: each run must still add up to one HarfBuzz call
/// over the whole run, and each word to that word shaped alone, whatever the cache held.
@Suite("Word shaping", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct WordShapingTests {
    /// Seeded messages shaped after a random part of their words was shaped (so the words
    /// not cached come in stretches of every length): every left-to-right run of a face
    /// whose lookups never see a space adds up to HarfBuzz's advance for the whole run, and
    /// every word of it (with its spaces) to HarfBuzz's for the word alone.
    @Test(arguments: ["Noto Sans", "DejaVu Sans"])
    func wordsShapedTogetherAddUpAsAlone(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var rng = SplitMix64(seed: 2311)
        var checkedWords = 0, checkedSpaces = 0
        for _ in 0..<120 {
            let text = randomMessage(&rng)
            FontStack.clearShapedWordCache()
            // Some of its words (and words of other messages) shaped first.
            for word in text.split(separator: " ") where rng.next() % 3 == 0 { _ = try fonts.shape(String(word) + " ") }
            let shaped = try fonts.shape(text)
            let bytes = Array(text.utf8)
            for run in shaped.runs where run.bidiLevel & 1 == 0 && fonts.face(of: run).spaceIsIsolated(script: run.script, language: fonts.state.shapingLanguage) {
                let whole = fonts.advance(of: run.range, in: text, run: run)
                #expect(sum(shaped.advances, run.range, bytes) == whole, "\(text) \(run.range)")
                if bytes[run.range].allSatisfy({ $0 == 0x20 }) { checkedSpaces += 1 }
                // Word by word: a word ends after its spaces.
                var a = run.range.lowerBound
                while a < run.range.upperBound {
                    var b = a
                    while b < run.range.upperBound && bytes[b] != 0x20 { b += 1 }
                    while b < run.range.upperBound && bytes[b] == 0x20 { b += 1 }
                    if b < run.range.upperBound && bytes[b] >= 0x80 { a = run.range.upperBound; break }
                    #expect(sum(shaped.advances, a..<b, bytes) == fonts.advance(of: a..<b, in: text, run: run),
                            "\(text) \(a..<b)")
                    checkedWords += 1
                    a = b
                }
            }
        }
        #expect(checkedWords > 500)
        #expect(checkedSpaces > 20, "runs of spaces alone (between the words of a fallback run) were checked")
    }

    /// A message shaped with every word already cached, with none, and with every other
    /// one gives the same advances and codes (the stretch shaped together is cached word by
    /// word as each word alone would be).
    @Test func shapingDoesNotDependOnWhichWordsWereCached() throws {
        let fonts = try FontStack(family: "Noto Sans", size: 16)
        let text = "Could you double-check the numbers in row 14? 오늘 비 온다던데 우산 챙겼어? They don't add up. 👍🏽 AVATAR Toyota"
        let words = text.split(separator: " ").map { String($0) + " " }
        FontStack.clearShapedWordCache()
        let cold = try fonts.shape(text)
        for every in [1, 2, 3] {
            FontStack.clearShapedWordCache()
            for (k, word) in words.enumerated() where k % every == 0 { _ = try fonts.shape(word) }
            let warm = try fonts.shape(text)
            #expect(warm.advances == cold.advances, "every \(every)")
            #expect(warm.unsafeToBreak == cold.unsafeToBreak, "every \(every)")
        }
        FontStack.clearShapedWordCache()
    }

    /// The advances of `range`, but for line breaks (which `advance(of:in:run:)` leaves out).
    private func sum(_ advances: [Int32], _ range: Range<Int>, _ bytes: [UInt8]) -> Int64 {
        range.reduce(Int64(0)) { bytes[$1] >= 0x0A && bytes[$1] <= 0x0D ? $0 : $0 + Int64(advances[$1]) }
    }
}
