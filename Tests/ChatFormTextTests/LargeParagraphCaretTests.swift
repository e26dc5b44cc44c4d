@testable import ChatFormText
import Testing

/// A large paragraph's caret x read from the line's bytes (`plainCaretX`) against the line's
/// window layout, which walks ICU's grapheme clusters (what it answered before).
@Suite("LargeParagraphCaret")
struct LargeParagraphCaretTests {
    static let metrics: [any TextMetrics] = [
        TerminalCellMetrics(), TerminalCellMetrics(tabWidth: 4, ambiguousWidth: 2),
        FixedAdvanceMetrics(advance: 7.5, lineHeight: 17.3), CellWidthTests.TableMetrics(),
    ]

    /// Every boundary of every line of seeded random paragraphs (marks, emoji sequences,
    /// Hangul jamo, tabs, CR LF): where the bytes decide, the same x as the window; where they
    /// do not, nil (and the window answers).
    @Test(arguments: [UInt64(61), 62, 63, 64])
    func sameXAsTheWindow(seed: UInt64) throws {
        var answered = 0, declined = 0
        try Self.forEachLargeParagraph(seed: seed, rounds: 6, widths: [4, 9, 17, 60]) { round, _, large throws(TextLayoutError) in
            for k in 0..<large.lines.count {
                let line = large.lines[k]
                let (window, base) = large.window(lines: k..<k + 1)
                for offset in line.start...line.contentEnd + 1 {
                    if offset > line.start && offset <= line.contentEnd {
                        guard try window.isGraphemeBoundary(offset - base) else { continue }
                    }
                    let expected = try window.caretX(onLine: 0, at: offset - base)
                    if let x = large.plainCaretX(onLine: k, at: offset) {
                        #expect(x == expected, "seed \(seed) round \(round) line \(k) offset \(offset)")
                        answered += 1
                    } else {
                        declined += 1
                    }
                }
            }
        }
        #expect(answered > declined, "\(answered) answered from the bytes, \(declined) by the window")
        #expect(declined > 0, "no line needed ICU")
    }

    /// The fused path of a caret placement (`plainClampedCaretX`: one copy of the line for
    /// the bidi check and the walk) against the line model's `clampedCaretX` at every boundary of
    /// every line, with Hebrew and Arabic words mixed in so that some lines need bidi (and
    /// decline), and widths narrow enough that lines overflow (the clamp).
    @Test(arguments: [UInt64(71), 72, 73, 74])
    func clampedXAsTheGeneralPath(seed: UInt64) throws {
        var answered = 0, declinedForBidi = 0
        let rightToLeft = { (rng: inout SplitMix64, round: Int) in
            round % 2 == 1 ? " שלום עולם " + RandomText.make(&rng, pieceCount: 40) + " مرحبا " : ""
        }
        try Self.forEachLargeParagraph(seed: seed, rounds: 4, widths: [3, 9, 17, 60], adding: rightToLeft) {
            round, paragraph, large throws(TextLayoutError) in
            for k in 0..<large.lines.count {
                let line = large.lines[k]
                for offset in line.start...line.end where try paragraph.isGraphemeBoundary(offset) {
                    let expected = try paragraph.lineModelClampedCaretX(onLine: k, at: offset)
                    // The paragraph's own answer (the line model's customization point) too.
                    #expect(try paragraph.clampedCaretX(onLine: k, at: offset) == expected)
                    if let x = large.plainClampedCaretX(onLine: k, at: offset) {
                        #expect(x == expected, "seed \(seed) round \(round) line \(k) offset \(offset)")
                        answered += 1
                    } else if try paragraph.bidiLevels(onLine: k) != nil {
                        declinedForBidi += 1
                    }
                }
            }
        }
        #expect(answered > 0)
        #expect(declinedForBidi > 0, "no line needed bidi")
    }

