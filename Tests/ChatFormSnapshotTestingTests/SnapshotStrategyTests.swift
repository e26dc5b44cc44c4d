import ChatFormGeometry
import ChatFormPictures
import ChatFormScroll
import ChatFormSnapshotTesting
import ChatFormText
import SnapshotTesting
import Testing

/// The strategies record what ChatFormPictures draws and fail when the engine's result
/// changes (the snapshots under `__Snapshots__` are committed; a missing one is recorded
/// and the test fails once, as swift-snapshot-testing does).
@Suite("Snapshot strategies")
struct SnapshotStrategyTests {
    static let text = "키보드가 올라와도 커서는 입력창 안에 있어요. The caret stays above the keyboard 👍🏽"

    /// Seed 004's form with the keyboard up and the caret at the end of the introduction.
    static func form() throws -> TableSession<String> {
        let form = Row<String>(id: "form", content: .stack([
            .label("Name"), .field("name", text: "Kim"), .space(1),
            .label("Introduce yourself"), .field("bio"),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        var table = try TableSession(rows: [form], viewport: Viewport(size: Size(width: 36, height: 16), extraBottomInset: 3))
        try table.field.focus(table.rows.field(named: "bio", inRow: "form")!)
        try table.keyboard.show(height: 8, duration: 0.25, curve: .easeInOut)
        try table.advance(by: 0.3)
        try table.field.type("I write long introductions because the form lets me, and the caret follows me down.")
        return table
    }

    @Test func aLayoutAsTextAndPicture() throws {
        let layout = try TextLayout(text: Self.text, width: 20)
        assertSnapshot(of: layout, as: .dump)
        assertSnapshot(of: layout, as: .svg)
    }

    @Test func aFormWithTheKeyboardUp() throws {
        let table = try Self.form()
        assertSnapshot(of: table, as: .tableDump())
        assertSnapshot(of: table, as: .tableSVG())
        assertSnapshot(of: TableFrame(table), as: .dump)
    }

    /// The recorded snapshot of `aLayoutAsTextAndPicture` no longer matches a layout one
    /// cell narrower, nor the form's frame after one more keystroke.
    @Test func aChangedResultFails() throws {
        let narrower = try TextLayout(text: Self.text, width: 19)
        let layoutFailure = verifySnapshot(of: narrower, as: .dump, named: "1", record: .never, testName: "aLayoutAsTextAndPicture")
        #expect(layoutFailure != nil)
        var table = try Self.form()
        try table.field.type("!")
        let frameFailure = verifySnapshot(of: table, as: .tableDump(), named: "1", record: .never, testName: "aFormWithTheKeyboardUp")
        #expect(frameFailure != nil)
        // And the unchanged ones match.
        let same = verifySnapshot(of: try TextLayout(text: Self.text, width: 20), as: .dump, named: "1", record: .never,
                                  testName: "aLayoutAsTextAndPicture")
        #expect(same == nil, "\(same ?? "")")
    }
}
