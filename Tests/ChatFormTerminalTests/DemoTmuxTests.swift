import Foundation
import Glibc
import Testing

/// One wrapped line as `chatform wrap --format jsonl` reports it.
struct WrappedLine: Equatable {
    /// The line's text without its mandatory break (trailing spaces kept).
    var text: String
    /// Width in cells, without trailing hanging spaces.
    var width: Int
}

/// `chatform wrap --width W --format jsonl` run on `text`: the lines the screen must show.
func wrapWithTool(_ text: String, width: Int) throws -> [WrappedLine] {
    let input = NSTemporaryDirectory() + "chatform-wrap-\(UUID().uuidString).txt"
    try Data(text.utf8).write(to: URL(fileURLWithPath: input))
    defer { unlink(input) }
    let result = try spawnAndWait(TmuxHarness.chatformPath!, ["wrap", "--width", "\(width)", "--format", "jsonl"],
                                  standardInput: input)
    guard result.status == 0 else { throw SpawnError(description: "chatform wrap: \(result.standardError)") }
    let bytes = Array(text.utf8)
    return try result.standardOutput.split(separator: "\n").map { line in
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let start = object["start"] as? Int, let end = object["end"] as? Int,
              let width = object["width"] as? Int, let hard = object["hard"] as? Bool else {
            throw SpawnError(description: "bad jsonl line \(line)")
        }
        var slice = bytes[start..<end]
        if hard { while let last = slice.last, last == 0x0A || last == 0x0D { slice.removeLast() } }
        return WrappedLine(text: String(decoding: slice, as: UTF8.self), width: width)
    }
}

func trimmingTrailingSpaces(_ text: some StringProtocol) -> String {
    var text = String(text)
    while text.last == " " { text.removeLast() }
    return text
}

/// A captured pane: its rows and the terminal cursor.
struct PaneState: CustomStringConvertible {
    var rows: [String]
    var cursorX: Int
    var cursorY: Int

    var description: String {
        "cursor \(cursorX),\(cursorY)\n" + rows.enumerated().map { "\($0.offset < 10 ? " " : "")\($0.offset)|\($0.element)" }
            .joined(separator: "\n")
    }

    /// The first row of the keyboard panel's box, or the row count when it is hidden.
    var keyboardTop: Int { rows.firstIndex { $0.hasPrefix("┌") } ?? rows.count }

    /// The last separator line ("───…") above the keyboard.
    var separatorRow: Int? { rows[..<keyboardTop].lastIndex { $0.hasPrefix("──") } }
}

extension TmuxHarness {
    func pane(rows: Int) throws -> PaneState {
        let screen = try capture()
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.count < rows { lines.append("") }
        let cursor = try display("#{cursor_x} #{cursor_y}").split(separator: " ").compactMap { Int($0) }
        return PaneState(rows: Array(lines.prefix(rows)), cursorX: cursor.first ?? -1, cursorY: cursor.last ?? -1)
    }

    /// Polls the pane until `check` returns no problem or the timeout passes; returns the
    /// last problem (nil: fine) and the last state.
    func waitForPane(rows: Int, timeout: Duration = .seconds(10),
                     _ check: (PaneState) -> String?) throws -> (problem: String?, pane: PaneState) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let pane = try pane(rows: rows)
            let problem = check(pane)
            if problem == nil || clock.now >= deadline { return (problem, pane) }
            usleep(30_000)
        }
    }
}

/// End to end: `chatform demo chat` and `chatform demo form` in a real terminal (tmux),
/// checked after every step against `chatform wrap` and the cursor tmux reports.
@Suite("chatform demo in tmux", .serialized,
       .enabled(if: TmuxHarness.tmuxPath != nil && TmuxHarness.chatformPath != nil,
                "tmux or the chatform binary is missing; run `swift build` first"))
struct DemoTmuxTests {
    static func shellCommand(_ arguments: String) -> String {
        "'\(TmuxHarness.chatformPath!)' demo \(arguments); echo \"DEMO-EXIT rc=$?\"; sleep 600"
    }

    /// The chat's input block: the rows between the separator and the keyboard show the
    /// window of the input's wrapped lines that ends at the caret's line (the caret is at
    /// the end of the text), the cursor sits after the last line's text, above the keyboard.
    static func chatProblem(_ pane: PaneState, text: String, lines: [WrappedLine], columns: Int) -> String? {
        guard let separator = pane.separatorRow else { return "no separator line" }
        let keyboardTop = pane.keyboardTop
        let inputRows = (separator + 1)..<keyboardTop
        let visible = min(5, lines.count)
        guard inputRows.count == visible else { return "input has \(inputRows.count) rows, want \(visible)" }
        for (row, line) in zip(inputRows, lines.suffix(visible)) {
            let shown = trimmingTrailingSpaces(pane.rows[row].dropFirst(2))
            if shown != trimmingTrailingSpaces(line.text) { return "row \(row) shows \(shown.debugDescription), want \(line.text.debugDescription)" }
        }
        let prompt = lines.count > 5 ? "↑" : ">"
        guard pane.rows[inputRows.lowerBound].hasPrefix(prompt) else { return "prompt should be \(prompt)" }
        let last = lines.last!
        guard pane.cursorY == inputRows.upperBound - 1, pane.cursorX == 2 + last.width else {
            return "cursor at \(pane.cursorX),\(pane.cursorY), want \(2 + last.width),\(inputRows.upperBound - 1)"
        }
        guard pane.cursorX < columns, pane.cursorY < keyboardTop, pane.cursorY > separator else {
            return "cursor outside the input band"
        }
        return nil
    }

