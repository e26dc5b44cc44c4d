/// The horizontal edges of an inline box: padding, border and margin at its start and its
/// end, summed (CSS `padding-inline`, `border-inline-width`, `margin-inline`). A mention
/// drawn as a pill is a span with edges.
///
/// An inline box broken across lines takes its start edge on its first line only and its
/// end edge on its last (CSS `box-decoration-break: slice`, the default); white space ending
/// the box hangs after its end edge at a line end, so the edge stays on the line. Vertical padding
/// and borders of inline boxes are drawn but take no room in the line, as in CSS, so they
/// are not here.
///
/// ```swift
/// let pill = InlineEdges(padding: 4, border: 1, margin: 2)    // 7 px each side
/// ```
public struct InlineEdges: Sendable, Hashable {
    /// Width before the box's first character, in pixels (may be negative: a negative margin).
    public var start: Double
    /// Width after the box's last character, in pixels.
    public var end: Double

    /// Edges of `start` and `end` pixels.
    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// The same padding, border and margin at both ends.
    public init(padding: Double = 0, border: Double = 0, margin: Double = 0) {
        let side = padding + border + margin
        self.init(start: side, end: side)
    }

    /// No edges.
    public static let zero = InlineEdges(start: 0, end: 0)

    /// Whether both edges are 0.
    public var isZero: Bool { start == 0 && end == 0 }
}
