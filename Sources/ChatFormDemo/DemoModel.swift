import ChatFormScroll
import ChatFormTerminal

/// A full-screen demo app as a value the runner (or a test) drives: key events in, clock
/// ticks in, a screen frame out.
///
/// ```swift
/// var demo = try ChatDemo(size: TerminalSize(rows: 24, columns: 60))
/// _ = try demo.handle(.text("hello"))
/// try demo.tick(elapsed: 1.0 / 60)
/// var frame = ScreenBuffer(rows: 24, columns: 60)
/// demo.render(into: &frame)
/// ```
public protocol DemoModel {
    /// Applies one key event; `.quit` asks the runner to stop.
    mutating func handle(_ event: KeyEvent) throws -> DemoAction
    /// Advances the engine clock by `elapsed` seconds (animations, timers).
    mutating func tick(elapsed: Double) throws
    /// Lays everything out again for a new terminal size.
    mutating func resize(_ size: TerminalSize) throws
    /// Draws the current state: every cell of `screen` and the cursor.
    func render(into screen: inout ScreenBuffer)
    /// Whether an animation is running (the runner then polls once a frame).
    var isAnimating: Bool { get }
    /// The terminal size the model is laid out for.
    var size: TerminalSize { get }
}

/// What the runner does after an event.
public enum DemoAction: Sendable, Hashable {
    /// Keep running.
    case `continue`
    /// Restore the terminal and exit.
    case quit
}

/// The simulated keyboard panel both demos share: 40% of the terminal's height, shown and
/// hidden with a 0.25 s ease-in-out animation on the engine clock.
public enum DemoKeyboard {
    /// The panel's height in rows for a terminal of `rows` rows.
    public static func height(forRows rows: Int) -> Double {
        (Double(rows) * 0.4).rounded(.down)
    }

    /// The animation length.
    public static let duration = 0.25

    /// Shows the panel over `table` (its share of a terminal of `rows` rows) or hides it, animated.
    static func toggle<ID>(in table: inout TableSession<ID>, rows: Int) throws {
        if table.keyboard.isShown {
            try table.hideKeyboard(duration: duration)
        } else {
            try table.showKeyboard(height: height(forRows: rows), duration: duration)
        }
    }

    /// A shown panel takes its share of a terminal resized to `rows` rows at once.
    static func resize<ID>(in table: inout TableSession<ID>, rows: Int) throws {
        if table.keyboard.isShown { try table.showKeyboard(height: height(forRows: rows), duration: 0) }
    }

    /// Draws the panel: a box filling `rows` (clipped to the screen) with a few fake key rows.
    public static func draw(into screen: inout ScreenBuffer, rows: Range<Int>) {
        let first = max(0, rows.lowerBound), last = min(screen.rows, rows.upperBound)
        guard first < last, screen.columns >= 2 else { return }
        let rows = first..<last
        let border = CellStyle(foreground: .brightBlack)
        screen.fill(row: rows.lowerBound, column: 0, height: rows.count, width: screen.columns)
        let inner = screen.columns - 2
        let horizontal = String(repeating: "─", count: inner)
        screen.write("┌" + horizontal + "┐", row: rows.lowerBound, column: 0, style: border, width: DemoText.width)
        if rows.count >= 2 {
            screen.write("└" + horizontal + "┘", row: rows.upperBound - 1, column: 0, style: border, width: DemoText.width)
        }
        let keyRows = ["q w e r t y u i o p", "a s d f g h j k l", "shift z x c v b n m del",
                       "123   space   return", "(simulated keyboard: F2 hides it)"]
        for row in (rows.lowerBound + 1)..<max(rows.lowerBound + 1, rows.upperBound - 1) {
            screen.write("│", row: row, column: 0, style: border, width: DemoText.width)
            screen.write("│", row: row, column: screen.columns - 1, style: border, width: DemoText.width)
            let k = row - rows.lowerBound - 1
            guard k < keyRows.count else { continue }
            let label = String(keyRows[k].prefix(inner))
            let column = 1 + max(0, (inner - label.count) / 2)
            screen.write(label, row: row, column: column, style: CellStyle(dim: k == 4), width: DemoText.width)
        }
    }
}

/// Shared text helpers: the engine's cell width for drawing, and screen rounding.
public enum DemoText {
    /// The engine's cell width, so the screen agrees with the layout.
    @Sendable public static func width(_ character: Character) -> Int { CellWidth.of(character) }

    /// The screen cell holding content coordinate `value` (already relative to the
    /// viewport's top): rounded down, with a little slack for floating-point error, so that
    /// every row, the caret and the band's edges round the same way.
    public static func cell(_ value: Double) -> Int {
        Int((value + 1e-6).rounded(.down))
    }

    /// Typed or pasted text as a field takes it: tabs become spaces, other control
    /// characters (except line feeds) are dropped.
    public static func sanitized(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\t" { result.append(" "); continue }
            if character == "\n" || character == "\r\n" || character == "\r" { result.append("\n"); continue }
            if let first = character.unicodeScalars.first, first.properties.generalCategory == .control { continue }
            result.append(character)
        }
        return result
    }

    /// How the syllable an input method is composing is drawn: underlined, bold, yellow.
    public static let markedStyle = CellStyle(bold: true, underline: true, foreground: .yellow)

    /// `text` cut to at most `columns` cells.
    public static func clipped(_ text: String, to columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let w = width(character)
            if used + w > columns { break }
            used += w
            result.append(character)
        }
        return result
    }

    /// What both demos draw last in a frame: the keyboard panel in `keyboardRows` (none when
    /// empty), `status` in reverse video across the top row, and the terminal cursor at
    /// `cursor` when it is on the screen.
    static func drawChrome(into screen: inout ScreenBuffer, status: String, keyboardRows: Range<Int>,
                           cursor: ScreenCursor?) {
        DemoKeyboard.draw(into: &screen, rows: keyboardRows)
        screen.fill(row: 0, column: 0, height: 1, width: screen.columns, style: CellStyle(reverse: true))
        screen.write(clipped(status, to: screen.columns), row: 0, column: 0, style: CellStyle(reverse: true), width: DemoText.width)
        if let cursor, screen.contains(row: cursor.row, column: cursor.column) {
            screen.cursor = cursor
        }
    }
}
