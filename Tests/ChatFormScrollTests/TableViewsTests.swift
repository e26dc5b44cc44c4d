import ChatFormScroll
import Testing

/// `table.keyboard`, `table.field` and `table.chat` change the table in place: the table
/// moves into the view for the call and back, also when the call throws.
@Suite("The table's views")
struct TableViewsTests {
    @Test("a change through a view is the table's; a throwing one gives the table back whole")
    func viewsChangeTheTableInPlace() throws {
        var table = try TableSession(rows: [.text("a", "", editable: true)],
                                     viewport: Viewport(size: Size(width: 20, height: 10)))
        try table.field.focus(FieldRef(row: "a"))
        try table.field.type("hello")
        #expect(try table.rows.text(of: FieldRef(row: "a")) == "hello")
        #expect(table.caret?.position.offset == 5)
        // Thrown inside the access: the table comes back as it was.
        #expect(throws: ScrollError.self) { try table.field.setCaret(2_000) }
        #expect(throws: ScrollError.self) { try table.keyboard.show(height: -1) }
        #expect(throws: ScrollError.self) { try table.chat.remove("nobody") }
        #expect(table.focus?.caret.offset == 5 && table.rows.count == 1)
        try table.field.type("!")
        #expect(try table.rows.text(of: FieldRef(row: "a")) == "hello!")

        try table.keyboard.show(height: 4, duration: 0)
        #expect(table.keyboard.state.targetHeight == 4 && table.viewport.keyboardOverlap == 4)
        try table.chat.append([.text("b", "more")])
        #expect(table.rows.count == 2)

        // A view held apart is a copy: changing it leaves the table alone.
        var apart = table.keyboard
        try apart.hide(duration: 0)
        #expect(apart.state.targetHeight == 0)
        #expect(table.keyboard.state.targetHeight == 4 && table.viewport.keyboardOverlap == 4)
    }
}
