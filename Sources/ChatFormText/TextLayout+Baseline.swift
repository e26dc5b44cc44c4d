/// Where a line's glyphs sit: the baseline, for drawing a layout made with real fonts.
extension TextLayout {
    /// The distance from the top of line `index` to its baseline, in pixels, for a layout
    /// made with a `TextShaper`; nil for cell, fixed and custom metrics, which have no
    /// baseline.
    ///
    /// CSS computes it: with `line-height: normal` the largest ascent (with half its font's
    /// line gap above it) of the fonts used on the line, the primary font's always among
    /// them (the strut); with a fixed line height the primary font's ascent plus half the
    /// leading that height leaves.
    ///
    /// - Complexity: O(log r + the runs on the line), r the number of runs.
    public func baseline(ofLine index: Int) -> Double? {
        guard let shaped = shapedText, lines.indices.contains(index) else { return nil }
        let line = lines[index]
        return shaped.baseline(fromByte: line.start, to: line.contentEnd)
    }
}

extension ShapedText {
    /// The baseline of a line holding bytes `start..<end`, from the line's top.
    func baseline(fromByte start: Int, to end: Int) -> Double {
        if let fixed = fixedLineHeight { return faces[0].box(lineHeight: fixed).ascent }
        var ascent = faces[0].box(lineHeight: faces[0].lineSpacing).ascent
        guard usesFallbackFonts, end > start, !runs.isEmpty else { return ascent }
        var r = runIndex(containing: start)
        while r < runs.count && runs[r].range.lowerBound < end {
            let face = runs[r].face
            if face != 0 && face < faces.count {
                ascent = Swift.max(ascent, faces[face].box(lineHeight: faces[face].lineSpacing).ascent)
            }
            r += 1
        }
        return ascent
    }
}
