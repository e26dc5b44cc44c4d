import ChatFormScroll
import ChatFormTerminal

/// The demos' Korean input mode, for a terminal whose own input method is off: Latin
/// letters are read as 2-beolsik keys (`gksrmf` → 한글) and composed through
/// `HangulComposer`, the syllable being composed shown marked (underlined) in the field
/// until it commits. F4 or Ctrl-Space toggles it.
///
/// ```swift
/// var korean = KoreanInputMode()
/// try korean.toggle(in: &table)                  // on
/// try korean.type("gks", in: &table)             // 한 is marked in the focused field
/// try korean.type(" ", in: &table)               // committed, then a space
/// ```
public struct KoreanInputMode: Sendable {
    /// Whether typed letters compose Korean.
    public private(set) var isOn = false
    /// The composition model.
    public private(set) var composer = HangulComposer()

    public init() {}

    /// Whether `event` is the key that toggles the mode (F4 or Ctrl-Space).
    public static func isToggle(_ event: KeyEvent) -> Bool {
        switch event {
        case .key(.function(4), _), .key(.character(" "), .control): return true
        default: return false
        }
    }

    /// The badge the demos show for the mode.
    public var badge: String { isOn ? "한" : "A" }

    /// Turns the mode on or off; turning it off commits the syllable being composed.
    public mutating func toggle<ID>(in table: inout TableSession<ID>) throws {
        if isOn { try commit(in: &table) }
        isOn.toggle()
    }

    /// Types `text` into the focused field: off, as it is; on, every 2-beolsik letter or
    /// jamo through the composer (one composition step a key) and anything else after
    /// committing the syllable.
    public mutating func type<ID>(_ text: String, in table: inout TableSession<ID>) throws {
        guard isOn else { return try table.field.type(text) }
        var plain = ""
        func flush(_ table: inout TableSession<ID>, _ composer: inout HangulComposer) throws {
            guard !plain.isEmpty else { return }
            try composer.commit(in: &table)
            try table.field.type(plain)
            plain = ""
        }
        for character in text {
            if HangulJamo(key: character) != nil {
                try flush(&table, &composer)
                try composer.type(String(character), into: &table)
            } else {
                plain.append(character)
            }
        }
        try flush(&table, &composer)
    }

    /// Backspace: takes back the last jamo of the syllable being composed, else deletes
    /// the grapheme before the caret.
    public mutating func backspace<ID>(in table: inout TableSession<ID>) throws {
        try composer.deleteBackward(in: &table)
    }

    /// Commits the syllable being composed (before sending, moving focus, quitting).
    public mutating func commit<ID>(in table: inout TableSession<ID>) throws {
        guard table.focus != nil else { composer.reset(); return }
        try composer.commit(in: &table)
    }
}
