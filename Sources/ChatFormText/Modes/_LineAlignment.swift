/// The character arithmetic behind `text-align` (`_AlignedLine`): the expansion
/// opportunities `justify` fills, counted as Blink counts them.
enum _LineAlignment {
    /// The expansion opportunities of a line's `content`, counted as Blink's
    /// `ShapeResultSpacing` counts them for `text-justify: auto` (its
    /// `CheckJustificationOpportunity`): after each space (U+0020, tab, line feed, U+00A0),
    /// and before and after each CJK ideograph or symbol (`isIdeograph`), except before one
    /// that follows an opportunity (a space or another ideograph) and before the content's
    /// first character. A default ignorable code point (a joiner, a variation selector, a
    /// soft hyphen) neither gives one nor breaks the run; any other character ends it.
    /// With `trimming` (a whole line), trailing spaces (U+0020, tab, U+3000) hang and the
    /// opportunity after the last character is dropped; without it (a prefix of a line,
    /// for the x of a boundary), every opportunity in it counts. Each grapheme cluster is
    /// judged by its first character (see `JustificationCounter.add(_:)`).
    static func expansionOpportunities(_ content: Substring, trimming: Bool = true) -> Int {
        var scalars = content.unicodeScalars
        while trimming, let last = scalars.last, last == " " || last == "\t" || last == "\u{3000}" { scalars.removeLast() }
        var counter = JustificationCounter()
        for cluster in Substring(scalars) { counter.add(cluster) }
        if trimming { counter.dropTrailing() }
        return counter.count
    }

    /// Blink's justification context, a character at a time (see `expansionOpportunities`).
    struct JustificationCounter {
        /// The opportunities so far.
        var count = 0
        /// Whether the last character counted gave an opportunity after it (true at a
        /// line's start: nothing expands before its first character).
        var afterOpportunity = true

        /// Counts grapheme cluster `cluster` as Blink's `ShapeResult::ApplySpacing` does: it
        /// asks `ComputeSpacing` once per cluster, about the cluster's first character only,
        /// so the rest of an emoji sequence (`☠` in `🏴‍☠️`, a skin tone modifier, a
        /// variation selector) neither gives an opportunity nor ends a run.
        mutating func add(_ cluster: Character) {
            if let first = cluster.unicodeScalars.first { add(first) }
        }

        /// Counts a cluster opening with scalar `s` (see `add(_:)` taking a `Character`).
        mutating func add(_ s: Unicode.Scalar) {
            let v = s.value
            if v == 0x20 || v == 0x09 || v == 0x0A || v == 0xA0 {
                count += 1
                afterOpportunity = true
            } else if v >= 0x2C7 && _LineAlignment.isIdeograph(v) {
                count += afterOpportunity ? 1 : 2
                afterOpportunity = true
            } else if v == 0xAD || (v >= 0x34F && s.properties.isDefaultIgnorableCodePoint) {
                return
            } else {
                afterOpportunity = false
            }
        }

        /// Drops the opportunity after a line's last character (nothing expands at its end).
        mutating func dropTrailing() {
            if afterOpportunity && count > 0 { count -= 1 }
        }
    }

