internal import CChatFormICU
import Synchronization

/// Line break opportunities as a browser finds them for `white-space: pre-wrap` with
/// `word-break: normal` (SPEC §2.1): ICU's UAX #14 rules in their CSS `line-break: normal`
/// tailoring, with the conventions Chromium lays over them (its `LazyLineBreakIterator`).
///
/// - A run of spaces (U+0020, TAB, LF) is never broken before or inside; it may be broken
///   after.
/// - Between two characters of U+0021...U+00FF a pair table decides. For two ASCII
///   characters it is the browsers' long-standing table: breaks only before `( < [ {` and
///   after `-` and `?`, with exceptions (never before `! ) , . / : ; ? ] }`, never after
///   `$ ' ( / < @`, letters, digits, `[ ^ _ \` { DEL`); other pairs are ICU's answer for the
///   two characters alone. After a hyphen, a digit may be broken before only when the
///   hyphen follows a letter or digit (`ABCD-1234`, not `-1`).
/// - Before and after U+FFFC (an atomic inline: an image, an attachment) a line may always
///   end.
/// - Beside a Hangul syllable, a Hangul letter or a CJK unified ideograph, the pairs no rule
///   but LB31 or LB13 decides (see `ideographicPair`) are answered without ICU unless
///   `keep-all` or a `line-break` tailoring asks otherwise; ICU is re-seeked past long
///   stretches of them rather than walked over them.
/// - Everything else is ICU's boundary at that position.
///
/// The facts come from reading Chromium's sources; the code is this project's.
enum BrowserLineBreaks {
    /// The opportunities of `bytes` (offsets strictly inside the text, ascending), using
    /// `iterators` (opened with `"en@lb=normal"`, pointed at `bytes`). With `ideographs`
    /// false, Hangul and ideograph pairs are ICU's answer too (the differential tests'
    /// reference; a `line-break` tailoring's iterators).
    ///
    /// - Complexity: O(n).
    static func opportunities(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators,
                              keepAll: Bool, breakAll: Bool = false, ideographs: Bool = true) -> [Int32] {
        var result: [Int32] = []
        let n = bytes.count
        guard n > 1 else { return result }
        result.reserveCapacity(n / 5)
        var rules = Walker(bytes: bytes, iterators: iterators, keepAll: keepAll, breakAll: breakAll, ideographs: ideographs)
        var lastLast: UInt32 = 0
        var (last, i) = UTF8Scalar.decode(bytes, at: 0)
        while i < n {
            let (current, length) = UTF8Scalar.decode(bytes, at: i)
            if rules.breaks(at: i, lastLast: lastLast, last: last, current: current, length: length) { result.append(Int32(i)) }
            lastLast = last
            last = current
            i += length
        }
        return result
    }

    /// The rules asked at rising offsets (every scalar boundary, or only some: preparing
    /// asks at grapheme boundaries, on its one walk over the clusters), ICU walked forward
    /// as the offsets rise.
    struct Walker {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Not retained, as `GraphemeWalker`'s: a walker lives inside the scope that holds
        /// the iterators and the bytes.
        unowned(unsafe) let iterators: BreakIterators
        let keepAll: Bool
        let breakAll: Bool
        let ideographs: Bool
        /// ICU's first boundary at or after the offset last asked of it, once known.
        private var nextICU = -1

        init(bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, keepAll: Bool, breakAll: Bool, ideographs: Bool) {
            self.bytes = bytes
            self.iterators = iterators
            self.keepAll = keepAll
            self.breakAll = breakAll
            self.ideographs = ideographs
        }

