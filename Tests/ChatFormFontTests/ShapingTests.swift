import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// Shaping, fonts and fallback on the installed fonts (SPEC §2.1).
@Suite("Shaping", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ShapingTests {
    /// The advance of `text` in pixels as the stack shapes it.
    func advance(_ text: String, _ fonts: FontStack) throws -> Double {
        let runs = try fonts.shape(text)
        return Double(runs.advances.reduce(Int64(0)) { $0 + Int64($1) }) / 65536
    }

    /// The cache of shaped words is per thread and shared by stacks: a word shaped for one
    /// language is not reused for another (Noto Sans CJK sets a space between ideographs
    /// 0.28 em wide for Korean, 0.224 em for Japanese).
    @Test func shapedWordsAreCachedPerLanguage() throws {
        let text = "漢字 漢字"
        let korean = try FontStack(families: ["Noto Sans CJK KR"], size: 16, locale: "ko")
        let japanese = try FontStack(families: ["Noto Sans CJK KR"], size: 16, locale: "ja")
        FontStack.clearShapedWordCache()
        let ko = try korean.shape(text).advances
        let jaAfterKorean = try japanese.shape(text).advances
        FontStack.clearShapedWordCache()
        let ja = try japanese.shape(text).advances
        #expect(ko != ja, "the languages shape the space apart")
        #expect(jaAfterKorean == ja)
        #expect(try korean.shape(text).advances == ko)
    }

    /// A word found in the cache shapes exactly as it did fresh: every text of two corpora
    /// and random messages shaped with an empty cache, then again after all the others
    /// filled it (words then come from other texts, after other words), in both families.
    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func cachedWordsShapeAsFreshOnes(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var texts = try BrowserParityTests.load("tuning").texts.values.sorted()
        texts += try BrowserParityTests.load("holdout2").texts.values.sorted()
        var rng = SplitMix64(seed: 31)
        for _ in 0..<150 { texts.append(randomMessage(&rng)) }
        var fresh: [ShapedRuns] = []
        for text in texts {
            FontStack.clearShapedWordCache()
            fresh.append(try fonts.shape(text))
        }
        FontStack.clearShapedWordCache()
        for text in texts.reversed() { _ = try fonts.shape(text) }
        for (k, text) in texts.enumerated() {
            let warm = try fonts.shape(text)
            #expect(warm.advances == fresh[k].advances, "\(text)")
            #expect(warm.unsafeToBreak == fresh[k].unsafeToBreak, "\(text)")
        }
    }

    /// A lookup that skips base glyphs while matching reaches across a space it never lists
    /// (`Fixtures/skip-bases.ttf`, made by `Tools/make-test-fonts`: a dot above after another
    /// dot above, bases skipped, becomes a 500-unit glyph): such a face is shaped a run at a
    /// time, not word by word.
    @Test func lookupsSkippingBasesKeepRunsWhole() throws {
        let path = BrowserParityTests.fixtures.appendingPathComponent("skip-bases.ttf").path
        let fonts = try FontStack(file: path, size: 16)
        let text = String(repeating: "b\u{307} ", count: 15)   // 60 bytes: longer than a cached run
        // At 16 px: b 9.6 px, the space 4 px, every dot after the first 8 px.
        let expected = 15 * (9.6 + 4) + 14 * 8.0
        #expect(abs(try advance(text, fonts) - expected) < 0.01)
    }

    @Test func kerningPairsAreApplied() throws {
        let fonts = try Fonts.dejaVu()
        let pair = try advance("AV", fonts)
        let apart = try advance("A", fonts) + advance("V", fonts)
        #expect(pair < apart - 0.5, "DejaVu Sans kerns A and V")
        // The boundary inside a kerned pair is not safe to break: a line ending there is
        // measured by shaping its edge again.
        let runs = try fonts.shape("AV")
        #expect(runs.unsafeToBreak[1] == 1)
        #expect(runs.unsafeToBreak[0] == 0)
    }

    @Test func ligaturesJoinClusters() throws {
        let fonts = try Fonts.dejaVu()
        let runs = try fonts.shape("fi")
        // "fi" is one ligature glyph: its advance sits on the 'f', the 'i' starts no cluster.
        #expect(runs.advances[1] == 0)
        #expect(runs.unsafeToBreak[1] == 2)
        // A caret between the two letters still moves: the ligature's advance is shared.
        let layout = try TextLayout(text: "fi", width: 100, metrics: fonts)
        let middle = try layout.caretRect(for: TextPosition(offset: 1)).minX
        #expect(middle > 0 && middle < layout.lines[0].width)
    }

    @Test func arabicJoinsAndRunsRightToLeft() throws {
        let fonts = try Fonts.dejaVu()
        let word = "بببب"
        let joined = try advance(word, fonts)
        let isolated = try advance("ب", fonts) * 4
        #expect(abs(joined - isolated) > 1, "joining forms differ from isolated ones")
        let runs = try fonts.shape("abc \(word) def")
        let arabic = try #require(runs.runs.first { $0.range.contains(5) })
        #expect(arabic.bidiLevel & 1 == 1)
        #expect(runs.runs.first!.bidiLevel == 0)
    }

    @Test func fallbackInsideAWord() throws {
        let fonts = try Fonts.dejaVu()
        let runs = try fonts.shape("a한b")
        #expect(runs.runs.count == 3)
        #expect(runs.runs.map(\.face) == [0, runs.runs[1].face, 0])
        #expect(runs.runs[1].face != 0)
        // The fallback face is fontconfig's first choice for Hangul: a Noto CJK face.
        #expect(fonts.face(of: runs.runs[1]).family.hasPrefix("Noto Sans CJK"))
        // Its box is taller than DejaVu's, so the line is too.
        let layout = try TextLayout(text: "a한b", width: 400, metrics: fonts)
        let plain = try TextLayout(text: "ab", width: 400, metrics: fonts)
        #expect(layout.height > plain.height)
        #expect(plain.height == fonts.lineHeight)
    }

    @Test func emojiSequencesAreSingleClustersFromTheEmojiFont() throws {
        let fonts = try Fonts.noto()
        for emoji in ["🇰🇷", "👩‍💻", "👍🏽", "❤️", "1️⃣"] {
            let runs = try fonts.shape("a\(emoji)b")
            #expect(runs.runs.count == 3, "\(emoji)")
            let face = fonts.face(of: runs.runs[1])
            #expect(face.family == "Noto Color Emoji", "\(emoji)")
            #expect(!face.isScalable)
            // One glyph advance for the whole sequence: the strike's 136 px scaled to 16 px.
            let width = try advance(emoji, fonts)
            #expect(abs(width - 136.0 * 16 / 109) < 0.01, "\(emoji): \(width)")
        }
        // A text-presentation heart stays in the text font when it has one.
        let dejaVu = try Fonts.dejaVu()
        #expect(try dejaVu.shape("❤").runs.allSatisfy { $0.face == 0 })
        #expect(try dejaVu.shape("❤️").runs.contains { $0.face != 0 })
    }

    @Test func lineHeightsFollowTheFontsOnEachLine() throws {
        let fonts = try Fonts.dejaVu()
        let text = "plain words here and 안녕하세요 more plain words"
        let layout = try TextLayout(text: text, width: 120, metrics: fonts)
        var total = 0.0
        for (k, line) in layout.lines.enumerated() {
            let hasHangul = layout.lineText(k).unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }
            let expected = hasHangul ? 24.0 : 19.0   // Noto Sans CJK's box vs DejaVu Sans's at 16 px
            #expect(layout.heightOfLine(k) == expected, "line \(k): \(layout.lineText(k))")
            #expect(layout.lineTop(k) == total)
            total += expected
            _ = line
        }
        #expect(layout.height == total)
        let fixed = try TextLayout(text: text, width: 120, metrics: FontStack(family: "DejaVu Sans", size: 16, lineHeight: .fixed(22)))
        #expect(fixed.height == 22 * Double(fixed.lineCount))
    }

    @Test func badInputIsATypedError() throws {
        #expect(throws: FontError.familyNotFound("No Such Family 12345")) {
            try FontStack(family: "No Such Family 12345", size: 16)
        }
        #expect(throws: FontError.self) { try FontStack(file: "/nonexistent/font.ttf", size: 16) }
        #expect(throws: FontError.invalidSize(0)) { try FontStack(family: "DejaVu Sans", size: 0) }
        #expect(throws: FontError.self) { try FontStack(family: "DejaVu Sans", size: .nan) }
        #expect(throws: FontError.invalidSize(-3)) { try FontStack(family: "DejaVu Sans", size: -3) }
        #expect(throws: FontError.invalidLineHeight(0)) { try FontStack(family: "DejaVu Sans", size: 16, lineHeight: .fixed(0)) }
        #expect(throws: FontError.noFonts) { try FontStack(files: [], size: 16) }
        let notAFont = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf")
        try Data("hello".utf8).write(to: notAFont)
        defer { try? FileManager.default.removeItem(at: notAFont) }
        #expect(throws: FontError.self) { try FontStack(file: notAFont.path, size: 16) }
        // Characters no installed font draws lay out with the primary font (its .notdef
        // glyph), never a crash.
        let fonts = try Fonts.dejaVu()
        let layout = try TextLayout(text: "\u{10FFFD}\u{E000} x \u{10FFFD}", width: 30, metrics: fonts)
        #expect(layout.lines.first?.start == 0)
        #expect(layout.lines.last?.end == "\u{10FFFD}\u{E000} x \u{10FFFD}".utf8.count)
        #expect(throws: TextLayoutError.invalidWidth(0)) { try TextLayout(text: "x", width: 0, metrics: fonts) }
        #expect(throws: TextLayoutError.self) { try TextLayout(text: "x", width: .nan, metrics: fonts) }
    }
}