    /// Blink's `IsCJKIdeographOrSymbol` (its character property tables): CJK ideographs,
    /// radicals and strokes, kana, bopomofo, CJK symbols and punctuation (not U+3030 and
    /// the Hangul tone marks), enclosed and compatibility forms, fullwidth forms (not
    /// U+FF0D, U+FF1B...U+FF1E but U+FF1D), a few symbols and tone letters, emoji with
    /// emoji presentation and the pictographs of emoji ZWJ and modifier sequences.
    static func isIdeograph(_ v: UInt32) -> Bool {
        if v < 0x2C7 { return false }
        var lo = 0, hi = ideographRanges.count / 2
        while lo < hi {
            let mid = (lo + hi) / 2
            if ideographRanges[2 * mid + 1] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo < ideographRanges.count / 2 && ideographRanges[2 * lo] <= v { return true }
        if singleIdeographs.contains(v) { return true }
        return Unicode.Scalar(v)?.properties.isEmojiPresentation ?? false
    }

    /// Closed ranges, ascending and disjoint, as pairs (first, last).
    static let ideographRanges: [UInt32] = [
        0x2156, 0x215A, 0x2160, 0x216B, 0x2170, 0x217B, 0x23BE, 0x23CC, 0x2460, 0x2492, 0x249C, 0x24FF,
        0x25CE, 0x25D3, 0x25E2, 0x25E6, 0x2600, 0x2603, 0x2660, 0x266F, 0x2672, 0x267D, 0x2776, 0x277F,
        0x2E80, 0x2FDF, 0x2FF0, 0x302D, 0x3031, 0x312F, 0x3190, 0x31BF, 0x31C0, 0x31EF, 0x3200, 0x33FF,
        0x3400, 0x4DBF, 0x4DC0, 0x4DFF, 0x4E00, 0x9FFF, 0xF860, 0xF862, 0xF900, 0xFAFF, 0xFE30, 0xFE6F,
        0xFF00, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1F, 0xFFEF, 0x16FE0, 0x16FFF, 0x17000, 0x18AFF,
        0x1B000, 0x1B12F, 0x1B170, 0x1B2FF,
        0x1F110, 0x1F129, 0x1F130, 0x1F149, 0x1F150, 0x1F169, 0x1F170, 0x1F189, 0x1F202, 0x1F219,
        0x1F21B, 0x1F22E, 0x1F230, 0x1F231, 0x1F23B, 0x1F24F, 0x1F252, 0x1F2FF, 0x1F321, 0x1F32A,
        0x1F394, 0x1F39F, 0x1F3CD, 0x1F3CE, 0x1F3D4, 0x1F3DF, 0x1F3F1, 0x1F3F2, 0x1F3F5, 0x1F3F7,
        0x1F4FD, 0x1F4FE, 0x1F53E, 0x1F54A, 0x1F568, 0x1F573, 0x1F576, 0x1F579, 0x1F57B, 0x1F58F,
        0x1F591, 0x1F594, 0x1F597, 0x1F5A3, 0x1F5A5, 0x1F5E7, 0x1F5E9, 0x1F5FA, 0x1F650, 0x1F67F,
        0x1F6C6, 0x1F6CB, 0x1F6CD, 0x1F6CF, 0x1F6D3, 0x1F6D4, 0x1F6D9, 0x1F6DB, 0x1F6E0, 0x1F6EA,
        0x1F6ED, 0x1F6F3, 0x1F6FD, 0x1F6FF, 0x1F900, 0x1F90B, 0x1FAC9, 0x1FACC, 0x20000, 0x2FFFF,
    ]

    /// Single code points.
    static let singleIdeographs: Set<UInt32> = [
        0x2C7, 0x2CA, 0x2CB, 0x2D9, 0x2020, 0x2021, 0x2030, 0x203B, 0x203C, 0x2042, 0x2047, 0x2048, 0x2049, 0x2051,
        0x20DD, 0x20DE, 0x2100, 0x2103, 0x2105, 0x2109, 0x210A, 0x2113, 0x2116, 0x2121, 0x212B, 0x213B, 0x2150,
        0x2151, 0x2152, 0x217F, 0x2189, 0x2307, 0x2312, 0x23CE, 0x2423, 0x25A0, 0x25A1, 0x25A2, 0x25AA, 0x25AB,
        0x25B1, 0x25B2, 0x25B3, 0x25B6, 0x25B7, 0x25BC, 0x25BD, 0x25C0, 0x25C1, 0x25C6, 0x25C7, 0x25C9, 0x25CB,
        0x25CC, 0x25EF, 0x2605, 0x2606, 0x260E, 0x2616, 0x2617, 0x26A0, 0x2713, 0x271A, 0x273F, 0x2740, 0x2756,
        0x2763, 0x2B1A, 0xFE10, 0xFE11, 0xFE12, 0xFE19, 0xFF1D,
        0x1F100, 0x1F200, 0x1F237, 0x1F32C, 0x1F336, 0x1F37D, 0x1F43F, 0x1F54F, 0x1F93B, 0x1F946,
        // Pictographs of RGI emoji ZWJ and modifier sequences without emoji presentation,
        // which Blink's table generator adds (Unicode 15.1; `☠` of `🏴‍☠️` too: inside the
        // sequence it is no cluster's first character, so it counts only standing alone).
        0x261D, 0x2620, 0x2640, 0x2642, 0x2695, 0x2696, 0x26A7, 0x26D3, 0x26F9, 0x2708, 0x270C, 0x270D,
        0x2744, 0x2764, 0x27A1, 0x1F32B, 0x1F3CB, 0x1F3CC, 0x1F3F3, 0x1F441, 0x1F574, 0x1F575, 0x1F590, 0x1F5E8,
    ]
}
