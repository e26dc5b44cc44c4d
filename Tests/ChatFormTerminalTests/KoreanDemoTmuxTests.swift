import Foundation
import Testing

/// Reads one row of `tmux capture-pane -e` output: each character with whether it is
/// underlined (SGR 4 on, 0 or 24 off).
func underlinedCharacters(_ row: String) -> [(character: Character, underlined: Bool)] {
    var result: [(Character, Bool)] = []
    var underline = false
    var scalars = Array(row.unicodeScalars)[...]
    while let scalar = scalars.first {
        if scalar == "\u{1B}", scalars.dropFirst().first == "[" {
            scalars = scalars.dropFirst(2)
            var parameters = ""
            while let s = scalars.first, !(0x40...0x7E).contains(s.value) {
                parameters.unicodeScalars.append(s)
                scalars = scalars.dropFirst()
            }
            let final = scalars.first
            scalars = scalars.dropFirst()
            guard final == "m" else { continue }
            for p in parameters.split(separator: ";", omittingEmptySubsequences: false) {
                switch p.split(separator: ":").first.map(String.init) ?? "0" {
                case "", "0", "24": underline = false
                case "4": underline = true
                default: break
                }
            }
            if parameters.isEmpty { underline = false }
            continue
        }
        scalars = scalars.dropFirst()
        // Combining scalars join the previous character.
        if let last = result.last, scalar.properties.generalCategory == .nonspacingMark {
            var joined = String(last.0)
            joined.unicodeScalars.append(scalar)
            result[result.count - 1] = (Character(joined), last.1)
        } else {
            result.append((Character(scalar), underline))
        }
    }
    return result
}

/// The demos' Korean input mode in a real terminal: F4, then 2-beolsik keys one at a time.
@Suite("chatform demo in tmux: Korean input", .serialized,
       .enabled(if: TmuxHarness.tmuxPath != nil && TmuxHarness.chatformPath != nil,
                "tmux or the chatform binary is missing; run `swift build` first"))
struct KoreanDemoTmuxTests {
    @Test("chat: each key shows the syllable underlined before it commits; the cursor follows it")
    func chatComposesKorean() throws {
        let tmux = TmuxHarness(name: "demo-korean")
        defer { tmux.killServer() }
        let columns = 60, rows = 24
        try tmux.start(DemoTmuxTests.shellCommand("chat --seed 5"), columns: columns, rows: rows)
        var result = try tmux.waitForPane(rows: rows) { $0.rows[0].hasPrefix(" chat · Enter send") ? nil : "no status line" }
        #expect(result.problem == nil, "\(result.pane)")
        try tmux.sendKeys("F4")
        result = try tmux.waitForPane(rows: rows) { pane in
            guard let separator = pane.separatorRow, pane.rows[separator].contains(" 한 ") else { return "no 한 badge" }
            return nil
        }
        #expect(result.problem == nil, "\(result.pane)")

        let steps: [(key: String, committed: String, marked: String)] = [
            ("g", "", "ㅎ"), ("k", "", "하"), ("s", "", "한"), ("r", "한", "ㄱ"), ("m", "한", "그"), ("f", "한", "글"),
            (" ", "한글 ", ""), ("d", "한글 ", "ㅇ"), ("l", "한글 ", "이"), ("q", "한글 ", "입"),
        ]
        for step in steps {
            try tmux.run(["send-keys", "-t", tmux.session, "-l", step.key])
            let text = step.committed + step.marked
            let cells = text.reduce(0) { $0 + ($1 == " " ? 1 : 2) }
            result = try tmux.waitForPane(rows: rows) { pane in
                guard let separator = pane.separatorRow else { return "no separator" }
                let row = separator + 1
                let shown = trimmingTrailingSpaces(pane.rows[row])
                guard shown == trimmingTrailingSpaces("> " + text) else { return "input shows \(shown.debugDescription)" }
                guard pane.cursorY == row, pane.cursorX == 2 + cells else { return "cursor at \(pane.cursorX),\(pane.cursorY)" }
                return nil
            }
            #expect(result.problem == nil, "after \(step.key.debugDescription): \(result.problem ?? "")\n\(result.pane)")
            // The marked syllable is underlined, the committed text is not.
            let separator = result.pane.separatorRow ?? 0
            let styled = try tmux.run(["capture-pane", "-p", "-e", "-t", tmux.session]).output
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let input = underlinedCharacters(styled[separator + 1]).dropFirst(2)   // the prompt
            let underlined = String(input.filter(\.underlined).map(\.character))
            let plain = String(input.filter { !$0.underlined }.map(\.character))
            #expect(underlined == step.marked, "after \(step.key.debugDescription): underlined \(underlined.debugDescription)")
            #expect(trimmingTrailingSpaces(plain) == trimmingTrailingSpaces(step.committed),
                    "after \(step.key.debugDescription): plain \(plain.debugDescription)")
        }
        // Enter commits and sends the message.
        try tmux.sendKeys("Enter")
        result = try tmux.waitForPane(rows: rows) { pane in
            pane.rows.contains { $0.contains("한글 입") } && pane.rows[pane.separatorRow! + 1].hasPrefix(">")
                && trimmingTrailingSpaces(pane.rows[pane.separatorRow! + 1]) == ">" ? nil : "not sent"
        }
        #expect(result.problem == nil, "\(result.pane)")
        try tmux.sendKeys("Escape")
        let exited = try tmux.waitForScreen { $0.contains("DEMO-EXIT") }
        #expect(exited.screen.contains("DEMO-EXIT rc=0"), "\(exited.screen)")
    }
}
