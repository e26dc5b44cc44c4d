import ChatFormDemo
import ChatFormScroll
import ChatFormTerminal
import Testing

/// The seed-004 form driven by key events, each frame rendered into a `ScreenBuffer`.
@Suite("Form demo")
struct FormDemoTests {
    static let size = TerminalSize(rows: 24, columns: 60)
    /// Fields wrap at the width minus the form's padding (2 + 2).
    static let fieldWidth = 60 - 4

    func caretOffset(_ form: FormDemo) -> Int { form.table.focus!.caret.offset }

    func focusedText(_ form: FormDemo) -> String { form.text(ofField: form.focusedName!)! }

    @Test func opensWithLabelledFieldsAndTheNameFocused() throws {
        let form = try FormDemo(size: Self.size)
        let screen = frame(form)
        #expect(screen.rowText(0).hasPrefix(" Edit profile"))
        #expect(screen.rowText(2) == "  Name")
        #expect(screen.rowText(3) == "  김민지 Minji Kim")
        #expect(screen.rowText(5) == "  Email")
        #expect(screen.rowText(6) == "  minji@example.com")
        #expect(screen.rowText(11) == "  Introduction (grows as you type)")
        #expect(screen.rowText(22).allSatisfy { $0 == "─" })
        #expect(screen.rowText(23).hasSuffix("[ Cancel ]  [ Save ]"))
        #expect(form.focusedName == "name")
        // The caret after "김민지 Minji Kim": 2 + 6 + 1 + 5 + 1 + 3 cells.
        #expect(screen.cursor == ScreenCursor(row: 3, column: 18))
        // Fields are underlined across their width.
        #expect(screen[3, 40].style.underline)
        #expect(!screen[2, 3].style.underline)
    }

    @Test func tabAndShiftTabMoveBetweenFieldsInOrder() throws {
        var form = try FormDemo(size: Self.size)
        var order: [String] = []
        for _ in 0..<5 {
            order.append(form.focusedName!)
            let screen = frame(form)
            expectCaretCell(screen, text: focusedText(form), caret: caretOffset(form),
                            rows: form.screenLayout.band, "on \(form.focusedName!)")
            #expect(caretOffset(form) == focusedText(form).utf8.count, "the caret lands at the end")
            try send(&form, .key(.tab))
        }
        #expect(order == ["name", "email", "phone", "bio", "name"])
        var back: [String] = []
        for _ in 0..<5 {
            try send(&form, .key(.tab, .shift))
            back.append(form.focusedName!)
        }
        #expect(back == ["name", "bio", "phone", "email", "name"])
        // Enter in a one-line field moves on, too.
        #expect(form.focusedName == "name")
        try send(&form, .key(.enter))
        #expect(form.focusedName == "email")
    }

    @Test func singleLineFieldsTakeNoLineBreaks() throws {
        var form = try FormDemo(size: Self.size)
        try send(&form, .paste("a\nb"), .key(.character("j"), .control))
        #expect(form.text(ofField: "name") == "김민지 Minji Kima b")
        try send(&form, .key(.backspace), .key(.backspace), .key(.backspace), .key(.left), .key(.left))
        let screen = frame(form)
        expectCaretCell(screen, text: focusedText(form), caret: caretOffset(form), rows: form.screenLayout.band, "left")
        #expect(screen[screen.cursor!.row, screen.cursor!.column].grapheme == "i")
    }

