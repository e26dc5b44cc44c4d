import Testing
import ChatFormGeometry
import ChatFormTesting
@testable import ChatFormText
@testable import ChatFormScroll

/// After a width change, rows out of view get their heights from a tally of their prepared
/// text and their lines later (when they come into view, or when read): those heights and
/// lines must be a fresh layout's at the new width, whatever width changes and scrolls came
/// before.
@Suite("Lines made after a relay")
struct PendingLinesTests {
    /// A chat of fake-font messages: most plain, some padded, some in a stack with space,
    /// some clamped to two lines (their lines are made at once).
    static func rows(_ rng: inout SplitMix64) -> [Row<Int>] {
        (0..<240).map { id in
            let text = fakeMessage(&rng)
            switch rng.next() % 8 {
            case 0: return Row.text(id, text, style: RowStyle(padding: EdgeInsets(top: 3, left: 11, bottom: 2, right: 7)))
            case 1: return Row(id: id, content: .stack([.label(text), .space(5), .label(fakeMessage(&rng))]))
            case 2: return Row.text(id, text, style: RowStyle(lineClamp: 2))
            default: return Row.text(id, text)
            }
        }
    }

    /// Every measured row of `table` against a fresh measurement at the table's width: the
    /// same height, and each item the same lines, line count and text height.
    static func expectFresh(_ table: TableSession<Int>, step: Int) throws {
        let width = table.viewport.size.width
        for i in 0..<table.rows.count {
            guard let m = table.rows.measurement(ofRow: i) else { continue }
            let fresh = try RowMeasurement.measure(table.rows.row(at: i), width: width, metrics: FakeShaper(), options: TextLayoutOptions())
            #expect(m.height == fresh.height, "step \(step), row \(i)")
            #expect(table.rows.frame(ofRow: i).height == fresh.height, "step \(step), row \(i)")
            #expect(m.items.count == fresh.items.count, "step \(step), row \(i)")
            for (a, b) in zip(m.items, fresh.items) {
                #expect(a.y == b.y && a.height == b.height, "step \(step), row \(i), item \(a.index)")
                #expect(a.lineCount == b.lineCount, "step \(step), row \(i), item \(a.index)")
                #expect(a.textHeight == b.textHeight, "step \(step), row \(i), item \(a.index)")
                #expect(a.layout?.lines == b.layout?.lines, "step \(step), row \(i), item \(a.index)")
                #expect(a.layout?.width == b.layout?.width, "step \(step), row \(i), item \(a.index)")
                #expect(a.clamp?.lineCount == b.clamp?.lineCount, "step \(step), row \(i), item \(a.index)")
            }
        }
    }

