@testable import ChatFormText
import Testing

/// Holds a `TextDocument` against the naive model: a fresh `TextLayout` of its whole text.
struct DocumentChecker {
    var rng: SplitMix64

    /// Everything the document answers must equal what `reference` answers.
    mutating func expectMatches(_ document: TextDocument, _ reference: TextLayout,
                                samples: Int = 12, sourceLocation: SourceLocation = #_sourceLocation) throws {
        document._checkInvariants()
        #expect(document.text == reference.text, sourceLocation: sourceLocation)
        #expect(document.utf8Count == reference.utf8Count, sourceLocation: sourceLocation)
        #expect(document.lineCount == reference.lineCount, sourceLocation: sourceLocation)
        #expect(document.height == reference.height, sourceLocation: sourceLocation)
        #expect(document.lineHeight == reference.lineHeight, sourceLocation: sourceLocation)
        let all = document.lines(in: 0..<document.lineCount)
        #expect(all == reference.lines, sourceLocation: sourceLocation)
        guard all == reference.lines else { return }
        #expect(document.paragraphCount == reference.lines.count { $0.isHard } + 1, sourceLocation: sourceLocation)
        // Paragraph ranges and lines, from the reference's hard lines.
        var paragraphStarts = [(offset: 0, line: 0)]
        for (i, line) in reference.lines.enumerated() where line.isHard { paragraphStarts.append((line.end, i + 1)) }
        for _ in 0..<3 {
            let p = Int.random(in: 0..<paragraphStarts.count, using: &rng)
            let isLast = p == paragraphStarts.count - 1
            let end = isLast ? (offset: reference.utf8Count, line: reference.lineCount) : paragraphStarts[p + 1]
            #expect(document.paragraphRange(p) == paragraphStarts[p].offset..<end.offset, sourceLocation: sourceLocation)
            #expect(document.paragraphLines(p) == paragraphStarts[p].line..<end.line, sourceLocation: sourceLocation)
        }
        for _ in 0..<3 {
            let i = Int.random(in: 0..<reference.lineCount, using: &rng)
            #expect(document.line(at: i) == reference.lines[i], sourceLocation: sourceLocation)
            let j = Int.random(in: i...reference.lineCount, using: &rng)
            #expect(document.lines(in: i..<j) == Array(reference.lines[i..<j]), sourceLocation: sourceLocation)
        }

        // Caret queries at random grapheme boundaries (and both ends), both affinities.
        let boundaries = try reference.graphemeBoundaries()
        var offsets = [0, reference.utf8Count]
        for _ in 0..<samples { offsets.append(boundaries.randomElement(using: &rng)!) }
        for offset in offsets {
            #expect(try document.offset(after: offset) == reference.offset(after: offset), sourceLocation: sourceLocation)
            #expect(try document.offset(before: offset) == reference.offset(before: offset), sourceLocation: sourceLocation)
            for affinity in [TextAffinity.downstream, .upstream] {
                let p = TextPosition(offset: offset, affinity: affinity)
                #expect(try document.lineIndex(for: p) == reference.lineIndex(for: p), sourceLocation: sourceLocation)
                #expect(try document.caretRect(for: p) == reference.caretRect(for: p), sourceLocation: sourceLocation)
                // The one-lookup placement the table reads: the same rect and line.
                let placed = try document.caretPlacement(for: p)
                let rect = try reference.caretRect(for: p), line = try reference.lineIndex(for: p)
                #expect(placed.rect == rect && placed.line == line, sourceLocation: sourceLocation)
                #expect(try document.lineStart(for: p) == reference.lineStart(for: p), sourceLocation: sourceLocation)
                #expect(try document.lineEnd(for: p) == reference.lineEnd(for: p), sourceLocation: sourceLocation)
                for by in [-2, -1, 1, 2] {
                    let goal: Double? = Bool.random(using: &rng) ? nil : Double.random(in: -1...30, using: &rng)
                    let a = try document.position(movingVerticallyFrom: p, by: by, goalX: goal)
                    let b = try reference.position(movingVerticallyFrom: p, by: by, goalX: goal)
                    #expect(a.position == b.position && a.goalX == b.goalX, sourceLocation: sourceLocation)
                }
            }
        }
        // Offsets that are not boundaries throw the same error.
        let boundarySet = Set(boundaries)
        for _ in 0..<4 {
            let offset = Int.random(in: -2...reference.utf8Count + 2, using: &rng)
            if boundarySet.contains(offset) { continue }
            #expect(Self.error { try document.validate(offset) } == Self.error { try reference.validate(offset) },
                    sourceLocation: sourceLocation)
            #expect(Self.error { _ = try document.caretRect(for: TextPosition(offset: offset)) }
                        == Self.error { _ = try reference.caretRect(for: TextPosition(offset: offset)) },
                    sourceLocation: sourceLocation)
            #expect(Self.error { _ = try document.caretPlacement(for: TextPosition(offset: offset)) }
                        == Self.error { _ = try reference.caretRect(for: TextPosition(offset: offset)) },
                    sourceLocation: sourceLocation)
            #expect(Self.error { _ = try document.offset(before: offset) } == Self.error { _ = try reference.offset(before: offset) },
                    sourceLocation: sourceLocation)
        }
        // Points anywhere, including outside the text.
        for _ in 0..<samples {
            let point = Point(x: Double.random(in: -3...45, using: &rng),
                              y: Double.random(in: -2...(reference.height + 2), using: &rng))
            #expect(document.position(at: point) == reference.position(at: point), sourceLocation: sourceLocation)
        }
    }

    static func error(_ body: () throws -> Void) -> TextLayoutError? {
        do { try body(); return nil } catch { return error as? TextLayoutError }
    }
}

/// Edits for random sequences: biased towards the pieces that change clusters or
/// paragraphs across the edit's boundary.
enum RandomEdit {
    static let joiners: [String] = [
        "\r", "\n", "\r\n", "\n\r", "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}", "🏽", "🇰", "🇷",
        "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "e", " ", "\t",
    ]

    static func replacement<G: RandomNumberGenerator>(_ rng: inout G) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...2: return ""
        case 3...5: return joiners.randomElement(using: &rng)!
        default: return RandomText.make(&rng, pieceCount: Int.random(in: 1...4, using: &rng))
        }
    }

    /// The text with bytes `range` replaced.
    static func applying(_ range: Range<Int>, _ replacement: String, to text: String) -> String {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(range, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }
}