    @Test("chat: the input grows then scrolls, the keyboard, unread badge and resize keep the caret on its cell")
    func chat() throws {
        let tmux = TmuxHarness(name: "demo-chat")
        defer { tmux.killServer() }
        var columns = 60, rows = 24
        try tmux.start(Self.shellCommand("chat --seed 5"), columns: columns, rows: rows)
        var result = try tmux.waitForPane(rows: rows) { $0.rows[0].hasPrefix(" chat · Enter send") ? nil : "no status line" }
        #expect(result.problem == nil, "\(result.pane)")
        #expect(try tmux.display("#{alternate_on}") == "1")

        // Type until the input passes its five lines.
        let chunks = ["Typing a long message into the chat input,", "which wraps with the engine at the pane's width",
                      "and grows one line at a time 한국어 문장도 섞어서 입력합니다", "until it reaches five lines",
                      "and then scrolls inside the field, caret rule included,", "so the caret never leaves",
                      "the band above the keyboard", "even while it animates."]
        var text = ""
        var lineCounts: [Int] = []
        for chunk in chunks {
            let piece = text.isEmpty ? chunk : " " + chunk
            text += piece
            try tmux.run(["send-keys", "-t", tmux.session, "-l", piece])
            let lines = try wrapWithTool(text, width: columns - 3)
            lineCounts.append(lines.count)
            result = try tmux.waitForPane(rows: rows) { Self.chatProblem($0, text: text, lines: lines, columns: columns) }
            #expect(result.problem == nil, "after typing \(chunk.debugDescription): \(result.problem ?? "")\n\(result.pane)")
        }
        #expect(lineCounts.last! > 5, "the message should pass five lines: \(lineCounts)")

        // The keyboard slides up and takes the bottom 40%; the input rides on it.
        try tmux.sendKeys("F2")
        var lines = try wrapWithTool(text, width: columns - 3)
        result = try tmux.waitForPane(rows: rows) { pane in
            pane.keyboardTop == 15 ? Self.chatProblem(pane, text: text, lines: lines, columns: columns) : "keyboard top \(pane.keyboardTop)"
        }
        #expect(result.problem == nil, "keyboard shown: \(result.problem ?? "")\n\(result.pane)")
        #expect(result.pane.rows[23].hasPrefix("└"))

        // Scroll up, then a message arrives: the badge counts it.
        let beforeScroll = result.pane.rows[1..<8]
        try tmux.sendKeys("PageUp")
        result = try tmux.waitForPane(rows: rows) { $0.rows[1..<8] != beforeScroll ? nil : "did not scroll" }
        #expect(result.problem == nil, "\(result.pane)")
        try tmux.sendKeys("F5")
        result = try tmux.waitForPane(rows: rows) { pane in
            guard let separator = pane.separatorRow, pane.rows[separator].contains("↓ 1 new") else { return "no badge" }
            return Self.chatProblem(pane, text: text, lines: lines, columns: columns)
        }
        #expect(result.problem == nil, "unread badge: \(result.problem ?? "")\n\(result.pane)")

        // Resize: everything is laid out again at the new width.
        columns = 50
        rows = 20
        try tmux.run(["resize-window", "-t", tmux.session, "-x", "\(columns)", "-y", "\(rows)"])
        lines = try wrapWithTool(text, width: columns - 3)
        result = try tmux.waitForPane(rows: rows) { pane in
            guard pane.rows[0].count <= columns, pane.keyboardTop == 12 else { return "not resized yet" }
            return Self.chatProblem(pane, text: text, lines: lines, columns: columns)
        }
        #expect(result.problem == nil, "after resize: \(result.problem ?? "")\n\(result.pane)")

        // Enter sends: the transcript goes to its end (badge gone), the input empties.
        try tmux.sendKeys("Enter")
        let empty = [WrappedLine(text: "", width: 0)]
        result = try tmux.waitForPane(rows: rows) { pane in
            guard let separator = pane.separatorRow, !pane.rows[separator].contains("new") else { return "badge still shown" }
            return Self.chatProblem(pane, text: "", lines: empty, columns: columns)
        }
        #expect(result.problem == nil, "after send: \(result.problem ?? "")\n\(result.pane)")
        #expect(result.pane.rows.contains { $0.contains("even while it animates.") }, "the sent message's end should show")

        // Esc quits and gives the shell its screen back.
        try tmux.sendKeys("Escape")
        let exited = try tmux.waitForScreen { $0.contains("DEMO-EXIT") }
        #expect(exited.screen.contains("DEMO-EXIT rc=0"), "\(exited.screen)")
        #expect(try tmux.display("#{alternate_on}") == "0")
    }

