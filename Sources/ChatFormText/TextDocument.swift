import ChatFormRows

/// An editable multi-paragraph text for a large, growing text field: a keystroke relays out
/// only the paragraph it touches, and every question about lines, offsets and the caret
/// costs O(log n) plus the length of one paragraph.
///
/// ```swift
/// var document = try TextDocument(text: "first line\nsecond line", width: 20)
/// document.lineCount                                   // 2
/// let edit = try document.replaceSubrange(5..<5, with: "\n")   // split the first paragraph
/// edit.lineCountDelta                                  // 1 (edit.newLines: 0..<2)
/// let caret = try document.caretRect(for: TextPosition(offset: edit.caretOffset))
/// let down = try document.position(movingVerticallyFrom: TextPosition(offset: 0), by: 1)
/// ```
///
/// The text is split into *paragraphs* after each mandatory break (LF, CR, CRLF as one, NEL,
/// LS, PS, VT, FF): a paragraph keeps its terminator, a text ending in a break has a final
/// empty paragraph, and empty text is one empty paragraph. Greedy wrapping restarts at every
/// mandatory break, so laying each paragraph out on its own with `TextLayout` gives exactly
/// the lines of a `TextLayout` of the whole text; the caret API answers exactly as that
/// layout would (same offsets, affinities, rectangles and vertical moves).
///
/// Storage: units in chunks of at most 512. A unit is a paragraph laid out as a
/// `TextLayout`, or from 16 KiB on (unless the metrics shape text) a large unit: a rope of
/// UTF-8 leaves and its lines in chunks, with prefix sums, so that an edit inside it does not
/// copy it; a newline typed into a large unit stays in it, so it may hold several
/// paragraphs. Three prefix-sum trees of counts over units (`_CountIndex`) — visual line counts, UTF-8
/// lengths, mandatory breaks — make "which unit holds byte offset o / visual line k /
/// paragraph i" and "where does unit i start" O(log n). Offsets are UTF-8 byte offsets.
///
/// Cost of an edit: O(log n) for the trees; for layout, the length of the re-split
/// paragraphs, or inside a large unit O(log n) plus the lines rewrapped around the edit
/// (an edit that cuts or joins large units moves one pointer per rope leaf and line chunk
/// of them); and, when the number of units changes, moving the elements of one chunk (at
/// most 512) and one `Int` per chunk (n / 256 at most); finding a unit's chunk scans those
/// per-chunk counts, O(n / 256) `Int`s.
public struct TextDocument: Sendable {
    /// The units, the trees over them and what they are laid out with.
    var units: _DocumentUnits

    /// The width lines are wrapped to (`.infinity`: no wrapping).
    public var width: Double { units.width }
    /// The options used for every paragraph.
    public var options: TextLayoutOptions { units.options }
    /// The height of one line.
    public var lineHeight: Double { units.lineHeight }
    /// The input method's marked text, if any (see `setMarkedText(_:selectedRange:replacing:)`).
    public internal(set) var markedText: MarkedText?

