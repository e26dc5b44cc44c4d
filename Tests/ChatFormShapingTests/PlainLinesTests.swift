import Testing
import ChatFormTesting
@testable import ChatFormText

/// The plain lines' own loop (`LineBreaker.plainLines`), which `measure`, `measureLines`
/// and `layout` take for most lines of a plain text, held to the linear walk that looks at
/// every break entry in turn: seeded texts in every `white-space` mode, with white space
/// opening and closing them (the first line's opening round, a last line of white space a
/// collapsing mode gives no height), at widths from a few pixels to no wrapping.
@Suite("Plain lines")
struct PlainLinesTests {
    let shaper = FakeShaper()

    /// A seeded message with white space (spaces, tabs, newlines) before and after it.
    func paddedMessage(_ rng: inout SplitMix64) -> String {
        let pads = ["", "", " ", "  ", "\n", " \n ", "\t", "\n\n", "   "]
        return pads[Int(rng.next() % UInt64(pads.count))] + fakeMessage(&rng) + pads[Int(rng.next() % UInt64(pads.count))]
    }

    @Test(arguments: TextModes.WhiteSpace.allCases)
    func sameLinesAsTheLinearWalk(whiteSpace: TextModes.WhiteSpace) throws {
        var rng = SplitMix64(seed: 2323)
        let options = TextLayoutOptions(modes: TextModes(whiteSpace: whiteSpace))
        var compared = 0, blankEnds = 0
        for _ in 0..<250 {
            let text = paddedMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: shaper, options: options)
            for width in [3.0, 37.5, 90 + Double(rng.next() % 20000) / 100, 640, .infinity] {
                let slow = prepared.wrap(width: width, linear: true)
                let layout = try prepared.layout(width: width)
                #expect(layout.lines == slow.lines, "\(text.debugDescription) at \(width)")
                let measured = try prepared.measure(width: width)
                #expect(measured.lineCount == slow.lines.count && measured.height == slow.bottoms.last,
                        "\(text.debugDescription) at \(width)")
                let tally = try prepared.measureLines(width: width)
                #expect(tally.widest == slow.lines.map(\.width).max(), "\(text.debugDescription) at \(width)")
                if slow.bottoms.count > 1 && slow.bottoms[slow.bottoms.count - 1] == slow.bottoms[slow.bottoms.count - 2] {
                    blankEnds += 1
                }
                compared += 1
            }
        }
        #expect(compared == 1250)
        // `pre-line` ends some layouts in a blank line of no height (white space after a
        // newline: the case the tally tells apart by the last cluster's flags).
        if whiteSpace == .preLine { #expect(blankEnds > 0) }
    }

    /// Lines of many short entries (one-letter words, ideographs, each a place to break):
    /// the scan for a line's end (from as many entries on as the previous line took, four at
    /// a time, or back) over lines of 1 to more than 150 entries, with the taller fallback
    /// face's boxes on some of them, held to the linear walk.
    @Test func linesOfManyEntries() throws {
        var rng = SplitMix64(seed: 2324)
        let pool = ["a", "I", "ok", "m", "漢", "字字", "il", "w"]
        var compared = 0, widest = 0
        for _ in 0..<120 {
            var text = ""
            for k in 0..<(Int(rng.next() % 300) + 1) {
                if k > 0 && rng.next() % 5 != 0 { text += rng.next() % 9 == 0 ? "  " : " " }
                text += pool[Int(rng.next() % UInt64(pool.count))]
            }
            let prepared = try ShapedText(text: text, shaper: shaper)
            for width in [3.0, 50 + Double(rng.next() % 60000) / 100, 800, 1500, .infinity] {
                let lines = try expectScanEqualsLinearWalk(prepared, width: width, text.debugDescription)
                for line in lines {
                    let bytes = Array(text.utf8)[line.start..<line.end]
                    widest = Swift.max(widest, bytes.count { $0 == 0x20 || $0 >= 0xE0 })
                }
                compared += 1
            }
        }
        #expect(compared == 600)
        // Lines far longer than a scan's step or a chat message's.
        #expect(widest > 150)
    }

    /// A finite width too wide for the fit's fixed point (from 2^40 px on) lays the text out
    /// as an infinite one does (`_LayoutUnit.fitLimit` clamps it), where its conversion used
    /// to trap; the widest widths below the clamp still wrap nothing of these texts.
    @Test func widthsPastTheFixedPoint() throws {
        var rng = SplitMix64(seed: 2325)
        for _ in 0..<40 {
            let text = paddedMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: shaper)
            let unwrapped = try prepared.layout(width: .infinity)
            for width in [1e300, Double.greatestFiniteMagnitude, 0x1p40, 0x1p39] {
                let layout = try prepared.layout(width: width)
                #expect(layout.lines == unwrapped.lines && layout.height == unwrapped.height, "\(text.debugDescription) at \(width)")
                let measured = try prepared.measure(width: width)
                #expect(measured.lineCount == unwrapped.lineCount && measured.height == unwrapped.height)
            }
        }
    }

    /// The fit limit, made without a checked conversion (`_LayoutUnit.fitLimit` rounds by
    /// adding 2^52, then cuts), against the width cut to layout units by `Int64(_:)`: seeded
    /// widths from 1/64 px to the clamp, whole and half units and the values next to them.
    @Test func fitLimitCutsAsTheConversion() {
        var rng = SplitMix64(seed: 2326)
        var widths: [Double] = [0, 1.0 / 64, 0.5 / 64, 1, 200, 200.5, 0x1p40 - 1.0 / 64, 0x1p40.nextDown]
        for _ in 0..<20_000 {
            let units = Double(rng.next() % (1 << 46)) + [0, 0.5, 0.25, 0.75][Int(rng.next() % 4)]
            let width = rng.next() % 2 == 0 ? Double(rng.next() % 1_000_000) / 1000 : units / 64
            widths += [width, width.nextUp, width.nextDown]
        }
        var mismatches = 0
        for width in widths where width >= 0 && width * 64 < 0x1p46 {
            if _LayoutUnit.fitLimit(width: width) != Int64(width * 64) * _LayoutUnit.one + _LayoutUnit.one { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(_LayoutUnit.fitLimit(width: 0x1p40) == .max && _LayoutUnit.fitLimit(width: .infinity) == .max)
    }

    /// `_LayoutUnit.leastWidth(reaching:)` inverts `fitLimit(width:)` at the boundary: seeded
    /// fits (any value, and the limits of seeded widths) up to the clamp's, and the edges of a
    /// unit; `fitLimit` reaches the fit at the least width and not a step below it.
    @Test func leastWidthInvertsTheFitLimit() {
        var rng = SplitMix64(seed: 2328)
        let one = _LayoutUnit.one, top = Int64(1) << 46 * one
        var fits: [Int64] = [.min, -1, 0, 1, one - 1, one, one + 1, 2 * one, 2 * one + 1, top, top + 1]
        for _ in 0..<20_000 {
            let width = Double(rng.next() % 1_000_000) / 1000 + Double(rng.next() % 64) / 64
            fits += [Int64(rng.next() % UInt64(top)) + 1, _LayoutUnit.fitLimit(width: width),
                     _LayoutUnit.fitLimit(width: Double(rng.next() % (1 << 46)) / 64)]
        }
        var wrong = 0
        for fit in fits {
            let least = _LayoutUnit.leastWidth(reaching: fit)
            if fit <= one {
                if least != 0 || _LayoutUnit.fitLimit(width: 0) < fit { wrong += 1 }
                continue
            }
            // A whole number of units, reached there and not at the width just below.
            if (least * 64).rounded() != least * 64 { wrong += 1 }
            if _LayoutUnit.fitLimit(width: least) < fit || _LayoutUnit.fitLimit(width: least.nextDown) >= fit { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    /// `measure` where the plain lines stop part way (a mandatory break, a soft hyphen
    /// after a few lines) and the general walk goes on with the tally so far
    /// (`LineBreaker.plainMeasure`), on text with the taller fallback face's boxes: held to
    /// the linear walk, with a last line of white space now and then.
    @Test func measureGoesOnWhereThePlainLinesStop() throws {
        var rng = SplitMix64(seed: 2327)
        let pool = ["a", "ok", "漢", "字字", "word", "soft\u{AD}hy", "\n", "w"]
        var compared = 0, partial = 0
        for _ in 0..<150 {
            var text = ""
            for k in 0..<(Int(rng.next() % 80) + 1) {
                if k > 0 { text += " " }
                text += pool[Int(rng.next() % UInt64(pool.count))]
            }
            if rng.next() % 4 == 0 { text += "\n " }
            let prepared = try ShapedText(text: text, shaper: shaper)
            for width in [20 + Double(rng.next() % 30000) / 100, 700] {
                let lines = try expectScanEqualsLinearWalk(prepared, width: width, text.debugDescription)
                // A mandatory break after the first two lines: the plain lines stop there.
                if lines.count > 3 && lines.dropFirst(2).dropLast().contains(where: \.isHard) { partial += 1 }
                compared += 1
            }
        }
        #expect(compared == 300)
        #expect(partial > 20)
    }

    /// The walk `measure` takes, decided when the text is prepared (`PlainMeasureKind`):
    /// plain wrapping text of narrow steps by its uniform or boxed loop, tabs, `nowrap`,
    /// wide steps and empty text by the general walk; each held to the linear walk, and each
    /// kind reached by the seeded texts (the fast loops are what these compare).
    @Test func measureByTheKindDecidedAtPrepare() throws {
        var rng = SplitMix64(seed: 2328)
        let pool = ["a", "ok", "漢", "字字", "word", "w", "soft\u{AD}hy", "\n", "\t", "il"]
        var kinds: [PlainMeasureKind: Int] = [:]
        for round in 0..<240 {
            var text = ""
            for k in 0..<(Int(rng.next() % 60)) {
                if k > 0 { text += rng.next() % 6 == 0 ? "  " : " " }
                // Most texts without ideographs (no boxes), tabs or breaks.
                let word = pool[Int(rng.next() % UInt64(pool.count))]
                text += round % 3 == 0 || word.utf8.count <= 2 && word.first!.isASCII && word != "\t" && word != "\n" ? word : "w"
            }
            if round % 10 == 0 { text = "" }
            if round % 40 == 7 { text += String(repeating: "x ", count: 40_000) }
            let whiteSpace: TextModes.WhiteSpace = round % 9 == 4 ? .nowrap : .normal
            let prepared = try ShapedText(text: text, shaper: shaper, options: TextLayoutOptions(modes: TextModes(whiteSpace: whiteSpace)))
            let head = prepared.storage.head.pointee
            let kind = head.measureKind
            kinds[kind, default: 0] += 1
            // What the kind stands for.
            let plain = !head.isItemized && !head.hasTabs && whiteSpace == .normal && head.columns.narrowSteps && !text.isEmpty
            let boxesOrUniform = head.columns.hasBoxes || !head.usesFallbackFonts || head.fixedLineHeight != nil
            #expect((kind != .general) == (plain && boxesOrUniform), "\(text.prefix(80).debugDescription)")
            if kind == .boxes { #expect(head.columns.hasBoxes) }
            for width in [3.0, 20 + Double(rng.next() % 30000) / 100, 700, .infinity] {
                _ = try expectScanEqualsLinearWalk(prepared, width: width, String(text.prefix(80)).debugDescription)
            }
        }
        #expect(kinds[.uniform, default: 0] > 20 && kinds[.boxes, default: 0] > 20 && kinds[.general, default: 0] > 20, "\(kinds)")
    }

    /// What `LineBreaker.measureNarrow` reads once a text rather than once a line: each
    /// entry's `nextComplex` is the entry itself (a complex one) or the next entry's (the
    /// entry count past the last), so a stretch of plain entries has one end, whichever of
    /// its entries it is read at. Seeded texts with soft hyphens, mandatory breaks and tabs,
    /// in narrow and (a text past 65,535 bytes) wide steps.
    @Test func nextComplexIsOneEndAStretch() throws {
        var rng = SplitMix64(seed: 2329)
        let pool = ["a", "ok", "漢", "字字", "word", "soft\u{AD}hy", "\n", "w", "\t", "il"]
        var cut = 0, wide = 0
        for round in 0..<120 {
            var text = ""
            for k in 0..<(Int(rng.next() % 60) + 1) {
                if k > 0 { text += rng.next() % 6 == 0 ? "  " : " " }
                text += pool[Int(rng.next() % UInt64(pool.count))]
            }
            if round % 60 == 3 { text += String(repeating: "x ", count: 40_000) }
            let prepared = try ShapedText(text: text, shaper: shaper)
            let c = prepared.storage.head.pointee.columns
            let steps = LineSteps(base: prepared.storage.base, isNarrow: c.narrowSteps)
            let n = Int(c.stepCount)
            for k in 0..<n {
                let end = Int(steps[k].nextComplex)
                #expect(end >= k && end <= n, "\(k) \(end) of \(n)")
                if end > k { #expect((k + 1 < n ? Int(steps[k + 1].nextComplex) : n) == end, "\(k) \(end) of \(n)") }
            }
            if n > 0 && Int(steps[0].nextComplex) < n { cut += 1 }
            if !c.narrowSteps { wide += 1 }
            withExtendedLifetime(prepared) {}
        }
        #expect(cut > 40 && wide == 2, "\(cut) \(wide)")
    }
}
