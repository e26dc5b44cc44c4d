import Testing
import ChatFormScroll

/// Marked text (input-method composition) in a `TableSession`: UIKit's `UITextInput`
/// semantics, the row growing at every key, and the caret rule after every step.
@Suite("Composition (marked text)")
struct CompositionTests {
    let metrics = TerminalCellMetrics()

    /// A form whose last field sits near the bottom of a short viewport with the keyboard
    /// up, at a width where every syllable or two wraps.
    func form(policy: KeyboardPolicy = .always) throws -> TableSession<String> {
        var rows: [Row<String>] = (0..<6).map { .text("label\($0)", "Label \($0) with some words", style: RowStyle(padding: EdgeInsets(bottom: 1))) }
        rows.append(.text("bio", "Hello ", editable: true, style: RowStyle(padding: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))))
        var t = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 9, height: 16)),
                                 configuration: TableConfiguration(keyboardPolicy: policy))
        try t.field.focus(FieldRef(row: "bio"), caret: 6)
        try t.keyboard.show(height: 6, duration: 0.25)
        try t.advance(by: 0.3)
        return t
    }

    @Test func everyKeyOfAKoreanSentenceKeepsTheCaretRule() throws {
        var t = try form()
        var composer = HangulComposer()
        var screens: [String] = []
        var lines: [Int] = []
        var markedTexts: [String] = []
        try composer.type("ㅎㅏㄴㄱㅡㄹ ㅇㅣㅂㄹㅕㄱㅇㅡㄹ ㅎㅏㅂㄴㅣㄷㅏ", into: &t) { step in
            try? checkInvariants(step, metrics: metrics, revealed: true, "after \(screens.count) keys")
            let text = (try? step.rows.text(of: FieldRef(row: "bio"))) ?? ""
            screens.append(text)
            lines.append((try? step.rows.frame(of: "bio"))?.lines ?? 0)
            // The marked text is the composer's syllable, right before the caret.
            markedTexts.append(step.markedText?.text ?? "")
            if let marked = step.markedText {
                #expect(marked.text.unicodeScalars.count == 1, "one syllable or jamo is marked")
                #expect(marked.range.upperBound == step.focus?.caret.offset)
                #expect(!marked.rects.isEmpty)
            }
        }
        #expect(Array(markedTexts.prefix(7)) == ["ㅎ", "하", "한", "ㄱ", "그", "글", ""])
        #expect(Array(screens.prefix(7)) == ["Hello ㅎ", "Hello 하", "Hello 한", "Hello 한ㄱ", "Hello 한그", "Hello 한글", "Hello 한글 "])
        #expect(screens.last == "Hello 한글 입력을 합니다")
        #expect(t.markedText?.text == "다")
        // The row grew as the text wrapped: never fewer lines, several more at the end.
        #expect(lines == lines.sorted() && lines.last! >= 4)
        try composer.commit(in: &t)
        #expect(t.markedText == nil)
        #expect(try t.rows.text(of: FieldRef(row: "bio")) == "Hello 한글 입력을 합니다")
    }

    @Test func backspaceDecomposesThenDeletes() throws {
        var t = try form()
        var composer = HangulComposer()
        try composer.type("ㄷㅏㄹㄱ", into: &t)
        var seen: [String] = []
        for _ in 0..<6 {
            try composer.deleteBackward(in: &t)
            seen.append(try t.rows.text(of: FieldRef(row: "bio")))
            try checkInvariants(t, metrics: metrics, revealed: true, "backspace \(seen.count)")
        }
        #expect(seen == ["Hello 달", "Hello 다", "Hello ㄷ", "Hello ", "Hello", "Hell"])
        #expect(t.markedText == nil)
    }

    @Test func typingMovingSelectingAndBlurringCommitFirst() throws {
        var t = try form()
        let bio = FieldRef(row: "bio")
        try t.field.setMarkedText("하")
        try t.field.type("!")
        #expect(try t.rows.text(of: bio) == "Hello 하!" && t.markedText == nil)
        try t.field.setMarkedText("ㄱ")
        try t.field.move(.left)
        #expect(t.markedText == nil && t.focus?.caret.offset == 10)
        try t.field.setMarkedText("가", selectedRange: 0..<3)
        #expect(t.focus?.selection == 10..<13)
        try t.field.setCaret(0)
        #expect(t.markedText == nil && t.focus?.caret.offset == 0)
        try t.field.setCaret(6)
        try t.field.setMarkedText("요")
        t.field.blur()
        #expect(t.markedText == nil)
        #expect(try t.rows.text(of: bio) == "Hello 요하!가ㄱ")
        try t.field.focus(bio, caret: 6)
        #expect(t.markedText == nil)
        // unmarkText keeps the text and the selection.
        try t.field.setMarkedText("한국", selectedRange: 3..<3)
        try t.field.unmarkText()
        #expect(t.markedText == nil && t.focus?.caret.offset == 9)
        #expect(try t.rows.text(of: bio) == "Hello 한국요하!가ㄱ")
    }

    @Test func replacementRangeCommitsAndReplaces() throws {
        var t = try form()
        try t.field.setMarkedText("ㅎ")
        try t.field.setMarkedText("세", replacementRange: 0..<5)
        #expect(try t.rows.text(of: FieldRef(row: "bio")) == "세 ㅎ")
        #expect(t.markedText?.range == 0..<3)
        #expect(t.focus?.caret.offset == 3)
    }

    @Test func markedRectsAreInContentCoordinates() throws {
        var t = try form()
        try t.field.setMarkedText("한글")
        let marked = try #require(t.markedText)
        let caret = try #require(t.caret)
        let row = try t.rows.frame(of: "bio")
        // "Hello " wraps at width 7 (9 minus the padding): 한글 is on the second line.
        #expect(marked.rects == [Rect(x: 1, y: row.y + 1 + 1, width: 4, height: 1)])
        #expect(caret.rect.minX == 5 && caret.rect.minY == row.y + 2)
    }

    @Test func badInputIsATypedErrorAndChangesNothing() throws {
        var t = try form()
        let bio = FieldRef(row: "bio")
        var composer = HangulComposer()
        #expect(throws: ScrollError.invalidMarkedRange(0..<9, length: 3, reason: "the selection must lie inside the marked text (0...3)")) {
            try t.field.setMarkedText("한", selectedRange: 0..<9)
        }
        #expect(throws: ScrollError.self) { try t.field.setMarkedText("한", replacementRange: 4..<40) }
        do {
            try t.field.setMarkedText("한", replacementRange: 4..<40)
        } catch {
            guard case .invalidMarkedRange(let r, let n, _) = error else { Issue.record("\(error)"); return }
            #expect(r == 4..<40 && n == 6)
        }
        #expect(throws: ScrollError.unknownKey(HangulInputError.unknownKey("1").description)) {
            try composer.type("ㅎㅏ1", into: &t)
        }
        #expect(try t.rows.text(of: bio) == "Hello " && t.markedText == nil && !composer.isComposing)
        t.field.blur()
        #expect(throws: ScrollError.noFocus) { try t.field.setMarkedText("한") }
        #expect(throws: ScrollError.noFocus) { try t.field.unmarkText() }
        #expect(throws: ScrollError.noFocus) { try composer.type("ㅎ", into: &t) }
        #expect(throws: ScrollError.noFocus) { try composer.deleteBackward(in: &t) }
    }

    @Test func theComposerStartsAfreshWhenTheFieldCommittedItsSyllable() throws {
        var t = try form()
        var composer = HangulComposer()
        try composer.type("ㅎㅏ", into: &t)
        try t.field.move(.left)                       // commits 하
        try t.field.move(.right)
        try composer.type("ㄴ", into: &t)
        #expect(try t.rows.text(of: FieldRef(row: "bio")) == "Hello 하ㄴ")
        #expect(t.markedText?.text == "ㄴ")
    }
}
