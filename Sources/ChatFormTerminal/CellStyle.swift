/// How one screen cell is drawn: attributes and a foreground colour from a small palette.
///
/// ```swift
/// let title = CellStyle(bold: true, foreground: .cyan)
/// let selected = CellStyle(reverse: true)
/// ```
public struct CellStyle: Sendable, Hashable {
    /// Bold or bright (SGR 1).
    public var bold: Bool
    /// Faint (SGR 2).
    public var dim: Bool
    /// Italic (SGR 3).
    public var italic: Bool
    /// Underlined (SGR 4).
    public var underline: Bool
    /// Foreground and background swapped (SGR 7).
    public var reverse: Bool
    /// Foreground colour; `nil` is the terminal's default.
    public var foreground: TerminalColor?

    public init(bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
                reverse: Bool = false, foreground: TerminalColor? = nil) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// The SGR sequence that sets exactly this style, starting from a reset:
    /// `ESC [ 0 ; 1 ; 31 m` for bold red.
    public var sgr: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if italic { codes.append("3") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if let foreground { codes.append(String(foreground.sgrCode)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// The sixteen colours every terminal offers.
///
/// ```swift
/// CellStyle(foreground: .brightRed).sgr   // "\u{1B}[0;91m"
/// ```
public enum TerminalColor: Int, Sendable, Hashable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow
    case brightBlue, brightMagenta, brightCyan, brightWhite

    /// SGR foreground code: 30–37, then 90–97 for the bright variants.
    public var sgrCode: Int { rawValue < 8 ? 30 + rawValue : 90 + rawValue - 8 }

    /// The colour for an SGR foreground code, if it is one of the sixteen.
    public init?(sgrCode: Int) {
        switch sgrCode {
        case 30...37: self.init(rawValue: sgrCode - 30)
        case 90...97: self.init(rawValue: sgrCode - 90 + 8)
        default: return nil
        }
    }
}
