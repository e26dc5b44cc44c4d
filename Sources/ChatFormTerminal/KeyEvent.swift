/// One decoded unit of keyboard input: typed text, a key with modifiers, or a paste.
///
/// ```swift
/// var decoder = InputDecoder()
/// let events = decoder.feed(Array("hi\u{1B}[1;5A".utf8))
/// // [.text("hi"), .key(.up, [.control])]
/// ```
public enum KeyEvent: Sendable, Hashable, CustomStringConvertible {
    /// Printable text: whole Unicode scalars, never a control character. Consecutive
    /// printable bytes of one chunk arrive as one event, so grapheme clusters typed or
    /// sent together stay whole.
    case text(String)
    /// A named key, or a character pressed with Control and/or Alt.
    case key(Key, KeyModifiers = [])
    /// The content of one bracketed paste, line breaks normalised to "\n".
    case paste(String)

    public var description: String {
        switch self {
        case .text(let text): return "text(\(text.debugDescription))"
        case .paste(let text): return "paste(\(text.debugDescription))"
        case .key(let key, let modifiers):
            let prefix = modifiers.description
            return prefix.isEmpty ? "\(key)" : "\(prefix)-\(key)"
        }
    }
}

/// A key that is not plain text.
///
/// ```swift
/// if case .key(.up, let modifiers) = event, modifiers.contains(.control) { scrollUp() }
/// ```
public enum Key: Sendable, Hashable, CustomStringConvertible {
    /// Carriage return (0x0D).
    case enter
    case tab
    /// DEL (0x7F) or BS (0x08).
    case backspace
    /// `ESC [ 3 ~`.
    case delete
    case insert
    /// A lone ESC, reported by `InputDecoder.flush()` when nothing followed it.
    case escape
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// F1 ... F12.
    case function(Int)
    /// A character pressed with modifiers: Ctrl-A is `.key(.character("a"), [.control])`,
    /// Alt-x is `.key(.character("x"), [.alt])`.
    case character(Character)

    public var description: String {
        switch self {
        case .enter: return "enter"
        case .tab: return "tab"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .insert: return "insert"
        case .escape: return "escape"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pageUp"
        case .pageDown: return "pageDown"
        case .function(let n): return "F\(n)"
        case .character(let c): return "'\(c)'"
        }
    }
}

/// Modifier keys held with a `Key`.
///
/// ```swift
/// KeyEvent.key(.left, [.control, .shift])   // what ESC [ 1 ; 6 D decodes to
/// ```
public struct KeyModifiers: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)

    /// Decodes the xterm modifier parameter of a CSI sequence (`ESC [ 1 ; m X`):
    /// `m - 1` is a bit set of shift (1), alt (2), control (4) and meta (8, read as alt).
    init(xtermParameter m: Int) {
        let bits = max(0, m - 1)
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        self = result
    }

    public var description: String {
        var parts: [String] = []
        if contains(.control) { parts.append("ctrl") }
        if contains(.alt) { parts.append("alt") }
        if contains(.shift) { parts.append("shift") }
        return parts.joined(separator: "-")
    }
}
