import ChatFormDemo
import ChatFormScroll
import ChatFormTerminal
import Testing

/// The chat demo driven by key events, each frame rendered into a `ScreenBuffer`.
@Suite("Chat demo")
struct ChatDemoTests {
    static let size = TerminalSize(rows: 24, columns: 60)
    /// The input wraps at the width minus its padding (2 for the prompt, 1 on the right).
    static let inputWidth = 60 - 3

    func makeChat(_ options: ChatDemo.Options = .init(seed: 7)) throws -> ChatDemo {
        try ChatDemo(size: Self.size, options: options)
    }

    /// The input's rows on screen show the engine's lines of the input text: all of them
    /// while they fit, else the window of `inputMaxLines` the inner scroll shows.
    func expectInputMatchesLayout(_ chat: ChatDemo, _ screen: ScreenBuffer, _ note: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let layout = chat.screenLayout
        let lines = try wrapped(chat.inputText, width: Self.inputWidth)
        let shown = layout.inputRows.map { String(screen.rowText($0).dropFirst(2)) }
        let first = Int(chat.input.rows.innerOffset(of: ChatDemo.inputField))
        let expected = Array(lines[first..<min(lines.count, first + chat.options.inputMaxLines)]).map(trimmed)
        #expect(shown == expected, "\(note)\n\(screen)", sourceLocation: sourceLocation)
        #expect(chat.inputLines == min(lines.count, chat.options.inputMaxLines), "\(note)", sourceLocation: sourceLocation)
    }

    @Test func opensAtTheEndOfASeededTranscript() throws {
        let chat = try makeChat()
        #expect(chat.transcript.rows.count == 300)
        #expect(chat.transcript.isAtBottom)
        let again = try makeChat()
        #expect(frame(chat) == frame(again), "the same seed draws the same screen")
        let other = try makeChat(.init(seed: 8))
        #expect(frame(chat) != frame(other))
        let screen = frame(chat)
        #expect(screen.rowText(0).hasPrefix(" chat · Enter send"))
        #expect(screen.rowText(chat.screenLayout.separatorRow).allSatisfy { $0 == "─" })
        #expect(screen.cursor == ScreenCursor(row: 23, column: 2))
    }

    @Test func typingGrowsTheInputToFiveLinesThenScrollsInside() throws {
        var chat = try makeChat()
        let words = "Typing into the chat input wraps with the engine and grows the field one line at a time 그리고 한국어도 줄바꿈 됩니다 until it reaches five lines and then scrolls inside".split(separator: " ")
        var sawScroll = false
        var previousLines = 1
        for round in 0..<3 {
            for word in words {
                try send(&chat, .text(String(word) + " "))
                let screen = frame(chat)
                try expectInputMatchesLayout(chat, screen, "round \(round) word \(word)")
                #expect(chat.inputLines >= previousLines, "the input never shrinks while typing")
                previousLines = chat.inputLines
                let layout = chat.screenLayout
                expectCaretCell(screen, text: chat.inputText, caret: chat.input.focus!.caret.offset,
                                rows: layout.inputRows, "typing \(word)")
                // The caret is at the end: on the last row of the input, after the last line.
                let lines = try wrapped(chat.inputText, width: Self.inputWidth)
                #expect(screen.cursor?.row == layout.inputRows.upperBound - 1)
                // (A trailing space hangs but the caret after it moves, up to the edge.)
                #expect(screen.cursor?.column == 2 + min(CellWidth.of(lines.last!), Self.inputWidth))
                // The transcript's band ends right above the input block.
                #expect(layout.band.upperBound == layout.separatorRow)
                #expect(layout.inputRows.upperBound == Self.size.rows)
                if chat.input.rows.innerOffset(of: ChatDemo.inputField) > 0 {
                    sawScroll = true
                    #expect(chat.inputLines == 5)
                    #expect(screen.rowText(layout.inputRows.lowerBound).hasPrefix("↑ "))
                }
            }
        }
        #expect(sawScroll, "the input should have scrolled inside")
        // Up moves the caret a line up inside the window; the window follows at its top.
        for k in 0..<8 {
            try send(&chat, .key(.up))
            let screen = frame(chat)
            try expectInputMatchesLayout(chat, screen, "up \(k)")
            expectCaretCell(screen, text: chat.inputText, caret: chat.input.focus!.caret.offset,
                            rows: chat.screenLayout.inputRows, "up \(k)")
        }
        try send(&chat, .key(.home), .key(.right), .key(.right))
        let screen = frame(chat)
        expectCaretCell(screen, text: chat.inputText, caret: chat.input.focus!.caret.offset,
                        rows: chat.screenLayout.inputRows, "home right right")
        #expect(screen.cursor?.column == 4)
    }

