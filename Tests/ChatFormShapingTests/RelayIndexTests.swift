import Testing
import ChatFormGeometry
import ChatFormTesting
import ChatFormText
@testable import ChatFormScroll

/// A relay of every measured row after a width change reads each row's index from what the
/// row cache noted when it stored the row (`_RelayHints`), not from the source: rows
/// inserted or removed before it since (older history prepended, a message deleted) move
/// it, and the relay must then find it by id. Checked against a table shaping every row
/// again at each width change (its rows found by id each time).
@Suite("Row indices at a relay")
struct RelayIndexTests {
    @Test(arguments: [21_031, 21_032, 21_033])
    func rowsInsertedAndRemovedBeforeMeasuredRowsMoveTheirIndices(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var nextID = 1_000
        let rows = (0..<160).map { Row.text($0 + 500, fakeMessage(&rng)) }
        let configuration = TableConfiguration(metrics: FakeShaper(), contentAlignment: .bottom, estimatedRowHeight: 40)
        let viewport = Viewport(size: Size(width: 360, height: 500))
        var table = try TableSession(rows: rows, viewport: viewport, configuration: configuration)
        var model = try TableSession(rows: rows, viewport: viewport, configuration: configuration)
        model.reusesPreparedText = false
        var relaidBefore = 0
        var hintsMissed = 0
        for step in 0..<60 {
            let count = table.rows.count
            switch rng.next() % 6 {
            case 0:
                // Older history: every stored index moves.
                let older = (0..<Int(1 + rng.next() % 4)).map { _ -> Row<Int> in
                    nextID += 1
                    return Row.text(-nextID, fakeMessage(&rng))
                }
                try table.chat.prepend(older)
                try model.chat.prepend(older)
            case 1 where count > 20:
                let id = table.rows.row(at: Int(rng.next() % UInt64(count))).id
                try table.chat.remove(id)
                try model.chat.remove(id)
            case 2:
                nextID += 1
                let row = Row.text(nextID, fakeMessage(&rng))
                try table.chat.append([row])
                try model.chat.append([row])
            case 3:
                let id = table.rows.row(at: Int(rng.next() % UInt64(count))).id
                try table.scrollTo(id, anchor: .top)
                try model.scrollTo(id, anchor: .top)
            default:
                let epoch = table.cache.indexEpoch
                hintsMissed += table.cache.entries.filter { $0.value.hints.epoch != epoch }.count
                let size = Size(width: Double(120 + rng.next() % 380), height: 500)
                relaidBefore = table.rows.measurementsMade
                try table.resize(to: size)
                try model.resize(to: size)
                #expect(table.rows.measurementsMade > relaidBefore, "step \(step)")
                // After a relay every relaid row's index is current again.
                let now = table.cache.indexEpoch
                for (id, entry) in table.cache.entries where entry.hints.epoch == now {
                    #expect(table.rows.index(of: id) == entry.hints.row, "step \(step), row \(id)")
                }
            }
            #expect(table.rows.count == model.rows.count, "step \(step)")
            #expect(table.viewport.offset == model.viewport.offset, "step \(step)")
            for i in 0..<table.rows.count {
                #expect(table.rows.frame(ofRow: i) == model.rows.frame(ofRow: i), "step \(step), row \(i)")
            }
            try PendingLinesTests.expectFresh(table, step: step)
        }
        // Some relays found rows whose stored index had moved (else only the hints were tried).
        #expect(hintsMissed > 0)
    }

    /// Appending rows (a chat's new messages) moves no stored index: the next relay finds
    /// every row from its hints.
    @Test func appendingKeepsTheStoredIndices() throws {
        var rng = SplitMix64(seed: 21_034)
        let rows = (0..<120).map { Row.text($0, fakeMessage(&rng)) }
        let configuration = TableConfiguration(metrics: FakeShaper(), contentAlignment: .bottom, estimatedRowHeight: 40)
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 500)), configuration: configuration)
        for id in stride(from: 119, to: 40, by: -9) { try table.scrollTo(id, anchor: .top) }
        let epoch = table.cache.indexEpoch
        try table.chat.append((120..<130).map { Row.text($0, fakeMessage(&rng)) })
        #expect(table.cache.indexEpoch == epoch)
        try table.chat.prepend([Row.text(-1, fakeMessage(&rng))])
        #expect(table.cache.indexEpoch != epoch)
    }
}
