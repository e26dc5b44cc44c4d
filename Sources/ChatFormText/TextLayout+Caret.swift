/// What the caret queries of ``LineLayout`` read from a layout: its lines, and the x of
/// each grapheme boundary on a line (from a prepared text's cluster advances, or measured
/// cluster by cluster).
extension TextLayout: LineLayout {
    /// Visual line `index`.
    ///
    /// - Complexity: O(1).
    public func line(at index: Int) -> LineFragment { lines[index] }

    /// The index of the last line starting at or before `offset`.
    ///
    /// - Complexity: O(log lines).
    public func lineIndex(startingAtOrBefore offset: Int) -> Int {
        var lo = 0
        var hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines[mid].start <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The x of the boundary `offset` on line `index`, from the line's left edge; under
    /// `text-align: end` or `center` (``TextModes/textAlign``) the line's own x is added
    /// (``lineX(_:)``), under `justify` the extra width of the expansion opportunities
    /// before `offset` (``justification(ofLine:)``), so carets, hit testing and vertical
    /// moves follow aligned lines as Chromium draws them.
    ///
    /// - Complexity: O(1) with a prepared text without tabs, else O(length of the line)
    ///   (and, aligned, the line's length on a line ending at a mandatory break; justified,
    ///   the line's length).
    public func caretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        let x = try unalignedCaretX(onLine: index, at: offset)
        switch options.modes.textAlign {
        case .start: return x
        case .end, .center: return x + lineX(index)
        case .justify: return x + _AlignedLine(self, index).justifiedShift(at: offset)
        }
    }

