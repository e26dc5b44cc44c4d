import ChatFormDemo
import ChatFormTerminal
import Foundation
import Testing

/// End to end: the chat demo's styled messages in a real terminal (tmux). The pane's cells,
/// attributes included (`capture-pane -e`, read back through `VirtualTerminal`), are the
/// screen the demo model renders in process: bold, italic, code and mentions arrive as the
/// SGR attributes the engine's marks asked for, on the cells the engine's lines put them.
@Suite("chatform demo in tmux: styled messages", .serialized,
       .enabled(if: TmuxHarness.tmuxPath != nil && TmuxHarness.chatformPath != nil,
                "tmux or the chatform binary is missing; run `swift build` first"))
struct DemoTmuxRichTests {
    @Test func styledMessagesReachTheTerminalAsAttributes() throws {
        let tmux = TmuxHarness(name: "demo-rich")
        defer { tmux.killServer() }
        let rows = 24, columns = 60
        try tmux.start(DemoTmuxTests.shellCommand("chat --seed 3"), columns: columns, rows: rows)
        let ready = try tmux.waitForPane(rows: rows) { $0.rows[0].hasPrefix(" chat · Enter send") ? nil : "no status line" }
        #expect(ready.problem == nil, "\(ready.pane)")
        var model = try ChatDemo(size: TerminalSize(rows: rows, columns: columns), options: .init(seed: 3))
        var styled = 0
        for page in 0..<4 {
            var expected = ScreenBuffer(rows: rows, columns: columns)
            model.render(into: &expected)
            let band = model.screenLayout.band
            // Poll until the pane shows the model's text, then compare every cell's style.
            var shown: [ScreenBuffer] = []
            let clock = ContinuousClock(), deadline = clock.now + .seconds(10)
            while true {
                let lines = try tmux.run(["capture-pane", "-p", "-e", "-t", tmux.session]).output
                    .split(separator: "\n", omittingEmptySubsequences: false)
                shown = band.map { row in
                    var terminal = VirtualTerminal(rows: 1, columns: columns, width: DemoText.width)
                    terminal.apply(row < lines.count ? String(lines[row]) : "")
                    return terminal.frame
                }
                if zip(band, shown).allSatisfy({ $1.rowText(0) == expected.rowText($0) }) || clock.now >= deadline { break }
                usleep(50_000)
            }
            for (row, pane) in zip(band, shown) {
                #expect(pane.rowText(0) == expected.rowText(row), "page \(page) row \(row)")
                for column in 0..<columns where !expected[row, column].grapheme.allSatisfy(\.isWhitespace) {
                    #expect(pane[0, column].style == expected[row, column].style,
                            "page \(page) row \(row) column \(column) \(expected[row, column].grapheme)")
                    let style = expected[row, column].style
                    if style.italic || style.foreground == .yellow || style.foreground == .magenta { styled += 1 }
                }
            }
            try tmux.sendKeys("PageUp")
            #expect(try model.handle(.key(.pageUp, [])) == .continue)
        }
        #expect(styled > 0, "the pages compared show italic, code or mention cells")
        try tmux.sendKeys("Escape")
    }
}
