/// The caret stops of one line of a text that is not prepared (terminal cells, fixed or
/// custom metrics): the x of each grapheme boundary from the line's start, measured cluster
/// by cluster with the layout's measurer (ICU's grapheme breaks, tab stops), or counted on
/// a printable ASCII line in cells of a whole width. A prepared text reads the same from
/// its cluster advances (`ShapedText.caretX(lineStart:offset:)`); `TextLayout`'s unaligned
/// caret queries pick one or the other.
struct _MeasuredLine {
    /// The whole text.
    let text: String
    /// The line, in the text's offsets.
    let line: LineFragment
    /// How clusters are measured.
    let measurer: Measurer

    /// The x of the boundary `offset` (in `line.start...line.contentEnd`).
    ///
    /// - Complexity: O(the line's length up to `offset`).
    func caretX(at offset: Int) throws(TextLayoutError) -> Double {
        if let x = printableASCIICaretX(offset) { return x }
        var result = 0.0
        // Lazily: a refusal by ICU throws, and the x found so far is dropped with it.
        try forEachCaretStop(lazily: true) { o, x in
            result = x
            return o < offset
        }
        return result
    }

    /// `caretX(at:)` without walking clusters when the line is printable ASCII up to the
    /// caret (one cluster and one cell a byte) and advances are exact integers (so the sum
    /// of the walk is the product); nil otherwise.
    private func printableASCIICaretX(_ offset: Int) -> Double? {
        guard let unit = FastCellUnit(measurer)?.unit else { return nil }
        // The walk stops at the first stop at or past the offset, at most the content end.
        let end = Swift.min(Swift.max(offset, line.start), line.contentEnd)
        let x: Double?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Double? in
            guard end <= bytes.count, end == line.contentEnd || bytes[end] < 0x80 else { return nil }
            for i in line.start..<end where bytes[i] &- 0x20 > 0x5E { return nil }
            return Double(end - line.start) * unit
        }
        return x ?? nil
    }

    /// Calls `body` with each grapheme boundary from the line's start to its content end and
    /// its x, until `body` returns false. ICU takes the text first, so a refusal throws before
    /// `body` sees a stop. `lazily`, ICU takes the text only if the walker asks it about a
    /// cluster its fast paths do not answer (most lines of ASCII, Hangul syllables, CJK and
    /// emoji never do; keycaps, conjoining jamo and combining marks do); if ICU then refuses
    /// the text, this throws after `body` has seen stops that must be dropped, so only a
    /// caller that drops what `body` saw on a throw walks lazily.
    ///
    /// - Complexity: O(the line's length).
    func forEachCaretStop(lazily: Bool = false, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        let line = line, measurer = measurer
        try withBreakIterators(text, whenAsked: lazily) { bytes, iterators in
            let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
            var x = 0.0
            var i = line.start
            guard body(i, x) else { return }
            while i < line.contentEnd {
                let e = walker.clusterEnd(at: i)
                x = bytes[i] == 0x09 ? measurer.tabStop(after: x) : x + measurer.advance(bytes, i, e)
                i = e
                guard body(i, x) else { return }
            }
        }
    }
}
