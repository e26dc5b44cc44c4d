/// A document's unit answers the line model's questions in its own offsets, so the
/// document can ask the one caret implementation (`LineLayout+Caret`) of the unit it found
/// once, instead of finding the unit again for every step of a caret query.
extension _Paragraph: LineLayout {
    /// Line `index` with paragraph offsets. O(1) flat, O(log n) large.
    func line(at index: Int) -> LineFragment { line(index) }

    /// The text in `range` (paragraph offsets on grapheme boundaries).
    ///
    /// - Complexity: O(log n + range.count).
    func substring(_ range: Range<Int>) throws(TextLayoutError) -> String {
        try validate(range.lowerBound)
        try validate(range.upperBound)
        var bytes: [UInt8] = []
        appendBytes(range, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