    @Test func newlineKeysInsertLineBreaksAndBackspaceShrinks() throws {
        var chat = try makeChat()
        try send(&chat, .text("one"), .key(.enter, .alt), .text("two"), .key(.character("j"), .control), .text("three"))
        #expect(chat.inputText == "one\ntwo\nthree")
        #expect(chat.inputLines == 3)
        var screen = frame(chat)
        try expectInputMatchesLayout(chat, screen, "three lines")
        #expect(chat.screenLayout.band.upperBound == Self.size.rows - 4)
        try send(&chat, .key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace),
                 .key(.backspace), .key(.backspace))
        #expect(chat.inputText == "one\ntwo")
        screen = frame(chat)
        try expectInputMatchesLayout(chat, screen, "two lines")
        #expect(chat.transcript.isAtBottom, "the transcript stays at its end while the input grows and shrinks")
    }

    @Test func enterSendsAndTheTranscriptSticksToTheBottom() throws {
        var chat = try makeChat()
        try send(&chat, .text("hello from the demo 안녕하세요"), .key(.enter))
        #expect(chat.sent == ["hello from the demo 안녕하세요"])
        #expect(chat.transcript.rows.count == 301)
        #expect(chat.inputText == "")
        #expect(chat.inputLines == 1)
        #expect(chat.transcript.isAtBottom)
        let screen = frame(chat)
        let layout = chat.screenLayout
        // The newest row ends on the band's last row (its bottom padding is blank).
        #expect(screen.rowText(layout.band.upperBound - 2) == "      hello from the demo 안녕하세요")
        #expect(screen.cursor == ScreenCursor(row: 23, column: 2))
        // Blank input: Enter does nothing.
        try send(&chat, .text("   "), .key(.enter))
        #expect(chat.transcript.rows.count == 301)
        // Sending while scrolled up jumps to the end.
        try send(&chat, .key(.pageUp), .key(.pageUp), .key(.backspace), .key(.backspace), .key(.backspace))
        #expect(!chat.transcript.isAtBottom)
        try send(&chat, .text("back down"), .key(.enter))
        #expect(chat.transcript.isAtBottom)
    }

    @Test func incomingMessagesFollowTheBottomOrRaiseTheUnreadBadge() throws {
        var chat = try makeChat()
        try send(&chat, .key(.function(5)))
        #expect(chat.transcript.isAtBottom && chat.unreadCount == 0)
        #expect(!frame(chat).rowText(chat.screenLayout.separatorRow).contains("new"))
        try send(&chat, .key(.pageUp))
        #expect(!chat.transcript.isAtBottom)
        let before = frame(chat)
        try send(&chat, .key(.function(5)), .key(.character("n"), .control), .key(.function(5)))
        #expect(chat.unreadCount == 3)
        var screen = frame(chat)
        let separator = chat.screenLayout.separatorRow
        #expect(screen.rowText(separator).contains("↓ 3 new"), "\(screen)")
        // What the user was reading did not move.
        for row in chat.screenLayout.band {
            #expect(screen.rowText(row) == before.rowText(row))
        }
        // Reaching the bottom clears the badge.
        var pages = 0
        while !chat.transcript.isAtBottom && pages < 20 {
            try send(&chat, .key(.pageDown))
            pages += 1
        }
        #expect(chat.unreadCount == 0)
        screen = frame(chat)
        #expect(!screen.rowText(separator).contains("new"))
    }

    @Test func messagesArriveOnATimer() throws {
        var chat = try makeChat(.init(seed: 7, incomingEvery: 2))
        for _ in 0..<5 { try chat.tick(elapsed: 1) }
        #expect(chat.transcript.rows.count == 302)
        var quiet = try makeChat()
        for _ in 0..<5 { try quiet.tick(elapsed: 1) }
        #expect(quiet.transcript.rows.count == 300)
    }

    @Test func theKeyboardKeepsTheCaretAboveItAtEveryFrame() throws {
        var chat = try makeChat()
        try send(&chat, .text(String(repeating: "keyboard frames keep the caret visible ", count: 8)))
        try send(&chat, .key(.left), .key(.left), .key(.left), .key(.up))
        let text = chat.inputText
        for toggle in 0..<2 {
            try send(&chat, .key(.function(2)))
            #expect(chat.isKeyboardShown == (toggle == 0))
            var frames = 0
            while chat.isAnimating || frames == 0 {
                try chat.tick(elapsed: 1.0 / 60)
                frames += 1
                let screen = frame(chat)
                let layout = chat.screenLayout
                #expect(layout.inputRows.upperBound == layout.keyboardRows.lowerBound)
                #expect(layout.band.upperBound == layout.separatorRow)
                expectCaretCell(screen, text: text, caret: chat.input.focus!.caret.offset,
                                rows: layout.inputRows, "keyboard \(toggle) frame \(frames)")
                try expectInputMatchesLayout(chat, screen, "keyboard \(toggle) frame \(frames)")
                if !layout.keyboardRows.isEmpty {
                    #expect(screen.rowText(layout.keyboardRows.lowerBound).hasPrefix("┌"))
                }
                #expect(frames < 60, "the animation should end")
            }
            #expect(frames >= 14, "a 0.25 s animation is about 15 frames at 60 Hz")
        }
        let shownHeight = DemoKeyboard.height(forRows: 24)
        #expect(shownHeight == 9)
        try send(&chat, .key(.function(2)))
        try chat.tick(elapsed: 1)
        #expect(chat.screenLayout.keyboardRows == 15..<24)
        let screen = frame(chat)
        #expect(screen.rowText(15).hasPrefix("┌"))
        #expect(screen.rowText(23).hasPrefix("└"))
        #expect(chat.screenLayout.inputRows == 10..<15)
    }

    @Test func transcriptRowsOnScreenAreTheEngineLines() throws {
        var chat = try makeChat()
        for step in 0..<6 {
            let screen = frame(chat)
            let band = chat.screenLayout.band
            var checked = 0
            for index in chat.transcript.rows.inViewport() {
                let row = chat.transcript.rows.row(at: index)
                let text: String
                switch row.content {
                case .text(let plain, _): text = plain
                case .rich(let rich): text = rich.text   // styled messages wrap as their text
                default: continue
                }
                let rowFrame = chat.transcript.rows.frame(ofRow: index)
                let width = 60 - Int(row.style.padding.horizontal)
                let lines = try wrapped(text, width: width)
                let indent = String(repeating: " ", count: Int(row.style.padding.left))
                for (k, line) in lines.enumerated() {
                    let screenRow = 1 + Int(rowFrame.y - chat.transcript.viewport.offset) + k
                    guard band.contains(screenRow) else { continue }
                    #expect(screen.rowText(screenRow) == trimmed(indent + line), "step \(step) row \(index) line \(k)")
                    checked += 1
                }
            }
            #expect(checked >= 5)
            try send(&chat, .key(.pageUp))
        }
    }

    @Test func styledMessagesDrawTheirMarksAsCellAttributes() throws {
        var chat = try makeChat()
        var seen = Set<String>()
        for _ in 0..<12 {
            let screen = frame(chat)
            let band = chat.screenLayout.band
            for index in chat.transcript.rows.inViewport() {
                let row = chat.transcript.rows.row(at: index)
                guard case .rich(let rich) = row.content else { continue }
                let text = try #require(chat.transcript.rows.measurement(ofRow: index)?.items.first?.text)
                #expect(text.lineCount == (try wrapped(rich.text, width: 60 - Int(row.style.padding.horizontal))).count,
                        "a styled message's height is its layout's")
                let top = 1 + Int(chat.transcript.rows.frame(ofRow: index).y - chat.transcript.viewport.offset)
                let outgoing = row.style.padding.left > ChatDemo.incomingPadding.left
                for k in 0..<text.lineCount where band.contains(top + k) {
                    let bytes = Array(rich.text.utf8)
                    try text.forEachCaretStop(onLine: k) { offset, x in
                        guard offset < text.line(at: k).contentEnd, bytes[offset] != 0x20 else { return true }
                        let cell = screen[top + k, Int(row.style.padding.left + x)]
                        let marks = rich.style(at: offset)
                        var want = CellStyle(foreground: outgoing ? .cyan : nil)
                        if marks.contains(.bold) || marks.contains(.mention) { want.bold = true }
                        if marks.contains(.italic) { want.italic = true }
                        if marks.contains(.code) { want.foreground = .yellow }
                        if marks.contains(.mention) { want.foreground = .magenta }
                        if marks.contains(.strikethrough) { want.dim = true }
                        #expect(cell.style == want, "row \(index) byte \(offset)")
                        for (name, mark) in [("bold", RichText.Style.bold), ("italic", .italic), ("code", .code), ("mention", .mention)]
                        where marks.contains(mark) {
                            seen.insert(name)
                        }
                        return true
                    }
                }
            }
            try send(&chat, .key(.pageUp))
        }
        #expect(seen == ["bold", "italic", "code", "mention"], "the seeded transcript shows every kind of mark")
    }

    @Test func resizeRewrapsAtTheNewWidth() throws {
        var chat = try makeChat()
        try send(&chat, .text(String(repeating: "resize me please ", count: 9)))
        for (rows, columns) in [(20, 40), (30, 80), (12, 25), (24, 60)] {
            try chat.resize(TerminalSize(rows: rows, columns: columns))
            let screen = frame(chat)
            #expect(screen.rows == rows && screen.columns == columns)
            let layout = chat.screenLayout
            let lines = try wrapped(chat.inputText, width: columns - 3)
            let first = Int(chat.input.rows.innerOffset(of: ChatDemo.inputField))
            let shown = layout.inputRows.map { String(screen.rowText($0).dropFirst(2)) }
            #expect(shown == Array(lines[first..<min(lines.count, first + 5)]).map(trimmed), "\(columns)x\(rows)")
            expectCaretCell(screen, text: chat.inputText, caret: chat.input.focus!.caret.offset,
                            rows: layout.inputRows, "\(columns)x\(rows)")
            #expect(chat.transcript.isAtBottom)
        }
    }

    @Test func escapeAndControlCQuit() throws {
        var chat = try makeChat()
        #expect(try chat.handle(.key(.escape)) == .quit)
        #expect(try chat.handle(.key(.character("c"), .control)) == .quit)
        #expect(try chat.handle(.key(.function(9))) == .continue)
    }
}

