import ChatFormDemo
import ChatFormScroll
import ChatFormTerminal
import Testing

/// The demos' Korean input mode: 2-beolsik keys composed through the model, the syllable
/// being composed drawn marked (underlined) before it commits.
@Suite("Korean input in the demos")
struct KoreanInputDemoTests {
    static let size = TerminalSize(rows: 24, columns: 60)

    /// The text of the cells drawn in the marked style, in screen order.
    func markedCells(_ screen: ScreenBuffer) -> String {
        var text = ""
        for row in 0..<screen.rows {
            for column in 0..<screen.columns where screen[row, column].style == DemoText.markedStyle && !screen[row, column].isContinuation {
                text += screen[row, column].grapheme
            }
        }
        return text
    }

    @Test func theChatInputShowsTheSyllableMarkedUntilItCommits() throws {
        var chat = try ChatDemo(size: Self.size, options: .init(seed: 7))
        try send(&chat, .key(.function(4)))
        #expect(chat.korean.isOn)
        #expect(frame(chat).rowText(chat.screenLayout.separatorRow).contains(" 한 "))
        let expected: [(input: String, marked: String)] = [
            ("ㅎ", "ㅎ"), ("하", "하"), ("한", "한"), ("한ㄱ", "ㄱ"), ("한그", "그"), ("한글", "글"), ("한글 ", ""),
        ]
        for (key, want) in zip("gksrmf ", expected) {
            try send(&chat, .text(String(key)))
            let screen = frame(chat)
            #expect(chat.inputText == want.input, "after \(key)")
            #expect(markedCells(screen) == want.marked, "after \(key)\n\(screen)")
            #expect(chat.input.markedText?.text ?? "" == want.marked)
            // The committed part is drawn plain; the cursor is right after the marked syllable.
            let row = chat.screenLayout.inputRows.lowerBound
            #expect(screen.rowText(row) == "> " + want.input.trimmingTrailingSpaces)
            expectCaretCell(screen, text: chat.inputText, caret: chat.input.focus!.caret.offset,
                            rows: chat.screenLayout.inputRows, "after \(key)")
            if !want.marked.isEmpty {
                let first = 2 + CellWidth.of(String(want.input.dropLast()))
                #expect(screen[row, first].style == DemoText.markedStyle)
                #expect(first == 2 || screen[row, first - 2].style == .plain)
            }
        }
        // Backspace takes back jamo of the syllable being composed, then whole characters.
        try send(&chat, .text("ekfr"))
        #expect(chat.inputText == "한글 닭" && markedCells(frame(chat)) == "닭")
        try send(&chat, .key(.backspace), .key(.backspace))
        #expect(chat.inputText == "한글 다" && markedCells(frame(chat)) == "다")
        // Enter commits and sends.
        try send(&chat, .key(.enter))
        #expect(chat.sent == ["한글 다"])
        #expect(chat.inputText == "" && chat.input.markedText == nil)
        // A chunk of keys in one event composes the same way; digits and punctuation commit.
        try send(&chat, .text("dkssudgktpdy? 123"))
        #expect(chat.inputText == "안녕하세요? 123")
        // F4 again: plain letters, and the syllable being composed is committed.
        try send(&chat, .text("gk"), .key(.function(4)), .text("gk"))
        #expect(!chat.korean.isOn && chat.inputText == "안녕하세요? 123하gk" && chat.input.markedText == nil)
        // Ctrl-Space toggles too.
        try send(&chat, .key(.character(" "), .control))
        #expect(chat.korean.isOn)
    }

    @Test func aLongKoreanMessageGrowsTheInputAtEveryKey() throws {
        var chat = try ChatDemo(size: Self.size, options: .init(seed: 3))
        try send(&chat, .key(.function(4)), .key(.function(2)))
        try chat.tick(elapsed: 0.5)
        let keys = String(repeating: "zlqhemrk dhffkdhaus zjtjsms dlqfurckddksdp dlTdjdy ", count: 7)
        var lines = 1
        for key in keys {
            try send(&chat, .text(String(key)))
            let screen = frame(chat)
            let layout = chat.screenLayout
            expectCaretCell(screen, text: chat.inputText, caret: chat.input.focus!.caret.offset,
                            rows: layout.inputRows, "after \(chat.inputText)")
            #expect(chat.inputLines >= lines)
            lines = chat.inputLines
            #expect(layout.band.upperBound == layout.separatorRow)
            #expect(layout.inputRows.upperBound == layout.keyboardRows.lowerBound)
            if let marked = chat.input.markedText {
                // The marked syllable shows unless the input scrolled it out of its window.
                #expect(markedCells(screen) == marked.text || markedCells(screen).isEmpty)
            }
        }
        #expect(chat.inputLines == 5)
        #expect(chat.inputText.hasPrefix("키보드가 올라오면 커서는 입력창안에 있어요 "))
    }

    @Test func theFormComposesInItsFieldsAndTabCommits() throws {
        var form = try FormDemo(size: Self.size)
        try send(&form, .key(.character(" "), .control))
        #expect(form.korean.isOn)
        #expect(frame(form).rowText(0).hasPrefix(" [한] Edit profile"))
        try send(&form, .text(" dkssud"))
        var screen = frame(form)
        #expect(form.text(ofField: "name") == "김민지 Minji Kim 안녕")
        #expect(markedCells(screen) == "녕")
        #expect(screen.rowText(3) == "  김민지 Minji Kim 안녕")
        // The marked cells stand out from the field's own underline.
        #expect(screen[3, 21].style == DemoText.markedStyle && screen[3, 19].style != DemoText.markedStyle)
        try send(&form, .key(.tab))
        screen = frame(form)
        #expect(markedCells(screen).isEmpty)
        #expect(form.focusedName == "email")
        #expect(form.text(ofField: "name") == "김민지 Minji Kim 안녕")
        // The introduction grows with composed Korean; the caret stays in the band.
        try send(&form, .key(.tab), .key(.tab), .key(.function(2)))
        try form.tick(elapsed: 0.5)
        for key in String(repeating: "gksrmfdms tnlqtmqslek ", count: 4) {
            try send(&form, .text(String(key)))
            expectCaretCell(frame(form), text: form.text(ofField: "bio")!, caret: form.table.focus!.caret.offset,
                            rows: form.screenLayout.band, "bio")
        }
        #expect(form.text(ofField: "bio")!.hasPrefix("한글은 쉽습니다 한글은 쉽습니다 "))
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
