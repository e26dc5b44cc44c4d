/// Line clamping in a right-to-left paragraph (`dir="rtl"`): the lines end at the right of
/// the width, so the last line shown keeps its graphemes from the right and the ellipsis is
/// drawn on their left, as Chromium's line truncator places it for a right-to-left line.
extension _Truncation {
    /// The graphemes of line `index` of `layout` from left to right, with their x extents from the
    /// line's left, as a right-to-left paragraph shows them: levels resolved on the line's
    /// paragraph (the text between mandatory breaks) at paragraph level 1, white space
    /// hanging at the line's end ordered at that level (it goes to the line's left), each
    /// bidi run a box rounded as a browser rounds it (see `_BidiLine`).
    ///
    /// - Complexity: O(length of the line's paragraph).
    static func rightToLeftClusters(of layout: TextLayout, onLine index: Int) throws(TextLayoutError) -> [Cluster] {
        let lines = layout.lines
        let line = lines[index]
        var stops: [(offset: Int, x: Double)] = []
        try layout.forEachCaretStop(onLine: index) { offset, x in
            stops.append((offset, x))
            return true
        }
        guard stops.count > 1 else { return [] }
        var text = layout.text
        let resolved: (levels: [UInt8], start: Int, lineBytes: [UInt8]) = text.withUTF8 { bytes in
            // The paragraph: from the end of the last hard line before this one to the
            // first mandatory break at or after the line's content end.
            var start = 0
            var k = index - 1
            while k >= 0 {
                if lines[k].isHard { start = lines[k].end; break }
                k -= 1
            }
            var end = line.contentEnd
            if !line.isHard {
                while end < bytes.count {
                    let (scalar, length) = UTF8Scalar.decode(bytes, at: end)
                    if UTF8Scalar.isMandatoryBreak(scalar) { break }
                    end += length
                }
            }
            let levels = TextItemizer.bidiLevels(UnsafeBufferPointer(rebasing: bytes[start..<end]), paragraphLevel: 1) ?? []
            return (levels, start, Array(bytes[line.start..<line.contentEnd]))
        }
        let itemStarts = layout.shapedText?.itemStartOffsets(in: line.start..<line.contentEnd) ?? []
        let bidi = _BidiLine(start: line.start, contentEnd: line.contentEnd, stops: stops,
                             levels: { offset in
                                 let i = offset - resolved.start
                                 return i >= 0 && i < resolved.levels.count ? resolved.levels[i] : 1
                             },
                             isHangingSpace: { offset in TextLayout.isHangingSpace(resolved.lineBytes, at: offset - line.start) },
                             paragraphLevel: 1, startsItem: { itemStarts.contains($0) })
        // Each cluster's line box child with real fonts: its stretch of one bidi level and
        // emoji presentation (an inline item; see `_RightToLeftTruncator`), hanging white
        // space apart.
        let real = layout.shapedText != nil
        return text.withUTF8 { bytes in
            bidi.clusters.map { c in
                let emoji = real && !c.hangs && TextItemizer.isEmojiPresentation(bytes, c.start, c.end)
                let child: Int? = real ? (c.hangs ? -1 : Int(c.level) * 2 + (emoji ? 1 : 0)) : nil
                return Cluster(piece: c.piece, child: child, isRightToLeft: c.isRightToLeft)
            }
        }
    }
}

/// The clamp of `layout` in a right-to-left paragraph whose first `shown` lines are shown and
/// text is hidden: the last line keeps a visual suffix that fits with the ellipsis on its
/// left (at least one grapheme, never cutting a glyph), its right edge at the right of the
/// width. With real fonts the cut is Blink's, child by child (`_RightToLeftTruncator`);
/// else the longest suffix that fits. `clusters`: the line's graphemes from left to right,
/// or read from the layout.
func rightToLeftClampResult(_ layout: TextLayout, shown: Int, height: Double,
                            clusters given: [_Truncation.Cluster]?) throws(TextLayoutError) -> ClampedLayout {
    let index = shown - 1
    let line = layout.line(at: index)
    let (text, width) = _Truncation.ellipsis(of: layout)
    let top = layout.lineTop(index)
    let clusters: [_Truncation.Cluster]
    if let given { clusters = given } else { clusters = try _Truncation.rightToLeftClusters(of: layout, onLine: index) }
    let right = clusters.last?.right ?? 0
    let boxRight = layout.width.isFinite ? layout.width : right
    var cut: (kept: Int, ellipsisX: Double)? = nil
    if let shaped = layout.shapedText {
        let canCut = { (offset: Int) in !shaped.has(shaped.boundary(of: offset), ShapedText.Flags.insideGlyph) }
        if layout.width.isFinite {
            cut = _RightToLeftTruncator(clusters: clusters)?.cut(width: layout.width, ellipsisWidth: width, canCut: canCut)
        }
        if cut == nil {
            cut = _Truncation.mirroredCut(clusters, width: layout.width, boxRight: boxRight, ellipsisWidth: width, canCut: canCut)
        }
    }
    let (kept, x) = cut ?? _Truncation.mirroredCut(clusters, width: layout.width, boxRight: boxRight, ellipsisWidth: width)
    let ranges = _Truncation.ranges(clusters[(clusters.count - kept)...])
    let ellipsis = ClampedLayout.Ellipsis(text: text, lineIndex: index, x: x, width: width, y: top, height: height - top)
    return ClampedLayout(layout: layout, lineCount: shown, height: height, isTruncated: true,
                         visibleEnd: ranges.last?.upperBound ?? line.start, visibleRanges: ranges, ellipsis: ellipsis,
                         isRightToLeft: true)
}

extension _Truncation {
    /// The cut of a left-to-right line mirrored: the longest visual suffix of `clusters`
    /// (left to right) that fits with the ellipsis on its left. Returns how many graphemes
    /// are kept from the right and the ellipsis's x.
    static func mirroredCut(_ clusters: [Cluster], width: Double, boxRight: Double, ellipsisWidth: Double,
                            canCut: (Int) -> Bool = { _ in true }) -> (kept: Int, ellipsisX: Double) {
        let right = clusters.last?.right ?? 0
        let mirrored = clusters.reversed().map { Cluster(piece: $0.piece.mirrored(within: right)) }
        let cut = Self.cut(mirrored, width: width, ellipsisWidth: ellipsisWidth, canCut: canCut)
        return (cut.kept, boxRight - cut.x - ellipsisWidth)
    }
}
