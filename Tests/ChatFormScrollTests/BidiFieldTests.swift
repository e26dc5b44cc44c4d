import Testing
import ChatFormScroll

/// A table's focused field forwards the bidi caret queries of its text: both carets, the
/// selection's pieces, taps, and arrow keys in the configured order.
@Suite("Bidi in a table's field")
struct BidiFieldTests {
    func field(_ text: String, order: CaretMovementOrder = .logical) throws -> TableSession<String> {
        var configuration = TableConfiguration()
        configuration.caretMovement = order
        var t = try TableSession(rows: [.text("f", text, editable: true, style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 0, right: 0)))],
                                 viewport: Viewport(size: Size(width: 40, height: 10)), configuration: configuration)
        try t.field.focus(FieldRef(row: "f"), caret: 0)
        return t
    }

    @Test func bothCaretsAndTheSelectionInContentCoordinates() throws {
        var t = try field("abc שלום def")
        try t.field.setCaret(4)
        // The field's text starts at x 2, y 1 (its padding).
        let rects = try #require(t.caretRects)
        #expect(rects.primary.minX == 6 && rects.primary.minY == 1)
        #expect(rects.secondary?.minX == 10)
        #expect(t.caret?.rect == rects.primary)
        try t.field.select(anchor: 2, caret: 8)
        #expect(t.selectionRects.map(\.minX) == [4, 8])
    }

    @Test func aTapPlacesTheCaretAsChromiumDoes() throws {
        var t = try field("abc שלום def")
        try t.field.setCaret(atContentPoint: Point(x: 2 + 7.8, y: 1.5))
        #expect(t.caret?.position.offset == 12)
        try t.field.setCaret(atContentPoint: Point(x: 2 + 5.2, y: 1.5))
        #expect(t.caret?.position.offset == 10)
    }

    @Test(arguments: CaretMovementOrder.allCases)
    func arrowKeysFollowTheConfiguredOrder(order: CaretMovementOrder) throws {
        var t = try field("abc שלום def", order: order)
        try t.field.setCaret(4)
        try t.field.move(.right)
        #expect(t.caret?.position.offset == (order == .logical ? 6 : 10))
        try t.field.move(.left)
        #expect(t.caret?.position.offset == 4)
    }

    @Test("A right-to-left field: its lines start at the right, taps and arrow keys follow, the caret rule holds")
    func aRightToLeftField() throws {
        let style = RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 0, right: 0), direction: .rtl)
        var t = try TableSession(rows: [.text("f", "abc שלום", editable: true, style: style),
                                        .text("m", "abc שלום", style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 0, right: 0)))],
                                 viewport: Viewport(size: Size(width: 22, height: 10)))
        try t.field.focus(FieldRef(row: "f"), caret: 0)
        // 20 cells of content from x 2: "abc" at the right (cells 19–21), the text's start
        // drawn at the right edge, its end left of the Hebrew (x 2 + 12).
        #expect(t.caret?.rect.minX == 22)
        try t.field.setCaret(12)
        #expect(t.caret?.rect.minX == 14)
        // Right moves back in the text; a tap left of the content lands on its end.
        try t.field.setCaret(4)
        try t.field.move(.right)
        #expect(t.caret?.position.offset == 3)
        try t.field.setCaret(atContentPoint: Point(x: 4, y: 1.5))
        #expect(t.caret?.position.offset == 12)
        // Typing keeps the direction (the live document is right to left too).
        try t.field.type(" אב")
        #expect(t.caret?.rect.minX == 11)
        // The row beside it, without a direction, stays left to right.
        #expect(try t.rows.caretRect(for: TextPosition(offset: 0), in: FieldRef(row: "m")).minX == 2)
    }
}