    /// `caretX(onLine:at:)` from the line's start, without alignment: read from the
    /// prepared text, or measured (`_MeasuredLine`).
    func unalignedCaretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        let line = lines[index]
        if let shaped = shapedText { return shaped.caretX(lineStart: line.start, offset: offset) }
        return try _MeasuredLine(text: text, line: line, measurer: measurer).caretX(at: offset)
    }

    /// Each grapheme boundary of line `index` with its x, from the line's start to its
    /// content end.
    ///
    /// - Complexity: O(length of the line).
    public func forEachCaretStop(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        switch options.modes.textAlign {
        case .start: try unalignedCaretStops(onLine: index, body)
        case .justify: try _AlignedLine(self, index).forEachJustifiedCaretStop(body)
        case .end, .center:
            let dx = lineX(index)
            try unalignedCaretStops(onLine: index) { o, x in body(o, x + dx) }
        }
    }

    /// `forEachCaretStop(onLine:_:)` from the line's start, without alignment.
    func unalignedCaretStops(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        let line = lines[index]
        if let shaped = shapedText {
            shaped.forEachCaretStop(lineStart: line.start, contentEnd: line.contentEnd, body)
            return
        }
        try _MeasuredLine(text: text, line: line, measurer: measurer).forEachCaretStop(body)
    }

    /// The embedding level of each byte of line `index` (from its start to its content
    /// end): a prepared text's runs carry them (resolved on the whole text at its
    /// direction's paragraph level); other metrics resolve the line with ICU when it holds
    /// right-to-left text or the paragraph is right to left, together with its text
    /// up to the nearest strong character on each side within its hard line (see
    /// <doc:BidirectionalText>).
    ///
    /// - Complexity: O(runs + length of the line) prepared, else O(length of the line and
    ///   of the context read).
    public func bidiLevels(onLine index: Int) throws(TextLayoutError) -> [UInt8]? {
        let line = lines[index]
        if line.contentEnd == line.start { return nil }
        if let shaped = shapedText {
            guard !shaped.storage.head.pointee.isLeftToRight else { return nil }
            let runs = shaped.runList
            var levels = [UInt8](repeating: 0, count: line.contentEnd - line.start)
            var r = shaped.runIndex(containing: line.start)
            var any = false
            while r < runs.count && runs[r].range.lowerBound < line.contentEnd {
                let level = runs[r].bidiLevel
                if level != 0 {
                    any = true
                    for i in Swift.max(runs[r].range.lowerBound, line.start)..<Swift.min(runs[r].range.upperBound, line.contentEnd) {
                        levels[i - line.start] = level
                    }
                }
                r += 1
            }
            return any ? levels : nil
        }
        // The line's bytes first (no ICU): most lines hold no right-to-left character.
        let level = paragraphLevel(onLine: index)
        var copy = text
        return copy.withUTF8 { bytes in
            guard level != 0 || TextItemizer.needsBidi(bytes, line.start..<line.contentEnd) else { return nil }
            return _BidiContext.levels(line: line.start..<line.contentEnd, count: bytes.count, paragraphLevel: level) { Array(bytes[$0]) }
        }
    }

    /// 1 when the layout's paragraph is right to left (``TextLayoutOptions/direction``;
    /// `auto`: the text's first strong character), else 0.
    ///
    /// - Complexity: O(1), or for `auto` O(length up to the first strong character).
    public func paragraphLevel(onLine index: Int) -> UInt8 {
        options.direction == .ltr ? 0 : options.direction.isRightToLeft(text) ? 1 : 0
    }

    /// The layout's `text-align`.
    public var lineAlignment: TextModes.TextAlign { options.modes.textAlign }

    /// The layout's ``TextLayoutOptions/direction``.
    public var baseDirection: ParagraphDirection { options.direction }

    /// Whether `offset` is a grapheme cluster boundary (ICU's character break iterator, or
    /// the boundaries a prepared text keeps).
    ///
    /// - Complexity: O(1) amortized; O(log n) for a prepared text.
    public func isGraphemeBoundary(_ offset: Int) throws(TextLayoutError) -> Bool {
        if offset <= 0 || offset >= utf8Count { return true }
        // A prepared text knows its boundaries: no ICU (the caret queries' hot path).
        if let shaped = shapedText { return Int(shaped.offsets[shaped.boundary(of: offset)]) == offset }
        return try withText { _, iterators in iterators.isGraphemeBoundary(offset) }
    }

    /// The end of the cluster starting at the boundary `offset`.
    ///
    /// - Precondition: `offset` is a grapheme boundary (from inside a cluster, a flag's say,
    ///   the answer is a later offset but not defined further); `offset(after:)` checks it
    ///   and throws where this does not.
    /// - Throws: `.offsetOutOfRange` for an offset outside `0..<utf8Count`.
    /// - Complexity: O(1) amortized.
    public func graphemeBoundary(after offset: Int) throws(TextLayoutError) -> Int {
        guard offset >= 0, offset < utf8Count else { throw .offsetOutOfRange(offset: offset, length: utf8Count) }
        if let shaped = splitClusters {
            let k = shaped.boundary(of: offset)
            return Int(shaped.offsets[Int(shaped.offsets[k]) == offset ? k + 1 : k])
        }
        return try withText { bytes, iterators in GraphemeWalker(bytes: bytes, iterators: iterators).clusterEnd(at: offset) }
    }

    /// The start of the cluster ending at or holding `offset`.
    ///
    /// - Throws: `.offsetOutOfRange` for an offset outside `1...utf8Count`.
    /// - Complexity: O(1) amortized.
    public func graphemeBoundary(before offset: Int) throws(TextLayoutError) -> Int {
        guard offset > 0, offset <= utf8Count else { throw .offsetOutOfRange(offset: offset, length: utf8Count) }
        if let shaped = splitClusters { return Int(shaped.offsets[shaped.boundary(of: offset) - 1]) }
        // ICU answers "none" (-1) from inside the first cluster.
        return try withText { _, iterators in Swift.max(0, iterators.graphemeStart(endingAt: offset)) }
    }

    /// The prepared text whose boundaries are the caret stops where they are not ICU's
    /// grapheme boundaries: under `word-break: break-all`, a line may start inside a Thai or
    /// Lao cluster, before its SARA AM (`BreakRules.splittingClusters`), and that offset is
    /// a caret stop too (the line's start), reached by the arrow keys. Nil otherwise (ICU's
    /// boundaries are the prepared ones).
    private var splitClusters: ShapedText? {
        guard let shaped = shapedText, shaped.options.modes.wordBreak == .breakAll, shaped.clusterCount > 0 else { return nil }
        return shaped
    }

    /// The text in `range`.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary` for either bound.
    /// - Complexity: O(1) amortized plus the range's length.
    public func substring(_ range: Range<Int>) throws(TextLayoutError) -> String {
        try validate(range.lowerBound)
        try validate(range.upperBound)
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let to = utf8.index(from, offsetBy: range.count)
        return String(text[from..<to])
    }

    /// Every grapheme cluster boundary of the text, from 0 to its length.
    ///
    /// - Complexity: O(n).
    public func graphemeBoundaries() throws(TextLayoutError) -> [Int] {
        if let shaped = splitClusters { return shaped.offsets.map { Int($0) } }
        return try withText { bytes, iterators in
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
