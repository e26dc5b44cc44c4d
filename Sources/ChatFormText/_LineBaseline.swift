/// A line's baseline from the fonts used on it (`TextLayout.baseline(ofLine:)`).
enum _LineBaseline {
    /// The baseline of a line of `shaped` holding bytes `start..<end`, from the line's top.
    ///
    /// - Complexity: O(log r + the runs on the line), r the number of runs.
    static func baseline(of shaped: ShapedText, fromByte start: Int, to end: Int) -> Double {
        if let fixed = shaped.fixedLineHeight { return shaped.faces[0].box(lineHeight: fixed).ascent }
        var ascent = shaped.faces[0].box(lineHeight: shaped.faces[0].lineSpacing).ascent
        guard shaped.usesFallbackFonts, end > start, !shaped.runList.isEmpty else { return ascent }
        var r = shaped.runIndex(containing: start)
        while r < shaped.runList.count && shaped.runList[r].range.lowerBound < end {
            let face = shaped.runList[r].face
            if face != 0 && face < shaped.faces.count {
                ascent = Swift.max(ascent, shaped.faces[face].box(lineHeight: shaped.faces[face].lineSpacing).ascent)
            }
            r += 1
        }
        return ascent
    }
}
