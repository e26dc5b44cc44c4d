/// What a prepared text knows of each grapheme boundary, one bit a fact, in
/// `ShapedText.flags` (those about a cluster describe the cluster that starts there). Where a
/// line may end is in the break entries, not here; `opens` and the kinds below are the
/// itemizer's opportunity byte, a different array (`opens` shares bit 0 with
/// `splitCluster`: never combine the two bytes).
enum _ClusterFlags {
    /// The boundary is one `word-break: break-all` adds inside a glyph cluster, before a
    /// Thai or Lao SARA AM (`BreakRules.splittingClusters`): a line that nothing fits does
    /// not end there (see `ShapedText.isSplitCluster(_:)`).
    static let splitCluster: UInt8 = 1 << 0
    /// A mandatory break: the boundary follows a line terminator.
    static let hard: UInt8 = 1 << 1
    /// HarfBuzz marks the boundary unsafe to break: the glyphs on either side change when
    /// shaped apart.
    static let unsafe: UInt8 = 1 << 2
    /// The cluster is a soft hyphen (U+00AD).
    static let softHyphen: UInt8 = 1 << 3
    /// The cluster is white space that hangs at a line's end.
    static let hanging: UInt8 = 1 << 4
    /// The cluster is a tab (U+0009), advanced to the next tab stop.
    static let tab: UInt8 = 1 << 5
    /// The cluster is a line terminator (LF, VT, FF, CR, CR LF, NEL, LS, PS).
    static let terminator: UInt8 = 1 << 6
    /// The boundary lies inside a glyph cluster (a ligature such as Arabic lam-alef):
    /// a caret may stop there, but a line truncated for an ellipsis is not cut there.
    static let insideGlyph: UInt8 = 1 << 7

    /// In the itemizer's opportunities (`ShapedRuns.opportunities`, one byte a boundary):
    /// a line may end at the boundary. The byte's other bits are `kind(of:...)` for the
    /// cluster starting there, so the break walk reads both without decoding the cluster.
    static let opens: UInt8 = 1 << 0
    /// In the itemizer's opportunities: the cluster starting at the boundary is one Hangul
    /// syllable (U+AC00-U+D7A3, three bytes) alone, as the itemizer decoded it; a shaper
    /// picking fonts a cluster at a time reads this instead of decoding the syllable again
    /// (`FontStack`'s runs of syllables in one fallback face). The break walk reads only
    /// `opens` and `kinds`.
    static let syllable: UInt8 = 1 << 1

    /// `syllable` if the cluster `start..<end` whose first scalar is `first` is a Hangul
    /// syllable alone, else 0.
    @inline(__always)
    static func ifSyllable(_ first: UInt32, _ start: Int, _ end: Int) -> UInt8 {
        end == start + 3 && first &- 0xAC00 <= 0xD7A3 - 0xAC00 ? syllable : 0
    }
    /// The bits `kind(of:...)` sets.
    static let kinds: UInt8 = softHyphen | hanging | tab | terminator

    /// What a prepared text flags of the cluster `start..<end` of `bytes` whose first scalar
    /// is `first` (`length` bytes): a tab, a line terminator, a soft hyphen alone, white
    /// space alone that hangs at a line's end, else nothing.
    @inline(__always)
    static func kind(of first: UInt32, length: Int, at start: Int, end: Int) -> UInt8 {
        if first < 0x80 {
            switch first {
            case 0x09: return tab
            case 0x20: return end == start + 1 ? hanging : 0
            case 0x0A, 0x0B, 0x0C, 0x0D: return terminator
            default: return 0
            }
        }
        if first == 0x85 || first == 0x2028 || first == 0x2029 { return terminator }
        guard start + length == end else { return 0 }
        if first == 0xAD { return softHyphen }
        return ScalarProperties.of(first).isHangingWhitespace ? hanging : 0
    }
}