    /// Types into the introduction with the keyboard up until the field grows far under it,
    /// checking every frame: the caret's cell is inside the band (above the buttons and the
    /// keyboard), on screen, and the field's visible lines are the engine's lines.
    @Test func theIntroductionGrowsUnderTheKeyboardAndTheCaretStaysVisible() throws {
        var form = try FormDemo(size: Self.size)
        for _ in 0..<3 { try send(&form, .key(.tab)) }
        #expect(form.focusedName == "bio")
        try send(&form, .key(.function(2)))
        var frames = 0
        func check(_ note: String) throws {
            let screen = frame(form)
            let layout = form.screenLayout
            #expect(layout.band.upperBound == layout.buttonRows.lowerBound)
            #expect(layout.buttonRows.upperBound == layout.keyboardRows.lowerBound || layout.keyboardRows.isEmpty)
            expectCaretCell(screen, text: focusedText(form), caret: caretOffset(form), rows: layout.band, note)
            // The band keeps a line of margin around the caret's line where content allows.
            if let cursor = screen.cursor {
                #expect(cursor.row + 1 < layout.band.upperBound, "margin below: \(note)")
            }
            // The bio's lines on screen: line k of the layout sits k rows below its first line.
            let bio = focusedText(form)
            let lines = try wrapped(bio, width: Self.fieldWidth)
            let caretLine = form.table.caret!.line
            let cursorRow = screen.cursor!.row
            for (k, line) in lines.enumerated() {
                let row = cursorRow - caretLine + k
                guard layout.band.contains(row) else { continue }
                #expect(screen.rowText(row) == trimmed("  " + line), "line \(k): \(note)\n\(screen)")
            }
        }
        while form.isAnimating || frames == 0 {
            try form.tick(elapsed: 1.0 / 60)
            frames += 1
            try check("keyboard frame \(frames)")
        }
        #expect(form.screenLayout.keyboardRows == 15..<24)
        let words = "저는 스크롤 뷰 안에서 늘어나는 텍스트뷰를 만들고 있어요 and the caret must never slide under the keyboard or the buttons".split(separator: " ")
        var grewPast = false
        for round in 0..<4 {
            for word in words {
                try send(&form, .text(String(word) + " "))
                try check("round \(round) \(word)")
                // Unscrolled, the form would now reach under the keyboard; it scrolled instead.
                let f = form.table.rows.frame(ofRow: 0)
                if Double(FormDemo.headerRows) + f.y + f.height > Double(form.screenLayout.keyboardRows.lowerBound),
                   form.table.viewport.offset > 0 {
                    grewPast = true
                }
            }
            try send(&form, .key(.enter))
            try check("newline \(round)")
        }
        #expect(grewPast, "the form should have grown under the keyboard")
        // Moving the caret up through the field scrolls it back into view.
        for k in 0..<12 {
            try send(&form, .key(.up))
            try check("up \(k)")
        }
        // Hiding the keyboard: every frame keeps the caret visible too.
        try send(&form, .key(.function(2)))
        frames = 0
        while form.isAnimating || frames == 0 {
            try form.tick(elapsed: 1.0 / 60)
            frames += 1
            try check("hide frame \(frames)")
        }
        #expect(form.screenLayout.keyboardRows.isEmpty)
        #expect(form.screenLayout.buttonRows == 22..<24)
    }

    @Test func resizeRelaysOutAtTheNewWidth() throws {
        var form = try FormDemo(size: Self.size)
        for _ in 0..<3 { try send(&form, .key(.tab)) }
        try send(&form, .text(String(repeating: "resize keeps the caret and the wrap ", count: 5)), .key(.function(2)))
        try form.tick(elapsed: 1)
        for (rows, columns) in [(20, 40), (30, 90), (14, 30), (24, 60)] {
            try form.resize(TerminalSize(rows: rows, columns: columns))
            let screen = frame(form)
            #expect(screen.rows == rows && screen.columns == columns)
            let layout = form.screenLayout
            #expect(layout.keyboardRows.count == Int(DemoKeyboard.height(forRows: rows)))
            expectCaretCell(screen, text: focusedText(form), caret: caretOffset(form), rows: layout.band, "\(columns)x\(rows)")
            let lines = try wrapped(focusedText(form), width: columns - 4)
            let cursor = try #require(screen.cursor)
            #expect(screen.rowText(cursor.row) == trimmed("  " + lines[form.table.caret!.line]))
        }
    }

    @Test func controlSSavesAndEscapeQuits() throws {
        var form = try FormDemo(size: Self.size)
        try send(&form, .key(.character("s"), .control))
        #expect(frame(form).rowText(0).hasSuffix("saved") || form.notice == "saved")
        #expect(try form.handle(.key(.escape)) == .quit)
    }
}
