import Testing
import ChatFormTesting
import ChatFormText
@testable import ChatFormFont

/// The shortcuts preparing takes on the font side give what the long way gives: fallback
/// answers kept per thread without a lock, shaped words cached without the text around them
/// outside the joining scripts, and fullwidth punctuation spacing skipped for runs without
/// CJK punctuation.
@Suite("Prepare shortcuts", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct PrepareShortcutTests {
    /// Words of several scripts (Latin, Hangul with and without fullwidth punctuation, kana,
    /// Arabic, Thai, Devanagari, emoji with modifiers and joiners), put together at random.
    static let words = [
        "hello", "world,", "naïve", "café", "e\u{301}t\u{E9}", "(ok)", "안녕하세요", "감사합니다", "「좋아요」", "네、", "알겠어。",
        "（括弧）", "“인용”", "かな", "カタカナ・", "مرحبا", "بالعالم", "سلام", "สวัสดี", "नमस्ते", "क्षि", "👍🏽", "👨\u{200D}👩\u{200D}👧",
        "🇰🇷", "☕", "1234", "x\u{FE0F}", "ｆｕｌｌ", "·", "—",
    ]
    static let separators = [" ", "", "  ", ", ", " — "]

    static func messages(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                words.randomElement(using: &rng)! + separators.randomElement(using: &rng)!
            }.joined()
        }
    }

    /// What shaping gave, each run's face named by its file (a stack numbers its fallback
    /// faces in the order it met them).
    struct Shaped: Equatable {
        var runs: [String]
        var advances: [Int32]
        var unsafe: [UInt8]
        init(_ r: ShapedRuns, of stack: FontStack) {
            runs = r.runs.map { run in
                let face = stack.face(of: run)
                return "\(run.range) \(face.path)#\(face.index) \(run.bidiLevel) \(run.script) \(run.item)"
            }
            (advances, unsafe) = (r.advances, r.unsafeToBreak)
        }
    }

    /// Each message shaped by a new stack with an empty cache of words, against the same
    /// messages shaped by one stack after all of them were shaped in reverse order (its
    /// fallback answers known, its words cached from other messages, after other words).
    @Test(arguments: ["Noto Sans", "DejaVu Sans"])
    func warmStackShapesAsColdOnes(family: String) throws {
        let messages = Self.messages(count: 300, seed: family == "Noto Sans" ? 2301 : 2302)
        var cold: [Shaped] = []
        for m in messages {
            FontStack.clearShapedWordCache()
            let stack = try FontStack(family: family, size: 16)
            cold.append(Shaped(try stack.shape(m), of: stack))
        }
        let warm = try FontStack(family: family, size: 16)
        for m in messages.reversed() { _ = try warm.shape(m) }
        var differing: [String] = []
        for (k, m) in messages.enumerated() where Shaped(try warm.shape(m), of: warm) != cold[k] { differing.append(m) }
        #expect(differing.isEmpty, "shaped apart from a cold stack: \(differing.prefix(5))")
    }

    /// Every scalar `HanKerning.mayApply` lets pass (its bytes outside the three blocks it
    /// looks for) is one the rules never set in half width or trim by itself: of a class that
    /// opens or closes nothing in full width, and not a closing mark flush at a line's end.
    @Test func runsWithoutCJKPunctuationHaveNothingToKern() {
        var wrong: [UInt32] = []
        for value in Array(0...0x2FFFF) + [0xE0001, 0xE0020, 0xF0000] {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let bytes = Array(String(Character(scalar)).utf8)
            let passes = bytes.withUnsafeBufferPointer { !HanKerning.mayApply($0, 0..<$0.count) }
            guard passes else { continue }
            switch HanKerning.baseKind(scalar.value) {
            // A middle dot (U+00B7, U+30FB) is set in half width only next to an opening or
            // closing mark in full width, which the scan does find.
            case .other, .openNarrow, .closeNarrow, .middle: break
            default: wrong.append(scalar.value)
            }
            if HanKerning.maybeClose(scalar.value) { wrong.append(scalar.value) }
        }
        #expect(wrong.isEmpty, "kerned but skipped: \(wrong.prefix(10).map { String($0, radix: 16) })")
        // And it does find them: an opening corner bracket, an ideographic full stop, a quote.
        for s in ["「", "。", "“", "（"] {
            #expect(Array(s.utf8).withUnsafeBufferPointer { HanKerning.mayApply($0, 0..<$0.count) })
        }
    }

    /// A styled paragraph's shaping claims its boundaries rise (`ShapedRuns.clustersRise`:
    /// preparing then checks only their ends), and they do, from 0 to the joined text's
    /// length: spans in other fonts, empty spans, attachments, a combining mark right after
    /// an attachment, no elements at all.
    @Test func styledBoundariesRiseAsClaimed() throws {
        let body = FontSpec(family: "Noto Sans", size: 16)
        let bold = body.with(weight: 700)
        let attachment = StyledElement.attachment(InlineAttachment(width: 20, height: 20, baselineOffset: -4))
        var rng = SplitMix64(seed: 7211)
        for _ in 0..<120 {
            var elements: [StyledElement] = []
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: elements.append(attachment)
                case 1: elements.append(.text("", body))
                case 2: elements.append(.text("\u{301}" + Self.words.randomElement(using: &rng)!, body))
                case 3: elements.append(.span(TextSpan(Self.words.randomElement(using: &rng)! + " ", style: SpanStyle(font: bold))))
                default: elements.append(.text(Self.words.randomElement(using: &rng)! + Self.separators.randomElement(using: &rng)!, body))
                }
            }
            let (text, shaped, _, _) = try StyledShaper.prepare(elements, style: ParagraphStyle(font: body))
            #expect(shaped.clustersRise)
            let c = shaped.clusters
            #expect(c.first == 0 && c.last.map(Int.init) == text.utf8.count && zip(c, c.dropFirst()).allSatisfy { $0 < $1 },
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
