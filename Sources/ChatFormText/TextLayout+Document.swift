/// Internal helpers `TextDocument` uses to lay out one paragraph at a time.
extension TextLayout {
    /// The first grapheme boundary at or after `offset` (which must be in `0...utf8Count`).
    ///
    /// - Complexity: O(1) amortized.
    func graphemeBoundary(atOrAfter offset: Int) throws(TextLayoutError) -> Int {
        if offset <= 0 || offset >= utf8Count { return offset }
        return try withText { _, iterators in
            iterators.isGraphemeBoundary(offset) ? offset : iterators.graphemeEnd(startingAt: offset)
        }
    }

    /// The caret x of `position` on local line `index` (no validation).
    func caretX(line index: Int, offset: Int) throws(TextLayoutError) -> Double {
        try withText { bytes, iterators in caretX(line: index, offset: offset, bytes: bytes, iterators: iterators) }
    }
}
