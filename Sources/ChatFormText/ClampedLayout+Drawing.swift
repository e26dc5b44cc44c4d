/// What a drawing of a clamped layout shows: the graphemes of each line shown where they
/// are drawn, the last line's cut to those kept, and the ellipsis (see `ClampedLayout.ellipsis`).
extension ClampedLayout {
    /// A grapheme drawn on a line shown: its UTF-8 range and its left edge and advance.
    public struct DrawnGrapheme: Sendable, Hashable {
        /// Its UTF-8 range in the text.
        public var range: Range<Int>
        /// Its left edge from the box's left (the line's left in a left-to-right paragraph).
        public var x: Double
        /// Its advance.
        public var width: Double

        public init(range: Range<Int>, x: Double, width: Double) {
            self.range = range
            self.x = x
            self.width = width
        }
    }

    /// The graphemes of shown line `index` from left to right, each where it is drawn: on
    /// the last line of a truncated text only those kept (``visibleRanges``), left of the
    /// ellipsis (right of it in a right-to-left paragraph, whose lines end at the right of
    /// the layout's width). A line's mandatory break is not drawn.
    ///
    /// An `index` that is not a line shown has no graphemes drawn (an empty array).
    ///
    /// - Complexity: O(length of the line), and in a right-to-left paragraph of its paragraph.
    public func drawnGraphemes(onLine index: Int) throws(TextLayoutError) -> [DrawnGrapheme] {
        guard index >= 0, index < lineCount else { return [] }
        var clusters = try _Truncation.clusters(of: layout, onLine: index, rightToLeft: isRightToLeft)
        if isRightToLeft, let right = clusters.last?.right, layout.width.isFinite {
            let shift = layout.width - right
            for k in clusters.indices {
                clusters[k].piece.left += shift
                clusters[k].piece.right += shift
            }
        }
        if isTruncated && index == lineCount - 1 {
            clusters = clusters.filter { c in visibleRanges.contains { $0.lowerBound <= c.start && c.end <= $0.upperBound } }
        }
        return clusters.map { DrawnGrapheme(range: $0.start..<$0.end, x: $0.left, width: $0.right - $0.left) }
    }
}
