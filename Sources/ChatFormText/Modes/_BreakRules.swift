internal import CChatFormICU

/// What the text modes change in finding break opportunities (`TextModes.wordBreak`,
/// `.lineBreak`): the ICU tailoring, Korean word priority, `break-all` letters and
/// `line-break: anywhere`.
struct BreakRules {
    /// `word-break: keep-all` (or `TextLayoutOptions.keepAll`).
    let keepAll: Bool
    /// `word-break: break-all`.
    let breakAll: Bool
    /// `line-break: anywhere`: every grapheme boundary.
    let anywhere: Bool
    /// The ICU locale for `line-break: strict` or `loose`; nil for the browser's default
    /// (`en@lb=normal`, this thread's shared iterators).
    let locale: String?

    /// Whether these rules break between letters (`break-all`, `anywhere`).
    var breaksLetters: Bool { breakAll || anywhere }

    init(_ options: TextLayoutOptions) {
        let modes = options.modes
        keepAll = options.keepsAll
        breakAll = modes.wordBreak == .breakAll
        anywhere = modes.lineBreak == .anywhere
        locale = switch modes.lineBreak {
        case .strict: "en@lb=strict"
        case .loose: "en@lb=loose"
        case .normal, .anywhere: nil
        }
    }

    /// The iterators to find opportunities with: this thread's shared ones for the default
    /// rules, or iterators opened for this text with a `line-break` tailoring.
    func iterators() throws(ICUError) -> BreakIterators {
        if let locale { return try BreakIterators(locale: locale) }
        return try BreakIterators.browserForCurrentThread()
    }

    /// Whether `word-break: break-all` lets a line break between `last` and `current`
    /// beyond UAX #14's opportunities, as Chromium's break-all table does (the rule as its
    /// layouts show it): before a letter or digit (line break classes AI, AL, HL, NU) after
    /// another, or after a hyphen, an infix separator (`. , :`), a slash or a postfix
    /// (`% °`); and before a hyphen after a letter or digit. Thai, Lao, Khmer and Myanmar
    /// (SA) are letters too: they break between any two grapheme clusters.
    static func breaksAll(last: UInt32, current: UInt32) -> Bool {
        let a = cfl_line_break_class(last), b = cfl_line_break_class(current)
        if isLetter(b) {
            switch a {
            case 13, 16, 21, 27: return true   // HY, IS, PO, SY
            default: return isLetter(a)
            }
        }
        return isLetter(a) && b == 13   // HY
    }

    /// AI, AL, NU, SA, HL: what break-all breaks as an ideograph.
    private static func isLetter(_ c: Int32) -> Bool {
        c == 1 || c == 2 || c == 19 || c == 24 || c == 38
    }

    /// Whether a line may not end before `scalar` even under `break-all` or `anywhere`
    /// where it lies inside a glyph: Arabic script, whose joined letters Chromium keeps
    /// whole in a ligature (lam-alef). A Latin ligature (`ff`) is broken.
    static func keepsGlyph(_ scalar: UInt32) -> Bool {
        (0x0600...0x08FF).contains(scalar) || (0xFB50...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
    }
}
