import Testing
import ChatFormScroll

/// The README's "Real input" samples, run as written (with checks of what they say).
@Suite("README examples: real input")
struct ReadmeInputExampleTests {
    func table(height: Double = 20) throws -> TableSession<String> {
        var table = try TableSession(rows: [.text("input", "", editable: true)],
                                     viewport: Viewport(size: Size(width: 30, height: height)))
        try table.focus(FieldRef(row: "input"))
        return table
    }

    @Test func markedText() throws {
        var table = try table()
        var composer = HangulComposer()
        try table.typeKorean("ㅎㅏㄴㄱㅡㄹ", composer: &composer)   // ㅎ → 하 → 한 → 한ㄱ → 한그 → 한글
        #expect(table.markedText?.text == "글")
        #expect(table.markedText?.rects == [Rect(x: 2, y: 0, width: 2, height: 1)])
        try table.unmarkText()                                      // committed: "한글"
        #expect(try table.text(of: FieldRef(row: "input")) == "한글" && table.markedText == nil)
        try table.setMarkedText("にほ", selectedRange: 0..<6)        // any input method, the UITextInput way
        #expect(table.markedText?.text == "にほ")
        #expect(table.focus?.selection == 6..<12)
    }

    @Test func interactiveKeyboardDismissal() throws {
        var table = try table(height: 20)
        try table.showKeyboard(height: 10)                  // in a viewport 20 high
        try table.advance(by: 0.3)
        table.beginKeyboardDrag()
        try table.moveKeyboardDrag(toY: 16)                 // the finger 16 down: the keyboard is 4 high
        #expect(table.viewport.keyboardOverlap == 4)
        let outcome = try table.endKeyboardDrag(velocity: 300)   // a flick down: it hides from 4 high, at the finger's speed
        #expect(outcome == .hidden)
        var heights: [Double] = []
        try table.advance(by: 0.5) { frame in heights.append(frame.viewport.keyboardOverlap) }
        #expect(heights.first.map { $0 < 4 && $0 > 0 } == true && heights.last == 0)
    }

    @Test func keyboardsThatChangeHeight() throws {
        var table = try table()
        try table.showKeyboard(height: 10, duration: 0)
        try table.changeKeyboardHeight(to: 12)                      // the suggestion bar: the content follows
        try table.advance(by: 0.3)
        #expect(table.viewport.keyboardOverlap == 12)
        let offset = table.viewport.offset
        try table.changeKeyboardHeight(to: 16, content: .freeze)    // an emoji picker replaces it: nothing moves
        try table.advance(by: 0.3) { frame in #expect(frame.viewport.keyboardOverlap == 12 && frame.viewport.offset == offset) }
        try table.changeKeyboardHeight(to: 12)                      // back to the keyboard: still nothing moves
        try table.advance(by: 0.3) { frame in #expect(abs(frame.viewport.keyboardOverlap - 12) < 1e-9) }
        #expect(!table.isKeyboardInsetFrozen)
    }
}
