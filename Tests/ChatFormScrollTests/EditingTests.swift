import Testing
import ChatFormScroll

@Suite("Editing session")
struct EditingTests {
    func field(_ text: String = "", width: Double = 20, maxLines: Int? = nil, height: Double = 10) throws -> TableSession<String> {
        var t = try TableSession(rows: [.text("f", text, editable: true, style: RowStyle(maxLines: maxLines))],
                                 viewport: Viewport(size: Size(width: width, height: height)))
        try t.field.focus(FieldRef(row: "f"), caret: 0)
        return t
    }

    @Test func typingInsertsAtTheCaretAndRelaysOutTheRow() throws {
        var t = try field()
        try t.field.type("hello")
        try t.field.setCaret(0)
        try t.field.type(">> ")
        #expect(try t.rows.text(of: FieldRef(row: "f")) == ">> hello")
        #expect(t.caret?.position.offset == 3)
        try t.field.move(.documentEnd)
        try t.field.type(" world and more words")
        #expect(t.rows.frame(ofRow: 0).lines == 2)
        #expect(t.rows.contentHeight == 2)
    }

    @Test func typingReplacesTheSelection() throws {
        var t = try field("hello world")
        try t.field.select(anchor: 6, caret: 11)
        try t.field.type("there")
        #expect(try t.rows.text(of: FieldRef(row: "f")) == "hello there")
        #expect(t.caret?.position.offset == 11)
    }

    @Test func backspaceAndDeleteRemoveWholeGraphemes() throws {
        var t = try field("a👨‍👩‍👧e\u{301}b")
        try t.field.move(.documentEnd)
        try t.field.deleteBackward(2)
        #expect(try t.rows.text(of: FieldRef(row: "f")) == "a👨‍👩‍👧")
        try t.field.setCaret(0)
        try t.field.deleteForward(1)
        #expect(try t.rows.text(of: FieldRef(row: "f")) == "👨‍👩‍👧")
        try t.field.deleteForward(5)
        #expect(try t.rows.text(of: FieldRef(row: "f")) == "")
        try t.field.deleteBackward()
        #expect(t.caret?.position.offset == 0)
    }

    @Test func backspaceDeletesCRLFAsOne() throws {
        var t = try field("ab\r\n")
        try t.field.move(.documentEnd)
        try t.field.deleteBackward()
        #expect(try t.rows.text(of: FieldRef(row: "f")) == "ab")
    }

    @Test func typingAMarkJoinsTheClusterAndTheCaretStaysOnABoundary() throws {
        var t = try field("\u{301}b")
        try t.field.type("e")
        // "e" + U+0301 join; the caret goes to the end of the joined cluster.
        #expect(t.caret?.position.offset == 3)
    }

    @Test func movesWalkGraphemesLinesAndKeepTheGoalX() throws {
        var t = try field("abcdefgh\nab\nabcdefgh", width: 40)
        try t.field.setCaret(6)
        try t.field.move(.down)
        #expect(t.caret?.position.offset == 11)
        try t.field.move(.down)
        #expect(t.caret?.position.offset == 18)
        try t.field.move(.up)
        try t.field.move(.up)
        #expect(t.caret?.position.offset == 6)
        try t.field.move(.lineStart)
        #expect(t.caret?.position.offset == 0)
        try t.field.move(.lineEnd)
        #expect(t.caret?.position.offset == 8)
        try t.field.move(.right)
        #expect(t.caret?.position.offset == 9)
        try t.field.move(.left)
        try t.field.move(.left)
        #expect(t.caret?.position.offset == 7)
        try t.field.move(.documentEnd)
        #expect(t.caret?.position.offset == 20)
        try t.field.move(.documentStart)
        #expect(t.caret?.position.offset == 0)
    }

    @Test func maxLinesStopsTheRowAndScrollsInside() throws {
        var t = try field(width: 10, maxLines: 3)
        for k in 0..<12 {
            try t.field.type("line\(k)")
            try t.field.newline()
            try checkInvariants(t, metrics: TerminalCellMetrics(), revealed: true, "line \(k)")
        }
        #expect(t.rows.frame(ofRow: 0).height == 3)
        #expect(t.rows.frame(ofRow: 0).lines == 13)
        // The caret is on the last line, shown at the window's bottom (margin clipped at the end).
        let inner = t.rows.innerOffset(of: FieldRef(row: "f"))
        #expect(inner == 10)
        #expect(t.caret?.rect.minY == 2)
        // Moving to the start scrolls the inner window back.
        try t.field.move(.documentStart)
        #expect(t.rows.innerOffset(of: FieldRef(row: "f")) == 0)
        #expect(t.caret?.rect.minY == 0)
    }

