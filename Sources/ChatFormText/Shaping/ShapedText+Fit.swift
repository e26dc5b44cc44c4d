/// The figures a chat bubble needs besides its height (SPEC §2.1): the widest line, and the
/// tightest width that keeps the line count.
extension ShapedText {
    /// The line count, height, widest line and fit width at `width`, without making the
    /// lines.
    ///
    /// ```swift
    /// let m = try prepared.measureBubble(width: 320)
    /// bubble.width = m.width          // hugs the text: no line is wider
    /// ```
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + lines) a layout, for one layout and the few
    ///   that `fitWidth(width:)` tries; no allocation.
    public func measureBubble(width: Double) throws(TextLayoutError) -> BubbleMeasurement {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        let (count, height) = try measure(width: width)
        let widest = LineTally.widestLine(of: self, width: width)
        return BubbleMeasurement(lineCount: count, height: height, width: _LayoutUnit.pixels(widest),
                                 fitWidth: FitWidthSearch.fitWidth(of: self, checkedWidth: width))
    }

    /// Line count, height and the widest line at `width` in one wrapping pass:
    /// `measureBubble(width:)` without the fit width (which lays out a few times more).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + lines), no allocation.
    public func measureLines(width: Double) throws(TextLayoutError) -> (lineCount: Int, height: Double, widest: Double) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        var tally = LineTally(heights: true)
        forEachLine(width: width, visitor: &tally)
        tally.finish(self)
        return (tally.count, tally.height, _LayoutUnit.pixels(tally.widest))
    }

    /// The smallest width at which the text lays out in as many lines as at `width`: at
    /// most `width`, and laying out one layout unit (1/64 px) narrower gives more lines.
    /// It can be 1/64 px less than the widest line, since a line fits when its content,
    /// rounded up to 1/64 px, is at most the width plus 1/64 px (as Chromium fits lines).
    /// No line is wider than it (beyond that 1/64 px): where a grapheme alone is wider than
    /// `width`, `width`.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: a few layouts' worth of arithmetic over the break entries (see
    ///   `FitWidthSearch`): O(log(width × 64)) layouts at most, no shaping, no allocation.
    public func fitWidth(width: Double) throws(TextLayoutError) -> Double {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        return FitWidthSearch.fitWidth(of: self, checkedWidth: width)
    }
}

extension LineTally {
    /// The widest line's width of `shaped` at `width` in 1/65536 pixel (already a whole
    /// number of layout units).
    ///
    /// - Complexity: O(break opportunities + lines), no allocation.
    static func widestLine(of shaped: ShapedText, width: Double) -> Int64 {
        var tally = LineTally(heights: false)
        shaped.forEachLine(width: width, visitor: &tally)
        return tally.widest
    }
}

/// What a message's bubble needs of its text at one available width (SPEC §2.1).
public struct BubbleMeasurement: Sendable, Hashable {
    /// The number of lines.
    public var lineCount: Int
    /// The height of the lines.
    public var height: Double
    /// The widest line: from a line's start to the end of its last grapheme that is not
    /// white space (hanging spaces and a line's break do not count). A bubble this wide
    /// holds every line as it is.
    public var width: Double
    /// The smallest width giving the same line count (at most the available width).
    public var fitWidth: Double

    public init(lineCount: Int, height: Double, width: Double, fitWidth: Double) {
        self.lineCount = lineCount
        self.height = height
        self.width = width
        self.fitWidth = fitWidth
    }
}