    /// Splits `text` into paragraphs and lays each out at `width`.
    ///
    /// - Throws: `TextLayoutError.invalidWidth` for a zero, negative or NaN width;
    ///   `.textTooLong` for a paragraph past 2^31 - 1 bytes; `.icu` if ICU fails.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public init(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) {
        try self.init(text: text, width: width, metrics: metrics, options: options, tuning: .standard)
    }

    /// `init(text:width:metrics:options:)` with the given large-paragraph sizes (tests use
    /// tiny ones).
    init(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
         options: TextLayoutOptions = TextLayoutOptions(), tuning: _ParagraphTuning) throws(TextLayoutError) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        units = try _DocumentUnits(text: text, width: width, metrics: metrics, options: options, tuning: tuning)
    }

    /// The whole text, materialized.
    ///
    /// - Complexity: O(n).
    public var text: String {
        var result = ""
        result.reserveCapacity(utf8Count)
        units.paragraphs.forEach(from: 0) { result += $0.text; return true }
        return result
    }

    /// The text's UTF-8 length.
    ///
    /// - Complexity: O(1).
    public var utf8Count: Int { units.utf8Count }

    /// The number of visual lines (at least 1: empty text is one empty line).
    ///
    /// - Complexity: O(1).
    public var lineCount: Int { units.lineCount }

    /// lines × line height, or with real fonts the sum of each line's height.
    ///
    /// - Complexity: O(1).
    public var height: Double { units.heightTree?.totalHeight ?? Double(lineCount) * lineHeight }

    /// The number of paragraphs (mandatory breaks + 1).
    ///
    /// - Complexity: O(1).
    public var paragraphCount: Int { units.paragraphCount }

    /// The UTF-8 range of paragraph `index`, including its mandatory break.
    ///
    /// - Precondition: `0 <= index < paragraphCount`.
    /// - Complexity: O(log n).
    public func paragraphRange(_ index: Int) -> Range<Int> {
        let (unit, first, last) = units.locateParagraph(index)
        let start = units.paragraphStart(unit), p = units.paragraphs[unit]
        let from = first == 0 ? 0 : p.line(first - 1).end
        let to = last < p.lineCount ? p.line(last - 1).end : p.utf8Count
        return start + from..<start + to
    }

    /// The visual lines of paragraph `index`.
    ///
    /// - Precondition: `0 <= index < paragraphCount`.
    /// - Complexity: O(log n).
    public func paragraphLines(_ index: Int) -> Range<Int> {
        let (unit, first, last) = units.locateParagraph(index)
        let base = units.firstLine(ofParagraph: unit)
        return base + first..<base + last
    }

    /// Visual line `index`, with offsets into the whole text.
    ///
    /// - Precondition: `0 <= index < lineCount` (like `Array`'s subscript).
    /// - Complexity: O(log n + n / 256) (tree descent, chunk lookup).
    public func line(at index: Int) -> LineFragment {
        precondition(index >= 0 && index < lineCount, "line index \(index) out of range 0..<\(lineCount)")
        let (p, local) = units.paragraph(ofLine: index)
        return units.paragraphs[p].line(local).shifted(by: units.paragraphStart(p))
    }

    /// The visual lines in `range`, clamped to `0..<lineCount`, with offsets into the whole
    /// text.
    ///
    /// - Complexity: O(log n + n / 256 + k) for k lines.
    public func lines(in range: Range<Int>) -> [LineFragment] {
        let lower = max(0, min(range.lowerBound, lineCount))
        let upper = max(lower, min(range.upperBound, lineCount))
        guard lower < upper else { return [] }
        var result: [LineFragment] = []
        result.reserveCapacity(upper - lower)
        let (p, first) = units.paragraph(ofLine: lower)
        var start = units.paragraphStart(p)
        var skip = first
        units.paragraphs.forEach(from: p) { paragraph in
            var done = false
            paragraph.forEachLine(in: skip..<paragraph.lineCount) { local in
                result.append(local.shifted(by: start))
                done = result.count == upper - lower
                return !done
            }
            if done { return false }
            skip = 0
            start += paragraph.utf8Count
            return true
        }
        return result
    }

    /// The text in `range`.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary` for either bound.
    /// - Complexity: O(log n + n / 256 + k) for k bytes (plus the paragraphs it touches).
    public func substring(_ range: Range<Int>) throws(TextLayoutError) -> String {
        try validate(range.lowerBound)
        try validate(range.upperBound)
        guard !range.isEmpty else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        let p = units.paragraphIndex(containingOffset: range.lowerBound)
        var start = units.paragraphStart(p)
        units.paragraphs.forEach(from: p) { paragraph in
            let count = paragraph.utf8Count
            paragraph.appendBytes(max(range.lowerBound - start, 0)..<min(range.upperBound - start, count), to: &bytes)
            start += count
            return start < range.upperBound
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lays every paragraph out again at `width`.
    ///
    /// - Throws: `TextLayoutError.invalidWidth` for a zero, negative or NaN width (the
    ///   document is unchanged).
    /// - Complexity: O(n).
    public mutating func setWidth(_ width: Double) throws(TextLayoutError) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        if width == self.width { return }
        var relaid = try TextDocument(text: text, width: width, metrics: units.metrics, options: options, tuning: units.tuning)
        relaid.markedText = markedText
        self = relaid
    }
}
