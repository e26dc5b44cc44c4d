/// A document's unit answers the line model's questions in its own offsets, so the
/// document can ask the one caret implementation (`LineLayout+Caret`) of the unit it found
/// once, instead of finding the unit again for every step of a caret query.
extension _Paragraph: LineLayout {
    /// Line `index` with paragraph offsets. O(1) flat, O(log n) large.
    func line(at index: Int) -> LineFragment { line(index) }

    /// The document's `text-align` (a right-to-left line is placed by it), as the document
    /// answers.
    var lineAlignment: TextModes.TextAlign { options.modes.textAlign }

    /// The document's direction, as the document answers.
    var baseDirection: ParagraphDirection { options.direction }

    /// The options the paragraph was laid out with (the document's).
    private var options: TextLayoutOptions {
        if let large {
            return large.options
        } else {
            return flatLayout.options
        }
    }

    /// The caret's x on line `index`: a large left-to-right paragraph's plain line from one
    /// lookup and one copy of its bytes (`_LargeParagraph.plainClampedCaretX`; the line
    /// model's path looks the line up four times and copies its bytes twice), any other line
    /// as the line model answers.
    ///
    /// - Complexity: O(log n + the line's length).
    func clampedCaretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        if let x = large?.plainClampedCaretX(onLine: index, at: offset) { return x }
        return try lineModelClampedCaretX(onLine: index, at: offset)
    }

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
