/// Line clamping of a prepared text: at most N lines with an ellipsis, laid out by the same
/// arithmetic as `layout(width:)`, without making the lines it does not show.
extension ShapedText {
    /// Lays the prepared text out at `width` in at most `lineClamp` lines, as CSS
    /// `-webkit-line-clamp: lineClamp` (with `display: -webkit-box; -webkit-box-orient:
    /// vertical; overflow: hidden`) shows it in Chromium: the lines `layout(width:)` makes,
    /// the last one shown cut so that "…" fits after it when text is hidden.
    ///
    /// ```swift
    /// let collapsed = try prepared.layout(width: 280, lineClamp: 3)
    /// if collapsed.isTruncated { /* draw "show more" under collapsed.height */ }
    /// ```
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width; `.invalidLineClamp`
    ///   when `lineClamp < 1`.
    /// - Complexity: O(break opportunities + lines shown + length of the last line shown):
    ///   the lines past the clamp are found (to know whether text is hidden) but not made.
    public func layout(width: Double, lineClamp: Int) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        guard lineClamp >= 1 else { throw .invalidLineClamp(lineClamp) }
        var lines: [LineFragment] = []
        var bottoms: [Double] = []
        lines.reserveCapacity(Swift.min(lineClamp, 8) + 1)
        bottoms.reserveCapacity(Swift.min(lineClamp, 8) + 1)
        var y = 0.0
        var count = 0
        var lastHard = false
        forEachLine(width: width) { s, e, w, hard, box in
            count += 1
            lastHard = hard
            guard count <= lineClamp else { return }
            let terminator = hard ? Int(offsets[e] - offsets[e - 1]) : 0
            lines.append(LineFragment(start: Int(offsets[s]), end: Int(offsets[e]), width: Self.pixels(w),
                                      terminatorLength: terminator))
            y += box ?? lineBoxHeight(from: s, to: e)
            bottoms.append(y)
        }
        if !storage.header.isItemized && roundsBidiRuns { roundBidiRuns(&lines) }
        let end = Int(offsets[lastBoundary])
        // The empty line after a final mandatory break (or of an empty text) is a line of
        // the layout, but no text a clamp hides.
        if count < lineClamp && (count == 0 || lastHard) {
            lines.append(LineFragment(start: end, end: end, width: 0, terminatorLength: 0))
            y += fixedLineHeight ?? strutHeight
            bottoms.append(y)
        }
        let shown = lines.count
        let truncated = count > lineClamp
        if truncated, let last = lines.last {
            lines.append(LineFragment(start: last.end, end: end, width: 0, terminatorLength: 0))
            bottoms.append(y)
        }
        let layout = TextLayout(shaped: self, width: width, lines: lines, bottoms: bottoms)
        return try clampResult(layout, shown: shown, truncated: truncated)
    }

    /// The prepared text on one line cut to `width` with an ellipsis, as CSS `text-overflow:
    /// ellipsis` shows it with `white-space: nowrap; overflow: hidden` (see
    /// `TextLayout.singleLine(text:width:metrics:options:)`).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + length of the first line).
    public func singleLine(width: Double) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        return try layout(width: .infinity, lineClamp: 1).layout.truncatedToOneLine(width: width)
    }

    /// The ellipsis Chromium draws for this text: "…" shaped in the primary font, or "..."
    /// when that font has no glyph for it; its advance rounded up to a layout unit. Shaped
    /// once per prepared text.
    func ellipsisMetrics() -> (text: String, width: Double) {
        let packed = edgeCache.value(Int64.min) {
            let shaper = self.shaper
            func advance(_ s: String) -> (Int64, Bool)? {
                guard let shaped = try? shaper.shape(s) else { return nil }
                let total = shaped.advances.reduce(Int64(0)) { $0 + Int64($1) }
                return (total, shaped.runs.allSatisfy { $0.face == 0 })
            }
            if let (w, primary) = advance("\u{2026}"), primary, w > 0 { return Self.ceilToLayoutUnit(w) << 1 }
            let dots = advance("...")?.0 ?? 0
            return Self.ceilToLayoutUnit(dots) << 1 | 1
        }
        return (packed & 1 == 0 ? "\u{2026}" : "...", Self.pixels(packed >> 1))
    }
}
