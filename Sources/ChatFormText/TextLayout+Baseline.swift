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
        return _LineBaseline.baseline(of: shaped, fromByte: line.start, to: line.contentEnd)
    }
}

