/// Line clamping of a prepared text: at most N lines with an ellipsis, laid out by the same
/// arithmetic as `layout(width:)`, without making the lines it does not show.
extension ShapedText {
    /// Lays the prepared text out at `width` in at most `lineClamp` lines, as CSS
    /// `-webkit-line-clamp: lineClamp` (with `display: -webkit-box; -webkit-box-orient:
    /// vertical; overflow: hidden`) shows it in Chromium: the lines `layout(width:)` makes,
    /// the last one shown cut so that "…" fits after it when text is hidden. In the
    /// direction the text was prepared in (``TextLayoutOptions/direction``).
    ///
    /// ```swift
    /// let collapsed = try prepared.layout(width: 280, lineClamp: 3)
    /// if collapsed.isTruncated { /* draw "show more" under collapsed.height */ }
    /// ```
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width; `.invalidLineClamp`
    ///   when `lineClamp < 1`.
    /// - Complexity: O(break opportunities of the lines shown + length of the last line
    ///   shown): the walk stops after the last line shown.
    public func layout(width: Double, lineClamp: Int) throws(TextLayoutError) -> ClampedLayout {
        try _Truncation.clamp(self, width: width, lineClamp: lineClamp, rightToLeft: options.direction.isRightToLeft(text))
    }

    /// Lays the prepared text out at `width` in at most `lineClamp` lines as a paragraph of
    /// `direction` shows it (`dir="rtl"`: the last line shown keeps its right part and the
    /// ellipsis goes on its left; see ``ClampedLayout/isRightToLeft``).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width; `.invalidLineClamp`
    ///   when `lineClamp < 1`.
    /// - Complexity: O(break opportunities + lines shown + length of the last line shown),
    ///   and for a right-to-left paragraph the length of the last line's paragraph.
    public func layout(width: Double, lineClamp: Int, direction: ParagraphDirection) throws(TextLayoutError) -> ClampedLayout {
        try _Truncation.clamp(self, width: width, lineClamp: lineClamp, rightToLeft: direction.isRightToLeft(text))
    }

    /// The prepared text on one line cut to `width` with an ellipsis, as CSS `text-overflow:
    /// ellipsis` shows it with `white-space: nowrap; overflow: hidden` (see
    /// `TextLayout.singleLine(text:width:metrics:options:)`), in the direction the text was
    /// prepared in.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + length of the first line).
    public func singleLine(width: Double) throws(TextLayoutError) -> ClampedLayout {
        try singleLine(width: width, direction: options.direction)
    }

    /// The prepared text on one line cut to `width` with an ellipsis in a paragraph of
    /// `direction` (right to left: the line keeps its right part, the ellipsis on its left).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + length of the first line).
    public func singleLine(width: Double, direction: ParagraphDirection) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        let rtl = direction.isRightToLeft(text)
        let unwrapped = try _Truncation.clamp(self, width: .infinity, lineClamp: 1, rightToLeft: rtl).layout
        return try _Truncation.oneLine(unwrapped, width: width, rightToLeft: rtl)
    }
}

/// The lines a clamp shows (`ShapedText.layout(width:lineClamp:)`), to a `LineCollector`:
/// the walk stops after the last of them, and text is hidden when that line ends before the
/// text does (the walk would visit another line).
struct ClampCollector: LineVisitor {
    let lineClamp: Int
    private var shown: LineCollector
    private(set) var count = 0
    private(set) var lastHard = false
    /// The boundary indices of the last line shown: its start and its content's end.
    private(set) var bounds = (start: 0, contentEnd: 0)
    /// The boundary index where the last line shown ends.
    private var end = 0

    var y: Double { shown.bottoms.last ?? 0 }

    /// The lines shown and their bottoms, moved out (see `LineCollector.take()`).
    mutating func takeLines() -> (lines: [LineFragment], bottoms: [Double]) { shown.take() }

    init(lineClamp: Int) {
        self.lineClamp = lineClamp
        // The lines shown, and the line of the rest or the empty last line added after.
        shown = LineCollector(capacity: Swift.min(lineClamp, 16) + 1)
    }

    @inline(__always)
    var isDone: Bool { count >= lineClamp }

    /// Whether text is hidden: a line past the clamp (`text`'s walk ended early, before its
    /// end). The empty line after a final mandatory break is not one (no visit).
    func hidesText(of text: ShapedText) -> Bool { count == lineClamp && end < text.lastBoundary }

    @inline(__always)
    mutating func visit(_ text: ShapedText, _ s: Int, _ e: Int, _ width: Int64, _ hard: Bool, _ box: Double?) {
        count += 1
        lastHard = hard
        bounds = (s, hard ? e - 1 : e)
        end = e
        shown.visit(text, s, e, width, hard, box)
    }
}
