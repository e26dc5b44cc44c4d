/// Caret geometry (SPEC §2): the caret sits on grapheme boundaries; at a soft wrap one
/// offset has two places, chosen by the position's affinity.
extension TextLayout {
    /// Checks that `offset` is inside the text and on a grapheme cluster boundary.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(1) amortized (ICU may look back a few clusters).
    public func validate(_ offset: Int) throws(TextLayoutError) {
        let n = utf8Count
        guard offset >= 0 && offset <= n else { throw .offsetOutOfRange(offset: offset, length: n) }
        if offset == 0 || offset == n { return }
        let ok = try withText { _, iterators in iterators.isGraphemeBoundary(offset) }
        if !ok { throw .notOnGraphemeBoundary(offset: offset) }
    }

    /// The index of the line the caret at `position` sits on.
    ///
    /// - Complexity: O(log lines).
    public func lineIndex(for position: TextPosition) throws(TextLayoutError) -> Int {
        try validate(position.offset)
        return lineIndexUnchecked(position)
    }

    func lineIndexUnchecked(_ position: TextPosition) -> Int {
        // The last line whose start is <= offset.
        var lo = 0
        var hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines[mid].start <= position.offset { lo = mid } else { hi = mid - 1 }
        }
        if position.affinity == .upstream && lo > 0 && lines[lo].start == position.offset
            && !lines[lo - 1].isHard && lines[lo - 1].end == position.offset {
            return lo - 1
        }
        return lo
    }

    /// The caret's x on line `index` at `offset` (clamped to the line's content end).
    func caretX(line index: Int, offset: Int, bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators) -> Double {
        let line = lines[index]
        if case .shaped(let shaped) = measurer {
            return clampX(shaped.caretX(lineStart: line.start, offset: min(offset, line.contentEnd)), line: line)
        }
        let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
        var x = 0.0
        var i = line.start
        let stop = min(offset, line.contentEnd)
        while i < stop {
            let e = walker.clusterEnd(at: i)
            if bytes[i] == 0x09 { x = measurer.tabStop(after: x) } else { x += measurer.advance(bytes, i, e) }
            i = e
        }
        return clampX(x, line: line)
    }

    private func clampX(_ x: Double, line: LineFragment) -> Double {
        // Hanging white space may run past the edge; the caret stays at the edge.
        width.isFinite ? min(x, max(width, line.width)) : x
    }

    /// The caret rectangle (zero width, one line tall) for `position`, in the layout's
    /// coordinates (x from the line's left edge, y from the top of the first line).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines + length of the caret's line).
    public func caretRect(for position: TextPosition) throws(TextLayoutError) -> Rect {
        let index = try lineIndex(for: position)
        let x = try withText { bytes, iterators in caretX(line: index, offset: position.offset, bytes: bytes, iterators: iterators) }
        return Rect(x: x, y: lineTop(index), width: 0, height: heightOfLine(index))
    }

    /// The caret position nearest to `point`. Points above the first line land on it,
    /// below the last line on the last line; x snaps to the nearer edge of a cluster.
    ///
    /// - Complexity: O(log lines + length of the line).
    public func position(at point: Point) -> TextPosition {
        let index = lineIndex(atY: point.y)
        let x = point.x.isNaN ? 0 : point.x
        return (try? position(onLine: index, x: x)) ?? TextPosition(offset: lines[index].start)
    }

    func position(onLine index: Int, x goal: Double) throws(TextLayoutError) -> TextPosition {
        let line = lines[index]
        let isLast = index == lines.count - 1
        if case .shaped(let shaped) = measurer {
            if let offset = shaped.offset(lineStart: line.start, contentEnd: line.contentEnd, x: goal) {
                return TextPosition(offset: offset)
            }
            if !line.isHard && !isLast { return TextPosition(offset: line.end, affinity: .upstream) }
            return TextPosition(offset: line.contentEnd)
        }
        return try withText { bytes, iterators in
            let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
            var x = 0.0
            var i = line.start
            while i < line.contentEnd {
                let e = walker.clusterEnd(at: i)
                let next = bytes[i] == 0x09 ? measurer.tabStop(after: x) : x + measurer.advance(bytes, i, e)
                if goal < (x + next) / 2 { return TextPosition(offset: i) }
                x = next
                i = e
            }
            if !line.isHard && !isLast { return TextPosition(offset: line.end, affinity: .upstream) }
            return TextPosition(offset: line.contentEnd)
        }
    }

    /// The position one line up (`by: -1`) or down (`by: 1`), keeping `goalX` (the x the
    /// caret had when vertical movement began; pass nil to start from this position).
    /// Up from the first line goes to the start of the text, down from the last line to
    /// its end, as in UIKit and AppKit text views.
    ///
    /// - Returns: the new position and the goal x to pass to the next vertical move.
    /// - Complexity: O(log lines + length of the two lines).
    public func position(movingVerticallyFrom position: TextPosition, by lines: Int,
                         goalX: Double? = nil) throws(TextLayoutError) -> (position: TextPosition, goalX: Double) {
        let index = try lineIndex(for: position)
        let goal: Double
        if let goalX { goal = goalX } else {
            goal = try withText { bytes, iterators in caretX(line: index, offset: position.offset, bytes: bytes, iterators: iterators) }
        }
        let target = index + lines
        if target < 0 { return (TextPosition(offset: 0), goal) }
        if target >= self.lines.count { return (TextPosition(offset: utf8Count), goal) }
        return (try self.position(onLine: target, x: goal), goal)
    }

    /// The start of the caret's line.
    ///
    /// - Complexity: O(log lines).
    public func lineStart(for position: TextPosition) throws(TextLayoutError) -> TextPosition {
        TextPosition(offset: lines[try lineIndex(for: position)].start)
    }

    /// The end of the caret's line: before its mandatory break; at a soft wrap, the end of
    /// the upper line (upstream).
    ///
    /// - Complexity: O(log lines).
    public func lineEnd(for position: TextPosition) throws(TextLayoutError) -> TextPosition {
        let index = try lineIndex(for: position)
        let line = lines[index]
        if !line.isHard && index < lines.count - 1 { return TextPosition(offset: line.end, affinity: .upstream) }
        return TextPosition(offset: line.contentEnd)
    }

    /// The grapheme boundary after `offset` (or the end of the text).
    ///
    /// - Complexity: O(1) amortized.
    public func offset(after offset: Int) throws(TextLayoutError) -> Int {
        try validate(offset)
        if offset >= utf8Count { return offset }
        return try withText { bytes, iterators in GraphemeWalker(bytes: bytes, iterators: iterators).clusterEnd(at: offset) }
    }

    /// The grapheme boundary before `offset` (or 0).
    ///
    /// - Complexity: O(1) amortized.
    public func offset(before offset: Int) throws(TextLayoutError) -> Int {
        try validate(offset)
        if offset == 0 { return 0 }
        return try withText { _, iterators in iterators.graphemeStart(endingAt: offset) }
    }

    /// Every grapheme cluster boundary of the text, from 0 to its length.
    ///
    /// - Complexity: O(n).
    public func graphemeBoundaries() throws(TextLayoutError) -> [Int] {
        try withText { bytes, iterators in
            let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
            var result = [0]
            var i = 0
            while i < bytes.count {
                i = walker.clusterEnd(at: i)
                result.append(i)
            }
            return result
        }
    }
}

extension TextLayout {
    /// `offset` itself when it is a grapheme boundary, else the end of the cluster it falls
    /// in (offsets past the end clamp to the end, negative ones to 0).
    ///
    /// - Complexity: O(1) amortized.
    public func graphemeBoundary(atOrAfter offset: Int) throws(TextLayoutError) -> Int {
        let n = utf8Count
        if offset <= 0 { return 0 }
        if offset >= n { return n }
        return try withText { bytes, iterators in
            if iterators.isGraphemeBoundary(offset) { return offset }
            let start = iterators.graphemeStart(endingAt: offset)
            return GraphemeWalker(bytes: bytes, iterators: iterators).clusterEnd(at: Swift.max(0, start))
        }
    }
}
