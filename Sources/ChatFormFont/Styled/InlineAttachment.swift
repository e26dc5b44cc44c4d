/// An atomic inline box of a fixed size inside a line: a custom emoji, an image, an avatar
/// chip. What the browser does with `<img width height style="vertical-align: …">`.
///
/// - It is never split, and a line may break on each side of it as next to an `<img>`
///   (inside CJK text and beside punctuation too: the break opportunities are the line
///   breaking rules' for U+FFFC, OBJECT REPLACEMENT CHARACTER, which stands for it in the
///   paragraph's text).
/// - Its margin box sits on the baseline, raised by `baselineOffset` (CSS
///   `vertical-align: <length>`); a box taller than the text grows its line.
///
/// ```swift
/// let emoji = InlineAttachment(width: 20, height: 20, baselineOffset: -4)   // vertical-align: -4px
/// ```
public struct InlineAttachment: Sendable, Hashable {
    /// The box's width in pixels (CSS `width`), at least 0.
    public var width: Double
    /// The box's height in pixels (CSS `height`), at least 0.
    public var height: Double
    /// How far the box's bottom sits above the baseline, in pixels (CSS
    /// `vertical-align: <length>`; negative lowers it) [0: on the baseline].
    public var baselineOffset: Double
    /// Horizontal margins (and padding, border) around the box.
    public var edges: InlineEdges
    /// A name for the caller (an emoji's shortcode, an image's URL); layout ignores it.
    public var name: String

    public init(width: Double, height: Double, baselineOffset: Double = 0, edges: InlineEdges = .zero, name: String = "") {
        self.width = width
        self.height = height
        self.baselineOffset = baselineOffset
        self.edges = edges
        self.name = name
    }

    /// The character that stands for an attachment in a styled text's `text` (U+FFFC, 3
    /// UTF-8 bytes): line starts and offsets count it so.
    public static let character: Character = "\u{FFFC}"
}
