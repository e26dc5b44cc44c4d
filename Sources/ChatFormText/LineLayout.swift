/// A text laid out in lines: what the caret queries read.
///
/// One implementation of the caret rules (SPEC §2) serves every laid-out text: which line a
/// caret sits on (with its affinity at a soft wrap), its rectangle, the position nearest a
/// point, vertical moves that keep a goal x, line starts and ends, and grapheme steps. They
/// live in an extension of this protocol (`caretRect(for:)`, `position(at:)`,
/// `position(movingVerticallyFrom:by:goalX:)`, …) and read only what a conforming type
/// supplies:
///
/// - **Lines with ranges**: `lineCount` and `line(at:)`, each a ``LineFragment`` with its
///   UTF-8 range, content end and whether a mandatory break ends it; the lines partition the
///   text in order. `lineIndex(startingAtOrBefore:)` finds a line by offset.
/// - **Line tops and heights**: `lineTop(_:)`, `heightOfLine(_:)` and `lineIndex(atY:)`, for
///   lines of one height or of many (real fonts, inline boxes).
/// - **Caret stops**: the x of each grapheme boundary within a line, from the line's left
///   edge, in logical (UTF-8) order: `forEachCaretStop(onLine:_:)` walks them, and
///   `caretX(onLine:at:)` answers one (a type that can do better than the walk, such as a
///   prepared text reading its cluster advances, says so there).
/// - **Grapheme boundaries**: `isGraphemeBoundary(_:)`, `graphemeBoundary(after:)` and
///   `graphemeBoundary(before:)` (UAX #29, or ICU's answer).
///
/// - **Optionally, a faster clamped caret x**: `clampedCaretX(onLine:at:)` has a default
///   built from the above; a type may answer it with less work, never with another value.
///
/// - **Bidi levels**: `bidiLevels(onLine:)`, the UAX #9 level of each byte of a line (nil for
///   left-to-right text). With them the caret queries reorder a line's graphemes (ICU's
///   `ubidi_reorderVisual`) and place carets, hits, arrow keys and selections as Chromium
///   does (see <doc:BidirectionalText>); caret stops then give each grapheme's advance, in
///   logical order.
///
/// ``TextLayout`` (cell, fixed, custom or shaped metrics) and ``TextDocument`` (paragraphs
/// laid out one by one) conform. A styled text (several fonts in one paragraph, inline
/// boxes) conforms by supplying its lines and the x of its boundaries from its own runs.
///
/// ```swift
/// func caretBottom(of text: some LineLayout, at offset: Int) throws -> Double {
///     try text.caretRect(for: TextPosition(offset: offset)).maxY
/// }
/// ```
///
/// Offsets are UTF-8 byte offsets into the whole text.
public protocol LineLayout: Sendable {
    /// The text's UTF-8 length.
    var utf8Count: Int { get }
    /// The number of visual lines (at least 1: empty text is one empty line).
    var lineCount: Int { get }
    /// The width lines were wrapped to (`.infinity`: no wrapping); a caret past it is drawn
    /// at the edge.
    var width: Double { get }
    /// The height of all lines.
    var height: Double { get }

    /// Visual line `index` (`0 <= index < lineCount`).
    func line(at index: Int) -> LineFragment
    /// The index of the last line starting at or before `offset` (`0...utf8Count`).
    func lineIndex(startingAtOrBefore offset: Int) -> Int
    /// The top of line `index`, from the top of the first line.
    func lineTop(_ index: Int) -> Double
    /// The height of line `index`.
    func heightOfLine(_ index: Int) -> Double
    /// The index of the line at `y` (clamped to the first and last lines; NaN counts as 0).
    func lineIndex(atY y: Double) -> Int

    /// The x of the grapheme boundary `offset` on line `index`, from the line's left edge.
    /// `offset` is a boundary in `line.start...line.contentEnd`; the answer is not clamped to
    /// `width`.
    func caretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double
    /// The caret's x on line `index` at the boundary `offset` (clamped to the line's content
    /// end), as the caret queries place it: a line that needs bidi gives its primary caret,
    /// an empty right-to-left line its start side, any other line `caretX(onLine:at:)` kept
    /// at the wrap edge when hanging white space runs past it.
    ///
    /// The default implementation answers from the requirements above
    /// (``lineModelClampedCaretX(onLine:at:)``). Implement it only to answer the same value
    /// with less work (``TextDocument`` asks the paragraph it finds once): the caret
    /// rectangles and vertical moves built on it read this answer, so it must equal the
    /// default's for every line and boundary; answer the lines you have no shortcut for with
    /// ``lineModelClampedCaretX(onLine:at:)``.
    func clampedCaretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double
    /// Calls `body` with each grapheme boundary of line `index` from its start to its content
    /// end (both included) and that boundary's x, in logical order, until `body` returns
    /// false.
    func forEachCaretStop(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError)

    /// The UAX #9 embedding level of each UTF-8 byte of line `index`, from its start to its
    /// content end (odd: right to left), resolved on the whole paragraph with a
    /// left-to-right paragraph level; nil when every level is 0. The caret queries place
    /// carets, hits and selections by them (see <doc:BidirectionalText>). The default
    /// resolves the line's own text (without the paragraph around it); ``TextLayout``
    /// answers from its paragraph.
    func bidiLevels(onLine index: Int) throws(TextLayoutError) -> [UInt8]?

    /// The paragraph level of the paragraph holding line `index`: 1 when it is laid out right
    /// to left (``TextLayoutOptions/direction``), else 0. In a right-to-left paragraph every
    /// line is reordered (levels resolved at paragraph level 1), its x positions start from
    /// the right under `text-align: start`, and the caret rules are those of a left-to-right
    /// paragraph seen in a mirror. The default is 0.
    func paragraphLevel(onLine index: Int) -> UInt8

    /// The direction the text was laid out in (``TextLayoutOptions/direction``; the default
    /// `ltr`): where it is `ltr`, no line asks ``paragraphLevel(onLine:)``.
    var baseDirection: ParagraphDirection { get }

    /// The lines' `text-align` (``TextModes/textAlign``), which places a right-to-left
    /// paragraph's lines; the default is `start`.
    var lineAlignment: TextModes.TextAlign { get }

    /// Whether `offset` (in `1..<utf8Count`) is a grapheme cluster boundary.
    func isGraphemeBoundary(_ offset: Int) throws(TextLayoutError) -> Bool
    /// The first grapheme boundary after the boundary `offset` (in `0..<utf8Count`, else throws).
    func graphemeBoundary(after offset: Int) throws(TextLayoutError) -> Int
    /// The last grapheme boundary before `offset` (in `1...utf8Count`, else throws).
    func graphemeBoundary(before offset: Int) throws(TextLayoutError) -> Int

    /// The text in `range`, whose bounds are grapheme boundaries.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary` for either bound.
    func substring(_ range: Range<Int>) throws(TextLayoutError) -> String
}
