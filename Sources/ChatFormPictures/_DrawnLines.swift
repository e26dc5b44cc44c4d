import ChatFormText

/// One grapheme cluster of a drawn line: its text and where the layout put it.
public struct DrawnCluster: Sendable, Hashable {
    /// The cluster's text.
    public var text: String
    /// Its UTF-8 offset in the laid-out text.
    public var offset: Int
    /// Its left edge: from the line's start (the caret's x before it) in logical clusters, where
    /// the layout shows it in shown ones (`LineLayout.shownClusters(ofLine:)`).
    public var x: Double
    /// Its advance (to the next cluster's x, or the line's end).
    public var width: Double
    /// Whether it is the ellipsis of a clamped text (drawn at its own x, `offset` the
    /// clamp's visible end), not a grapheme of the text.
    public var isEllipsis = false
}

extension ClampedLayout {
    /// The clusters drawn on shown line `index`, left to right at their x (from the box's
    /// left): those kept, then, on the last line of a truncated text, the ellipsis.
    ///
    /// - Complexity: O(the line's length).
    func drawnClusters(ofLine index: Int) -> [DrawnCluster] {
        let bytes = Array(layout.text(ofLine: index).utf8)
        let start = layout.line(at: index).start
        var result = ((try? drawnGraphemes(onLine: index)) ?? []).compactMap { g -> DrawnCluster? in
            let from = g.range.lowerBound - start, to = g.range.upperBound - start
            guard from >= 0, to <= bytes.count, from < to else { return nil }
            return DrawnCluster(text: String(decoding: bytes[from..<to], as: UTF8.self), offset: g.range.lowerBound, x: g.x, width: g.width)
        }
        if let e = ellipsis, e.lineIndex == index {
            result.append(DrawnCluster(text: e.text, offset: visibleEnd, x: e.x, width: e.width, isEllipsis: true))
        }
        return result
    }
}

extension LineLayout {
    /// The clusters of line `index`, without its mandatory break, each at the x of the caret
    /// stop before it (logical order).
    ///
    /// - Complexity: O(the line's length).
    func clusters(ofLine index: Int) -> [DrawnCluster] {
        let line = line(at: index)
        var stops: [(offset: Int, x: Double)] = []
        try? forEachCaretStop(onLine: index) { offset, x in
            stops.append((offset, x))
            return true
        }
        guard stops.count > 1 else { return [] }
        let bytes = Array(text(ofLine: index).utf8)
        var result: [DrawnCluster] = []
        result.reserveCapacity(stops.count - 1)
        for k in 0..<(stops.count - 1) {
            let from = stops[k].offset - line.start, to = stops[k + 1].offset - line.start
            guard from >= 0, to <= bytes.count, from < to else { continue }
            result.append(DrawnCluster(text: String(decoding: bytes[from..<to], as: UTF8.self), offset: stops[k].offset,
                                       x: stops[k].x, width: Swift.max(0, stops[k + 1].x - stops[k].x)))
        }
        return result
    }
}

extension LineLayout {
    /// The clusters of line `index` from left to right where the layout shows them
    /// (``LineLayout/visualGraphemes(onLine:)``): a right-to-left run reversed, a
    /// right-to-left paragraph's line placed from the right. What a drawing in cells writes.
    ///
    /// - Complexity: O(the line's length).
    func shownClusters(ofLine index: Int) -> [DrawnCluster] {
        let start = line(at: index).start
        let bytes = Array(text(ofLine: index).utf8)
        return ((try? visualGraphemes(onLine: index)) ?? []).compactMap { g -> DrawnCluster? in
            let from = g.range.lowerBound - start, to = g.range.upperBound - start
            guard from >= 0, to <= bytes.count, from < to else { return nil }
            return DrawnCluster(text: String(decoding: bytes[from..<to], as: UTF8.self), offset: g.range.lowerBound,
                                x: g.minX, width: g.maxX - g.minX)
        }
    }

    /// Where line `index` of a right-to-left paragraph is shown: its content's left and
    /// right edges (white space hanging at its end lies left of `left`); nil for a line of a
    /// left-to-right paragraph, drawn from x 0.
    ///
    /// - Complexity: O(the line's length).
    func rightToLeftExtent(ofLine index: Int) -> (left: Double, right: Double)? {
        guard paragraphLevel(onLine: index) & 1 == 1 else { return nil }
        let line = line(at: index)
        guard let right = ((try? visualGraphemes(onLine: index)) ?? []).map(\.maxX).max() else {
            let x = (try? caretRect(for: TextPosition(offset: line.start)).minX) ?? 0
            return (x, x)
        }
        return (right - line.width, right)
    }
}
