/// The line break classes the wrapping fast path decides by itself, without ICU (SPEC §2:
/// a fast path may skip ICU only where it yields exactly ICU's breaks).
///
/// UAX #14 as ICU 72 implements it (Unicode 15.0) decides a break between two characters of
/// these classes from the pair alone, once the walk starts at a break opportunity:
/// - ICU's forward iteration restarts its rule machine at every boundary, so what follows a
///   boundary depends only on the text after it; the fast path enters only at a boundary;
/// - the rules that look further back (LB8 ZW SP*, LB14 OP SP*, LB15 QU SP* × OP, LB16
///   (CL|CP) SP* × NS, LB17 B2 SP* × B2, LB21a, LB28a, LB30a/b) need a class outside this
///   set on one side (OP, NS, B2, HL, RI, EB/EM, …), so inside a stretch they never apply;
/// - LB25 (numbers, in ICU's regular-expression form) is the one rule whose pairs depend on
///   context: `IS`/`SY` before `NU` joins only inside a number (`inNumber` in the walk), and
///   `HY` before `NU` is left to ICU;
/// - combining marks (LB9/LB10), ZWJ, jamo, emoji modifiers, regional indicators are not in
///   the set, so every fast scalar is a whole grapheme cluster on its own, except perhaps the
///   last one before a slow scalar: that one is handed back to the ICU path.
/// Differential tests hold this to ICU on random text and on every short string over the
/// classes' representatives.
enum FastBreakClass {
    /// Not decided here.
    static let slow: UInt8 = 0
    /// Not decided here, but a space before it is always followed by an opportunity when the
    /// spaces follow a fast character (LB18 SP ÷): not SP, BK, CR, LF, NL, ZW, WJ (LB6-LB11),
    /// CL, CP, EX, IS, SY (LB13), OP (LB15 after QU SP*), CM, ZWJ, and no scalar that joins
    /// the space's grapheme cluster (Extend, ZWJ, SpacingMark).
    static let slowAfterSpaceBreaks: UInt8 = 1
    /// AL or AI (ICU resolves AI to AL), except U+25CC (LB28a) and Extended_Pictographic.
    static let al: UInt8 = 2
    static let nu: UInt8 = 3
    /// ID, H2, H3, EB: the same pairs against every class here (LB26/27 need JL/JV/JT/PR/PO,
    /// LB30b needs EM). A whole emoji cluster (a base with VS16, skin tones, ZWJ sequences;
    /// a flag) also counts as one `id` character: LB9 and LB8a leave its first and last
    /// base to meet its neighbours, and those are ID, EB or EM (or RI with no RI beside).
    static let id: UInt8 = 4
    /// U+0020 only.
    static let sp: UInt8 = 5
    static let infixSeparator: UInt8 = 6  // IS
    static let exclamation: UInt8 = 7     // EX
    static let symbol: UInt8 = 8          // SY
    static let quotation: UInt8 = 9       // QU
    static let hyphen: UInt8 = 10         // HY
    /// U+000A: LB6 × LF, LB5 LF !.
    static let lf: UInt8 = 11
    /// `(`, `[`, `{` only: ASCII opening punctuation, narrow, so LB30 applies.
    static let open: UInt8 = 12
    /// `)`, `]` only: ASCII closing parentheses (CP), narrow, so LB30 applies.
    static let close: UInt8 = 13
    static let prefix: UInt8 = 14   // PR
    static let postfix: UInt8 = 15  // PO
    /// Not a scalar's class but a state of the walk: a hyphen at the start of the stretch or
    /// after a space or LF. ICU 72 does not break after such a hyphen before a letter (as
    /// Unicode 15.1 later wrote down as LB20a), so what follows it is left to ICU unless
    /// a rule above LB20a decides it.
    static let initialHyphen: UInt8 = 16
    /// Not a scalar's class: a flag (a pair of regional indicators) walked as one cluster. It
    /// meets its neighbours as an ID does, except PR and PO, which LB23a joins to ID, EB and
    /// EM only.
    static let flag: UInt8 = 17
    /// CL (closing punctuation: `}`, `、`, `。`, `，`, `」`, …): nothing breaks before it
    /// (LB13), and after it only what LB16 and LB25 decide with context.
    static let closePunctuation: UInt8 = 18
    /// NS, and CJ, which ICU's root rules treat as NS (`ー`, `っ`, `・`, `；`, `々`, …):
    /// nothing breaks before it but a space (LB21; LB18), unless the spaces follow CL or
    /// CP (LB16).
    static let nonstarter: UInt8 = 19
    static let count = 20

