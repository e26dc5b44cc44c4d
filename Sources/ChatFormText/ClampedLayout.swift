/// A text laid out in at most a given number of lines, the last one ending in an ellipsis
/// when text is hidden: CSS `-webkit-line-clamp` (a chat message collapsed to a few lines
/// with "show more"), or one line with `text-overflow: ellipsis` (see <doc:LineClamp>).
///
/// ```swift
/// let prepared = try ShapedText(text: message, shaper: fonts)
/// let collapsed = try prepared.layout(width: 280, lineClamp: 3)
/// collapsed.height                 // three lines' height, or less for a shorter text
/// collapsed.isTruncated            // show a "show more" link
/// collapsed.ellipsis?.x            // where the "…" is drawn on the last line
/// ```
///
/// The lines shown are the text's first lines as the unclamped layout breaks them; on the
/// last one, graphemes are taken off its visual end (the right: paragraphs are left to
/// right) until the ellipsis fits after what remains, at least one grapheme kept, as
/// Chromium's line truncator does. In a line mixing directions the graphemes shown are a
/// visual prefix of the line, which may be two logical pieces (`visibleRanges`).
public struct ClampedLayout: Sendable {
    /// The layout behind it. Its first `lineCount` lines are the lines shown; when text is
    /// hidden it has one more line holding the rest of the text, not laid out (width 0,
    /// height 0), so its lines still partition the text and `layout.height == height`.
    public let layout: TextLayout
    /// The number of lines shown (at most the clamp; 1 for an empty text).
    public let lineCount: Int
    /// The height of the lines shown.
    public let height: Double
    /// Whether text was hidden: lines past the clamp, or the one line wider than the width.
    /// The ellipsis is shown then (at the start of the last line shown when it is empty, as
    /// Chromium draws it).
    public let isTruncated: Bool
    /// The UTF-8 offset where the text shown ends: everything before it on earlier lines is
    /// shown, and on the last line shown every grapheme before it but those a mixed-direction
    /// line hides (see `visibleRanges`). The text's length when nothing is hidden.
    public let visibleEnd: Int
    /// The UTF-8 ranges of the last line shown that are drawn (one, but in a line mixing
    /// directions cut inside it), ascending; empty for an empty line.
    public let visibleRanges: [Range<Int>]
    /// The ellipsis, when text is hidden.
    public let ellipsis: Ellipsis?
    /// Whether the paragraph is right to left (`dir="rtl"`, or `auto` on text whose first
    /// strong character is right to left): its lines start at the right of the width, the
    /// last line shown keeps its right part (a visual suffix) and the ellipsis is on its
    /// left. ``Ellipsis/x`` is then from the left of the box `layout.width` wide.
    public let isRightToLeft: Bool

    /// The ellipsis drawn at the end of the last line shown.
    public struct Ellipsis: Sendable, Hashable {
        /// What is drawn: "…" (U+2026) in the text's primary font, or "..." when that font
        /// has no glyph for it (as Chromium does).
        public var text: String
        /// The index of the line it ends.
        public var lineIndex: Int
        /// Its left edge, from the line's left (the right edge of the graphemes shown). In a
        /// right-to-left paragraph, from the left of the box the lines are laid in (as wide
        /// as the layout's width): the left edge of the graphemes shown, less its width.
        public var x: Double
        /// Its advance (with real fonts rounded up to 1/64 pixel, a browser's layout unit).
        public var width: Double
        /// The top and height of its line.
        public var y: Double
        public var height: Double

        public init(text: String, lineIndex: Int, x: Double, width: Double, y: Double, height: Double) {
            self.text = text
            self.lineIndex = lineIndex
            self.x = x
            self.width = width
            self.y = y
            self.height = height
        }
    }

    /// The lines shown.
    public var lines: ArraySlice<LineFragment> { layout.lines[0..<lineCount] }

    init(layout: TextLayout, lineCount: Int, height: Double, isTruncated: Bool, visibleEnd: Int,
         visibleRanges: [Range<Int>], ellipsis: Ellipsis?, isRightToLeft: Bool = false) {
        self.isRightToLeft = isRightToLeft
        self.layout = layout
        self.lineCount = lineCount
        self.height = height
        self.isTruncated = isTruncated
        self.visibleEnd = visibleEnd
        self.visibleRanges = visibleRanges
        self.ellipsis = ellipsis
    }
}

/// The ellipsis and where it goes: the part every clamp shares, on a line's graphemes in
/// visual order.
enum _Truncation {
    /// A grapheme of the line, in visual order, with its UTF-8 range and x extent.
    struct Cluster: _OnLine {
        var piece: _LinePiece
        /// The inline item it belongs to on the line (a browser's line box child: one item
        /// of one script, direction and emoji priority; hanging white space is one of its
        /// own), or nil where the line's items are not known (see `_RightToLeftTruncator`).
        var child: Int? = nil
        /// Whether it runs right to left.
        var isRightToLeft = false
    }

    /// The graphemes of the line kept (a visual prefix) when an ellipsis of `ellipsisWidth`
    /// must end by `width`: all of them when they fit with it, else the longest prefix that
    /// does, but at least one (CSS: the first grapheme of a line is clipped, not ellipsed).
    /// Returns how many are kept and where the ellipsis starts.
    /// `canCut(offset)` says whether the line may be cut at a UTF-8 offset between two
    /// graphemes of one run (not inside a glyph such as a ligature: the truncator keeps
    /// whole glyphs).
    static func cut(_ clusters: [Cluster], width: Double, ellipsisWidth: Double,
                    canCut: (Int) -> Bool = { _ in true }) -> (kept: Int, x: Double) {
        guard let last = clusters.last else { return (0, 0) }
        let room = width - ellipsisWidth + 1e-9
        if last.right <= room { return (clusters.count, last.right) }
        var lo = 0, hi = clusters.count   // the first cluster whose right edge passes the room
        while lo < hi {
            let mid = (lo + hi) / 2
            if clusters[mid].right <= room { lo = mid + 1 } else { hi = mid }
        }
        var kept = lo
        while kept > 1 {
            let a = clusters[kept - 1], b = clusters[kept]
            let offset = a.end == b.start ? a.end : (a.start == b.end ? a.start : nil)
            if offset.map(canCut) ?? true { break }
            kept -= 1
        }
        kept = Swift.max(1, kept)
        return (kept, clusters[kept - 1].right)
    }

    /// The logical ranges `clusters` cover, merged and ascending.
    static func ranges(_ clusters: ArraySlice<Cluster>) -> [Range<Int>] {
        var pieces = clusters.map { $0.start..<$0.end }
        pieces.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for p in pieces {
            if let last = merged.last, last.upperBound == p.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<p.upperBound
            } else {
                merged.append(p)
            }
        }
        return merged
    }
}

extension TextLayoutError {
    /// The message for `.invalidLineClamp`.
    static func lineClampDescription(_ n: Int) -> String {
        "invalid line clamp \(n): at least one line is shown"
    }
}
