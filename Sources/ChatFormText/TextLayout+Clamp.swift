/// Line clamping on a laid-out text, for any metrics (terminal cells, fixed advances, your
/// own, or real fonts): the last line shown ends in an ellipsis (see `ClampedLayout`).
extension TextLayout {
    /// This layout shown in at most `maxLines` lines, as CSS `-webkit-line-clamp: maxLines`
    /// shows it: the first lines as they are, the last one cut so that an ellipsis fits
    /// after it when text is hidden.
    ///
    /// An empty line after a final mandatory break is not text hidden (a browser draws
    /// no line there). For a prepared text, `ShapedText.layout(width:lineClamp:)` does the
    /// same without laying out the lines it does not show. In the layout's direction
    /// (``TextLayoutOptions/direction``).
    ///
    /// - Throws: `.invalidLineClamp` when `maxLines < 1`.
    /// - Complexity: O(`maxLines` + length of the last line shown).
    public func clamped(toLines maxLines: Int) throws(TextLayoutError) -> ClampedLayout {
        try _Truncation.clamp(self, toLines: maxLines, rightToLeft: options.direction.isRightToLeft(text))
    }

    /// This layout shown in at most `maxLines` lines as a paragraph of `direction` shows
    /// it: in a right-to-left paragraph the last line shown keeps its right part and the
    /// ellipsis goes on its left (see ``ClampedLayout/isRightToLeft``).
    ///
    /// - Throws: `.invalidLineClamp` when `maxLines < 1`.
    /// - Complexity: O(`maxLines` + length of the last line shown), and for a right-to-left
    ///   paragraph the length of the last line's paragraph (its levels are resolved).
    public func clamped(toLines maxLines: Int, direction: ParagraphDirection) throws(TextLayoutError) -> ClampedLayout {
        try _Truncation.clamp(self, toLines: maxLines, rightToLeft: direction.isRightToLeft(text))
    }

    /// `text` on one line cut to `width` with an ellipsis, as CSS `text-overflow: ellipsis`
    /// with `white-space: nowrap; overflow: hidden` shows it: the text up to its first
    /// mandatory break, laid out without wrapping; when that is wider than `width`, its last
    /// graphemes are taken off until the ellipsis fits. A text with more lines after its
    /// first mandatory break is hidden past it, with the ellipsis after the first line (as
    /// `-webkit-line-clamp: 1` shows it). In `options.direction`.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width, and what laying the text
    ///   out throws.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public static func singleLine(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                                  options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) -> ClampedLayout {
        try singleLine(text: text, width: width, metrics: metrics, options: options, direction: options.direction)
    }

    /// `text` on one line cut to `width` with an ellipsis in a paragraph of `direction`:
    /// right to left, the line starts at the right, keeps its right part and shows the
    /// ellipsis on its left (see `singleLine(text:width:metrics:options:)`).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width, and what laying the text
    ///   out throws.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public static func singleLine(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                                  options: TextLayoutOptions = TextLayoutOptions(),
                                  direction: ParagraphDirection) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        let unwrapped = try TextLayout(text: text, width: .infinity, metrics: metrics, options: options)
        return try _Truncation.oneLine(unwrapped, width: width, rightToLeft: direction.isRightToLeft(text))
    }

    /// A copy of `layout` with other lines and bottoms (see `ClampedLayout.layout`), or
    /// reporting another width (a one-line layout cut to that width).
    init(clamping layout: TextLayout, lines: [LineFragment]? = nil, bottoms: [Double]? = nil, width: Double? = nil) {
        self.text = layout.text
        self.width = width ?? layout.width
        self.options = layout.options
        self.lineHeight = layout.lineHeight
        self.measurer = layout.measurer
        self.shapedText = layout.shapedText
        self.lines = lines ?? layout.lines
        self.lineBottoms = bottoms ?? layout.lineBottoms
    }
}

/// The graphemes of a laid-out line and the ellipsis in a layout's metrics, for the clamps.
extension _Truncation {
    /// The graphemes of line `index` of `layout` from left to right, with their x extents
    /// (each bidi run a box rounded as a browser rounds it; see `_BidiLine`), as a
    /// right-to-left paragraph shows them when `rtl` (see `rightToLeftClusters`).
    ///
    /// - Complexity: O(length of the line).
    static func clusters(of layout: TextLayout, onLine index: Int, rightToLeft rtl: Bool = false) throws(TextLayoutError) -> [Cluster] {
        if rtl { return try rightToLeftClusters(of: layout, onLine: index) }
        if let bidi = try layout.bidiLine(index) {
            return bidi.clusters.map { Cluster(piece: $0.piece) }
        }
        var result: [Cluster] = []
        var previous: (offset: Int, x: Double)?
        try layout.forEachCaretStop(onLine: index) { offset, x in
            if let p = previous { result.append(Cluster(piece: _LinePiece(start: p.offset, end: offset, left: p.x, right: x))) }
            previous = (offset, x)
            return true
        }
        return result
    }

