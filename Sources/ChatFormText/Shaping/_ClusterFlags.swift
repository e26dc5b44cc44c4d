/// What a prepared text knows of each grapheme boundary, one bit a fact, in
/// `ShapedText.flags` (those about a cluster describe the cluster that starts there).
enum _ClusterFlags {
    static let opportunity: UInt8 = 1
    static let hard: UInt8 = 2
    static let unsafe: UInt8 = 4
    /// The cluster is a soft hyphen (U+00AD).
    static let softHyphen: UInt8 = 8
    static let hanging: UInt8 = 16
    static let tab: UInt8 = 32
    static let terminator: UInt8 = 64
    /// The boundary lies inside a glyph cluster (a ligature such as Arabic lam-alef):
    /// a caret may stop there, but a line truncated for an ellipsis is not cut there.
    static let insideGlyph: UInt8 = 128
}
