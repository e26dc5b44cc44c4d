/// Internal helpers `TextDocument` uses to lay out one paragraph at a time.
extension TextLayout {
    /// The caret x of `position` on local line `index` (no validation).
    func caretX(line index: Int, offset: Int) throws(TextLayoutError) -> Double {
        try withText { bytes, iterators in caretX(line: index, offset: offset, bytes: bytes, iterators: iterators) }
    }
}
