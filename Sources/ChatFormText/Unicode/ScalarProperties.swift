internal import CChatFormICU

/// The per-scalar facts the engine needs, packed in 16 bits and read from ICU's data.
///
/// Planes 0 and 1 (where nearly all text lives) are looked up in a table built once per
/// process from ICU (about 0.25 MiB); other scalars ask ICU directly.
struct ScalarProperties: Hashable {
    var bits: UInt16

    // Cell class, bits 0-1.
    static let zeroWidth: UInt16 = 0
    static let narrow: UInt16 = 1
    static let wide: UInt16 = 2
    static let ambiguous: UInt16 = 3

    var cellClass: UInt16 { bits & 3 }
    var isEmojiPresentation: Bool { bits & (1 << 2) != 0 }
    var isEmoji: Bool { bits & (1 << 3) != 0 }
    var isExtendedPictographic: Bool { bits & (1 << 4) != 0 }
    var isEmojiModifier: Bool { bits & (1 << 5) != 0 }
    /// One of the space separators that hang at the end of a line (SPEC §2).
    var isHangingWhitespace: Bool { bits & (1 << 6) != 0 }
    /// Line break class ID, H2, H3, JL, JV, JT, AL, NU or AI: the letters keep-all joins.
    var isKeepAllLetter: Bool { bits & (1 << 7) != 0 }
    /// Grapheme cluster break property, compressed (see `GraphemeBreak`).
    var graphemeBreak: GraphemeBreak { GraphemeBreak(rawValue: UInt8((bits >> 8) & 0xF)) ?? .other }
    /// Regional indicator (flag halves).
    var isRegionalIndicator: Bool { graphemeBreak == .regionalIndicator }
    /// The code of the class the line-break fast path knows the scalar by, bits 12-15: the
    /// class itself for an ASCII scalar and for every class but CL and NS (see
    /// `FastBreakClass.code`; `FastBreakClass.decodeNonASCII` reads a non-ASCII one).
    var fastBreakClass: UInt8 { UInt8(truncatingIfNeeded: bits >> 12) }

    /// Properties of any scalar.
    @inline(__always)
    static func of(_ scalar: UInt32) -> ScalarProperties {
        if scalar < UInt32(ScalarTable.count) {
            return ScalarProperties(bits: ScalarTable.storage[Int(scalar)])
        }
        return ScalarProperties(bits: compute(scalar))
    }

    /// Reads one scalar's properties from ICU.
    static func compute(_ c: UInt32) -> UInt16 {
        let k = ICUValues.shared
        var bits: UInt16 = 0
        let gc = cfl_general_category(c)
        let ignorable = cfl_has_property(c, Int32(CFL_PROP_DEFAULT_IGNORABLE)) != 0
        let hangulJamoVowelOrFinal = (0x1160...0x11FF).contains(c) || (0xD7B0...0xD7FF).contains(c)
        if k.zeroWidthCategories.contains(gc) || ignorable || hangulJamoVowelOrFinal || c == 0x200B {
            bits = zeroWidth
        } else {
            let eaw = cfl_east_asian_width(c)
            if eaw == k.eawWide || eaw == k.eawFullwidth {
                bits = wide
            } else if eaw == k.eawAmbiguous {
                bits = ambiguous
            } else {
                bits = narrow
            }
        }
        if cfl_has_property(c, Int32(CFL_PROP_EMOJI_PRESENTATION)) != 0 { bits |= 1 << 2 }
        if cfl_has_property(c, Int32(CFL_PROP_EMOJI)) != 0 { bits |= 1 << 3 }
        if cfl_has_property(c, Int32(CFL_PROP_EXTENDED_PICTOGRAPHIC)) != 0 { bits |= 1 << 4 }
        if cfl_has_property(c, Int32(CFL_PROP_EMOJI_MODIFIER)) != 0 { bits |= 1 << 5 }
        if isHangingSpace(c) { bits |= 1 << 6 }
        if k.keepAllClasses.contains(cfl_line_break_class(c)) { bits |= 1 << 7 }
        let gcb = k.graphemeBreak[cfl_grapheme_cluster_break(c)] ?? .other
        bits |= UInt16(gcb.rawValue) << 8
        let fast = FastBreakClass.of(c, lineBreak: cfl_line_break_class(c), graphemeBreak: gcb,
                                     cellClass: bits & 3, isExtendedPictographic: bits & (1 << 4) != 0)
        bits |= UInt16(FastBreakClass.code(fast, scalar: c)) << 12
        return bits
    }

    /// SPEC §2: U+0020, U+0009, U+3000, U+1680, U+2000–U+2006, U+2008–U+200A, U+205F.
    static func isHangingSpace(_ c: UInt32) -> Bool {
        switch c {
        case 0x20, 0x09, 0x3000, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return true
        default: return false
        }
    }
}

/// The grapheme cluster break values the engine distinguishes (UAX #29).
enum GraphemeBreak: UInt8 {
    case other = 0, cr, lf, control, extend, zwj, spacingMark, prepend
    case l, v, t, lv, lvt, regionalIndicator
}

/// ICU enum values, derived from sample characters rather than hard-coded numbers.
struct ICUValues: Sendable {
    let eawWide: Int32
    let eawFullwidth: Int32
    let eawAmbiguous: Int32
    let zeroWidthCategories: Set<Int32>
    let keepAllClasses: Set<Int32>
    let graphemeBreak: [Int32: GraphemeBreak]
    /// The fast path's class for each ICU line break class (`FastBreakClass`), before the
    /// per-scalar conditions; indexed by ICU's `ULineBreak` value.
    let fastClassByLineBreak: [UInt8]

    static let shared = ICUValues()

