/// What a prepared text knows of each grapheme boundary, one bit a fact, in
/// `ShapedText.flags` (those about a cluster describe the cluster that starts there).
enum _ClusterFlags {
    /// A line may break at the boundary (ICU's line break iterator).
    static let opportunity: UInt8 = 1
    /// A mandatory break: the boundary follows a line terminator.
    static let hard: UInt8 = 2
    /// HarfBuzz marks the boundary unsafe to break: the glyphs on either side change when
    /// shaped apart.
    static let unsafe: UInt8 = 4
    /// The cluster is a soft hyphen (U+00AD).
    static let softHyphen: UInt8 = 8
    /// The cluster is white space that hangs at a line's end.
    static let hanging: UInt8 = 16
    /// The cluster is a tab (U+0009), advanced to the next tab stop.
    static let tab: UInt8 = 32
    /// The cluster is a line terminator (LF, VT, FF, CR, CR LF, NEL, LS, PS).
    static let terminator: UInt8 = 64
    /// The boundary lies inside a glyph cluster (a ligature such as Arabic lam-alef):
    /// a caret may stop there, but a line truncated for an ellipsis is not cut there.
    static let insideGlyph: UInt8 = 128
}