    /// What the walk does between a fast character and the next one.
    enum Action: UInt8 {
        case noBreak = 0, breaks, exit
        /// SY before NU, IS or SY before PR or PO: no break inside a number (LB25 in ICU's
        /// regular-expression form, `NU (NU|SY|IS)* ×`), a break elsewhere (LB31).
        case joinsInNumber
    }

    /// The action between `previous` (a fast class) and `next` (any class), before the
    /// context of spaces (the walk applies LB14, LB15 and LB16 itself, see `runFast`).
    /// Pairs no rule here settles for certain are left to ICU (`exit`).
    static func action(_ previous: UInt8, _ next: UInt8) -> Action {
        if previous == lf { return .breaks }                                // LB5
        if previous == flag {
            return next == prefix || next == postfix ? .breaks : action(id, next)  // LB31
        }
        if next == flag {
            return previous == prefix || previous == postfix ? .breaks : action(previous, id)  // LB31
        }
        switch next {
        case slow: return .exit
        case slowAfterSpaceBreaks: return previous == sp ? .breaks : .exit  // LB18
        case sp, lf: return .noBreak                                        // LB7, LB6
        case infixSeparator, exclamation, symbol, close, closePunctuation: return .noBreak  // LB13
        case quotation, hyphen: return previous == sp ? .breaks : .noBreak  // LB18; LB19, LB21
        default: break
        }
        if previous == sp { return .breaks }                                // LB18
        if previous == open || previous == quotation { return .noBreak }    // LB14, LB19
        if next == nonstarter { return previous == initialHyphen ? .exit : .noBreak }  // LB21
        if next == open {
            switch previous {
            case al, nu: return .noBreak                                    // LB30
            case prefix, postfix, initialHyphen: return .exit               // LB25 (PR|PO) × (OP|HY)? NU
            default: return .breaks                                         // LB31
            }
        }
        if previous == initialHyphen { return next == nu ? .noBreak : .exit }  // LB25; LB20a
        switch (previous, next) {
        case (al, al), (al, nu), (nu, al), (nu, nu): return .noBreak        // LB28, LB23, LB25
        case (infixSeparator, al): return .noBreak                          // LB29
        case (infixSeparator, nu), (hyphen, nu): return .noBreak            // LB25
        case (symbol, nu): return .joinsInNumber                            // LB25
        case (close, al), (close, nu): return .noBreak                      // LB30
        case (close, prefix), (close, postfix),
             (closePunctuation, prefix), (closePunctuation, postfix): return .exit  // LB25 NU … (CL|CP)? × (PR|PO)
        case (prefix, al), (prefix, nu), (prefix, id): return .noBreak      // LB24, LB25, LB23a/LB27
        case (postfix, al), (postfix, nu): return .noBreak                  // LB24, LB25
        case (al, prefix), (al, postfix), (nu, prefix), (nu, postfix): return .noBreak  // LB24, LB25
        case (id, postfix): return .noBreak                                 // LB23a, LB27
        case (infixSeparator, prefix), (infixSeparator, postfix),
             (symbol, prefix), (symbol, postfix): return .joinsInNumber     // LB25
        case (postfix, id): return .breaks                                  // LB31
        case (id, prefix), (exclamation, prefix), (exclamation, postfix): return .breaks  // LB31
        case (_, prefix), (_, postfix): return .exit                        // LB25 with PR/PO/HY: left to ICU
        default: return .breaks                                              // LB31
        }
    }

