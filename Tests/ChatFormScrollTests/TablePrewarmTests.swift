@testable import ChatFormScroll
import ChatFormText
import Testing

/// `TableSession.prewarm(field:)`: once a process and row ID type (each test uses an ID
/// type of its own, never prewarmed before), whatever the callers and threads; the table
/// asked does not change; a field's first focus runs it unless the configuration turns it
/// off; a bad field throws and leaves the warm-up to a later call.
@Suite("Table prewarm")
struct TablePrewarmTests {
    struct ConcurrentID: Hashable, Sendable { var name: String }
    struct RepeatedID: Hashable, Sendable { var name: String }
    struct FocusID: Hashable, Sendable { var name: String }
    struct UnwarmedFocusID: Hashable, Sendable { var name: String }
    struct BadFieldID: Hashable, Sendable { var name: String }

    static func table<ID>(_ id: (String) -> ID, prewarms: Bool = true) throws -> TableSession<ID> {
        var configuration = TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 3)
        configuration.prewarmsEditing = prewarms
        let rows = (0..<40).map { i in
            Row.text(id("m\(i)"), "message \(i) with a few words to wrap 가나다 👍🏽", editable: i % 2 == 0,
                     style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        }
        return try TableSession(rows: rows, viewport: Viewport(size: Size(width: 24, height: 12)), configuration: configuration)
    }

    /// What a caller can see of a table: frames, offset, content height, measurements made.
    static func snapshot<ID>(_ t: TableSession<ID>) -> [Double] {
        (0..<t.rows.count).flatMap { i -> [Double] in let f = t.rows.frame(ofRow: i); return [f.y, f.height, f.measured ? 1 : 0] }
            + [t.viewport.offset, t.rows.contentHeight, Double(t.rows.measurementsMade), Double(t.rows.cachedMeasurementCount)]
    }

    @Test func repeatedCallsRunTheEditsOnceAndLeaveTheTableAlone() throws {
        let t = try Self.table(RepeatedID.init)
        let field = FieldRef(row: RepeatedID(name: "m38"))
        let before = Self.snapshot(t)
        #expect(try t.prewarm(field: field) == true)
        #expect(try t.prewarm(field: field) == false)
        #expect(try t.prewarm(field: FieldRef(row: RepeatedID(name: "m0"))) == false)
        #expect(Self.snapshot(t) == before)
        #expect(try t.rows.text(of: field) == "message 38 with a few words to wrap 가나다 👍🏽")
        // The scratch table's edits undo each other.
        #expect(try TableSession<RepeatedID>.editScratchTable(row: t.rows.row(at: 38), field: field, size: t.viewport.size,
                                                              configuration: t.configuration)
                == "message 38 with a few words to wrap 가나다 👍🏽")
    }

    @Test func concurrentCallsRunTheEditsOnce() async throws {
        let t = try Self.table(ConcurrentID.init)
        let before = Self.snapshot(t)
        let ran = try await withThrowingTaskGroup(of: Bool.self) { group in
            for k in 0..<16 {
                group.addTask { try t.prewarm(field: FieldRef(row: ConcurrentID(name: "m\(2 * (k % 20))"))) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(ran == 1)
        #expect(Self.snapshot(t) == before)
    }

    @Test func firstFocusPrewarmsUnlessTurnedOff() throws {
        var t = try Self.table(FocusID.init)
        try t.field.focus(FieldRef(row: FocusID(name: "m38")))
        #expect(try t.prewarm(field: FieldRef(row: FocusID(name: "m38"))) == false, "the focus warmed")
        try t.field.type("!")
        #expect(try t.rows.text(of: FieldRef(row: FocusID(name: "m38"))) == "!message 38 with a few words to wrap 가나다 👍🏽")

        var off = try Self.table(UnwarmedFocusID.init, prewarms: false)
        try off.field.focus(FieldRef(row: UnwarmedFocusID(name: "m38")))
        try off.field.move(.documentEnd)
        try off.field.type("!")
        #expect(try off.prewarm(field: FieldRef(row: UnwarmedFocusID(name: "m38"))) == true, "the focus did not warm")
    }

    @Test func aBadFieldThrowsAndLeavesTheWarmUpToALaterCall() throws {
        let t = try Self.table(BadFieldID.init)
        #expect(throws: ScrollError.self) { try t.prewarm(field: FieldRef(row: BadFieldID(name: "nowhere"))) }
        #expect(throws: ScrollError.self) { try t.prewarm(field: FieldRef(row: BadFieldID(name: "m1"))) }   // not editable
        #expect(try t.prewarm(field: FieldRef(row: BadFieldID(name: "m2"))) == true)
    }
}
