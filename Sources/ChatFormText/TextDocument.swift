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
    var paragraphs: _ParagraphStore
    /// Visual line count of each paragraph.
    var lineTree: _CountIndex
    /// UTF-8 length of each paragraph.
    var byteTree: _CountIndex
    /// Mandatory breaks in each unit (a large unit may hold several paragraphs).
    var breakTree: _CountIndex
    /// Each paragraph's height when lines differ in height (real fonts with CSS
    /// `line-height: normal`: a line holding a fallback font may be taller); nil when every
    /// line is `lineHeight` tall.
    var heightTree: HeightIndex?
    let metrics: any TextMetrics
    /// When a paragraph is stored as a rope, and the rope's sizes.
    let tuning: _ParagraphTuning

    /// The width lines are wrapped to (`.infinity`: no wrapping).
    public private(set) var width: Double
    /// The options used for every paragraph.
    public let options: TextLayoutOptions
    /// The height of one line.
    public let lineHeight: Double
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
        self.tuning = tuning
        self.width = width
        self.options = options
        self.metrics = metrics
        self.lineHeight = TextMetricsLimits.lineHeight(metrics.lineHeight)
        var laidOut: [_Paragraph] = []
        try withUTF8Bytes(text) { (bytes) throws(TextLayoutError) in
            let ranges = Self.paragraphRanges(in: bytes)
            laidOut.reserveCapacity(ranges.count)
            for r in ranges {
                laidOut.append(try _Paragraph.make(UnsafeBufferPointer(rebasing: bytes[r]), width: width, metrics: metrics,
                                                   options: options, tuning: tuning))
            }
        }
        paragraphs = _ParagraphStore(laidOut)
        // Line counts and byte lengths are whole numbers, exact in a `Double` below 2^53.
        lineTree = _CountIndex(laidOut.lazy.map(\.lineCount))
        byteTree = _CountIndex(laidOut.lazy.map(\.utf8Count))
        breakTree = _CountIndex(laidOut.lazy.map(\.hardCount))
        heightTree = Self.hasVariableLineHeights(metrics) ? try! HeightIndex(heights: laidOut.lazy.map { $0.height }) : nil
    }

    /// Whether layouts made with `metrics` may have lines of different heights.
    static func hasVariableLineHeights(_ metrics: any TextMetrics) -> Bool {
        guard let shaper = metrics as? any TextShaper else { return false }
        return shaper.fixedLineHeight == nil
    }

    /// The whole text, materialized.
    ///
    /// - Complexity: O(n).
    public var text: String {
        var result = ""
        result.reserveCapacity(utf8Count)
        paragraphs.forEach(from: 0) { result += $0.text; return true }
        return result
    }

    /// The text's UTF-8 length.
    ///
    /// - Complexity: O(1).
    public var utf8Count: Int { byteTree.total }

    /// The number of visual lines (at least 1: empty text is one empty line).
    ///
    /// - Complexity: O(1).
    public var lineCount: Int { lineTree.total }

    /// lines × line height, or with real fonts the sum of each line's height.
    ///
    /// - Complexity: O(1).
    public var height: Double { heightTree?.totalHeight ?? Double(lineCount) * lineHeight }

    /// The number of paragraphs (mandatory breaks + 1).
    ///
    /// - Complexity: O(1).
    public var paragraphCount: Int { breakTree.total + 1 }

    /// The UTF-8 range of paragraph `index`, including its mandatory break.
    ///
    /// - Precondition: `0 <= index < paragraphCount`.
    /// - Complexity: O(log n).
    public func paragraphRange(_ index: Int) -> Range<Int> {
        let (unit, first, last) = locateParagraph(index)
        let start = paragraphStart(unit), p = paragraphs[unit]
        let from = first == 0 ? 0 : p.line(first - 1).end
        let to = last < p.lineCount ? p.line(last - 1).end : p.utf8Count
        return start + from..<start + to
    }

    /// The visual lines of paragraph `index`.
    ///
    /// - Precondition: `0 <= index < paragraphCount`.
    /// - Complexity: O(log n).
    public func paragraphLines(_ index: Int) -> Range<Int> {
        let (unit, first, last) = locateParagraph(index)
        let base = firstLine(ofParagraph: unit)
        return base + first..<base + last
    }

    /// The unit holding paragraph `index`, and the paragraph's shown lines in it.
    private func locateParagraph(_ index: Int) -> (unit: Int, first: Int, last: Int) {
        precondition(index >= 0 && index < paragraphCount, "paragraph \(index) outside 0..<\(paragraphCount)")
        let unit = breakTree.index(containing: index) ?? 0
        let k = index - breakTree.prefix(unit)
        let p = paragraphs[unit]
        let first = k == 0 ? 0 : p.hardLineIndex(k - 1) + 1
        let last = k < p.hardCount ? p.hardLineIndex(k) + 1 : p.lineCount
        return (unit, first, last)
    }

    /// The index of the paragraph holding byte `offset` (a paragraph's start belongs to it).
    ///
    /// - Complexity: O(log n).
    func globalParagraphIndex(containingOffset offset: Int) -> Int {
        let unit = paragraphIndex(containingOffset: offset)
        let p = paragraphs[unit], local = offset - paragraphStart(unit)
        let line: Int
        switch p.storage {
        case .flat: line = 0   // a flat unit's break ends it: every offset but its end is before it
        case .large(let large): line = large.lines.lineIndex(startingAtOrBefore: local)
        }
        return breakTree.prefix(unit) + p.hardLines(before: line)
    }

    /// Visual line `index`, with offsets into the whole text.
    ///
    /// - Precondition: `0 <= index < lineCount` (like `Array`'s subscript).
    /// - Complexity: O(log n + n / 256) (tree descent, chunk lookup).
    public func line(at index: Int) -> LineFragment {
        precondition(index >= 0 && index < lineCount, "line index \(index) out of range 0..<\(lineCount)")
        let p = paragraphIndex(containingLine: index)
        let local = paragraphs[p].line(index - firstLine(ofParagraph: p))
        return Self.shifted(local, by: paragraphStart(p))
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
        let p = paragraphIndex(containingLine: lower)
        var start = paragraphStart(p)
        var skip = lower - firstLine(ofParagraph: p)
        paragraphs.forEach(from: p) { paragraph in
            var done = false
            paragraph.forEachLine(in: skip..<paragraph.lineCount) { local in
                result.append(Self.shifted(local, by: start))
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
        let p = paragraphIndex(containingOffset: range.lowerBound)
        var start = paragraphStart(p)
        paragraphs.forEach(from: p) { paragraph in
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
        var relaid = try TextDocument(text: text, width: width, metrics: metrics, options: options, tuning: tuning)
        relaid.markedText = markedText
        self = relaid
    }

    // MARK: Paragraph lookups

    /// The paragraph holding byte `offset` (`0...utf8Count`); a paragraph's start belongs
    /// to it, and `utf8Count` to the last paragraph. O(log n).
    func paragraphIndex(containingOffset offset: Int) -> Int {
        byteTree.index(containing: offset) ?? 0
    }

    /// The paragraph showing visual line `line` (`0..<lineCount`). O(log n).
    func paragraphIndex(containingLine line: Int) -> Int {
        lineTree.index(containing: line) ?? 0
    }

    /// The UTF-8 offset where paragraph `index` starts. O(log n).
    func paragraphStart(_ index: Int) -> Int { byteTree.prefix(index) }

    /// The first visual line of paragraph `index`. O(log n).
    func firstLine(ofParagraph index: Int) -> Int { lineTree.prefix(index) }

    static func shifted(_ line: LineFragment, by delta: Int) -> LineFragment {
        LineFragment(start: line.start + delta, end: line.end + delta, width: line.width,
                     terminatorLength: line.terminatorLength)
    }

    // MARK: Splitting

    /// The byte ranges of the paragraphs of `bytes`: each ends after a mandatory break (CRLF
    /// as one), and the last one holds what follows the last break (possibly nothing).
    static func paragraphRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            var end = 0  // the end of a mandatory break starting at i, or 0
            if b < 0x80 {
                if b >= 0x0A && b <= 0x0D {
                    end = b == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A ? i + 2 : i + 1
                }
            } else if b == 0xC2 {
                if i + 1 < n && bytes[i + 1] == 0x85 { end = i + 2 }
            } else if b == 0xE2 {
                if i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) { end = i + 3 }
            }
            if end > 0 {
                result.append(start..<end)
                start = end
                i = end
            } else {
                i += 1
            }
        }
        result.append(start..<n)
        return result
    }

    /// `text` split into paragraphs (see `paragraphRanges(in:)`).
    static func splitParagraphs(_ text: String) -> [String] {
        var copy = text
        return copy.withUTF8 { bytes in
            paragraphRanges(in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }
}
