import Foundation
import Glibc
import Testing

/// The demos in a real terminal (tmux 3.3 does not join emoji sequences: it draws 👍🏽 as
/// 👍 and 🏽, four cells where the engine counts two) with clusters terminals disagree on.
/// Issue 13: a stray 🏽 stayed on screen after the message holding it was sent.
@Suite("chatform demo in tmux with emoji sequences", .serialized,
       .enabled(if: TmuxHarness.tmuxPath != nil && TmuxHarness.chatformPath != nil,
                "tmux or the chatform binary is missing; run `swift build` first"))
struct DemoTmuxEmojiTests {
    /// Skin-tone modifiers, flags' regional indicators and the variation selector: parts of
    /// sequences a terminal may draw on their own.
    static let sequenceParts: Set<UInt32> = Set(0x1F3FB...0x1F3FF).union(0x1F1E6...0x1F1FF).union([0xFE0F, 0x200D])

    /// A part of a sequence shown on its own: a modifier not right after its base, or any
    /// of them on a row whose text should have none.
    static func strayParts(_ pane: PaneState) -> String? {
        for (k, row) in pane.rows.enumerated() {
            let scalars = Array(row.unicodeScalars)
            for (i, scalar) in scalars.enumerated() where (0x1F3FB...0x1F3FF).contains(scalar.value) {
                if i == 0 || scalars[i - 1].value != 0x1F44D { return "row \(k) shows a stray \(scalar): \(row.debugDescription)" }
            }
        }
        return nil
    }

    @Test("chat: the issue's message, sent, leaves no stray skin-tone modifier")
    func chatGhost() throws {
        let tmux = TmuxHarness(name: "demo-emoji-chat")
        defer { tmux.killServer() }
        let columns = 60, rows = 20
        try tmux.start(DemoTmuxTests.shellCommand("chat"), columns: columns, rows: rows)
        var result = try tmux.waitForPane(rows: rows) { $0.rows[0].hasPrefix(" chat · Enter send") ? nil : "no status line" }
        #expect(result.problem == nil, "\(result.pane)")

        let text = "안녕하세요! This message is long enough to wrap across several lines in the input 🙂👍🏽"
        try tmux.run(["send-keys", "-t", tmux.session, "-l", text])
        let lines = try wrapWithTool(text, width: columns - 3)
        result = try tmux.waitForPane(rows: rows) { pane in
            guard let separator = pane.separatorRow else { return "no separator" }
            guard pane.cursorY == separator + lines.count, pane.cursorX == 2 + lines.last!.width else {
                return "cursor at \(pane.cursorX),\(pane.cursorY), want \(2 + lines.last!.width),\(separator + lines.count)"
            }
            return Self.strayParts(pane)
        }
        #expect(result.problem == nil, "typed: \(result.problem ?? "")\n\(result.pane)")

        try tmux.sendKeys("F2")
        result = try tmux.waitForPane(rows: rows) { $0.keyboardTop == 12 ? Self.strayParts($0) : "keyboard top \($0.keyboardTop)" }
        #expect(result.problem == nil, "keyboard: \(result.problem ?? "")\n\(result.pane)")

        try tmux.sendKeys("Enter")
        result = try tmux.waitForPane(rows: rows) { pane in
            guard let separator = pane.separatorRow, separator + 2 == pane.keyboardTop else { return "input not emptied" }
            return Self.strayParts(pane)
        }
        #expect(result.problem == nil, "sent: \(result.problem ?? "")\n\(result.pane)")

        let beforeScroll = result.pane.rows[1..<8]
        try tmux.sendKeys("PageUp")
        result = try tmux.waitForPane(rows: rows) { $0.rows[1..<8] != beforeScroll ? Self.strayParts($0) : "did not scroll" }
        #expect(result.problem == nil, "scrolled: \(result.problem ?? "")\n\(result.pane)")

        try tmux.sendKeys("F5")
        result = try tmux.waitForPane(rows: rows) { pane in
            guard let separator = pane.separatorRow, pane.rows[separator].contains("↓ 1 new") else { return "no badge" }
            // The emptied input shows its prompt and nothing else; the cursor sits after it.
            let input = trimmingTrailingSpaces(pane.rows[separator + 1])
            guard input == ">" else { return "input row shows \(input.debugDescription)" }
            guard pane.cursorX == 2, pane.cursorY == separator + 1 else { return "cursor at \(pane.cursorX),\(pane.cursorY)" }
            return Self.strayParts(pane)
        }
        #expect(result.problem == nil, "unread badge: \(result.problem ?? "")\n\(result.pane)")
        try tmux.sendKeys("Escape")
        let exited = try tmux.waitForScreen { $0.contains("DEMO-EXIT") }
        #expect(exited.screen.contains("DEMO-EXIT rc=0"), "\(exited.screen)")
    }

