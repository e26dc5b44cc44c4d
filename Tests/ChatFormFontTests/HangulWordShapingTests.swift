import Testing
import Foundation
@testable import ChatFormFont
@testable import ChatFormText
import ChatFormTesting

/// A face with fullwidth punctuation spacing (`halt` without `chws`: Noto Sans CJK) is
/// shaped word by word where a run has no fullwidth punctuation or CJK quote: no lookup of
/// such a face touches the space (checked by HarfBuzz's lookups for the script, `halt`'s
/// among them), so each word with its spaces shapes as it does inside the whole run. These
/// tests shape the same runs both ways, straight through HarfBuzz, in every face fontconfig
/// lists for Korean, and compare every byte's advance and unsafe-to-break code.
@Suite("Hangul word shaping", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct HangulWordShapingTests {
    static let hang = HanKerning.tag("Hang"), latn = HanKerning.tag("Latn")
    static let hani = HanKerning.tag("Hani"), zyyy = HanKerning.tag("Zyyy")
    /// Scripts and languages the faces are asked about.
    static let cases = [(hang, _ShapingLanguage("en-us")), (hang, _ShapingLanguage("ko")), (latn, _ShapingLanguage("en-us")),
                        (hani, _ShapingLanguage("ko")), (zyyy, _ShapingLanguage("en-us"))]

    /// Every face fontconfig's Korean fallback list holds that draws Hangul (as
    /// `fc-list :lang=ko`), at 16 px.
    static func koreanFaces() throws -> [FontFace] {
        let list = try FontLibrary.shared.fallbackList(language: _ShapingLanguage("ko"))
        var faces: [FontFace] = [], seen = Set<String>()
        var from = 0
        while let k = list.first(covering: 0xAC00, from: from) {
            let file = list.font(k)
            if seen.insert("\(file.path)#\(file.index)").inserted {
                faces.append(try FontLibrary.shared.face(path: file.path, index: file.index, size: 16))
            }
            from = k + 1
        }
        return faces
    }

    /// The Korean faces have `halt` and no `chws` (so fullwidth punctuation goes through
    /// `HanKerning`), yet none of the lookups HarfBuzz applies to Hangul in an English
    /// stack's language touches the space: their Hangul runs go word by word. In Korean,
    /// Noto Sans CJK's `locl` lists the space (its KOR language system), so they do not.
    @Test func koreanFacesKeepTheSpaceApartInHangul() throws {
        let faces = try Self.koreanFaces()
        #expect(faces.count >= 4, "fontconfig lists the Noto CJK faces for Korean")
        let english = _ShapingLanguage("en-us"), korean = _ShapingLanguage("ko")
        for face in faces {
            #expect(face.hanKerning != nil, "\(face.family)")
            #expect(face.spaceIsIsolated(script: Self.hang, language: english), "\(face.family)")
            #expect(face.lookupsSkipTheSpace(script: Self.hang, language: "en-us"), "\(face.family)")
        }
        let sans = try #require(faces.first { $0.family == "Noto Sans CJK KR" })
        #expect(!sans.spaceIsIsolated(script: Self.hang, language: korean))
        #expect(sans.spaceIsIsolated(script: Self.hang, language: english), "the answer kept per language")
    }

    /// Seeded mixes of Hangul, Latin, digits, ASCII and CJK punctuation, emoji and spaces
    /// (runs of one and two): in every Korean face, for each script and language, the whole
    /// run shaped in one call and the run shaped word by word (each word with its spaces)
    /// give the same advances and codes at every byte.
    @Test func randomMixesShapeAlikeWordByWord() throws {
        let faces = try Self.koreanFaces()
        var rng = SplitMix64(seed: 2470)
        let pool = ["안녕하세요", "키보드가", "올라오면", "입력", "커서가", "화면", "밖으로", "해결됐어요", "한", "ㅋㅋㅋ",
                    "회의", "the", "AVATAR", "fi", "office", "Toyota", "WAVE", "12:30", "3.14", "$5", "(괄호)", "\"인용\"",
                    "…", "—", "·", "~", "!?", "ok!", "😀", "👍🏽", "🇰🇷", "❤️", "한글abc", "abc한글", "漢字", "測試", "かな"]
        var compared = 0
        for _ in 0..<160 {
            let count = Int(rng.next() % 14) + 1
            var text = ""
            for k in 0..<count {
                if k > 0 { text += rng.next() % 5 == 0 ? "  " : " " }
                text += pool[Int(rng.next() % UInt64(pool.count))]
            }
            if rng.next() % 4 == 0 { text += " " }
            for face in faces {
                for (script, language) in Self.cases where face.spaceIsIsolated(script: script, language: language) {
                    try compareWholeAndWords(text, 0..<text.utf8.count, face: face, script: script, language: language.tag)
                    compared += 1
                }
            }
        }
        // Hangul in English in every face at least.
        #expect(compared >= 160 * faces.count)
    }

    /// The chat corpus's messages in Noto Sans and DejaVu Sans: every left-to-right run in a
    /// Korean face with no fullwidth punctuation, shaped whole and word by word, alike; and
    /// what prepare wrote for it (word by word, through the cache) equals the whole run.
    @Test(arguments: ["Noto Sans", "DejaVu Sans"])
    func corpusRunsShapeAlikeWordByWord(family: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/corpus/chat-messages.txt")
        let messages = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let fonts = try FontStack(family: family, size: 16)
        FontStack.clearShapedWordCache()
        var runs = 0
        for text in messages {
            let shaped = try fonts.shape(text)
            let bytes = Array(text.utf8)
            for run in shaped.runs where run.bidiLevel & 1 == 0 {
                let face = fonts.face(of: run)
                guard face.hanKerning != nil else { continue }
                let mayApply = bytes.withUnsafeBufferPointer { HanKerning.mayApply($0, run.range) }
                guard !mayApply else { continue }
                guard face.spaceIsIsolated(script: run.script, language: fonts.state.shapingLanguage) else { continue }
                let whole = try compareWholeAndWords(text, run.range, face: face, script: run.script, language: fonts.state.language)
                for b in run.range where !(bytes[b] >= 0x0A && bytes[b] <= 0x0D) {
                    #expect(shaped.advances[b] == whole.advances[b - run.range.lowerBound], "\(text) byte \(b)")
                    #expect(shaped.unsafeToBreak[b] == whole.unsafe[b - run.range.lowerBound], "\(text) byte \(b)")
                }
                runs += 1
            }
        }
        #expect(runs > 150, "the corpus's Hangul runs were compared")
        FontStack.clearShapedWordCache()
    }

    /// Shapes `range` of `text` with `face` whole and word by word (a word: its characters up
    /// to a space, then its spaces, ending at a grapheme cluster boundary), expects the same
    /// advances and codes at every byte, and returns the whole run's.
    @discardableResult
    private func compareWholeAndWords(_ text: String, _ range: Range<Int>, face: FontFace, script: UInt32, language: String)
        throws -> (advances: [Int32], unsafe: [UInt8]) {
        let bytes = Array(text.utf8)
        let clusters = Set(try TextItemizer.segmentWithOpportunities(text, direction: .ltr, scratch: .forCurrentThread()).clusters.map(Int.init))
        let whole = Self.shapeAlone(bytes, range, face: face, script: script, language: language)
        var words = (advances: [Int32](), unsafe: [UInt8]())
        var a = range.lowerBound
        while a < range.upperBound {
            var b = a
            repeat {
                while b < range.upperBound && bytes[b] != 0x20 { b += 1 }
                while b < range.upperBound && bytes[b] == 0x20 { b += 1 }
            } while b < range.upperBound && !clusters.contains(b)
            // The word in a buffer of its own (as a cached word was shaped elsewhere).
            let word = Self.shapeAlone(Array(bytes[a..<b]), 0..<(b - a), face: face, script: script, language: language)
            words.advances += word.advances
            words.unsafe += word.unsafe
            a = b
        }
        #expect(words.advances == whole.advances, "\(face.family) \(script) \(language): \(text)")
        #expect(words.unsafe == whole.unsafe, "\(face.family) \(script) \(language): \(text)")
        return whole
    }

    /// HarfBuzz's shaping of `range` alone in one call: per byte its advance and code (2
    /// inside a cluster, else the cluster's unsafe-to-break flag), as `ShapedRuns` has them.
    static func shapeAlone(_ bytes: [UInt8], _ range: Range<Int>, face: FontFace, script: UInt32, language: String)
        -> (advances: [Int32], unsafe: [UInt8]) {
        var advances = [Int32](repeating: 0, count: range.count), unsafe = [UInt8](repeating: 2, count: range.count)
        var previous = -1
        let buffer = ShapingBuffer.forCurrentThread()!
        let ok = bytes.withUnsafeBufferPointer { all in
            buffer.shape(all, range: range, face: face, script: script, rtl: false, language: language) { cluster, advance, isUnsafe in
                let i = cluster - range.lowerBound
                advances[i] &+= advance
                if cluster != previous {
                    unsafe[i] = isUnsafe ? 1 : 0
                    previous = cluster
                } else if isUnsafe {
                    unsafe[i] = 1
                }
            }
        }
        #expect(ok)
        return (advances, unsafe)
    }
}
