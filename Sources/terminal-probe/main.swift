// terminal-probe: a manual and end-to-end check of ChatFormTerminal.
//
// Opens a TerminalSession, draws a box with the window size, echoes decoded key events,
// redraws on resize and quits on "q" or Ctrl-C, restoring the terminal.
import ChatFormTerminal
import Glibc

func printError(_ message: String) {
    let bytes = Array("terminal-probe: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

let session: TerminalSession
do {
    session = try TerminalSession()
} catch {
    printError("\(error)")
    exit(2)
}

struct Probe {
    var size: TerminalSize
    var typed = ""
    var events: [String] = []
    var resizes = 0

    func frame() -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        let rows = size.rows, columns = size.columns
        guard rows >= 3, columns >= 3 else { return frame }
        let width = TerminalCharacterWidth.estimate
        let accent = CellStyle(bold: true, foreground: .cyan)
        frame.write("size \(size) pid \(getpid()) resizes \(resizes)", row: 1, column: 1, style: accent, width: width)
        let end = frame.write("> " + typed, row: 2, column: 1, width: width)
        let logRows = max(0, rows - 5)
        for (index, event) in events.suffix(logRows).enumerated() {
            frame.write(event, row: 3 + index, column: 1, style: CellStyle(dim: true), width: width)
        }
        frame.write("q or Ctrl-C quits", row: rows - 2, column: 1, style: CellStyle(reverse: true), width: width)
        // The box last, so it clips whatever ran over.
        let border = CellStyle(foreground: .blue)
        let horizontal = String(repeating: "─", count: columns - 2)
        frame.write("┌" + horizontal + "┐", row: 0, column: 0, style: border, width: width)
        frame.write("└" + horizontal + "┘", row: rows - 1, column: 0, style: border, width: width)
        for row in 1..<(rows - 1) {
            frame.write("│", row: row, column: 0, style: border, width: width)
            frame.write("│", row: row, column: columns - 1, style: border, width: width)
        }
        frame.cursor = ScreenCursor(row: 2, column: min(end, columns - 2))
        return frame
    }

    /// Applies one event; false means quit.
    mutating func handle(_ event: KeyEvent) -> Bool {
        switch event {
        case .text("q"), .key(.character("c"), .control):
            return false
        case .text(let text):
            typed += text
        case .key(.backspace, []):
            if !typed.isEmpty { typed.removeLast() }
        case .key(.enter, []):
            typed = ""
        default:
            break
        }
        events.append("event \(event)")
        return true
    }
}

let renderer = ScreenRenderer()
var decoder = InputDecoder()
var probe = Probe(size: (try? session.currentSize()) ?? TerminalSize(rows: 24, columns: 80))
var shown = probe.frame()

do {
    try session.write(renderer.render(full: shown))
    running: while true {
        let input = try session.readInput(timeout: decoder.hasPendingBytes ? .milliseconds(50) : nil)
        var events: [KeyEvent] = []
        switch input {
        case .bytes(let bytes): events = decoder.feed(bytes)
        case .timeout: events = decoder.flush()
        case .resize(let size):
            probe.size = size
            probe.resizes += 1
        case .endOfInput: break running
        }
        for event in events where !probe.handle(event) { break running }
        let next = probe.frame()
        try session.write(renderer.diff(from: shown, to: next))
        shown = next
    }
} catch {
    session.close()
    printError("\(error)")
    exit(1)
}
session.close()
print("terminal-probe: bye")
