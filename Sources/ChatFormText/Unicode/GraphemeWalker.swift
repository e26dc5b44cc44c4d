/// Walks extended grapheme clusters (UAX #29) over UTF-8 bytes.
///
/// ICU's character break iterator is the reference. A fast path answers without ICU where
/// the rules leave no choice: an ASCII character followed by ASCII, a scalar of class
/// Other / LV / LVT / V / T followed by a scalar that cannot join it (not Extend, ZWJ or
/// SpacingMark, nor a V/T jamo after a Hangul syllable), and an emoji's cluster (skin
/// tones, VS16, ZWJ sequences: `pictographicEnd`) or a flag's (a pair of regional
/// indicators). Differential tests hold the fast path to ICU on seeded random text.
struct GraphemeWalker {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Not retained: a walker lives inside the scope that holds the iterators and the bytes
    /// (which it does not own either), and a retain and a release a walk are about 40
    /// instructions a chat message.
    unowned(unsafe) let iterators: BreakIterators

    /// The end of the cluster that starts at `i` (which must be a cluster boundary < count).
    @inline(__always)
    func clusterEnd(at i: Int) -> Int {
        let n = bytes.count
        let b0 = bytes[i]
        if b0 < 0x80 {
            let next = i + 1
            if next == n { return n }
            let b1 = bytes[next]
            if b0 == 0x0D && b1 == 0x0A { return i + 2 }
            if b1 < 0x80 || b0 < 0x20 || b0 == 0x7F { return next }
            return joins(after: .other, next: next) ? iterators.graphemeEnd(startingAt: i) : next
        }
        let (scalar, length) = UTF8Scalar.decode(bytes, at: i)
        let next = i + length
        let gcb = ScalarProperties.of(scalar).graphemeBreak
        switch gcb {
        case .control, .cr, .lf:
            return next  // GB4: always break after controls (CR LF is ASCII, handled above).
        case .other, .lv, .lvt, .v, .t, .extend, .zwj, .spacingMark:
            if next == n { return n }
            guard joins(after: gcb, next: next) else { return next }
            return gcb == .other && ScalarProperties.of(scalar).isExtendedPictographic
                ? pictographicEnd(from: next) : iterators.graphemeEnd(startingAt: i)
        case .regionalIndicator:
            // GB12/GB13: at a cluster's start the regional indicators before it (if any) are
            // paired already, so it takes the next one; then what GB9/GB9a join (no GB11:
            // it needs an Extended_Pictographic before the ZWJ).
            var j = next
            if j &+ 4 <= n && bytes[j] == 0xF0 && ScalarProperties.of(UTF8Scalar.decode(bytes, at: j).scalar).isRegionalIndicator {
                j &+= 4
            }
            return pictographicEnd(from: j, chain: false)
        case .prepend, .l:
            return iterators.graphemeEnd(startingAt: i)
        }
    }

    /// The end of the cluster of an Extended_Pictographic scalar (an emoji) that ends at
    /// `j`: Extend and SpacingMark scalars join it (GB9, GB9a: skin tones, VS16), a ZWJ
    /// too, and after a ZWJ another Extended_Pictographic when only Extend scalars came
    /// between it and the last one (GB11: a ZWJ sequence); anything else starts the next
    /// cluster (GB999: a Prepend, an L jamo or a regional indicator among them). With
    /// `chain` false (after a flag), no ZWJ joins what follows it.
    private func pictographicEnd(from j: Int, chain: Bool = true) -> Int {
        let n = bytes.count
        var j = j
        var chain = chain   // Extended_Pictographic Extend* up to j (GB11's left side)
        while j < n && bytes[j] >= 0x80 {
            let (scalar, length) = UTF8Scalar.decode(bytes, at: j)
            switch ScalarProperties.of(scalar).graphemeBreak {
            case .extend:
                j += length
            case .spacingMark:
                chain = false
                j += length
            case .zwj:
                j += length
                guard chain && j < n && bytes[j] >= 0x80 else { chain = false; continue }
                let (next, nextLength) = UTF8Scalar.decode(bytes, at: j)
                if ScalarProperties.of(next).isExtendedPictographic { j += nextLength } else { chain = false }
            default:
                return j
            }
        }
        return j
    }