    @Test func widthChangesAndScrollsGiveFreshLayouts() throws {
        var rng = SplitMix64(seed: 21_023)
        let rows = Self.rows(&rng)
        let configuration = TableConfiguration(metrics: FakeShaper(), contentAlignment: .bottom, estimatedRowHeight: 40)
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 500)), configuration: configuration)
        // The same table shaping every row again at each width change: the model for frames.
        var model = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 500)), configuration: configuration)
        model.reusesPreparedText = false
        for id in stride(from: 239, to: 60, by: -9) {
            try table.scrollTo(id, anchor: .top)
            try model.scrollTo(id, anchor: .top)
        }
        var pendingSeen = 0, oneLineSeen = 0
        for step in 0..<40 {
            if rng.next() % 3 == 0 {
                let id = Int(rng.next() % 240)
                try table.scrollTo(id, anchor: .top)
                try model.scrollTo(id, anchor: .top)
            } else {
                let size = Size(width: Double(90 + rng.next() % 420), height: 500)
                try table.resize(to: size)
                try model.resize(to: size)
            }
            // Rows in view have their lines; some out of view are left to make theirs.
            let inView = table.rows.inViewport()
            for i in inView { #expect(table.entry(ofRow: i)?.measurement.linesPending == false, "step \(step), row \(i)") }
            pendingSeen += (0..<table.rows.count).filter { table.entry(ofRow: $0)?.measurement.linesPending == true }.count
            // Items left pending that their one-line measure settled (no tally of their text).
            for i in 0..<table.rows.count {
                guard let m = table.entry(ofRow: i)?.measurement else { continue }
                oneLineSeen += m.items.filter { $0.pendingLines != nil && $0.oneLine?.fits(width: m.contentWidth) == true }.count
            }
            #expect(table.viewport.offset == model.viewport.offset, "step \(step)")
            for i in stride(from: 0, to: table.rows.count, by: 1) {
                #expect(table.rows.frame(ofRow: i) == model.rows.frame(ofRow: i), "step \(step), row \(i)")
            }
            try Self.expectFresh(table, step: step)
        }
        // The lazy path was taken (else this test would check only eager relays).
        #expect(pendingSeen > 100)
        #expect(oneLineSeen > 100)
    }

    /// A relay without lines settles an item that fits on one line from its one-line measure
    /// alone: a measure planted with a height no text has is what the relay reports (and
    /// where it does not fit, the tally of the prepared text is, as before).
    @Test func aRelayTakesTheOneLineMeasureWhereItFits() throws {
        var rng = SplitMix64(seed: 31)
        let configuration = TableConfiguration(metrics: FakeShaper(), contentAlignment: .bottom, estimatedRowHeight: 40)
        let rows = (0..<30).map { Row.text($0, fakeMessage(&rng)) }
        let table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 400)), configuration: configuration)
        let row = try #require((0..<table.rows.count).first { table.entry(ofRow: $0)?.measurement.items.first?.oneLine != nil })
        var m = try #require(table.entry(ofRow: row)?.measurement)
        let fresh = try #require(m.items[0].preparedText).measure(width: 100)
        m.items[0].oneLine = OneLineMeasure(leastFit: 0, height: 777)
        _ = try m.relay(toWidth: 300, makingLines: false)
        #expect(m.items[0].pendingLines?.height == 777 && m.items[0].pendingLines?.lineCount == 1)
        #expect(m.items[0].height == Swift.min(777, m.items[0].maxVisibleHeight))
        // A measure the width does not reach: the prepared text's own tally.
        m.items[0].oneLine = OneLineMeasure(leastFit: .max, height: 777)
        _ = try m.relay(toWidth: 100 + m.style.padding.horizontal, makingLines: false)
        #expect(m.items[0].pendingLines?.height == fresh.height && m.items[0].pendingLines?.lineCount == fresh.lineCount)
    }

    /// A row's relay hints say from which viewport width a relay settles its first text item
    /// from the item's one-line measure (so its prepared text is not prefetched): the
    /// widths where the measure fits the row's content width (its padding taken off), never
    /// for a clamped row, within a rounding of the edge.
    @Test func theHintsSayWhereTheOneLinePathSettlesARow() throws {
        var rng = SplitMix64(seed: 4_126)
        let configuration = TableConfiguration(metrics: FakeShaper(), contentAlignment: .bottom, estimatedRowHeight: 40)
        var table = try TableSession(rows: Self.rows(&rng), viewport: Viewport(size: Size(width: 360, height: 500)),
                                     configuration: configuration)
        for id in stride(from: 239, to: 0, by: -9) { try table.scrollTo(id, anchor: .top) }
        var settled = 0, notSettled = 0, padded = 0
        for i in 0..<table.rows.count {
            guard let entry = table.entry(ofRow: i), let k = entry.measurement.items.firstIndex(where: { $0.preparedText != nil }) else { continue }
            let item = entry.measurement.items[k], style = entry.measurement.style, from = entry.hints.oneLineFrom
            if style.lineClamp != nil || item.oneLine == nil { #expect(from == .infinity, "row \(i)") }
            var widths = (0..<12).map { _ in Double(1 + rng.next() % 500) + Double(rng.next() % 64) / 64 }
            if from.isFinite { widths += [from, from + 1.0 / 64, from - 1.0 / 64] }
            for width in widths where width > 0 {
                let fits = style.lineClamp == nil
                    && item.oneLine?.fits(width: RowMeasurement.contentWidth(of: style, in: width)) == true
                #expect(fits == (width >= from), "row \(i) at \(width) (from \(from))")
                if fits { settled += 1 } else { notSettled += 1 }
                if fits && style.padding.horizontal > 0 { padded += 1 }
            }
        }
        #expect(settled > 100 && notSettled > 100 && padded > 10)
    }

    @Test func pendingLinesAreMadeWhenTheRowComesIntoView() throws {
        var rng = SplitMix64(seed: 7)
        let texts = (0..<200).map { _ in fakeMessage(&rng) }
        let rows = texts.enumerated().map { Row.text($0.offset, $0.element) }
        let configuration = TableConfiguration(metrics: FakeShaper(), contentAlignment: .bottom, estimatedRowHeight: 40)
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 400)), configuration: configuration)
        for id in stride(from: 199, to: 100, by: -8) { try table.scrollTo(id, anchor: .top) }
        try table.resize(to: Size(width: 200, height: 400))
        let pending = (0..<table.rows.count).filter { table.entry(ofRow: $0)?.measurement.linesPending == true }
        let target = try #require(pending.first)
        try table.scrollTo(target, anchor: .top)
        let entry = try #require(table.entry(ofRow: target))
        #expect(!entry.measurement.linesPending)
        #expect(entry.measurement.items[0].pendingLines == nil)
        #expect(entry.measurement.items[0].storedLayout?.lines
                == (try TextLayout(text: texts[target], width: 200, metrics: FakeShaper()).lines))
    }
}