    /// A document's caret x (`clampedCaretX`, which asks the caret's paragraph) and its
    /// caret placement against a fresh layout of the whole text, in right-to-left
    /// paragraphs under every alignment (a right-to-left line and an empty one are placed by
    /// it), in small units and in tiny ropes. (Not `auto`: a document resolves it on each
    /// paragraph, a layout on its whole text.)
    @Test(arguments: [TextModes.TextAlign.start, .end, .center])
    func documentCaretXAsAFreshLayout(align: TextModes.TextAlign) throws {
        let direction = ParagraphDirection.rtl
        var rng = SplitMix64(seed: 81)
        var options = TextLayoutOptions(direction: direction)
        options.modes.textAlign = align
        var checked = 0
        for round in 0..<12 {
            let text = BidiCaretTests.randomText(&rng) + "\n\n" + BidiCaretTests.randomText(&rng) + (round % 2 == 0 ? "\n" : "")
            let width = Double(rng.next() % 20 + 3)
            let reference = try TextLayout(text: text, width: width, options: options)
            for tuning in [_ParagraphTuning.standard, TextDocumentTests.tinyRopes] {
                let document = try TextDocument(text: text, width: width, options: options, tuning: tuning)
                for position in try BidiCaretTests.positions(reference) {
                    let k = try reference.lineIndex(for: position)
                    let expected = try reference.caretRect(for: position)
                    #expect(try document.clampedCaretX(onLine: k, at: position.offset) == expected.minX,
                            "\(direction) \(align) \(text.debugDescription) at \(width): \(position)")
                    #expect(try document.caretRect(for: position) == expected)
                    #expect(try document.caretPlacement(for: position).rect == expected)
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    /// `clampedCaretX` is an optimization point of the line model: a document's answer (its
    /// paragraph's, a large paragraph's from its bytes) must equal the line model's default at
    /// every caret position, for every direction (`auto` included, which a whole-text
    /// reference resolves differently) and alignment, in standard and tiny ropes.
    @Test(arguments: [ParagraphDirection.ltr, .rtl, .auto])
    func documentCaretXIsTheLineModels(direction: ParagraphDirection) throws {
        var rng = SplitMix64(seed: 97)
        var checked = 0
        for align in TextModes.TextAlign.allCases {
            var options = TextLayoutOptions(direction: direction)
            options.modes.textAlign = align
            for round in 0..<6 {
                let text = BidiCaretTests.randomText(&rng) + "\n" + String(repeating: "plain words ", count: 6)
                    + (round % 2 == 0 ? "\n\n" : "") + BidiCaretTests.randomText(&rng)
                let width = Double(rng.next() % 20 + 3)
                for tuning in [_ParagraphTuning.standard, TextDocumentTests.tinyRopes] {
                    let document = try TextDocument(text: text, width: width, options: options, tuning: tuning)
                    for k in 0..<document.lineCount {
                        let line = document.line(at: k)
                        var offset = line.start
                        while offset <= line.contentEnd {
                            #expect(try document.clampedCaretX(onLine: k, at: offset)
                                        == document.lineModelClampedCaretX(onLine: k, at: offset),
                                    "\(direction) \(align) \(text.debugDescription) at \(width): line \(k) offset \(offset)")
                            checked += 1
                            if offset == line.contentEnd { break }
                            offset = try document.graphemeBoundary(after: offset)
                        }
                    }
                }
            }
        }
        #expect(checked > 400)
    }

    /// A paragraph whose direction is not `ltr` is left to the general path.
    @Test func otherDirectionsAskTheGeneralPath() throws {
        for direction in [ParagraphDirection.rtl, .auto] {
            var options = TextLayoutOptions()
            options.direction = direction
            let document = try TextDocument(text: String(repeating: "word ", count: 20), width: 12, options: options,
                                            tuning: TextDocumentTests.tinyRopes)
            let large = try #require(document.units.paragraphs[0].large)
            #expect(large.plainClampedCaretX(onLine: 1, at: large.lines[1].start + 1) == nil)
        }
    }

    /// Calls `body` with the round, each large paragraph and its rope and lines, of `rounds`
    /// documents of seeded random text (plus what `adding` makes for the round) at
    /// `widths[round % widths.count]`, in tiny ropes, with metrics chosen by the seed.
    static func forEachLargeParagraph(seed: UInt64, rounds: Int, widths: [Double],
                                      adding: (inout SplitMix64, Int) -> String = { _, _ in "" },
                                      _ body: (Int, _Paragraph, _LargeParagraph) throws(TextLayoutError) -> Void) throws {
        var rng = SplitMix64(seed: seed)
        let metrics = Self.metrics[Int(seed % 4)]
        for round in 0..<rounds {
            let text = RandomText.make(&rng, pieceCount: 120) + adding(&rng, round)
            let document = try TextDocument(text: text, width: widths[round % widths.count], metrics: metrics,
                                            tuning: TextDocumentTests.tinyRopes)
            try document.units.paragraphs.forEach(from: 0) { (paragraph: _Paragraph) throws(TextLayoutError) -> Bool in
                if let large = paragraph.large { try body(round, paragraph, large) }
                return true
            }
        }
    }

    /// A large paragraph's own grapheme steps refuse an offset outside it with
    /// `.offsetOutOfRange` (`0..<n` after, `1...n` before), as a flat one's layout does,
    /// rather than reading its rope out of bounds; at the edges they answer alike.
    @Test func graphemeStepsOutsideTheParagraphThrow() throws {
        let text = String(repeating: "word é ", count: 10) + "end é"
        let n = text.utf8.count
        let document = try TextDocument(text: text, width: 12, tuning: TextDocumentTests.tinyRopes)
        let large = document.units.paragraphs[0]
        #expect(large.large != nil && large.utf8Count == n)
        let flat = _Paragraph(try TextLayout(text: text, width: 12))
        for paragraph in [large, flat] {
            for offset in [-1, n, n + 7] {
                #expect(throws: TextLayoutError.offsetOutOfRange(offset: offset, length: n)) { try paragraph.graphemeBoundary(after: offset) }
            }
            for offset in [-1, 0, n + 1] {
                #expect(throws: TextLayoutError.offsetOutOfRange(offset: offset, length: n)) { try paragraph.graphemeBoundary(before: offset) }
            }
            #expect(try paragraph.graphemeBoundary(after: 0) == 1 && paragraph.graphemeBoundary(before: 1) == 0)
            #expect(try paragraph.graphemeBoundary(after: n - 2) == n && paragraph.graphemeBoundary(before: n) == n - 2)
        }
    }

    /// Under `text-align: center` the window answers (the line's own x is added there).
    @Test func alignedLinesAskTheWindow() throws {
        var options = TextLayoutOptions()
        options.modes.textAlign = .center
        let text = String(repeating: "word ", count: 20)
        let document = try TextDocument(text: text, width: 12, options: options, tuning: TextDocumentTests.tinyRopes)
        let large = try #require(document.units.paragraphs[0].large)
        #expect(large.plainCaretX(onLine: 1, at: large.lines[1].start + 1) == nil)
        let (window, base) = large.window(lines: 1..<2)
        #expect(try document.caretX(onLine: 1, at: large.lines[1].start + 1)
                    == window.caretX(onLine: 0, at: large.lines[1].start + 1 - base))
    }
}