    private init() {
        eawWide = cfl_east_asian_width(0xAC00)        // 가
        eawFullwidth = cfl_east_asian_width(0xFF01)   // ！
        eawAmbiguous = cfl_east_asian_width(0x00A7)   // §
        // Mn, Me, Cc, Cf, Zl, Zp.
        zeroWidthCategories = Set([0x0301, 0x20DD, 0x0001, 0x200E, 0x2028, 0x2029].map { cfl_general_category($0) })
        // AL, NU, AI, ID, H2, H3, JL, JV, JT.
        keepAllClasses = Set([0x61, 0x31, 0x00A7, 0x4E00, 0xAC00, 0xAC01, 0x1100, 0x1161, 0x11A8].map { cfl_line_break_class($0) })
        let samples: [(UInt32, GraphemeBreak)] = [
            (0x41, .other), (0x0D, .cr), (0x0A, .lf), (0x01, .control), (0x0301, .extend),
            (0x200D, .zwj), (0x0903, .spacingMark), (0x0600, .prepend), (0x1100, .l),
            (0x1161, .v), (0x11A8, .t), (0xAC00, .lv), (0xAC01, .lvt), (0x1F1E6, .regionalIndicator),
        ]
        var map: [Int32: GraphemeBreak] = [:]
        for (scalar, value) in samples { map[cfl_grapheme_cluster_break(scalar)] = value }
        graphemeBreak = map
        let lineBreakSamples: [(String, UInt32)] = [
            ("AL", 0x61), ("AI", 0xA7), ("NU", 0x31), ("ID", 0x4E00), ("H2", 0xAC00), ("H3", 0xAC01),
            ("SP", 0x20), ("IS", 0x2E), ("EX", 0x21), ("SY", 0x2F), ("QU", 0x22), ("HY", 0x2D),
            ("LF", 0x0A), ("BK", 0x0B), ("CR", 0x0D), ("NL", 0x85), ("ZW", 0x200B), ("WJ", 0x2060),
            ("CL", 0x7D), ("CP", 0x29), ("CM", 0x0301), ("ZWJ", 0x200D), ("OP", 0x28), ("EB", 0x1F466),
            ("PR", 0x24), ("PO", 0x25), ("NS", 0x3005), ("CJ", 0x3041),
        ]
        var classes: [String: Int32] = [:]
        for (name, scalar) in lineBreakSamples { classes[name] = cfl_line_break_class(scalar) }
        fastClassByLineBreak = FastBreakClass.table(classes)
    }
}

/// The table for planes 0 and 1, built once per process (Swift runs this initializer once,
/// thread-safely).
///
/// A scalar's entry is computed from ICU where one of the properties it is made of changes
/// (ICU's ranges, `cfl_property_starts`) or where `compute` reads the scalar's value itself
/// (`readByValue`), and copied from the scalar before elsewhere: about 11,000 computations
/// instead of 131,072 (a process's first text laid out, 186 → 14 million instructions).
enum ScalarTable {
    /// The number of entries: planes 0 and 1.
    static let count = 0x20000

    /// The table, built on first use and never freed (published as `CFL_TABLE_SCALARS` as it
    /// is made). Never written once made: shared by all threads. Read it through `storage`
    /// or `withTable`, which find it where it is published.
    nonisolated(unsafe) private static let made: UnsafeBufferPointer<UInt16> = {
        let table = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: count)
        _ = table.initialize(from: build(ranged: true))
        cfl_publish_table(Int32(CFL_TABLE_SCALARS), table.baseAddress!)
        return UnsafeBufferPointer(table)
    }()

    /// `body`'s result on the table, as an array's `withUnsafeBufferPointer` gives it (read
    /// where it is published, `storage`).
    @inline(__always)
    static func withTable<R>(_ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
        body(UnsafeBufferPointer(start: storage, count: count))
    }

    /// The table's first entry: `made`'s, read where it is published (`cfl_table`, a C
    /// global: one load and a test) rather than through `made`'s lazy initializer, which
    /// costs a `swift_once` call at every read, once a thread has built it.
    @inline(__always)
    static var storage: UnsafePointer<UInt16> {
        if let published = cfl_table(Int32(CFL_TABLE_SCALARS)) { return published.assumingMemoryBound(to: UInt16.self) }
        return made.baseAddress!
    }

    /// The scalars `ScalarProperties.compute` decides by their value, not only by their
    /// properties: ASCII (the fast path's own classes), U+200B, U+25CC, the hanging spaces,
    /// Hangul jamo vowels and finals.
    static let readByValue: [ClosedRange<UInt32>] = [
        0...0x7F, 0x200B...0x200B, 0x25CC...0x25CC, 0x3000...0x3000, 0x1680...0x1680, 0x2000...0x200A,
        0x205F...0x205F, 0x1160...0x11FF, 0xD7B0...0xD7FF,
    ]

    /// The table; with `ranged` false, every scalar computed (what the ranged table is
    /// tested against).
    static func build(ranged: Bool) -> [UInt16] {
        var starts = [UInt8](repeating: ranged ? 0 : 1, count: count)
        if ranged {
            if cfl_property_starts(UInt32(count), &starts) == 0 {
                starts = [UInt8](repeating: 1, count: count)
            }
            for range in readByValue {
                // The scalar after a range starts again from its own properties.
                for c in range.lowerBound...range.upperBound + 1 where c < count { starts[Int(c)] = 1 }
            }
        }
        var table = [UInt16](repeating: 0, count: count)
        var value: UInt16 = 0
        for c in 0..<count {
            // Surrogates cannot occur in valid UTF-8; the table still gets a defined value.
            if starts[c] != 0 { value = ScalarProperties.compute(UInt32(c)) }
            table[c] = value
        }
        return table
    }
}
