import Testing
import ChatFormTesting
@testable import ChatFormScroll

/// The rows a relay changed, put in row order by a radix sort (`_RelaidRows`), against the
/// standard library's stable sort.
@Suite("Relaid rows in row order")
struct RelaidRowsTests {
    @Test(arguments: [(1, 300), (5, 70_000), (9, 3_000_000), (13, 1)] as [(UInt64, Int)])
    func sortedAsAStableSortWould(seed: UInt64, rowCount: Int) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<20 {
            let n = Int(rng.next() % 1_200)
            var rows = _RelaidRows(capacity: n)
            var model: [(row: Int, height: Double, delta: Double)] = []
            // Ascending runs in descending order (a chat scrolled up), random rows, and
            // repeats (kept in the order appended).
            var top = rowCount
            for k in 0..<n {
                let row: Int
                switch round % 3 {
                case 0: if k % 10 == 0 { top = Swift.max(0, top - 10) }; row = Swift.min(rowCount - 1, top + k % 10)
                case 1: row = Int(rng.next() % UInt64(rowCount))
                default: row = Int(rng.next() % UInt64(Swift.max(1, rowCount / 50)))
                }
                let entry = (row: row, height: Double(k), delta: Double(-k))
                rows.append(row: entry.row, height: entry.height, delta: entry.delta)
                model.append(entry)
            }
            rows.sortByRow()
            let expected = model.enumerated().sorted { ($0.element.row, $0.offset) < ($1.element.row, $1.offset) }.map(\.element)
            #expect(rows.rows.map(\.row) == expected.map(\.row), "round \(round)")
            #expect(rows.rows.map(\.height) == expected.map(\.height), "round \(round)")
            #expect(rows.rows.map(\.delta) == expected.map(\.delta), "round \(round)")
        }
    }
}