    /// Whether the scalar at `next` may continue a cluster whose last scalar has `previous`.
    @inline(__always)
    private func joins(after previous: GraphemeBreak, next: Int) -> Bool {
        if bytes[next] < 0x80 { return false }
        let (scalar, _) = UTF8Scalar.decode(bytes, at: next)
        switch ScalarProperties.of(scalar).graphemeBreak {
        case .extend, .zwj, .spacingMark: return true
        case .v: return previous == .lv || previous == .v
        case .t: return previous == .lv || previous == .lvt || previous == .v || previous == .t
        default: return false
        }
    }
}

/// Terminal cell widths of grapheme clusters (SPEC §2).
public enum CellWidth {
    /// The cell width of one grapheme cluster given as UTF-8 bytes `[start, end)`.
    ///
    /// 2 if its first scalar is East Asian Wide or Fullwidth, or if it is an emoji
    /// presentation sequence (Emoji_Presentation; an emoji followed by U+FE0F or a skin-tone
    /// modifier; a ZWJ sequence; a flag pair); 0 for a cluster made only of controls or
    /// default-ignorable / zero-width scalars; `ambiguousWidth` for East Asian Ambiguous;
    /// else 1. Tabs are not clusters this answers for (they advance to a tab stop).
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, ambiguousWidth: Int) -> Int {
        let b0 = bytes[start]
        if end - start == 1 {
            return (b0 < 0x20 || b0 == 0x7F) ? 0 : 1
        }
        var i = start
        var (scalar, length) = UTF8Scalar.decode(bytes, at: i)
        var props = ScalarProperties.of(scalar)
        // The first scalar that is not zero-width decides (normally the first one).
        while props.cellClass == ScalarProperties.zeroWidth {
            i += length
            if i >= end { return 0 }
            (scalar, length) = UTF8Scalar.decode(bytes, at: i)
            props = ScalarProperties.of(scalar)
        }
        if props.cellClass == ScalarProperties.wide || props.isEmojiPresentation { return 2 }
        let second = i + length
        if second < end {
            let (s1, _) = UTF8Scalar.decode(bytes, at: second)
            if props.isEmoji && (s1 == 0xFE0F || ScalarProperties.of(s1).isEmojiModifier) { return 2 }
            if props.isRegionalIndicator && ScalarProperties.of(s1).isRegionalIndicator { return 2 }
            if props.isExtendedPictographic {
                // A ZWJ sequence: ExtPict … ZWJ ExtPict.
                var j = second
                while j < end {
                    let (s, l) = UTF8Scalar.decode(bytes, at: j)
                    if s == 0x200D { return 2 }
                    j += l
                }
            }
        }
        return props.cellClass == ScalarProperties.ambiguous ? ambiguousWidth : 1
    }

    /// The cell width of a string's grapheme clusters, summed (tabs count as zero here;
    /// lay text out with `TextLayout` to place tabs).
    ///
    /// - Complexity: O(n) in the string's UTF-8 length.
    public static func of(_ text: String, ambiguousWidth: Int = 1) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            guard !bytes.isEmpty, let iterators = try? BreakIterators.forCurrentThread().lend() else { return 0 }
            defer { iterators.giveBack() }
            guard (try? iterators.setText(bytes)) != nil else { return 0 }
            let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
            var total = 0
            var i = 0
            while i < bytes.count {
                let e = walker.clusterEnd(at: i)
                if bytes[i] != 0x09 { total += of(bytes, i, e, ambiguousWidth: ambiguousWidth) }
                i = e
            }
            return total
        }
    }

    /// The cell width of one `Character` (one grapheme cluster).
    public static func of(_ character: Character, ambiguousWidth: Int = 1) -> Int {
        var s = String(character)
        return s.withUTF8 { bytes in
            bytes.isEmpty || bytes[0] == 0x09 ? 0 : of(bytes, 0, bytes.count, ambiguousWidth: ambiguousWidth)
        }
    }
}
