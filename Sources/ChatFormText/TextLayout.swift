/// Wrapped lines of one text (a paragraph or a whole multi-line field) at one width.
///
/// The layout is the single source of truth for measuring and drawing: its lines, widths
/// and caret geometry all come from the same walk over the text.
///
/// ```swift
/// let layout = try TextLayout(text: "안녕하세요 hello world", width: 10)
/// for line in layout.lines { print(line.start, line.end, line.width) }
/// layout.height                                    // lines × line height
/// let rect = try layout.caretRect(for: TextPosition(offset: 6))
/// ```
///
/// Break opportunities come from ICU's line break iterator (UAX #14); grapheme clusters
/// (UAX #29) are the unit of width and of caret movement. Offsets are UTF-8 byte offsets.
public struct TextLayout: Sendable {
    /// The text that was laid out.
    public internal(set) var text: String
    /// The width lines were wrapped to (`.infinity`: no wrapping).
    public let width: Double
    /// The options used.
    public let options: TextLayoutOptions
    /// The height of one line (with a shaper and CSS `line-height: normal`, the primary
    /// font's; lines may be taller, see `lineTop(_:)` and `heightOfLine(_:)`).
    public let lineHeight: Double
    /// The visual lines, in order; they partition the text. Never empty.
    public internal(set) var lines: [LineFragment]

    /// How clusters are measured (for a prepared text, its shaper's metrics; its caret
    /// stops are read from `shapedText`).
    let measurer: Measurer
    /// The prepared text behind a layout made with a `TextShaper` (nil for cell, fixed and
    /// custom metrics): lay it out again at another width without shaping.
    public let shapedText: ShapedText?
    /// The bottom of each line when lines differ in height (real fonts); empty when every
    /// line is `lineHeight` tall.
    let lineBottoms: [Double]

    /// Lays `text` out at `width` with `metrics`.
    ///
    /// - Parameters:
    ///   - text: the text; its mandatory breaks end lines.
    ///   - width: the available width; must be positive (`.infinity` wraps only at
    ///     mandatory breaks).
    ///   - metrics: how wide each grapheme cluster is (tabs and ambiguous widths included)
    ///     and how high a line is.
    ///   - options: keep-all (Korean word priority).
    /// - Throws: `TextLayoutError.invalidWidth` for a zero, negative or NaN width;
    ///   `.textTooLong` past 2^31 - 1 bytes; `.icu` if ICU fails.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public init(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) {
        // One thread: `_TextWrapping.inParallel` wraps the whole text in place.
        try self.init(text: text, width: width, metrics: metrics, options: options, threads: 1)
    }

    /// The number of visual lines (at least 1: empty text is one empty line).
    public var lineCount: Int { lines.count }

    /// The height of all lines: lines × line height, or with real fonts the sum of each
    /// line's height.
    public var height: Double { lineBottoms.last ?? Double(lines.count) * lineHeight }

    /// The top of line `index`, from the top of the first line.
    ///
    /// - Complexity: O(1).
    public func lineTop(_ index: Int) -> Double {
        if lineBottoms.isEmpty { return Double(index) * lineHeight }
        return index == 0 ? 0 : lineBottoms[index - 1]
    }

    /// The height of line `index`.
    ///
    /// - Complexity: O(1).
    public func heightOfLine(_ index: Int) -> Double {
        if lineBottoms.isEmpty { return lineHeight }
        return lineBottoms[index] - lineTop(index)
    }

    /// The index of the line at `y` (clamped to the first and last lines).
    ///
    /// - Complexity: O(log lines).
    public func lineIndex(atY y: Double) -> Int {
        let y = y.isNaN ? 0 : y
        if lineBottoms.isEmpty {
            let raw = (y / lineHeight).rounded(.down)
            return raw.isFinite ? Int(Swift.max(0, Swift.min(Double(lines.count - 1), raw))) : (raw > 0 ? lines.count - 1 : 0)
        }
        var lo = 0, hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineBottoms[mid] <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// A layout of some lines of a larger paragraph, offsets from the first one's start
    /// (see `_LargeParagraph.window(lines:)`).
    init(window text: String, lines: [LineFragment], width: Double, options: TextLayoutOptions, lineHeight: Double,
         measurer: Measurer) {
        self.text = text
        self.width = width
        self.options = options
        self.lineHeight = lineHeight
        self.measurer = measurer
        self.shapedText = nil
        self.lines = lines
        self.lineBottoms = []
    }

    /// A layout of a prepared text (see `ShapedText.layout(width:)`).
    init(shaped: ShapedText, width: Double, lines: [LineFragment], bottoms: [Double]) {
        self.text = shaped.text
        self.width = width
        self.options = shaped.options
        self.lineHeight = shaped.shaper.fixedLineHeight ?? shaped.faces[0].lineSpacing
        self.measurer = .shaped(shaped)   // unused: the prepared text measures and places carets
        self.shapedText = shaped
        self.lines = lines
        self.lineBottoms = bottoms
    }

    /// The widest line's width: what a chat bubble needs to hug its text (SPEC §2.1). A
    /// line's width runs from its start to the end of its last grapheme that is not white
    /// space (spaces hanging at a soft wrap and a line's break do not count); with real fonts
    /// it is rounded up to 1/64 px, as the browser's client rectangles show it. `fitWidth()`
    /// gives the tightest width that keeps the line count.
    ///
    /// - Complexity: O(lines).
    public var usedWidth: Double { lines.reduce(0) { max($0, $1.width) } }

    /// The text's UTF-8 length.
    public var utf8Count: Int { text.utf8.count }

    /// The text of line `index`, without its mandatory break.
    public func lineText(_ index: Int) -> Substring {
        let line = lines[index]
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: line.start)
        let to = utf8.index(from, offsetBy: line.contentEnd - line.start)
        return text[from..<to]
    }

    /// Runs `body` with this thread's ICU iterators pointed at the text.
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>, BreakIterators) -> R) throws(TextLayoutError) -> R {
        try withBreakIterators(text, body)
    }
}