    /// The ellipsis's text and advance in `layout`'s metrics: "…" (U+2026), or "..." where
    /// it has no width (a font without the glyph).
    static func ellipsis(of layout: TextLayout) -> (text: String, width: Double) {
        if let shaped = layout.shapedText { return EllipsisCut(shaped).ellipsis() }
        func advance(_ s: String) -> Double {
            var s = s
            return s.withUTF8 { layout.measurer.advance($0, 0, $0.count) }
        }
        let w = advance("\u{2026}")
        return w > 0 ? ("\u{2026}", w) : ("...", 3 * advance("."))
    }
}

/// The clamp of `layout`, whose first `shown` lines are shown: the last one cut for the
/// ellipsis when `truncated` (its graphemes in visual order: `clusters`, or read from the
/// layout).
func clampResult(_ layout: consuming TextLayout, shown: Int, truncated: Bool, clusters given: [_Truncation.Cluster]? = nil,
                 boundaries: (start: Int, contentEnd: Int)? = nil, rightToLeft: Bool = false) throws(TextLayoutError) -> ClampedLayout {
    let index = shown - 1
    let line = layout.line(at: index)
    let height = layout.lineTop(index) + layout.heightOfLine(index)
    guard truncated else {
        return ClampedLayout(layout: layout, lineCount: shown, height: height, isTruncated: false, visibleEnd: layout.utf8Count,
                             visibleRanges: line.contentEnd > line.start ? [line.start..<line.contentEnd] : [], ellipsis: nil,
                             isRightToLeft: rightToLeft)
    }
    if rightToLeft {
        return try rightToLeftClampResult(layout, shown: shown, height: height, clusters: given)
    }
    // The line's boundary indices in a prepared text (given by its wrap, or found).
    let shaped = layout.shapedText
    let bounds = shaped.map { t in boundaries ?? (t.boundary(of: line.start), t.boundary(of: line.contentEnd)) }
    let (text, width) = _Truncation.ellipsis(of: layout)
    let top = layout.lineTop(index), lineHeight = height - top
    // An empty last line shows the ellipsis at its start.
    func ellipsisAt(_ x: Double) -> ClampedLayout.Ellipsis {
        ClampedLayout.Ellipsis(text: text, lineIndex: index, x: x, width: width, y: top, height: lineHeight)
    }
    // A line broken at a soft hyphen shows a hyphen after it, kept before the ellipsis when
    // both fit (the hyphen is the line's last box).
    var hyphen = 0.0
    if let shaped, let bounds, !line.isHard, line.end < layout.utf8Count, shaped.hyphenAdvance != 0,
       bounds.contentEnd > 0 && shaped.has(bounds.contentEnd - 1, ShapedText.Flags.softHyphen) {
        hyphen = _LayoutUnit.pixels(shaped.hyphenAdvance)
    }
    if given == nil, let shaped, let bounds, EllipsisCut(shaped).isArithmetic {
        let cut = EllipsisCut(shaped).cut(s: bounds.start, e: bounds.contentEnd, width: layout.width, ellipsisWidth: width,
                                        hyphen: hyphen)
        return ClampedLayout(layout: layout, lineCount: shown, height: height, isTruncated: true, visibleEnd: cut.end,
                             visibleRanges: cut.end > line.start ? [line.start..<cut.end] : [], ellipsis: ellipsisAt(cut.x))
    }
    var clusters: [_Truncation.Cluster]
    if let given { clusters = given } else { clusters = try _Truncation.clusters(of: layout, onLine: index) }
    if hyphen != 0, let last = clusters.last, last.end == line.contentEnd { clusters[clusters.count - 1].piece.right += hyphen }
    let cut: (kept: Int, x: Double)
    if let shaped {
        cut = _Truncation.cut(clusters, width: layout.width, ellipsisWidth: width) { offset in
            !shaped.has(shaped.boundary(of: offset), ShapedText.Flags.insideGlyph)
        }
    } else {
        cut = _Truncation.cut(clusters, width: layout.width, ellipsisWidth: width)
    }
    let ranges = _Truncation.ranges(clusters[0..<cut.kept])
    let ellipsis = ellipsisAt(cut.x)
    return ClampedLayout(layout: layout, lineCount: shown, height: height, isTruncated: true,
                         visibleEnd: ranges.last?.upperBound ?? line.start, visibleRanges: ranges, ellipsis: ellipsis)
}