    @Test func maxHeightActsLikeALineLimit() throws {
        var t = try TableSession(rows: [.text("f", "", editable: true, style: RowStyle(padding: EdgeInsets(top: 1, bottom: 1), maxHeight: 6))],
                                 viewport: Viewport(size: Size(width: 10, height: 20)))
        try t.field.focus(FieldRef(row: "f"))
        try t.field.type(String(repeating: "x\n", count: 10))
        #expect(t.rows.frame(ofRow: 0).height == 6)
        try checkInvariants(t, metrics: TerminalCellMetrics(), revealed: true, "maxHeight")
    }

    @Test func errorsAreTyped() throws {
        var t = try TableSession(rows: [.text("label", "not editable"), .text("f", "text", editable: true)],
                                 viewport: Viewport(size: Size(width: 20, height: 10)))
        #expect(throws: ScrollError.noFocus) { try t.field.type("x") }
        #expect(throws: ScrollError.unknownRow("nope")) { try t.field.focus(FieldRef(row: "nope")) }
        #expect(throws: ScrollError.notEditable("label#0")) { try t.field.focus(FieldRef(row: "label")) }
        #expect(throws: ScrollError.self) { try t.field.focus(FieldRef(row: "f"), caret: 99) }
        try t.field.focus(FieldRef(row: "f"))
        #expect(throws: ScrollError.self) { try t.field.setCaret(-1) }
        #expect(throws: ScrollError.self) { try t.scroll(by: .nan) }
        #expect(throws: ScrollError.self) { try t.resize(to: Size(width: 0, height: 5)) }
        #expect(throws: ScrollError.self) { try t.advance(by: -1) }
        #expect(throws: ScrollError.duplicateRow("a")) {
            try TableSession(rows: [.text("a", "1"), .text("a", "2")], viewport: Viewport(size: Size(width: 5, height: 5)))
        }
        let g = try TableSession(rows: [.text("g", "e\u{301}", editable: true)], viewport: Viewport(size: Size(width: 5, height: 5)))
        var h = g
        #expect(throws: ScrollError.self) { try h.field.focus(FieldRef(row: "g"), caret: 1) }
    }

    @Test func resizeRewrapsAndRevealsTheCaret() throws {
        var t = try field(String(repeating: "word ", count: 40), width: 40, height: 5)
        try t.field.move(.documentEnd)
        try t.resize(to: Size(width: 10, height: 5))
        try checkInvariants(t, metrics: TerminalCellMetrics(), revealed: true, "resize")
        #expect(t.rows.frame(ofRow: 0).lines == 20)
    }

    @Test func aUserScrollDoesNotPullTheCaretBackButTheNextEditDoes() throws {
        var t = try TableSession(rows: [.text("f", "", editable: true), .text("tail", String(repeating: "x\n", count: 40))],
                                 viewport: Viewport(size: Size(width: 10, height: 5)))
        try t.field.focus(FieldRef(row: "f"))
        try t.scroll(to: 20)
        #expect(t.viewport.offset == 20)
        try t.field.type("a")
        #expect(t.viewport.offset == 0)
    }
}

@Suite("Caret rule after other rows change")
struct OtherRowsTests {
    @Test func aRowGrowingAboveTheFocusedFieldKeepsTheCaretInTheBand() throws {
        var t = try TableSession(rows: [.text("stream", "answer"), .text("field", "", editable: true)],
                                 viewport: Viewport(size: Size(width: 20, height: 8)),
                                 configuration: TableConfiguration(stickToBottom: false))
        try t.field.focus(FieldRef(row: "field"))
        try t.keyboard.show(height: 3, duration: 0)
        for k in 1...30 {
            try t.chat.setText(String(repeating: "token ", count: k * 2), ofRow: "stream")
            try checkInvariants(t, metrics: TerminalCellMetrics(), revealed: true, "stream step \(k)")
        }
        #expect(t.viewport.offset > 0)
    }
}
