/// What a prepared text knows of each grapheme boundary, one bit a fact, in
/// `ShapedText.flags` (those about a cluster describe the cluster that starts there). Where a
/// line may end is in the break entries, not here.
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
}
