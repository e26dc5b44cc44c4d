import Testing
import ChatFormTesting
import ChatFormFont
@testable import ChatFormText

/// A prepared text keeps its columns narrow where the text allows (`ShapedColumns`): the
/// wide forms (a text over 65,535 bytes, or advances past ±32,767 px) must wrap exactly as
/// the narrow ones. A paragraph's lines do not depend on what follows its mandatory break,
/// so each paragraph is laid out alone (narrow) and again ahead of a long tail (wide).
@Suite("Prepared columns", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct PreparedColumnsTests {
    static let words = ["chat", "안녕하세요", "layout", "됐어요", "漢字かな", "👍🏽", "well-known", "naïve", "x", "“quoted”", "。", "，"]

    func paragraph(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...40, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    @Test(arguments: [(70_000, "many bytes"), (20_000, "wide advances")])
    func wideColumnsWrapAsNarrowOnes(tailBytes: Int, _ label: String) throws {
        let fonts = try Fonts.noto(16)
        var rng = SplitMix64(seed: UInt64(tailBytes))
        // The tail: one paragraph of words with no break before its end (advances past
        // 32,767 px), as long as asked.
        var tail = ""
        while tail.utf8.count < tailBytes { tail += "wrapping " }
        for _ in 0..<20 {
            let head = paragraph(&rng)
            let alone = try ShapedText(text: head, shaper: fonts)
            let ahead = try ShapedText(text: head + "\n" + tail, shaper: fonts)
            #expect(alone.storage.head.pointee.columns.narrowSteps)
            #expect(!ahead.storage.head.pointee.columns.narrowSteps)
            for width in [60.0, 137, 240, 333] {
                let a = try alone.layout(width: width).lines
                let b = Array(try ahead.layout(width: width).lines.prefix(a.count))
                #expect(a.map(\.start) == b.map(\.start), "\(label) at \(width): \(head)")
                #expect(a.map(\.width) == b.map(\.width), "\(label) at \(width): \(head)")
            }
        }
    }

    /// Styled paragraphs (spans in other fonts, an attachment): their item steps narrow
    /// alone (`NarrowItemStep`) and wide ahead of the tail, with the same lines.
    @Test(arguments: [(70_000, "many bytes"), (20_000, "wide advances")])
    func wideItemStepsWrapAsNarrowOnes(tailBytes: Int, _ label: String) throws {
        let body = FontSpec(family: "Noto Sans", size: 16)
        let bold = body.with(weight: 700).with(size: 20)
        var rng = SplitMix64(seed: UInt64(tailBytes) + 1)
        var tail = ""
        while tail.utf8.count < tailBytes { tail += "wrapping " }
        func styled(_ words: [String], then rest: String?) throws -> ShapedText {
            var elements: [StyledElement] = []
            for (k, word) in words.enumerated() {
                let text = (k == 0 ? "" : " ") + word
                if k % 5 == 3 {
                    elements.append(.attachment(InlineAttachment(width: 22, height: 30, baselineOffset: -6)))
                    elements.append(.text(text, body))
                } else {
                    elements.append(k % 2 == 0 ? .text(text, body) : .span(TextSpan(text, style: SpanStyle(font: bold))))
                }
            }
            if let rest { elements.append(.text("\n" + rest, body)) }
            return try StyledText(elements, style: ParagraphStyle(font: body)).shaped
        }
        for _ in 0..<12 {
            let words = (0..<Int.random(in: 2...30, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }
            let alone = try styled(words, then: nil)
            let ahead = try styled(words, then: tail)
            let a0 = alone.storage.head.pointee.columns, b0 = ahead.storage.head.pointee.columns
            #expect(a0.itemStepCount == a0.stepCount + 1 && a0.narrowItemSteps)
            #expect(b0.itemStepCount == b0.stepCount + 1 && !b0.narrowItemSteps)
            for width in [60.0, 137, 240, 333] {
                let a = try alone.layout(width: width).lines
                let b = Array(try ahead.layout(width: width).lines.prefix(a.count))
                #expect(a.map(\.start) == b.map(\.start), "\(label) at \(width): \(words)")
                #expect(a.map(\.width) == b.map(\.width), "\(label) at \(width): \(words)")
            }
        }
    }

    @Test func narrowColumnsHoldWhatWasPrepared() throws {
        let fonts = try Fonts.noto(16)
        let text = "안녕하세요 “quoted”。 naïve 👍🏽\nnext\u{00AD}line"
        let shaped = try ShapedText(text: text, shaper: fonts)
        #expect(shaped.storage.head.pointee.columns.narrowIndices)
        #expect(shaped.offsets.first == 0 && Int(shaped.offsets.last!) == text.utf8.count)
        #expect(zip(shaped.offsets, shaped.offsets.dropFirst()).allSatisfy { $0 < $1 })
        // The runs read back as shaped, covering the text.
        let runs = shaped.runs
        #expect(runs.first?.range.lowerBound == 0 && runs.last?.range.upperBound == text.utf8.count)
        // The mandatory break's entry and the last one end the text's two paragraphs.
        let hard = shaped.breakEntries.filter { $0.flags & BreakEntry.hard != 0 }
        #expect(hard.count == 1)
    }
}