/// Terminals far too small for the screens still lay out and draw without trapping, and a
/// cursor that is shown is always on the screen.
@Suite("Demos on tiny terminals")
struct TinyTerminalTests {
    static let sizes = [(1, 1), (2, 5), (3, 10), (5, 8), (8, 12), (12, 4)]

    @Test(arguments: 0..<2)
    func everyEventAtEverySizeDraws(_ demo: Int) throws {
        let events: [KeyEvent] = [.text("안녕 hello world 👍 "), .key(.function(2)), .key(.enter, .alt), .text("more text"),
                                  .key(.tab), .key(.pageUp), .key(.function(5)), .key(.up), .key(.enter)]
        for (rows, columns) in Self.sizes {
            let size = TerminalSize(rows: rows, columns: columns)
            var model: any DemoModel = demo == 0 ? try ChatDemo(size: size, options: .init(historyCount: 20))
                                                 : try FormDemo(size: size)
            for event in events {
                _ = try model.handle(event)
                try model.tick(elapsed: 0.1)
                let screen = frame(model)
                if let cursor = screen.cursor {
                    #expect(screen.contains(row: cursor.row, column: cursor.column), "\(columns)x\(rows) \(event)")
                }
            }
            try model.resize(TerminalSize(rows: rows + 3, columns: columns + 7))
            _ = frame(model)
        }
    }
}