        /// Whether a line may end at offset `i` (inside the text, above the last offset
        /// asked), between `last` (the scalar ending there, after `lastLast`) and `current`
        /// (the scalar starting there, `length` bytes).
        @inline(__always)
        mutating func breaks(at i: Int, lastLast: UInt32, last: UInt32, current: UInt32, length: Int) -> Bool {
            if isSpace(current) { return false }
            if isSpace(last) { return true }
            // Before and after an atomic inline (U+FFFC: an image, an attachment) a line may
            // always end, as Chromium ends one after an <img> before a quotation mark or a
            // slash, and before one after a quotation mark, a full stop, a slash or a
            // no-break space (which UAX #14 keeps to the character beside them).
            if last == 0xFFFC || current == 0xFFFC { return true }
            // `word-break: break-all`: letters and digits of any script break as ideographs.
            // (Chromium asks whether each offset is breakable on its own: the class before is
            // the previous character's, a combining mark's included.)
            if breakAll && BreakRules.breaksAll(lastClass: BreakRules.breakAllClass(last), current: current) { return true }
            let fast = fastBreak(last: last, lastLast: lastLast, current: current)
            if fast == .can { return true }
            if keepAll && keepsAll(lastLast: lastLast, last: last, current: current) { return false }
            if fast == .no { return false }
            if ideographs && !keepAll {
                let pair = ideographicPair(last, current)
                if pair != .unknown { return pair == .can }
                let emoji = emojiPair(lastLast, last, current)
                if emoji != .unknown { return emoji == .can }
            }
            let n = bytes.count
            if nextICU < i {
                // ICU walks forward from where it stands (from the text's start the first
                // time) unless the fast paths have gone far past it: then it is re-seeked
                // (`following` backs up to a safe point and costs as much as a long walk).
                if nextICU < 0 && i <= reseekDistance {
                    iterators.rewindLineBreaks()
                    nextICU = 0
                }
                if nextICU < 0 || i - nextICU > reseekDistance {
                    nextICU = iterators.lineBreak(following: i - 1, in: bytes)?.offset ?? n
                } else {
                    while nextICU < i { nextICU = iterators.nextLineBreak(in: bytes)?.offset ?? n }
                }
            }
            return nextICU == i || quotationBreak(bytes, i, lastLast: lastLast, last: last, current: current, next: i + length)
                || hebrewHyphenBreak(lastLast: lastLast, last: last, current: current)
        }
    }

    /// Moves `last` and `lastLast` (the two scalars before a cluster boundary, as
    /// `Walker.breaks` reads them) past the cluster `start..<end` of `bytes`, whose first
    /// scalar is `first`, `length` bytes long: its last two scalars, or its one and the one
    /// before.
    @inline(__always)
    static func scalarsBefore(_ end: Int, cluster start: Int, first: UInt32, length: Int, in bytes: UnsafeBufferPointer<UInt8>,
                              last: inout UInt32, lastLast: inout UInt32) {
        if start + length == end {
            lastLast = last
            last = first
            return
        }
        var j = start
        while j < end {
            let (s, l) = UTF8Scalar.decode(bytes, at: j)
            lastLast = last
            last = s
            j += l
        }
    }

    /// How far (bytes) ICU may lag behind the walk and still be walked forward to it rather
    /// than re-seeked: a `following` (a safe point found backwards, then forwards) costs
    /// about as many instructions as walking ICU over this much chat text.
    static let reseekDistance = 96

    /// The break between `last` and `current` where one is a Hangul syllable, a Hangul
    /// letter or a CJK unified ideograph (H2, H3, ID), as UAX #14 in CSS `line-break: normal`
    /// gives it from the pair alone: between two of them, or one of them and an ASCII
    /// letter or digit (AL, NU) either way, or one and `~` (AL) after it, a line may end
    /// (LB31: LB26 and LB27 need jamo, PR or PO); before `. , ! ? ; : / ) ] }` (IS, EX,
    /// SY, CP, CL) it may not (LB13). Anything else is `.unknown`.
    @inline(__always)
    static func ideographicPair(_ last: UInt32, _ current: UInt32) -> Fast {
        if isIdeographic(last) { return afterIdeographic(current) }
        return isIdeographic(current) && last < 0x80 && isASCIIAlphanumeric(last) ? .can : .unknown
    }