    /// The form's introduction takes flags, a family (ZWJ), a heart with its selector and
    /// a keycap between words; the cursor stays on the engine's cell after each; deleting
    /// them leaves the rows exactly as `chatform wrap` lays out the text that remains.
    @Test("form: sequences typed and deleted leave the rows as the engine lays them out")
    func formSequences() throws {
        let tmux = TmuxHarness(name: "demo-emoji-form")
        defer { tmux.killServer() }
        let columns = 40, rows = 20
        try tmux.start(DemoTmuxTests.shellCommand("form"), columns: columns, rows: rows)
        var result = try tmux.waitForPane(rows: rows) { pane in
            pane.rows[0].hasPrefix(" Edit profile") && pane.cursorY == 3 ? nil : "not drawn"
        }
        #expect(result.problem == nil, "\(result.pane)")
        try tmux.sendKeys("Tab", "Tab", "Tab")
        var text = ""
        let pieces = ["Flags 🇰🇷🇯🇵 and", " a family 👨‍👩‍👧 with", " hearts ❤️❤️ and 1️⃣ keycaps", " thumbs 👍🏽👍🏿 end"]
        for piece in pieces {
            text += piece
            try tmux.run(["send-keys", "-t", tmux.session, "-l", piece])
            let lines = try wrapWithTool(text, width: columns - 4)
            result = try tmux.waitForPane(rows: rows) { pane in
                guard pane.cursorX == 2 + lines.last!.width else { return "cursor x \(pane.cursorX), want \(2 + lines.last!.width)" }
                return Self.strayParts(pane)
            }
            #expect(result.problem == nil, "after \(piece.debugDescription): \(result.problem ?? "")\n\(result.pane)")
        }
        // Delete back to the first space: every sequence goes, one cluster a keystroke.
        let keep = "Flags"
        let clusters = text.count - keep.count
        for _ in 0..<clusters { try tmux.sendKeys("BSpace") }
        let lines = try wrapWithTool(keep, width: columns - 4)
        result = try tmux.waitForPane(rows: rows) { DemoTmuxTests.formProblem($0, lines: lines, columns: columns) }
        #expect(result.problem == nil, "after deleting: \(result.problem ?? "")\n\(result.pane)")
        // The rows below the introduction's line show nothing left over from the sequences.
        let cursorRow = result.pane.cursorY
        #expect(trimmingTrailingSpaces(result.pane.rows[cursorRow]) == "  Flags", "\(result.pane)")
        for row in (cursorRow + 1)..<rows where !result.pane.rows[row].contains("[ Cancel ]") && !result.pane.rows[row].hasPrefix("──") {
            #expect(trimmingTrailingSpaces(result.pane.rows[row]).isEmpty, "row \(row): \(result.pane.rows[row].debugDescription)")
        }
        try tmux.sendKeys("C-c")
        _ = try tmux.waitForScreen { $0.contains("DEMO-EXIT") }
    }
}
