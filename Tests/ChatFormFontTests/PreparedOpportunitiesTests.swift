import Testing
import ChatFormTesting
import ChatFormFont
@testable import ChatFormText

/// The itemizer finds the browser's break opportunities on its walk over the clusters
/// (`ShapedRuns.opportunities`), and a prepared text reads them instead of asking the break
/// rules again: the break table must be the same either way, on seeded text of every script
/// with the punctuation the rules treat apart, and on the recorded corpora.
@Suite("Prepared opportunities", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct PreparedOpportunitiesTests {
    /// Pieces the rules decide with context or through ICU: quotation marks between East
    /// Asian text, a Hebrew maqaf, hyphens before digits, an object replacement character,
    /// emoji beside letters and closing marks, fullwidth punctuation, combining marks; and
    /// the clusters whose kind the itemizer tells the break walk (tabs, line terminators,
    /// soft hyphens, white space that hangs or does not).
    static let pieces = ["“", "”", "：", "。", "，", "」", "「", "־", "-", "-1", "1-2", "\u{FFFC}", "👍🏽", "🇰🇷", "e\u{301}",
                         "!", "?", ")", "(", "$", "%", "/", "~", "ー", "っ", "\u{00AD}", "\u{200B}", "\t", "Ä", "«", "»",
                         "\n", "\r\n", "\u{2028}", "\u{3000}", "\u{2003}", "\u{A0}"]

    func text(_ rng: inout SplitMix64) -> String {
        var text = randomMessage(&rng)
        for _ in 0..<Int(rng.next() % 12) {
            let piece = Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
            let utf8 = Array(text.utf8)
            // Inserted at a character boundary (a scalar's first byte), glued or spaced.
            var at = Int(rng.next() % UInt64(utf8.count + 1))
            while at < utf8.count && utf8[at] & 0xC0 == 0x80 { at += 1 }
            let glue = rng.next() % 3 == 0 ? " " : ""
            text = String(decoding: utf8[..<at], as: UTF8.self) + glue + piece + String(decoding: utf8[at...], as: UTF8.self)
        }
        return text
    }

    /// The break table of `text` prepared from the itemizer's opportunities and from the
    /// same shaping with them removed (the rules asked on the break walk).
    func compare(_ text: String, _ fonts: FontStack, options: TextLayoutOptions = TextLayoutOptions()) throws {
        let shaped = try fonts.shape(text)
        #expect(shaped.opportunities.count == shaped.clusters.count, "\(text.debugDescription)")
        var asked = shaped
        asked.opportunities = []
        let read = try ShapedText(text: text, shaped: shaped, shaper: fonts, options: options)
        let walked = try ShapedText(text: text, shaped: asked, shaper: fonts, options: options)
        #expect(read.breaks == walked.breaks, "\(text.debugDescription)")
        #expect(read.contentEnds == walked.contentEnds, "\(text.debugDescription)")
        #expect(Array(read.flags) == Array(walked.flags), "\(text.debugDescription)")
        // The advances and the entries' flags and content advances too (a hyphen, an unsafe
        // content end), which the walk's loop for plain clusters writes on its own.
        #expect(Array(read.x) == Array(walked.x), "\(text.debugDescription)")
        #expect(read.breakEntries.map(\.flags) == walked.breakEntries.map(\.flags), "\(text.debugDescription)")
        #expect(contentXs(read) == contentXs(walked), "\(text.debugDescription)")
    }

    func contentXs(_ t: ShapedText) -> [Int64] {
        t.storage.withSteps { steps in (0..<t.breakEntries.count).map { steps[$0].contentX } }
    }

    @Test func seededTextReadsTheRulesAnswers() throws {
        let fonts = try Fonts.noto(16)
        var rng = SplitMix64(seed: 23)
        var opportunities = 0
        for _ in 0..<600 {
            let t = text(&rng)
            try compare(t, fonts)
            opportunities += try fonts.shape(t).opportunities.reduce(0) { $0 + Int($1 & 1) }
        }
        #expect(opportunities > 6_000)
    }

    /// A stack's runs claim their boundaries rise (`ShapedRuns.clustersRise`: preparing
    /// then checks only their ends), and they do, from 0 to the text's length.
    @Test func stackBoundariesRiseAsClaimed() throws {
        let fonts = try Fonts.noto(16)
        var rng = SplitMix64(seed: 2311)
        for _ in 0..<300 {
            let t = text(&rng)
            for direction in [ParagraphDirection.ltr, .rtl] {
                let shaped = try fonts.shape(t, direction: direction)
                #expect(shaped.clustersRise)
                let c = shaped.clusters
                #expect(c.first == 0 && c.last.map(Int.init) == t.utf8.count && zip(c, c.dropFirst()).allSatisfy { $0 < $1 }, "\(t)")
            }
        }
        #expect(try fonts.shape("").clusters == [0])
    }

    @Test func modesThatAskTheRulesThemselves() throws {
        // keep-all, break-all and line-break tailorings ignore the itemizer's answers; the
        // walk must still agree with a text prepared from shaping without them.
        let fonts = try Fonts.noto(16)
        var rng = SplitMix64(seed: 2323)
        let modes: [TextModes] = [TextModes(wordBreak: .keepAll), TextModes(wordBreak: .breakAll),
                                  TextModes(lineBreak: .strict), TextModes(lineBreak: .anywhere)]
        for _ in 0..<60 {
            let t = text(&rng)
            for m in modes { try compare(t, fonts, options: TextLayoutOptions(modes: m)) }
        }
    }

    @Test(arguments: ["corpus-tuning.jsonl", "corpus-holdout.jsonl", "corpus-holdout2.jsonl"])
    func recordedCorpora(_ file: String) throws {
        let fonts = try Fonts.dejaVu(16)
        for (_, t) in try corpusTexts(file).sorted(by: { $0.key < $1.key }).prefix(400) { try compare(t, fonts) }
    }

    @Test func emptyAndOneByteTexts() throws {
        let fonts = try Fonts.noto(16)
        for t in ["", " ", "a", "\n", "한", "👍🏽"] {
            try compare(t, fonts)
            #expect(try ShapedText(text: t, shaper: fonts).layout(width: 100).lineCount >= 1)
        }
    }
}
