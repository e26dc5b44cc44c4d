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

    /// The iterators to find opportunities with, lent (the caller gives them back): this
    /// thread's shared ones for the default rules, or iterators opened for this text with a
    /// `line-break` tailoring.
    func iterators() throws(ICUError) -> BreakIterators {
        if let locale { return try BreakIterators(locale: locale).lend() }
        return try BreakIterators.browserForCurrentThread().lend()
    }

    /// Whether `word-break: break-all` lets a line break before `current` (a scalar) after
    /// a character of line break class `lastClass` (`breakAllClass`), beyond the normal
    /// opportunities, as Chromium's break-all pair table (`kBreakAllLineBreakClassTable`)
    /// does: after a letter, digit or complex-context letter (AI, AL, HL, NU, SA), a
    /// break-after or a symbol (BA, SY), before a letter, digit, hyphen, opening
    /// punctuation or prefix (AI, AL, HL, NU, SA, HY, OP, PR); after closing punctuation
    /// (CL, CP: SA only after CP), an exclamation (EX: also before a postfix), an infix
    /// separator (IS) or a postfix (PO) before most of those; after a hyphen before a
    /// digit, after a prefix before a postfix. Never before a break-after (BA) other than
    /// `|`. Thai, Lao, Khmer and Myanmar (SA) break between any two grapheme clusters.
    static func breaksAll(lastClass a: Int32, current: UInt32) -> Bool {
        let b = breakAllClass(current)
        guard a >= 0 && a < 64 && b >= 0 && b < 64 else { return false }
        if b == 4 && current != 0x7C { return false }   // BA, not '|' (LB21)
        return breakAllPairs[Int(a)] & (UInt64(1) << UInt64(b)) != 0
    }

    /// The line break class break-all reads for `scalar`: ICU's, with `+` as a letter (AL),
    /// as Chromium tailors it.
    static func breakAllClass(_ scalar: UInt32) -> Int32 {
        scalar == 0x2B ? 2 : cfl_line_break_class(scalar)
    }

    /// Per line break class before, the classes after it break-all breaks before (bit k:
    /// class k, ICU's `ULineBreak` numbering).
    static let breakAllPairs: [UInt64] = {
        func set(_ classes: [Int32]) -> UInt64 { classes.reduce(0) { $0 | UInt64(1) << UInt64($1) } }
        let (AI, AL, BA, CL, EX, HY, IS, NU, OP, PO, PR, SA, SY, CP, HL): (Int32, Int32, Int32, Int32, Int32, Int32, Int32,
            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (1, 2, 4, 8, 11, 13, 16, 19, 20, 21, 22, 24, 27, 36, 38)
        var rows = [UInt64](repeating: 0, count: 64)
        let letters = set([AI, AL, BA, HY, NU, OP, PR, SA, HL])
        for c in [AI, AL, BA, NU, SA, SY, HL] { rows[Int(c)] = letters }
        rows[Int(CL)] = set([AI, AL, BA, HY, NU, PR, HL])
        rows[Int(CP)] = set([AI, AL, BA, HY, NU, PR, SA, HL])
        rows[Int(EX)] = set([AI, AL, BA, HY, NU, PO, PR, HL])
        rows[Int(PO)] = set([AI, AL, BA, HY, NU, PO, PR, HL])
        rows[Int(IS)] = set([AI, AL, BA, HY, NU, HL])
        rows[Int(HY)] = set([NU])
        rows[Int(PR)] = set([PO])
        return rows
    }()

    /// `word-break: break-all`'s boundaries inside grapheme clusters: `clusters` (the
    /// grapheme boundaries of `bytes`, rising from 0 to its length) with a boundary added
    /// before each Thai or Lao SARA AM (U+0E33, U+0EB3) that extends a cluster where the
    /// break-all pair table lets a line end before it (after a letter: SA after SA, AL, …).
    /// Chromium's break iterator reads the table a code point at a time
    /// (`LazyLineBreakIterator::NextBreakablePosition`), so it breaks inside `คำ`; SARA AM
    /// is a spacing letter (General_Category Lo, Grapheme_Cluster_Break SpacingMark), the
    /// one kind of Thai and Lao code point inside a cluster with an advance of its own, so
    /// a line may fit up to it. (The table allows a break before the nonspacing marks too,
    /// class SA as well, but they add no width, so no line fits up to them; and where
    /// nothing fits Chromium ends a line after the glyph cluster, `ที่` and `ทำ` whole at 2 px:
    /// see `ShapedText.isSplitCluster(_:)`.) The same array when there is none; `added`: the
    /// indices in it of the boundaries added (ascending).
    ///
    /// - Complexity: O(n).
    static func splittingClusters(_ clusters: [Int32], _ bytes: UnsafeBufferPointer<UInt8>)
        -> (clusters: [Int32], added: [Int32]) {
        let n = bytes.count
        guard n >= 6, clusters.count >= 2 else { return (clusters, []) }
        var result: [Int32] = []
        var added: [Int32] = []
        var copied = 0   // clusters[..<copied] are in result
        var k = 0        // the cluster holding offset i
        var i = 3
        while i + 2 < n {
            // U+0E33 is E0 B8 B3, U+0EB3 E0 BA B3 (E0 is only ever a lead byte).
            guard bytes[i] == 0xE0, bytes[i + 2] == 0xB3, bytes[i + 1] == 0xB8 || bytes[i + 1] == 0xBA else { i += 1; continue }
            while k + 1 < clusters.count && Int(clusters[k + 1]) <= i { k += 1 }
            var p = i - 1
            while p > 0 && bytes[p] & 0xC0 == 0x80 { p -= 1 }
            let last = UTF8Scalar.decode(bytes, at: p).scalar
            let current: UInt32 = bytes[i + 1] == 0xB8 ? 0x0E33 : 0x0EB3
            if Int(clusters[k]) < i && breaksAll(lastClass: breakAllClass(last), current: current) {
                if result.isEmpty { result.reserveCapacity(clusters.count + 8) }
                if copied <= k { result.append(contentsOf: clusters[copied...k]) }
                added.append(Int32(result.count))
                result.append(Int32(i))
                copied = k + 1
            }
            i += 3
        }
        if result.isEmpty { return (clusters, []) }
        result.append(contentsOf: clusters[copied...])
        return (result, added)
    }

    /// Whether a line may not end before `scalar` even under `break-all` or `anywhere`
    /// where it lies inside a glyph: Arabic script, whose joined letters Chromium keeps
    /// whole in a ligature (lam-alef). A Latin ligature (`ff`) is broken.
    static func keepsGlyph(_ scalar: UInt32) -> Bool {
        (0x0600...0x08FF).contains(scalar) || (0xFB50...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
    }
}
