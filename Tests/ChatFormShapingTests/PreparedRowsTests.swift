import Testing
import ChatFormTesting
import ChatFormText
import ChatFormScroll

/// A table with real (here fake) fonts keeps each measured row's prepared text: a width
/// change re-lays every measured row without shaping, to the heights a fresh layout gives.
@Suite("Prepared text kept per row")
struct PreparedRowsTests {
    static func chat(reusing: Bool, counter: ShapeCounter? = nil) throws -> TableSession<Int> {
        var rng = SplitMix64(seed: 9)
        let rows = (0..<300).map { Row.text($0, fakeMessage(&rng)) }
        let configuration = TableConfiguration(metrics: FakeShaper(counter: counter), contentAlignment: .bottom, estimatedRowHeight: 40)
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 600)), configuration: configuration)
        table.reusesPreparedText = reusing
        for id in stride(from: 299, to: 100, by: -10) { try table.scrollTo(id, anchor: .top) }
        return table
    }

    @Test func aWidthChangeRelaysEveryMeasuredRowFromItsPreparedText() throws {
        let shaped = ShapeCounter(), reshapedCount = ShapeCounter()
        var table = try Self.chat(reusing: true, counter: shaped)
        var reshaped = try Self.chat(reusing: false, counter: reshapedCount)
        let measured = (0..<table.rows.count).filter { table.rows.isMeasured(row: $0) }
        #expect(measured.count > 150)
        let before = table.rows.measurementsMade
        let shapedBefore = shaped.count.load(ordering: .relaxed), reshapedBefore = reshapedCount.count.load(ordering: .relaxed)
        try table.resize(to: Size(width: 250, height: 600))
        try reshaped.resize(to: Size(width: 250, height: 600))
        // Nothing shaped again with the prepared texts kept; every measured row without.
        #expect(shaped.count.load(ordering: .relaxed) == shapedBefore)
        #expect(reshapedCount.count.load(ordering: .relaxed) - reshapedBefore == measured.count)
        // Every measured row was measured again at once (none left to an estimate)...
        #expect(measured.allSatisfy { table.rows.isMeasured(row: $0) })
        #expect(table.rows.measurementsMade - before == measured.count)
        // ...to the heights reshaping gives, each equal to a fresh measurement.
        for i in 0..<table.rows.count {
            #expect(table.rows.frame(ofRow: i) == reshaped.rows.frame(ofRow: i), "row \(i)")
            #expect(table.rows.isMeasured(row: i) == reshaped.rows.isMeasured(row: i), "row \(i)")
        }
        for i in measured {
            let fresh = try RowMeasurement.measure(table.rows.row(at: i), width: 250, metrics: FakeShaper(), options: TextLayoutOptions())
            #expect(table.rows.frame(ofRow: i).height == fresh.height, "row \(i)")
            #expect(table.rows.measurement(ofRow: i)?.items[0].layout?.lines == fresh.items[0].layout?.lines, "row \(i)")
        }
        #expect(table.viewport.offset == reshaped.viewport.offset)
    }

    @Test func aChangedTextIsPreparedAgain() throws {
        let row = Row.text(0, "the office bank")
        let first = try RowMeasurement.measure(row, width: 300, metrics: FakeShaper(), options: TextLayoutOptions())
        let edited = Row.text(0, "the office bank, edited")
        let second = try RowMeasurement.measure(edited, width: 200, metrics: FakeShaper(), options: TextLayoutOptions(), reusing: first)
        #expect(second.items[0].layout?.text == "the office bank, edited")
        let reused = try RowMeasurement.measure(row, width: 200, metrics: FakeShaper(), options: TextLayoutOptions(), reusing: first)
        #expect(reused.items[0].layout?.lines == (try TextLayout(text: "the office bank", width: 200 - row.style.padding.horizontal,
                                                                  metrics: FakeShaper()).lines))
    }
}