    /// The break after an ideograph, a Hangul syllable or letter, or an emoji of class ID
    /// or EB, before `current`, where the pair alone decides it: before another ideograph
    /// or Hangul, an ASCII letter or digit or `~` (AL) a line may end (LB31); before
    /// `. , ! ? ; : / ) ] }` (IS, EX, SY, CP, CL) it may not (LB13). Anything else is
    /// `.unknown`.
    @inline(__always)
    static func afterIdeographic(_ current: UInt32) -> Fast {
        if isIdeographic(current) { return .can }
        guard current < 0x80 else { return .unknown }
        if isASCIIAlphanumeric(current) || current == 0x7E { return .can }
        switch current {
        case 0x2E, 0x2C, 0x21, 0x3F, 0x3B, 0x3A, 0x2F, 0x29, 0x5D, 0x7D: return .no
        default: return .unknown
        }
    }

    /// The break beside an emoji of class ID or EB (`isEmoji`), as UAX #14 gives it from the
    /// pair alone, the way `ideographicPair` answers ideographs: after one (or after a skin
    /// tone modifier, EM, or a VS16 following one, which LB9 folds into it), before an
    /// emoji, an ideograph, a Hangul syllable or letter, an ASCII letter or digit or `~`, a
    /// line may end (LB31: LB23a needs PR or PO, LB30b an EM, which never starts a cluster);
    /// before `. , ! ? ; : / ) ] }` it may not (LB13); before an emoji, after an ideograph, a
    /// Hangul syllable or letter or an ASCII letter or digit, it may (LB31). Anything else is
    /// `.unknown`.
    @inline(__always)
    static func emojiPair(_ lastLast: UInt32, _ last: UInt32, _ current: UInt32) -> Fast {
        if isIDClass(current) {
            let after = last < 0x80 ? isASCIIAlphanumeric(last) : isIdeographic(last) || endsEmoji(lastLast, last)
            return after ? .can : .unknown
        }
        return last >= 0x80 && endsEmoji(lastLast, last) ? afterIdeographic(current) : .unknown
    }

    /// A scalar of line break class ID or EB that the wrapping fast path takes as `id`
    /// (`FastBreakClass`: a whole cluster's start, not zero width), above the Latin blocks:
    /// emoji and pictographs, and the ideographs `isIdeographic` already names.
    @inline(__always)
    static func isIDClass(_ c: UInt32) -> Bool {
        c >= 0x2000 && ScalarProperties.of(c).fastBreakClass == FastBreakClass.id
    }

    /// Whether a cluster whose last two scalars are `lastLast` and `last` ends as an emoji
    /// of class ID or EB meets what follows: `last` is one, or a skin tone modifier (EM,
    /// U+1F3FB–U+1F3FF), or a VS16 after one (LB9).
    @inline(__always)
    static func endsEmoji(_ lastLast: UInt32, _ last: UInt32) -> Bool {
        if last &- 0x1F3FB <= 4 { return true }
        return last == 0xFE0F ? isIDClass(lastLast) : isIDClass(last)
    }

    /// Hangul syllables (U+AC00–U+D7A3: H2, H3), Hangul compatibility letters
    /// (U+3131–U+318E: ID) and the CJK unified ideographs of the BMP (U+3400–U+4DBF,
    /// U+4E00–U+9FFF: ID).
    @inline(__always)
    static func isIdeographic(_ c: UInt32) -> Bool {
        (c &- 0xAC00) <= 0xD7A3 - 0xAC00 || (c &- 0x4E00) <= 0x9FFF - 0x4E00 || (c &- 0x3400) <= 0x4DBF - 0x3400
            || (c &- 0x3131) <= 0x318E - 0x3131
    }

