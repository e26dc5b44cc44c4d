import Foundation
import Glibc
import Testing

/// End to end: the terminal-probe binary inside a real terminal (tmux).
@Suite("terminal-probe in tmux", .serialized,
       .enabled(if: TmuxHarness.isAvailable, "tmux or the terminal-probe binary is missing; run `swift build` first"))
struct TerminalProbeTests {
    /// Runs the probe between two markers, then prints the terminal modes and lingers.
    static func shellCommand() -> String {
        let probe = TmuxHarness.probePath!
        return """
            echo BEFORE-PROBE; '\(probe)'; echo "AFTER-PROBE rc=$?"; \
            echo "MODES: $(stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(echo|icanon|isig)$' | sort | tr '\\n' ' ')"; \
            sleep 600
            """
    }

    @Test("draws, echoes keys, follows resizes and restores the shell screen on Ctrl-C")
    func interactiveSession() throws {
        let tmux = TmuxHarness(name: "interactive")
        defer { tmux.killServer() }
        try tmux.start(Self.shellCommand())

        // The whole frame, its bottom border included: a screen read mid-draw has the size line
        // but not yet the last row.
        let bottom60 = "└" + String(repeating: "─", count: 58) + "┘"
        var result = try tmux.waitForScreen { $0.contains("size 60x15") && $0.contains(bottom60) }
        #expect(result.ok, "probe did not draw:\n\(result.screen)")
        var lines = result.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "┌" + String(repeating: "─", count: 58) + "┐")
        #expect(lines.contains(bottom60))
        #expect(!result.screen.contains("BEFORE-PROBE"), "the probe should draw on the alternate screen")
        #expect(try tmux.display("#{alternate_on}") == "1")

        try tmux.sendKeys("h", "i")
        result = try tmux.waitForScreen { $0.contains("│> hi ") }
        #expect(result.ok, "typed text missing:\n\(result.screen)")
        #expect(try tmux.waitForFormat("#{cursor_x} #{cursor_y} #{cursor_flag}", toBe: "5 2 1") == "5 2 1")

        try tmux.sendKeys("Up", "C-Left", "F5", "BSpace")
        try tmux.sendKeys("Escape")
        result = try tmux.waitForScreen { screen in
            ["event up", "event ctrl-left", "event F5", "event backspace", "event escape"]
                .allSatisfy(screen.contains)
        }
        #expect(result.ok, "key events missing:\n\(result.screen)")
        #expect(result.screen.contains("│> h "), "backspace should remove the last character")

        try tmux.run(["set-buffer", "-b", "probe-paste", "pasted 世界"])
        try tmux.run(["paste-buffer", "-p", "-b", "probe-paste", "-t", tmux.session])
        result = try tmux.waitForScreen { $0.contains("event paste(\"pasted 世界\")") }
        #expect(result.ok, "bracketed paste missing:\n\(result.screen)")

        try tmux.run(["resize-window", "-t", tmux.session, "-x", "40", "-y", "10"])
        let bottom40 = "└" + String(repeating: "─", count: 38) + "┘"
        result = try tmux.waitForScreen { $0.contains("size 40x10") && $0.contains(bottom40) }
        #expect(result.ok, "no redraw after resize:\n\(result.screen)")
        lines = result.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "┌" + String(repeating: "─", count: 38) + "┐")
        #expect(lines.count >= 10 && lines[9] == bottom40)
        #expect(result.screen.contains("resizes 1"))

        try tmux.sendKeys("C-c")
        result = try tmux.waitForScreen { $0.contains("MODES:") }
        #expect(result.ok, "probe did not exit:\n\(result.screen)")
        #expect(result.screen.contains("BEFORE-PROBE"), "the shell's screen should be back")
        #expect(result.screen.contains("terminal-probe: bye"))
        #expect(result.screen.contains("AFTER-PROBE rc=0"))
        #expect(result.screen.contains("MODES: echo icanon isig"), "termios not restored:\n\(result.screen)")
        #expect(!result.screen.contains("┌"))
        #expect(try tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test("q quits too")
    func quitWithQ() throws {
        let tmux = TmuxHarness(name: "quit-q")
        defer { tmux.killServer() }
        try tmux.start(Self.shellCommand())
        #expect(try tmux.waitForScreen { $0.contains("size 60x15") }.ok)
        try tmux.sendKeys("q")
        let result = try tmux.waitForScreen { $0.contains("MODES:") }
        #expect(result.screen.contains("AFTER-PROBE rc=0"), "\(result.screen)")
    }

    @Test("SIGTERM restores the terminal, then terminates with the default action")
    func terminatedBySignal() throws {
        let tmux = TmuxHarness(name: "sigterm")
        defer { tmux.killServer() }
        try tmux.start(Self.shellCommand())
        // Wait for the whole line: a capture taken while it is drawn may hold a cut pid.
        var result = try tmux.waitForScreen { $0.contains("size 60x15") && $0.contains(" resizes ") }
        #expect(result.ok, "probe did not draw:\n\(result.screen)")
        let pid = result.screen.split(separator: " ").drop { $0 != "pid" }.dropFirst().first.flatMap { Int32($0) }
        try #require(pid != nil, "no pid on screen:\n\(result.screen)")
        // Signal only the probe: never a process group, never a process that is not it.
        let command = (try? String(contentsOfFile: "/proc/\(pid!)/cmdline", encoding: .utf8)) ?? ""
        try #require(pid! > 1 && command.contains("terminal-probe"), "pid \(pid!) is not the probe (\(command))")
        #expect(kill(pid!, SIGTERM) == 0)
        result = try tmux.waitForScreen { $0.contains("MODES:") }
        #expect(result.ok, "probe did not exit:\n\(result.screen)")
        #expect(result.screen.contains("AFTER-PROBE rc=143"), "expected death by SIGTERM:\n\(result.screen)")
        #expect(result.screen.contains("BEFORE-PROBE"))
        #expect(result.screen.contains("MODES: echo icanon isig"), "termios not restored:\n\(result.screen)")
        #expect(try tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }
}

@Suite("TerminalSession without a terminal",
       .enabled(if: TmuxHarness.probePath != nil, "the terminal-probe binary is missing; run `swift build` first"))
struct NotATerminalTests {
    @Test("refuses to open when stdin is not a TTY, with a clear message")
    func refusesPipes() throws {
        let result = try spawnAndWait(TmuxHarness.probePath!, [], standardInput: "/dev/null")
        #expect(result.status == 2)
        #expect(result.standardError.contains("stdin is not a terminal"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "nothing may be written to a non-terminal")
    }
}
