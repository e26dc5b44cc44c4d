import Testing
import ChatFormFont
import ChatFormGeometry
@testable import ChatFormText
@testable import ChatFormScroll

/// A prepared text's one-line measure (`OneLineMeasure`) against `measure(width:)` and
/// `layout(width:)` with real fonts: struts alone and line boxes of fallback fonts.
@Suite("One-line measures", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct OneLineMeasureTests {
    /// A seeded text, often cut short (most texts on one line are short), sometimes ending in
    /// white space or a line break.
    static func text(_ rng: inout SplitMix64) -> String {
        var text = randomMessage(&rng)
        if rng.next() % 2 == 0 { text = String(text.prefix(Int(rng.next() % 24) + 1)) }
        switch rng.next() % 10 {
        case 0: text += " "
        case 1: text += "\n"
        default: break
        }
        return text
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aOneLineMeasureIsTheMeasureWhereItFits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let stacks = [try Fonts.dejaVu(16), try Fonts.noto(16), try Fonts.noto(13)]
        var fitted = 0, kinds: Set<UInt8> = []
        for _ in 0..<80 {
            let text = Self.text(&rng)
            let prepared = try ShapedText(text: text, shaper: stacks[Int(rng.next() % 3)])
            guard let oneLine = OneLineMeasure(prepared) else { continue }
            kinds.insert(prepared.storage.head.pointee.measureKind.rawValue)
            let least = oneLine.leastWidth
            var widths = (0..<10).map { _ in 1 + Double(rng.next() % 600) + Double(rng.next() % 64) / 64 }
            widths += [least, least + 1.0 / 128, least - 1.0 / 64, least - 1.0 / 128]
            for width in widths where width > 0 {
                let measured = try prepared.measure(width: width)
                if oneLine.fits(width: width) {
                    fitted += 1
                    let layout = try prepared.layout(width: width)
                    #expect(measured.lineCount == 1 && measured.height == oneLine.height, "\(text) at \(width)")
                    #expect(layout.lineCount == 1 && layout.height == oneLine.height, "\(text) at \(width)")
                } else if prepared.breaks.count > 1 {
                    // Tight: where it does not fit, the text takes more lines.
                    #expect(measured.lineCount > 1, "\(text) at \(width)")
                }
            }
            // The narrowest width it fits: widths from it on fit, 1/64 px less does not.
            #expect(least > 0 && oneLine.fits(width: least) && !oneLine.fits(width: least - 1.0 / 64), "\(text)")
        }
        #expect(fitted > 100)
        // Both kinds met: struts alone, and the line boxes of fallback fonts.
        #expect(kinds == [PlainMeasureKind.uniform.rawValue, PlainMeasureKind.boxes.rawValue])
    }

    /// The least width of planted measures at the edges of a layout unit: a fit is the
    /// width's whole units plus one.
    @Test func theLeastWidthIsWhereTheFitReachesTheLeastFit() {
        for (leastFit, least) in [(0, 0), (1024, 0), (1025, 1.0 / 64), (2048, 1.0 / 64), (2049, 2.0 / 64),
                                  (65 * 1024, 1.0), (320 * 64 * 1024 + 1, 320), (320 * 64 * 1024 + 1025, 320 + 1.0 / 64)] as [(Int64, Double)] {
            let measure = OneLineMeasure(leastFit: leastFit, height: 10)
            #expect(measure.leastWidth == least, "\(leastFit)")
            #expect(measure.fits(width: least == 0 ? 1.0 / 4096 : least))
            if least > 0 { #expect(!measure.fits(width: least.nextDown)) }
        }
    }

    @Test func textsEndingInWhiteSpaceOrABreakHaveNone() throws {
        let fonts = try Fonts.noto(16)
        for text in ["hello ", "hello\n", "hello\t", "a\nb", " ", "\n"] {
            #expect(OneLineMeasure(try ShapedText(text: text, shaper: fonts)) == nil, "\(text.debugDescription)")
        }
        #expect(OneLineMeasure(try ShapedText(text: "hello there", shaper: fonts)) != nil)
    }

    /// A table re-laying real-font rows from their one-line measures: every measured row's
    /// height and lines after random width changes equal a fresh measurement's.
    @Test func aTableRelaysShortRowsFromTheirOneLineMeasures() throws {
        var rng = SplitMix64(seed: 2_116)
        let fonts = try Fonts.noto(16)
        let rows = (0..<160).map { Row.text($0, Self.text(&rng)) }
        let configuration = TableConfiguration(metrics: fonts, contentAlignment: .bottom, estimatedRowHeight: 40)
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 500)), configuration: configuration)
        for id in stride(from: 159, to: 0, by: -7) { try table.scrollTo(id, anchor: .top) }
        var oneLine = 0
        for step in 0..<12 {
            let width = Double(60 + rng.next() % 500) + Double(rng.next() % 64) / 64
            try table.resize(to: Size(width: width, height: 500))
            for i in 0..<table.rows.count {
                guard let m = table.rows.measurement(ofRow: i) else { continue }
                if m.items[0].pendingLines != nil, m.items[0].oneLine?.fits(width: m.contentWidth) == true { oneLine += 1 }
                let fresh = try RowMeasurement.measure(table.rows.row(at: i), width: width, metrics: fonts, options: TextLayoutOptions())
                #expect(m.height == fresh.height, "step \(step), row \(i)")
                #expect(table.rows.frame(ofRow: i).height == fresh.height, "step \(step), row \(i)")
                #expect(m.items[0].lineCount == fresh.items[0].lineCount, "step \(step), row \(i)")
                #expect(m.items[0].textHeight == fresh.items[0].textHeight, "step \(step), row \(i)")
                #expect(m.items[0].layout?.lines == fresh.items[0].layout?.lines, "step \(step), row \(i)")
            }
        }
        // The one-line path was taken.
        #expect(oneLine > 100)
    }
}