    /// The form: the cursor is on the introduction's last line, after its text, inside the
    /// band above the buttons and the keyboard, and the rows above it show the wrapped lines.
    static func formProblem(_ pane: PaneState, lines: [WrappedLine], columns: Int) -> String? {
        let buttons = pane.rows.firstIndex { $0.contains("[ Cancel ]  [ Save ]") }
        guard let buttons, buttons >= 1, pane.rows[buttons - 1].hasPrefix("──") else { return "no buttons" }
        let last = lines.last!
        guard pane.cursorX == 2 + last.width else { return "cursor x \(pane.cursorX), want \(2 + last.width)" }
        guard pane.cursorY >= 1, pane.cursorY < buttons - 1, pane.cursorY < pane.keyboardTop, pane.cursorX < columns else {
            return "cursor \(pane.cursorX),\(pane.cursorY) outside the band above row \(buttons - 1)"
        }
        for (k, line) in lines.reversed().enumerated() where pane.cursorY - k >= 1 {
            let shown = trimmingTrailingSpaces(pane.rows[pane.cursorY - k])
            if shown != trimmingTrailingSpaces("  " + line.text) {
                return "row \(pane.cursorY - k) shows \(shown.debugDescription), want \(line.text.debugDescription)"
            }
        }
        return nil
    }

    @Test("form: typing into the introduction grows it under the keyboard; the caret stays on its cell")
    func form() throws {
        let tmux = TmuxHarness(name: "demo-form")
        defer { tmux.killServer() }
        var columns = 60, rows = 24
        try tmux.start(Self.shellCommand("form"), columns: columns, rows: rows)
        var result = try tmux.waitForPane(rows: rows) { pane in
            pane.rows[0].hasPrefix(" Edit profile") && pane.cursorY == 3 ? nil : "not drawn"
        }
        #expect(result.problem == nil, "\(result.pane)")
        #expect(result.pane.rows[2] == "  Name")

        // Tab to the introduction, keyboard up.
        try tmux.sendKeys("Tab", "Tab", "Tab", "F2")
        var lines = [WrappedLine(text: "", width: 0)]
        result = try tmux.waitForPane(rows: rows) { pane in
            pane.keyboardTop == 15 ? Self.formProblem(pane, lines: lines, columns: columns) : "keyboard top \(pane.keyboardTop)"
        }
        #expect(result.problem == nil, "bio focused, keyboard up: \(result.problem ?? "")\n\(result.pane)")

        let chunks = ["안녕하세요, 저는 iOS 개발자입니다.", "I build forms whose text view grows as you type,",
                      "inside a scrolling table,", "with the keyboard up.", "The caret must stay visible",
                      "above the buttons", "and the keyboard, line after line,", "after line."]
        var text = ""
        for chunk in chunks {
            let piece = text.isEmpty ? chunk : " " + chunk
            text += piece
            try tmux.run(["send-keys", "-t", tmux.session, "-l", piece])
            lines = try wrapWithTool(text, width: columns - 4)
            result = try tmux.waitForPane(rows: rows) { Self.formProblem($0, lines: lines, columns: columns) }
            #expect(result.problem == nil, "after typing \(chunk.debugDescription): \(result.problem ?? "")\n\(result.pane)")
        }
        // It grew under the keyboard: the form scrolled, the first fields left the screen.
        #expect(!result.pane.rows.contains("  Name"), "\(result.pane)")

        columns = 44
        rows = 20
        try tmux.run(["resize-window", "-t", tmux.session, "-x", "\(columns)", "-y", "\(rows)"])
        lines = try wrapWithTool(text, width: columns - 4)
        result = try tmux.waitForPane(rows: rows) { pane in
            guard pane.rows[0].count <= columns, pane.keyboardTop == 12 else { return "not resized yet" }
            return Self.formProblem(pane, lines: lines, columns: columns)
        }
        #expect(result.problem == nil, "after resize: \(result.problem ?? "")\n\(result.pane)")

        // Keyboard down: the buttons return to the bottom of the screen.
        try tmux.sendKeys("F2")
        result = try tmux.waitForPane(rows: rows) { pane in
            guard pane.keyboardTop == rows, pane.rows[rows - 1].contains("[ Save ]") else { return "keyboard still shown" }
            return Self.formProblem(pane, lines: lines, columns: columns)
        }
        #expect(result.problem == nil, "keyboard hidden: \(result.problem ?? "")\n\(result.pane)")

        try tmux.sendKeys("C-c")
        let exited = try tmux.waitForScreen { $0.contains("DEMO-EXIT") }
        #expect(exited.screen.contains("DEMO-EXIT rc=0"), "\(exited.screen)")
    }

    @Test("without a terminal the demo refuses with status 2")
    func refusesWithoutATerminal() throws {
        for mode in ["chat", "form"] {
            let result = try spawnAndWait(TmuxHarness.chatformPath!, ["demo", mode])
            #expect(result.status == 2)
            #expect(result.standardError.contains("needs an interactive terminal"), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        let bad = try spawnAndWait(TmuxHarness.chatformPath!, ["demo", "table"])
        #expect(bad.status == 64, "an unknown mode is a usage error")
    }
}
