import ChatFormLayout
import Testing

/// KeyboardInput.md, run as written (its three samples in order, on one table), with checks
/// of what the comments say.
@Suite("Article: real input")
struct KeyboardInputArticle {
    @Test func compositionDragAndHeightChanges() throws {
        var table = try TableSession(rows: [.text("input", "", editable: true)],
                                     viewport: Viewport(size: Size(width: 30, height: 20)))
        try table.field.focus(FieldRef(row: "input"))
        var composer = HangulComposer()
        try composer.type("ㅎㅏㄴㄱㅡㄹ", into: &table)   // ㅎ → 하 → 한 → 한ㄱ → 한그 → 한글
        let marked = table.markedText?.text                         // "글" (한 committed when ㄱ could not join it)
        let underline = table.markedText?.rects                     // where to underline it, in content coordinates
        try table.field.unmarkText()                                // committed: "한글"
        try table.field.setMarkedText("にほ", selectedRange: 0..<6)  // any input method, the UITextInput way
        #expect(marked == "글")
        #expect(underline == [Rect(x: 2, y: 0, width: 2, height: 1)])
        #expect(table.markedText?.text == "にほ")
        #expect(try table.rows.text(of: FieldRef(row: "input")) == "한글にほ")
        #expect(table.focus?.selection == 6..<12)
        try table.field.unmarkText()

        try table.keyboard.show(height: 10)                 // in a viewport 20 high
        try table.advance(by: 0.3)
        table.keyboard.beginDrag()
        try table.keyboard.moveDrag(toY: 16)                // the finger 16 down: the keyboard is 4 high
        let outcome = try table.keyboard.endDrag(velocity: 300)  // .hidden: a flick down hides it from 4 high, at the finger's speed
        var heights: [Double] = []
        try table.advance(by: 0.5) { frame in heights.append(frame.viewport.keyboardOverlap) }
        #expect(outcome == .hidden)
        #expect(heights.first.map { $0 < 4 && $0 > 0 } == true && heights.last == 0)
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 >= $1 })   // never back up past the finger

        try table.keyboard.show(height: 10, duration: 0)            // shown again, at once
        try table.keyboard.changeHeight(to: 12)                     // the suggestion bar: the content follows
        try table.advance(by: 0.3)
        try table.keyboard.changeHeight(to: 16, content: .freeze)   // an emoji picker replaces it: nothing moves
        try table.advance(by: 0.3)
        try table.keyboard.changeHeight(to: 12)                     // back to the keyboard: still nothing moves
        try table.advance(by: 0.3)
        #expect(abs(table.viewport.keyboardOverlap - 12) < 1e-9)
        #expect(table.viewport.bottomInset == 12)
        #expect(!table.keyboard.isInsetFrozen)
    }
}