    /// Whether every precomposed Hangul syllable (U+AC00-U+D7A3) is, in ICU's data, a fast
    /// `id` that is wide, a keep-all letter, an LV or LVT syllable and no emoji: the walks
    /// (wrapping's, the itemizer's) then take them without a table look-up.
    static let hangulSyllablesAreUniform: Bool = {
        (UInt32(0xAC00)...0xD7A3).allSatisfy { c in
            let p = ScalarProperties.of(c)
            return p.fastBreakClass == id && p.cellClass == ScalarProperties.wide && p.isKeepAllLetter
                && (p.graphemeBreak == .lv || p.graphemeBreak == .lvt)
                && !p.isExtendedPictographic && !p.isRegionalIndicator && !p.isEmojiPresentation && !p.isEmoji
        }
    }()

    /// The 4-bit code a class is stored as in `ScalarProperties` (bits 12-15). Classes 0-15
    /// are their own codes. CL and NS, which no 4-bit code is left for, take the codes of
    /// HY and LF: those classes are single ASCII scalars (U+002D, U+000A), so a non-ASCII
    /// scalar's code is read back through `decodeNonASCII`, an ASCII one's as it is. (The
    /// one ASCII CL, `}`, stays slow.)
    static func code(_ f: UInt8, scalar c: UInt32) -> UInt8 {
        switch f {
        case closePunctuation: return c < 0x80 ? slow : lf
        case nonstarter: return c < 0x80 ? slow : hyphen
        default: return f
        }
    }

    /// The class of a non-ASCII scalar stored as `code`.
    @inline(__always)
    static func decodeNonASCII(_ code: UInt8) -> UInt8 {
        code == lf ? closePunctuation : code == hyphen ? nonstarter : code
    }

    /// The action table, `count` × `count`, indexed `previous * count + next`.
    static let actions: [UInt8] = {
        var t = [UInt8](repeating: Action.exit.rawValue, count: count * count)
        for p in 0..<count where p >= al {
            for n in 0..<count { t[p * count + n] = action(UInt8(p), UInt8(n)).rawValue }
        }
        return t
    }()

    /// Maps ICU's line break classes (by name → ICU value) to the fast classes.
    static func table(_ classes: [String: Int32]) -> [UInt8] {
        var t = [UInt8](repeating: slowAfterSpaceBreaks, count: 64)
        func set(_ name: String, _ value: UInt8) {
            if let v = classes[name], v >= 0 && v < 64 { t[Int(v)] = value }
        }
        for name in ["SP", "BK", "CR", "LF", "NL", "ZW", "WJ", "CP", "CM", "ZWJ", "OP"] { set(name, slow) }
        set("CL", closePunctuation); set("NS", nonstarter); set("CJ", nonstarter)
        set("PR", prefix); set("PO", postfix)
        set("AL", al); set("AI", al); set("NU", nu); set("ID", id); set("EB", id); set("H2", id); set("H3", id)
        set("IS", infixSeparator); set("EX", exclamation); set("SY", symbol); set("QU", quotation)
        return t
    }

    /// The fast class of one scalar.
    static func of(_ c: UInt32, lineBreak: Int32, graphemeBreak: GraphemeBreak, cellClass: UInt16,
                   isExtendedPictographic: Bool) -> UInt8 {
        if c == 0x20 { return sp }
        if c == 0x0A { return lf }
        if c == 0x2D { return hyphen }
        if c == 0x28 || c == 0x5B || c == 0x7B { return open }
        if c == 0x29 || c == 0x5D { return close }
        guard lineBreak >= 0 && lineBreak < 64 else { return slow }
        var f = ICUValues.shared.fastClassByLineBreak[Int(lineBreak)]
        switch graphemeBreak {
        case .extend, .zwj, .spacingMark:
            return slow  // joins a space before it: never an opportunity there (LB9)
        case .other:
            break
        case .lv, .lvt:
            if f != id { f = slowAfterSpaceBreaks }
        default:
            // Prepend, L, V, T, RI, controls: clusters the fast path does not walk.
            if f >= al { f = slowAfterSpaceBreaks }
        }
        if f >= al && cellClass == ScalarProperties.zeroWidth { f = slowAfterSpaceBreaks }
        if f == al && (c == 0x25CC || isExtendedPictographic) { f = slowAfterSpaceBreaks }
        return f
    }
}
