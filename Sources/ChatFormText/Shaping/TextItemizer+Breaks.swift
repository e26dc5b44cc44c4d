internal import CChatFormICU

/// The browser's break rules as the itemizer asks them, a grapheme boundary at a time: the
/// pairs it settles without the rules' walker, ICU least of all.
extension TextItemizer {
    /// The browser's break rules (`BrowserLineBreaks.Walker.breaks`) before `current`, an
    /// ASCII character other than a control or a Hangul syllable, with the pairs those rules
    /// settle from `last` alone answered here: a space is never broken before and always
    /// after; between two ASCII characters the pair table decides (`fastBreak`); before a
    /// syllable, after an ideograph, a syllable or an ASCII letter or digit a line may end
    /// (LB31). The rest is `breaks`'.
    @inline(__always)
    static func opens(_ breaker: inout BrowserLineBreaks.Walker, at i: Int, lastLast: UInt32, last: UInt32, current: UInt32,
                      length: Int) -> Bool {
        if current == 0x20 { return false }
        if BrowserLineBreaks.isSpace(last) { return true }
        if length == 1 {
            if last < 0x80 { return BrowserLineBreaks.fastBreak(last: last, lastLast: lastLast, current: current) == .can }
        } else if last < 0x80 ? BrowserLineBreaks.isASCIIAlphanumeric(last) : BrowserLineBreaks.isIdeographic(last) {
            return true
        }
        return breaks(&breaker, at: i, lastLast: lastLast, last: last, current: current, length: length)
    }

    /// The browser's break rules at `i` (`BrowserLineBreaks.Walker.breaks`), with the pairs of
    /// emoji and flags that the walker leaves to ICU answered first (`emojiBreak`): ICU walks
    /// from the text's start to the first offset it is asked about, so one such pair in a
    /// message costs a walk over all of it.
    @inline(__always)
    static func breaks(_ breaker: inout BrowserLineBreaks.Walker, at i: Int, lastLast: UInt32, last: UInt32, current: UInt32,
                       length: Int) -> Bool {
        if last >= 0x80 && current >= 0x80, let known = emojiBreak(lastLast: lastLast, last: last, current: current) {
            return known
        }
        return breaker.breaks(at: i, lastLast: lastLast, last: last, current: current, length: length)
    }

    /// What an emoji or a flag meets, as UAX #14 (ICU 72, CSS `line-break: normal`) decides
    /// it from the pair alone.
    private enum EmojiSide { case none, ideographic, alphabetic, regionalIndicator }

    /// The side of a scalar: `ideographic` for ID, EB, H2 and H3 (`isIDClass`,
    /// `isIdeographic`), `alphabetic` for an Extended_Pictographic scalar of class AL or AI
    /// (`✨ ✅ ❗ ©`, which ICU takes as AL), `regionalIndicator` for a flag's half.
    @inline(__always)
    private static func emojiSide(_ c: UInt32) -> EmojiSide {
        if BrowserLineBreaks.isIdeographic(c) || BrowserLineBreaks.isIDClass(c) { return .ideographic }
        if c &- 0x1F1E6 <= 0x1F1FF - 0x1F1E6 { return .regionalIndicator }
        let properties = ScalarProperties.of(c)
        guard properties.isExtendedPictographic && properties.graphemeBreak == .other else { return .none }
        let lineBreak = cfl_line_break_class(c)
        return lineBreak == 1 || lineBreak == 2 ? .alphabetic : .none   // U_LB_AMBIGUOUS, U_LB_ALPHABETIC
    }

    /// The break between a cluster ending in `last` (after `lastLast`) and one starting with
    /// `current`, both non-ASCII, where an emoji or a flag meets another, an ideograph or a
    /// Hangul syllable or letter: no rule before LB31 pairs ID, EB, H2, H3, AL (an emoji's
    /// AL or AI) and RI with one another but LB28 (AL × AL) and LB30a (RI × RI, by the
    /// count of regional indicators before: left to ICU), so a line may end between any
    /// other two (`last` an emoji modifier (EM, which no rule joins to what follows) or VS16
    /// after one of them (LB9) counts as that one; a ZWJ or another mark does not). The
    /// rules that look further back (LB14-LB17, LB21a, LB25) need OP, QU, CL, CP, B2, HY, BA,
    /// NU, PR or PO beside the boundary; the browser's own additions (LB19a's quotation
    /// marks, LB21a's Hebrew) need QU or HL. nil where the pair is not of these.
    @inline(__always)
    static func emojiBreak(lastLast: UInt32, last: UInt32, current: UInt32) -> Bool? {
        let right = emojiSide(current)
        if right == .none { return nil }
        let left: EmojiSide = last &- 0x1F3FB <= 4 ? .ideographic : emojiSide(last == 0xFE0F ? lastLast : last)
        switch (left, right) {
        case (.none, _), (.regionalIndicator, .regionalIndicator): return nil
        case (.alphabetic, .alphabetic): return false   // LB28
        default: return true                            // LB31
        }
    }
}
