import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// Line clamp and one-line `text-overflow: ellipsis` against Chromium
/// (`Tools/record-browser-layout --clamp`, photographed): every paragraph of the font
/// corpora in DejaVu Sans and Noto Sans at 16 px, 160, 240 and 320 px wide, clamped to 1, 2
/// and 3 lines, and its first line on one line. `holdout2` (Arabic, Hebrew, emoji, CJK, Thai
/// and Hindi catalogue strings among others) was recorded after the clamp was built and
/// never tuned on.
@Suite("Line clamp parity", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ClampParityTests {
    struct Record: Decodable {
        var id: String
        var family: String
        var size: Double
        var width: Double
        var clamp: Int
        var height: Double
        var hidden: Bool
        var lineStart: Int?
        var visible: [[Int]]
        var cut: [Int]?
        var ellipsisX: Double?
        /// Whether the box was laid out right to left (fixtures recorded with `--dir`).
        var rtl: Bool?
    }

    typealias Tally = BidiCaretParityTests.Tally

    struct Result {
        var heights = Tally()
        var hidden = Tally()
        var lastLines = Tally()
        var visible = Tally()
        var ellipses = Tally()
        /// The paragraph's direction (`dir="auto"`: its first strong character).
        var directions = Tally()
        /// Graphemes shown that agree once the grapheme beside Chromium's cut is taken as
        /// hidden (see `compare`); counted in `visible` too.
        var visibleByCut = 0
        /// Graphemes shown that agree once bidi controls at the ends of the painted ranges are
        /// left out: a mark, embedding or isolate has no ink, so the photograph counts it by
        /// where it lies, not by whether it is shown.
        var visibleByControl = 0
        /// The photograph's ellipsis x is read from painted pixels: a glyph drawn at a
        /// fractional x lands its ink within a pixel of where a whole-pixel one does.
        var ellipsisErrors: [Double] = []
        /// Single-line layouts of an empty first line: Chromium's box holds no line box
        /// (0 px tall) where the engine lays an empty text out as one empty line. Not counted.
        var emptyOneLine = 0
    }

    /// How far the engine's ellipsis x may lie from the photographed one (px).
    static let ellipsisTolerance = 1.0

    /// Grapheme clusters with no ink: white space, format characters, the soft hyphen.
    static func isBlank(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { s in
            s.properties.isWhitespace || [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xAD].contains(s.value)
        }
    }

    /// Whether `c` is a bidi control (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069).
    static func isBidiControl(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { s in
            [0x200E, 0x200F, 0x061C].contains(s.value) || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
        }
    }

    /// `ranges` with the bidi controls at either end of each range left out.
    static func trimmingControls(_ ranges: [[Int]], in text: String) -> [[Int]] {
        var graphemes: [(Int, Int, Bool)] = []
        var at = 0
        for c in text {
            graphemes.append((at, at + c.utf8.count, isBidiControl(c)))
            at += c.utf8.count
        }
        return ranges.compactMap { r in
            var lo = r[0], hi = r[1]
            for g in graphemes where g.2 && g.0 == lo && g.1 <= hi { lo = g.1 }
            for g in graphemes.reversed() where g.2 && g.1 == hi && g.0 >= lo { hi = g.0 }
            return lo < hi ? [lo, hi] : nil
        }
    }

    /// The painted ranges of a line as the recorder reports them: graphemes shown that
    /// have ink, merged across blank graphemes between two of them.
    static func paintedRanges(_ text: String, line: Range<Int>, shown: [Range<Int>]) -> [[Int]] {
        var ranges: [[Int]] = []
        var previousPainted = false
        let utf8 = text.utf8
        var offset = line.lowerBound
        let from = utf8.index(utf8.startIndex, offsetBy: line.lowerBound)
        let to = utf8.index(utf8.startIndex, offsetBy: line.upperBound)
        for c in text[from..<to] {
            let a = offset, b = offset + c.utf8.count
            offset = b
            if isBlank(c) { continue }
            if shown.contains(where: { $0.lowerBound <= a && b <= $0.upperBound }) {
                if previousPainted { ranges[ranges.count - 1][1] = b } else { ranges.append([a, b]) }
                previousPainted = true
            } else {
                previousPainted = false
            }
        }
        return ranges
    }

    /// The fixture `browser-clamp-NAME.jsonl` against the engine's clamps of its corpus
    /// (`corpus-NAME.jsonl` unless given) in paragraphs of `direction`.
    /// `ranges` without the bytes of `g`.
    static func paintedRanges(_ ranges: [[Int]], removing g: Range<Int>) -> [[Int]] {
        var out: [[Int]] = []
        for r in ranges {
            if r[0] < g.lowerBound { out.append([r[0], Swift.min(r[1], g.lowerBound)]) }
            if r[1] > g.upperBound { out.append([Swift.max(r[0], g.upperBound), r[1]]) }
        }
        return out.filter { $0[0] < $0[1] }
    }

    /// The end of the grapheme starting at UTF-8 `offset` of `text` (`offset` at its end).
    static func graphemeEnd(_ text: String, after offset: Int) -> Int {
        var at = 0
        for c in text {
            let next = at + c.utf8.count
            if at >= offset { return next }
            at = next
        }
        return offset
    }

    /// The start of the grapheme ending at UTF-8 `offset` of `text` (`offset` at its start).
    static func graphemeStart(_ text: String, before offset: Int) -> Int {
        var at = 0
        for c in text {
            let next = at + c.utf8.count
            if next >= offset { return next == offset ? at : offset }
            at = next
        }
        return offset
    }

    static func compare(_ name: String, corpus: String? = nil, direction: ParagraphDirection = .ltr) throws -> Result {
        let fixtures = BrowserParityTests.fixtures
        let decoder = JSONDecoder()
        let fixture = try String(contentsOf: fixtures.appendingPathComponent("browser-clamp-\(name).jsonl"), encoding: .utf8)
        let records = try fixture.split(separator: "\n").dropFirst().map { try decoder.decode(Record.self, from: Data($0.utf8)) }
        let texts = try corpusTexts(corpus ?? "corpus-\(name).jsonl")
        var prepared: [String: ShapedText] = [:]
        var stacks = StackCache()
        var result = Result()
        for r in records {
            let stack = try stacks.stack(r.family, r.size)
            let full = try #require(texts[r.id])
            let text = r.clamp == 0 ? String(full.split(separator: "\n", omittingEmptySubsequences: false)[0]) : full
            if r.clamp == 0 && text.isEmpty {
                result.emptyOneLine += 1
                continue
            }
            let preparedKey = "\(r.family)@\(r.size)|\(r.clamp == 0)|\(r.id)"
            let shaped: ShapedText
            if let p = prepared[preparedKey] { shaped = p } else {
                shaped = try ShapedText(text: text, shaper: stack, options: TextLayoutOptions(direction: direction))
                prepared[preparedKey] = shaped
            }
            let clamped = r.clamp == 0 ? try shaped.singleLine(width: r.width, direction: direction)
                : try shaped.layout(width: r.width, lineClamp: r.clamp, direction: direction)
            let tag = "\(r.id) \(r.family) \(r.width)px clamp \(r.clamp)"
            if let rtl = r.rtl { result.directions.check(clamped.isRightToLeft == rtl, "\(tag): right to left \(clamped.isRightToLeft) vs \(rtl)") }
            // The empty line after a final mandatory break is a line of the engine's layout;
            // Chromium draws none there (the div of "a\n" is one line tall).
            var shown = clamped.lineCount
            if shown > 1 && clamped.lines[shown - 1].start == text.utf8.count && clamped.lines[shown - 1].start == clamped.lines[shown - 1].end
                && clamped.lines[shown - 2].isHard { shown -= 1 }
            let height = clamped.layout.lineTop(shown - 1) + clamped.layout.heightOfLine(shown - 1)
            result.heights.check(abs(height - r.height) <= 1.0 / 64, "\(tag): height \(height) vs \(r.height)")
            result.hidden.check(clamped.isTruncated == r.hidden, "\(tag): hidden \(clamped.isTruncated) vs \(r.hidden)")
            let last = clamped.lines[shown - 1]
            result.lastLines.check(r.lineStart == nil || last.start == r.lineStart,
                                   "\(tag): last line starts at \(last.start) vs \(r.lineStart ?? -1)")
            guard r.lineStart == nil || last.start == r.lineStart else { continue }
            let painted = paintedRanges(text, line: last.start..<last.contentEnd,
                                        shown: shown == clamped.lineCount ? clamped.visibleRanges : [last.start..<last.contentEnd])
            var sameShown = painted == r.visible
            if !sameShown, let cut = r.cut, cut.count == 2 {
                // The photograph counts a grapheme beside the text fragment Chromium cut as
                // painted when ink of the kept letter reaches into it (a joined Arabic letter's
                // stroke, a glyph's overhang): there, what Chromium keeps of that fragment is
                // the range it reports twice (`cut`), and the grapheme beside it is hidden.
                let beside = [cut[1]..<graphemeEnd(text, after: cut[1]), graphemeStart(text, before: cut[0])..<cut[0]]
                sameShown = beside.contains { g in !g.isEmpty && paintedRanges(r.visible, removing: g) == painted }
                if sameShown { result.visibleByCut += 1 }
            }
            if !sameShown && trimmingControls(painted, in: text) == trimmingControls(r.visible, in: text) {
                sameShown = true
                result.visibleByControl += 1
            }
            result.visible.check(sameShown, "\(tag): shown \(painted) vs \(r.visible) in \(String(reflecting: String(clamped.layout.lineText(shown - 1)))))")
            guard r.hidden && clamped.isTruncated else { continue }
            let mine = clamped.ellipsis?.x
            let same: Bool
            if let mine, let theirs = r.ellipsisX {
                same = abs(mine - theirs) <= ellipsisTolerance
                result.ellipsisErrors.append(mine - theirs)
            } else {
                same = mine == nil && r.ellipsisX == nil
            }
            result.ellipses.check(same, "\(tag): ellipsis at \(mine.map { "\($0)" } ?? "none") vs \(r.ellipsisX.map { "\($0)" } ?? "none")")
        }
        return result
    }

    static func report(_ name: String, _ r: Result) {
        print("clamp \(name): heights \(r.heights), hidden \(r.hidden), last lines \(r.lastLines), shown \(r.visible), ellipses \(r.ellipses)")
        let errors = r.ellipsisErrors.sorted()
        if !errors.isEmpty {
            print("  ellipsis x − photographed: min \(errors[0]) median \(errors[errors.count / 2]) max \(errors[errors.count - 1])")
        }
        if r.directions.total > 0 { print("  directions \(r.directions)") }
        print("  graphemes shown read from Chromium's cut where the photograph counts the grapheme beside it: \(r.visibleByCut)")
        print("  graphemes shown that agree but for bidi controls at a painted range's end: \(r.visibleByControl)")
        for f in r.heights.failures + r.hidden.failures + r.lastLines.failures + r.visible.failures + r.ellipses.failures
            + r.directions.failures {
            print("  differs: \(f)")
        }
    }

    /// Each clamp check at ≥ 99.9%. The last line's start is the unclamped layout's line
    /// breaking (its own fixtures hold it at other widths); where it differs here the other
    /// checks are not made. What differs:
    ///
    /// - Line starts: none (Japanese lines whose content ends at an unsafe boundary within
    ///   1/64 px of the room, ja-006, ja-013, ja-mo-002, ja-mo-005 at 160 and 320 px, agree
    ///   since the fit rule reshapes the line's end as Chromium's does).
    /// - Graphemes shown and ellipses: a Devanagari conjunct (hi-mo-006, hi-mo-007,
    ///   mixed-014), where ICU's grapheme cluster (UAX #29's conjunct rule) is coarser than
    ///   the glyph clusters Chromium cuts between; a line ending at a soft hyphen after a
    ///   ligature (edge-022, de-shy-002, de-shy-003); a line of katakana whose prepared
    ///   advances are 0.5 px narrower than Chromium's shaping of the line (ja-mo-016); a
    ///   right-to-left run whose rounded box ends within 1/64 px of the room (ar-008);
    ///   spaces inside a line the ellipsis lands after or before (en-mo-017); a line of
    ///   quotation marks the photograph reads 4 bytes short (punct-002).
    static func expectAgreement(_ r: Result) {
        for t in [r.heights, r.hidden, r.visible, r.ellipses, r.lastLines] { #expect(t.agreement >= 0.999, "\(t)") }
    }

    @Test("The tuning corpus clamped as Chromium clamps it (≥ 99.9% per kind of check)")
    func tuning() throws {
        let r = try Self.compare("tuning")
        Self.report("tuning", r)
        Self.expectAgreement(r)
    }

    @Test("The held-out corpus clamped as Chromium clamps it (≥ 99.9% per kind of check)")
    func holdout() throws {
        let r = try Self.compare("holdout2")
        Self.report("holdout2", r)
        Self.expectAgreement(r)
    }
}
