/// A tiny VT interpreter for the output `ScreenRenderer` emits, so tests can replay
/// output onto a grid and compare it with the frame it should draw.
///
/// Understands printable text, CR, LF, `CSI r;c H`, `CSI … m` (0 1 2 4 7 22 24 27 30–37
/// 39 90–97), `CSI 2 J`, `CSI K`, `CSI ? 25 h/l` and ignores `CSI ? 1049/2004/7 h/l`. Text
/// past the right edge is dropped (no autowrap: the renderer turns it off).
/// Anything else is recorded in `unsupported`.
///
/// ```swift
/// var terminal = VirtualTerminal(rows: 2, columns: 8, width: TerminalCharacterWidth.estimate)
/// terminal.apply(ScreenRenderer().render(full: frame))
/// terminal.frame == frame   // true when the renderer is right
/// ```
public struct VirtualTerminal {
    /// Cells as drawn so far (its `cursor` is not maintained; see `frame`).
    public private(set) var screen: ScreenBuffer
    /// Cursor row and column (the column may equal `columns` after writing the last cell).
    public private(set) var row = 0
    public private(set) var column = 0
    /// Current SGR attributes.
    public private(set) var style = CellStyle.plain
    /// Whether the cursor is shown.
    public private(set) var isCursorVisible = true
    /// Sequences and control characters this interpreter does not know.
    public private(set) var unsupported: [String] = []
    private let width: (Character) -> Int
    private let drawing: ClusterDrawing

    /// How the modelled terminal draws a grapheme cluster of several scalars.
    public enum ClusterDrawing: Sendable {
        /// As one glyph of `width(cluster)` cells: a terminal that joins sequences.
        case whole
        /// Scalar by scalar, each as wide as `width` says of it alone, zero-width ones
        /// joining the cell before: a terminal that does not join emoji sequences (tmux 3.3
        /// draws 👍🏽 as 👍 and 🏽, four cells).
        case scalarByScalar
    }

    /// A blank terminal of `rows` × `columns` that measures clusters with `width` and draws
    /// them as `drawing` says [whole].
    public init(rows: Int, columns: Int, width: @escaping (Character) -> Int, drawing: ClusterDrawing = .whole) {
        self.screen = ScreenBuffer(rows: rows, columns: columns)
        self.width = width
        self.drawing = drawing
    }

    /// The screen with `cursor` set to the visible cursor's position, or nil when hidden.
    public var frame: ScreenBuffer {
        var frame = screen
        frame.cursor = isCursorVisible
            ? ScreenCursor(row: row, column: min(column, max(0, screen.columns - 1))) : nil
        return frame
    }

    /// Interprets `output`.
    ///
    /// - Complexity: O(n) in the length of `output`.
    public mutating func apply(_ output: String) {
        let scalars = Array(output.unicodeScalars)
        var i = 0
        var text = String.UnicodeScalarView()
        func printText() {
            guard !text.isEmpty else { return }
            for character in String(text) { print(character) }
            text = String.UnicodeScalarView()
        }
        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case "\u{1B}":
                printText()
                i = escape(scalars, at: i)
            case "\r":
                printText(); column = 0; i += 1
            case "\n":
                printText(); row = min(row + 1, max(0, screen.rows - 1)); i += 1
            default:
                if scalar.properties.generalCategory == .control {
                    printText()
                    unsupported.append(String(scalar).debugDescription)
                } else {
                    text.append(scalar)
                }
                i += 1
            }
        }
        printText()
    }

    private mutating func print(_ character: Character) {
        if drawing == .scalarByScalar && character.unicodeScalars.count > 1 {
            for scalar in character.unicodeScalars { printGlyph(Character(scalar)) }
        } else {
            printGlyph(character)
        }
    }

    private mutating func printGlyph(_ character: Character) {
        // Past the right edge only zero-width clusters still land (on the last cell).
        guard column < screen.columns || width(character) == 0 else { return }
        column = screen.write(String(character), row: row, column: column, style: style, width: width)
        column = min(column, screen.columns)
    }

    /// Interprets the escape sequence at `start`; returns the index after it.
    private mutating func escape(_ scalars: [Unicode.Scalar], at start: Int) -> Int {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else {
            unsupported.append("ESC")
            return start + 1
        }
        var j = start + 2
        var parameters = ""
        while j < scalars.count, (0x30...0x3F).contains(scalars[j].value) {
            parameters.unicodeScalars.append(scalars[j])
            j += 1
        }
        guard j < scalars.count else {
            unsupported.append("unterminated CSI \(parameters)")
            return j
        }
        let final = scalars[j]
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (final, parameters) {
        case ("H", _):
            let r = (numbers.first ?? nil) ?? 1
            let c = (numbers.count > 1 ? numbers[1] : nil) ?? 1
            row = min(max(r, 1), screen.rows) - 1
            column = min(max(c, 1), screen.columns) - 1
        case ("m", _):
            for code in numbers.map({ $0 ?? 0 }) { applySGR(code) }
        case ("J", "2"):
            screen = ScreenBuffer(rows: screen.rows, columns: screen.columns)
        case ("K", ""), ("K", "0"):
            screen.fill(row: row, column: column, height: 1, width: screen.columns - column)
        case ("h", "?25"): isCursorVisible = true
        case ("l", "?25"): isCursorVisible = false
        case ("h", "?1049"), ("l", "?1049"), ("h", "?2004"), ("l", "?2004"), ("h", "?7"), ("l", "?7"): break
        default:
            unsupported.append("CSI \(parameters)\(final)")
        }
        return j + 1
    }

    private mutating func applySGR(_ code: Int) {
        switch code {
        case 0: style = .plain
        case 1: style.bold = true
        case 2: style.dim = true
        case 3: style.italic = true
        case 4: style.underline = true
        case 7: style.reverse = true
        case 22: style.bold = false; style.dim = false
        case 23: style.italic = false
        case 24: style.underline = false
        case 27: style.reverse = false
        case 39: style.foreground = nil
        default:
            if let color = TerminalColor(sgrCode: code) {
                style.foreground = color
            } else {
                unsupported.append("SGR \(code)")
            }
        }
    }
}