    /// Unicode 15.1's LB19a, which the browser's ICU implements and the system's ICU 72
    /// predates: a quotation mark between two East Asian characters may be broken before (an
    /// opening one) or after (a closing one), as in `：“明天见。”他`.
    static func quotationBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, lastLast: UInt32, last: UInt32,
                               current: UInt32, next: Int) -> Bool {
        let quotation: Int32 = 23   // U_LB_QUOTATION
        if cfl_line_break_class(current) == quotation && GeneralCategory.of(current) == 28 {   // Pi: before it
            guard next < bytes.count, isEastAsian(last), !isOpening(last) else { return false }
            return isEastAsian(UTF8Scalar.decode(bytes, at: next).scalar)
        }
        if cfl_line_break_class(last) == quotation && GeneralCategory.of(last) == 29 {   // Pf: after it
            guard isEastAsian(lastLast), isEastAsian(current) else { return false }
            // LB13-style rules still hold: no break before closing punctuation and the like.
            switch cfl_line_break_class(current) {
            case 8, 9, 11, 12, 16, 18, 27, 30, 36, 42: return false   // CL CM EX GL IS NS SY WJ CP ZWJ
            default: return true
            }
        }
        return false
    }

    /// Unicode 15.1's LB21a, which ICU 72 predates: after a Hebrew letter and a hyphen or
    /// maqaf, another Hebrew letter may start a line (`חד־פעמית`); ICU 72 forbids any break
    /// after the pair.
    static func hebrewHyphenBreak(lastLast: UInt32, last: UInt32, current: UInt32) -> Bool {
        let hebrewLetter: Int32 = 38, hyphen: Int32 = 13, breakAfter: Int32 = 4   // HL, HY, BA
        guard cfl_line_break_class(current) == hebrewLetter, cfl_line_break_class(lastLast) == hebrewLetter else { return false }
        let middle = cfl_line_break_class(last)
        return middle == hyphen || middle == breakAfter
    }

    /// East Asian Width F, W or H (UAX #14's $EastAsian).
    static func isEastAsian(_ c: UInt32) -> Bool {
        let w = cfl_east_asian_width(c)
        return w == 2 || w == 3 || w == 5
    }

    /// Line break class OP (opening punctuation: nothing breaks after it).
    static func isOpening(_ c: UInt32) -> Bool { cfl_line_break_class(c) == 20 }

    /// U+0020, TAB and LF: the spaces Chromium's iterator breaks after, not before.
    @inline(__always)
    static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A }

    enum Fast { case can, no, unknown }

    @inline(__always)
    static func fastBreak(last: UInt32, lastLast: UInt32, current: UInt32) -> Fast {
        if last < 0x21 || current < 0x21 { return .no }
        if last == 0x2D {   // '-'
            if current <= 0x7F {
                if current >= 0x30 && current <= 0x39 { return isASCIIAlphanumeric(lastLast) ? .can : .no }
            } else {
                return .unknown
            }
        }
        if last <= 0xFF && current <= 0xFF { return PairTable.shared.canBreak(last, current) ? .can : .no }
        return .unknown
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ c: UInt32) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    /// CSS `word-break: keep-all` as Chromium applies it: no break between two letters or
    /// numbers (general categories L, N; a mark takes its base's place) unless either is of
    /// line break class SA (Thai and its neighbours keep their dictionary breaks).
    static func keepsAll(lastLast: UInt32, last: UInt32, current: UInt32) -> Bool {
        let pre = GeneralCategory.isMark(last) ? lastLast : last
        return GeneralCategory.isLetterOrNumber(pre) && !GeneralCategory.isComplexContext(pre)
            && GeneralCategory.isLetterOrNumber(current) && !GeneralCategory.isComplexContext(current)
    }

    /// Breakability of every pair of characters in U+0021...U+00FF. The ASCII pairs are a
    /// fixed table; a pair with a Latin-1 letter or sign is ICU's answer for the two
    /// characters alone, asked the first time a text holds it.
    final class PairTable: Sendable {
        static let shared = PairTable()
        static let first: UInt32 = 0x21
        static let last: UInt32 = 0xFF
        static let size = Int(last - first + 1)
        /// ASCII pairs, 95 × 95 bits.
        let ascii: [UInt64]
        /// Latin-1 pairs asked so far: key (a << 8 | b), value breakable.
        private let latin1 = Mutex<[UInt32: Bool]>([:])

        init() {
            let size = Self.size
            var bits = [UInt64](repeating: 0, count: (size * size + 63) / 64)
            func set(_ a: UInt32, _ b: UInt32, _ value: Bool) {
                let index = Int(a - Self.first) * size + Int(b - Self.first)
                if value { bits[index / 64] |= 1 << UInt64(index % 64) } else { bits[index / 64] &= ~(1 << UInt64(index % 64)) }
            }
            // ASCII pairs: the browsers' compatibility table, rule by rule.
            let ascii = Self.first...0x7F
            func all(_ body: (UInt32) -> Void) { for c in ascii { body(c) } }
            for before in [0x28, 0x3C, 0x5B, 0x7B] as [UInt32] { all { set($0, before, true) } }   // ( < [ {
            all { set(0x2D, $0, true) }   // after '-'
            all { set(0x3F, $0, true) }   // after '?'
            set(0x2D, 0x24, false)        // "-$"
            for never in [0x21, 0x29, 0x2C, 0x2E, 0x2F, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D] as [UInt32] {
                all { set($0, never, false) }   // before ! ) , . / : ; ? ] }
            }
            set(0x3F, 0x22, false)        // ?"
            set(0x3F, 0x27, false)        // ?'
            for digit in 0x30...0x39 as ClosedRange<UInt32> { set(0x2D, digit, false) }
            var noBreakAfter: [UInt32] = [0x24, 0x27, 0x28, 0x2F, 0x3C, 0x40, 0x5B, 0x5E, 0x5F, 0x60, 0x7B, 0x7F]
            noBreakAfter += Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A)
            for a in noBreakAfter { all { set(a, $0, false) } }
            self.ascii = bits
        }

        @inline(__always)
        func canBreak(_ a: UInt32, _ b: UInt32) -> Bool {
            if a <= 0x7F && b <= 0x7F {
                let index = Int(a - Self.first) * Self.size + Int(b - Self.first)
                return ascii[index / 64] & (1 << UInt64(index % 64)) != 0
            }
            let key = a << 8 | b
            if let known = latin1.withLock({ $0[key] }) { return known }
            let value = Self.icuBoundary(a, b)
            latin1.withLock { $0[key] = value }
            return value
        }

        /// `canBreak(_:_:)` for two printable ASCII characters other than the space
        /// (0x21-0x7E each, which the caller knows): one bit of the table, read unchecked.
        @inline(__always)
        func canBreakPrintable(_ a: UInt32, _ b: UInt32) -> Bool {
            let index = Int(truncatingIfNeeded: (a &- Self.first) &* UInt32(truncatingIfNeeded: Self.size) &+ (b &- Self.first))
            let word = ascii.withUnsafeBufferPointer { $0[index &>> 6] }
            return word &>> UInt64(truncatingIfNeeded: index & 63) & 1 != 0
        }

        /// ICU's (CSS `line-break: normal`) answer for the two characters alone.
        static func icuBoundary(_ a: UInt32, _ b: UInt32) -> Bool {
            guard let iterators = try? BreakIterators(locale: "en@lb=normal"),
                  let sa = Unicode.Scalar(a), let sb = Unicode.Scalar(b) else { return false }
            var pair = String(sa)
            pair.unicodeScalars.append(sb)
            let split = String(sa).utf8.count
            return pair.withUTF8 { bytes in
                (try? iterators.setText(bytes)) != nil && iterators.lineBreak(following: 0, in: bytes)?.offset == split
            }
        }
    }
}

/// General category questions asked of ICU (rare paths only: keep-all).
enum GeneralCategory {
    static func of(_ c: UInt32) -> Int32 { cfl_general_category(c) }
    /// Mn, Me, Mc.
    static func isMark(_ c: UInt32) -> Bool { let g = of(c); return g >= 6 && g <= 8 }
    /// Lu, Ll, Lt, Lm, Lo, Nd, Nl, No.
    static func isLetterOrNumber(_ c: UInt32) -> Bool { let g = of(c); return (g >= 1 && g <= 5) || (g >= 9 && g <= 11) }
    /// Line break class SA (complex context: Thai, Lao, Khmer, Burmese...).
    static func isComplexContext(_ c: UInt32) -> Bool { cfl_line_break_class(c) == 24 }
}
