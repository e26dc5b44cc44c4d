import Testing
import ChatFormFont
import ChatFormTesting
@testable import ChatFormText

/// Inline items rounded apart in plain text (`_ItemBoundaries`): Blink splits a paragraph's
/// text item at every change of bidi level and makes each zero width non-joiner (U+200C) an
/// item of its own; its line breaker sums a line as each item's piece rounded up to a layout
/// unit (1/64 px). The line's width, its fit and the caret's boxes take the same items.
@Suite("Inline items of plain text rounded apart", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ItemRoundingTests {
    static let unit = 1.0 / 64

    /// `v` pixels rounded up to a layout unit (a value within 1e-7 units of one is that one).
    static func up(_ v: Double) -> Double { (v * 64 - 1e-7).rounded(.up) / 64 }

    /// Line `index`'s caret stops (offset, exact x from the line's start) to its content's
    /// end: the spaces hanging at its end are not in its width.
    static func contentStops(_ layout: TextLayout, onLine index: Int) throws -> [(offset: Int, x: Double)] {
        let bytes = Array(layout.text.utf8)
        var stops: [(offset: Int, x: Double)] = []
        try layout.unalignedCaretStops(onLine: index) { o, x in
            stops.append((o, x))
            return true
        }
        while stops.count > 1 && bytes[stops[stops.count - 2].offset] == 0x20 { stops.removeLast() }
        return stops
    }

    /// The exact advance of line `index`'s content.
    static func contentAdvance(_ layout: TextLayout, onLine index: Int) throws -> Double {
        try contentStops(layout, onLine: index).last?.x ?? 0
    }

    /// The model: line `index`'s width as the sum of its items' pieces, each its exact
    /// advance (`contentStops`) rounded up to a layout unit; an item starts where the bidi
    /// level changes and after a grapheme holding U+200C.
    static func modelWidth(_ layout: TextLayout, onLine index: Int, levels: [UInt8]) throws -> Double {
        let bytes = Array(layout.text.utf8)
        let stops = try contentStops(layout, onLine: index)
        guard stops.count > 1 else { return 0 }
        func holdsJoiner(_ a: Int, _ b: Int) -> Bool {
            a + 3 <= b && (a...(b - 3)).contains { bytes[$0] == 0xE2 && bytes[$0 + 1] == 0x80 && bytes[$0 + 2] == 0x8C }
        }
        var total = 0.0
        var pieceStart = stops[0].x
        for k in 1..<(stops.count - 1) {
            let o = stops[k].offset, previous = stops[k - 1].offset
            if levels[o] != levels[previous] || holdsJoiner(previous, o) {
                total += Self.up(stops[k].x - pieceStart)
                pieceStart = stops[k].x
            }
        }
        return total + Self.up(stops[stops.count - 1].x - pieceStart)
    }

    /// Levels per UTF-8 byte as the itemizer resolves them at `direction`.
    static func levels(_ text: String, _ direction: ParagraphDirection) throws -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: text.utf8.count + 1)
        for item in try TextItemizer.segment(text, direction: direction).items {
            for i in item.range { levels[i] = item.bidiLevel }
        }
        return levels
    }

    @Test("A line's width is its items' pieces rounded apart: seeded mixed texts, both directions, four widths",
          arguments: [ParagraphDirection.ltr, .rtl])
    func widthsAreItemSums(direction: ParagraphDirection) throws {
        var rng = SplitMix64(seed: 2020)
        let joined = ["می‌خواهم", "حالت‌های", "نمی‌شود", "a\u{200C}b"]
        let fonts = [try Fonts.dejaVu(), try Fonts.noto(13)]
        var lines = 0, apart = 0
        for n in 0..<80 {
            var text = randomMessage(&rng)
            if rng.next() % 2 == 0 { text += " " + joined[Int(rng.next() % UInt64(joined.count))] + " " + randomMessage(&rng) }
            let shaped = try ShapedText(text: text, shaper: fonts[n % 2], options: TextLayoutOptions(direction: direction))
            let levels = try Self.levels(text, direction)
            for width in [120.0, 200, 237.5, 400] {
                let layout = try shaped.layout(width: width)
                for k in 0..<layout.lineCount {
                    // A word broken where shaping is not safe to break is measured reshaped
                    // at that edge (another rule; its prepared advances are not the model's).
                    let line = layout.lines[k]
                    let edges = [line.start, line.end].filter { $0 > 0 && $0 < text.utf8.count }
                    if edges.contains(where: { shaped.has(shaped.boundary(of: $0), ShapedText.Flags.unsafe) }) { continue }
                    let model = try Self.modelWidth(layout, onLine: k, levels: levels)
                    #expect(abs(layout.lines[k].width - model) < 1e-9, "\(text.debugDescription) at \(width), line \(k)")
                    lines += 1
                    // Rounded once, the exact sum is narrower: the items' rounding shows.
                    let once = Self.up(try Self.contentAdvance(layout, onLine: k))
                    if model > once + 1e-9 { apart += 1 }
                }
            }
        }
        #expect(lines > 1000)
        #expect(apart > 100, "lines whose items' rounding adds to their width: \(apart)")
    }

    @Test("A line fits when its items rounded apart fit: one layout unit narrower, the last word goes down")
    func fitRoundsItemsApart() throws {
        // Latin, Arabic and Hebrew runs and numbers in one line, each piece rounded on its own.
        var shown = 0
        for (text, direction) in [("12.5 في المفتاح المقابل", ParagraphDirection.rtl), ("see שלום עולם and مرحبا now", .ltr),
                                  ("version 2.4 של התוכנה", .rtl), ("Monday: יום שני at 10:30", .ltr)] {
            let shaped = try ShapedText(text: text, shaper: Fonts.noto(), options: TextLayoutOptions(direction: direction))
            let one = try shaped.layout(width: .infinity)
            let w = one.lines[0].width
            let model = try Self.modelWidth(one, onLine: 0, levels: Self.levels(text, direction))
            #expect(abs(w - model) < 1e-9, "\(text)")
            // A line fits at a width one unit under its rounded content (SPEC §2.1), not two.
            #expect(try shaped.layout(width: w - Self.unit).lineCount == 1, "\(text)")
            #expect(try shaped.layout(width: w - 2 * Self.unit).lineCount == 2, "\(text)")
            // Where the exact sum rounded once is a unit or more narrower, a fit on it would
            // have kept the line at `w - 2/64`.
            if Self.up(try Self.contentAdvance(one, onLine: 0)) <= w - Self.unit { shown += 1 }
        }
        #expect(shown >= 2, "texts whose items' rounding decides their fit: \(shown)")
    }

    /// Measured in Chromium (last session's probe; see the Bidirectional text article):
    /// `a` + U+200C 64 times in DejaVu Sans 16 px is 628 px laid out and 627.5 px on a canvas.
    @Test("A zero width non-joiner ends an item: 64 × \"a\\u{200C}\" is 628 px, as Chromium lays it out")
    func joinerEndsAnItem() throws {
        let text = String(repeating: "a\u{200C}", count: 64)
        let shaped = try ShapedText(text: text, shaper: Fonts.dejaVu())
        let layout = try shaped.layout(width: .infinity)
        #expect(layout.lines[0].width == 628)
        #expect(try shaped.measureBubble(width: 1000).width == 628)
        // Fitted the same way: one line at 628 - 1/64 px, broken one unit narrower.
        #expect(try shaped.layout(width: 628 - Self.unit).lineCount == 1)
        #expect(try shaped.layout(width: 628 - 2 * Self.unit).lineCount == 2)
    }

    /// Measured in Chromium 156 (a `width: max-content` div of the same text): 627.5 px under
    /// `white-space: normal` and `nowrap`, 628 px under `pre-wrap` and `pre`. Blink makes the
    /// joiner an item only in its preserving append (`IsControlItemCharacter`).
    @Test("Where white space collapses, a zero width non-joiner ends no item: 627.5 px, as Chromium lays it out",
          arguments: [TextModes.WhiteSpace.normal, .nowrap, .preWrap, .pre])
    func joinerEndsNoItemWhereSpacesCollapse(_ whiteSpace: TextModes.WhiteSpace) throws {
        let text = String(repeating: "a\u{200C}", count: 64)
        let options = TextLayoutOptions(modes: TextModes(whiteSpace: whiteSpace))
        let shaped = try ShapedText(text: text, shaper: Fonts.dejaVu(), options: options)
        let width = try shaped.layout(width: .infinity).lines[0].width
        #expect(width == (whiteSpace.collapsesSpaces ? 627.5 : 628))
    }
}
