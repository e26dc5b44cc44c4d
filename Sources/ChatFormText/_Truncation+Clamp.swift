/// The clamps behind `TextLayout.clamped(toLines:)`, `TextLayout.singleLine(text:width:)`,
/// `ShapedText.layout(width:lineClamp:)` and `ShapedText.singleLine(width:)`: which lines
/// are shown and whether text is hidden; `clampResult` then places the ellipsis.
extension _Truncation {
    /// `layout` in at most `maxLines` lines, the last one cut for the ellipsis when text is
    /// hidden (`TextLayout.clamped(toLines:)`), as a right-to-left paragraph shows it when `rtl`.
    ///
    /// - Throws: `.invalidLineClamp` when `maxLines < 1`.
    /// - Complexity: O(`maxLines` + length of the last line shown).
    static func clamp(_ layout: TextLayout, toLines maxLines: Int, rightToLeft rtl: Bool) throws(TextLayoutError) -> ClampedLayout {
        guard maxLines >= 1 else { throw .invalidLineClamp(maxLines) }
        let lines = layout.lines
        let shown = Swift.min(maxLines, lines.count)
        guard shown < lines.count else { return try clampResult(layout, shown: shown, truncated: false, rightToLeft: rtl) }
        // The empty line after a final mandatory break alone past the clamp hides no text.
        let onlyEmptyEnd = lines.count == shown + 1 && lines[shown].start == lines[shown].end && lines[shown - 1].isHard
        var kept = Array(lines[0..<shown])
        kept.append(LineFragment(start: lines[shown].start, end: layout.utf8Count, width: 0, terminatorLength: 0))
        var bottoms = (0..<shown).map { layout.lineTop($0) + layout.heightOfLine($0) }
        bottoms.append(bottoms[shown - 1])
        return try clampResult(TextLayout(clamping: layout, lines: kept, bottoms: bottoms), shown: shown, truncated: !onlyEmptyEnd,
                               rightToLeft: rtl)
    }

    /// The unwrapped `layout` (`width == .infinity`) cut to one line of `width`.
    ///
    /// - Complexity: O(length of the first line).
    static func oneLine(_ layout: TextLayout, width: Double, rightToLeft rtl: Bool = false) throws(TextLayoutError) -> ClampedLayout {
        let one = try clamp(layout, toLines: 1, rightToLeft: rtl)
        let shaped = layout.shapedText, first = layout.lines[0]
        let fast = !rtl && shaped.map { EllipsisCut($0).isArithmetic } == true
        let clusters = fast ? [] : try clusters(of: layout, onLine: 0, rightToLeft: rtl)
        // With real fonts the line fits as wrapping fits one: rounded up to a layout unit, at
        // most the width plus one unit (see `ShapedText.layout(width:)`).
        let right = fast ? EllipsisCut(shaped!).right(start: first.start, contentEnd: first.contentEnd) : clusters.last?.right ?? 0
        let overflows = shaped == nil ? right > width + 1e-9 : (right * 64).rounded(.up) > ((width * 64).rounded(.down) + 1) + 1e-6
        let cut = TextLayout(clamping: one.layout, width: width)
        return try clampResult(cut, shown: 1, truncated: one.isTruncated || overflows, clusters: fast ? nil : clusters,
                               rightToLeft: rtl)
    }

    /// `shaped` laid out at `width` in at most `lineClamp` lines
    /// (`ShapedText.layout(width:lineClamp:)`): the walk stops after the last line shown.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width; `.invalidLineClamp`
    ///   when `lineClamp < 1`.
    /// - Complexity: O(break opportunities of the lines shown + length of the last line shown).
    static func clamp(_ shaped: ShapedText, width: Double, lineClamp: Int, rightToLeft rtl: Bool) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        guard lineClamp >= 1 else { throw .invalidLineClamp(lineClamp) }
        var collector = ClampCollector(lineClamp: lineClamp)
        shaped.forEachLine(width: width, visitor: &collector)
        var y = collector.y
        var (lines, bottoms) = collector.takeLines()
        let count = collector.count, lastHard = collector.lastHard, bounds = collector.bounds
        let end = Int(shaped.offsets[shaped.lastBoundary])
        // The empty line after a final mandatory break (or of an empty text) is a line of
        // the layout, but no text a clamp hides.
        if count < lineClamp && (count == 0 || lastHard) {
            lines.append(LineFragment(start: end, end: end, width: 0, terminatorLength: 0))
            y += shaped.fixedLineHeight ?? shaped.strutHeight
            bottoms.append(y)
        }
        let shown = lines.count
        let truncated = collector.hidesText(of: shaped)
        if truncated, let last = lines.last {
            lines.append(LineFragment(start: last.end, end: end, width: 0, terminatorLength: 0))
            bottoms.append(y)
        }
        let layout = TextLayout(shaped: shaped, width: width, lines: lines, bottoms: bottoms)
        return try clampResult(layout, shown: shown, truncated: truncated, boundaries: truncated ? bounds : nil, rightToLeft: rtl)
    }
}
