/// One visual line of a laid-out text.
///
/// Lines partition the text: the first starts at 0, each starts where the previous ended,
/// and the last ends at the text's length. Offsets are UTF-8 byte offsets.
public struct LineFragment: Sendable, Hashable, CustomStringConvertible {
    /// UTF-8 offset of the line's first byte.
    public var start: Int
    /// UTF-8 offset just past the line, including its mandatory break if it has one.
    public var end: Int
    /// Advance of the line's content, not counting trailing hanging white space nor the
    /// mandatory break that ends it.
    public var width: Double
    /// Bytes of the mandatory break that ends the line (CRLF is 2, LS is 3); 0 for a soft wrap.
    public var terminatorLength: Int

    public init(start: Int, end: Int, width: Double, terminatorLength: Int) {
        self.start = start
        self.end = end
        self.width = width
        self.terminatorLength = terminatorLength
    }

    /// Whether the line ends at a mandatory break (LF, CR, CRLF, NEL, LS, PS, VT, FF).
    public var isHard: Bool { terminatorLength > 0 }
    /// UTF-8 offset where the line's content ends (before its mandatory break, if any).
    public var contentEnd: Int { end - terminatorLength }
    /// The line's range of UTF-8 offsets.
    public var range: Range<Int> { start..<end }

    public var description: String {
        "[\(start), \(end)) w=\(width)\(isHard ? " hard" : "")"
    }

    /// The same line with its offsets moved by `delta` bytes (a paragraph's line in the
    /// whole text, or back).
    func shifted(by delta: Int) -> LineFragment {
        LineFragment(start: start + delta, end: end + delta, width: width, terminatorLength: terminatorLength)
    }
}

/// Where the caret goes when one offset has two places (SPEC §2).
public enum TextAffinity: String, Sendable, Hashable, Codable {
    /// At a soft wrap: the end of the upper line.
    case upstream
    /// At a soft wrap: the start of the lower line (the default).
    case downstream
}

/// A caret position: a UTF-8 offset on a grapheme boundary and an affinity.
public struct TextPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// UTF-8 byte offset into the text, on a grapheme cluster boundary.
    public var offset: Int
    /// Which line the caret sits on when `offset` is at a soft wrap.
    public var affinity: TextAffinity

    public init(offset: Int, affinity: TextAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }

    public var description: String { "\(offset)\(affinity == .upstream ? "↑" : "")" }
}

/// Options that change where lines break.
public struct TextLayoutOptions: Sendable, Hashable {
    /// Korean word priority [off]: like iOS's `hangulWordPriority` and CSS
    /// `word-break: keep-all`, drop break opportunities between two letters or ideographs
    /// with no space between them (line break classes ID, H2, H3, JL, JV, JT, AL, NU, AI on
    /// both sides), so Hangul wraps at spaces, not between syllables.
    public var keepAll: Bool
    /// The CSS text modes (white space, word breaking, alignment) [the browser's `pre-wrap`
    /// defaults]; see ``TextModes``. `wordBreak: .keepAll` is the same as `keepAll`.
    public var modes: TextModes
    /// The paragraph's base direction [`ltr`], as HTML `dir` sets it: the level its bidi runs
    /// are resolved and shaped at (UAX #9, `rtl` paragraph level 1, `auto` the first strong
    /// character's), the side its lines start from, and where a clamp's ellipsis goes (see
    /// ``ParagraphDirection``). Line breaks do not depend on it.
    public var direction: ParagraphDirection
    /// Whether the text's white space was collapsed before it came here (Markdown's inline
    /// text, collapsed as CSS `white-space: normal` collapses it, then laid out as
    /// `pre-wrap`) [false]. Blink makes a U+200C an inline item of its own only where white
    /// space is preserved (`IsControlItemCharacter`, in its preserving append only), so such
    /// a text's joiners are not rounded apart; see `splitsAtJoiners`.
    package var collapsedBefore = false

    public init(keepAll: Bool = false, modes: TextModes = TextModes(), direction: ParagraphDirection = .ltr) {
        self.keepAll = keepAll
        self.modes = modes
        self.direction = direction
    }

    /// Whether each U+200C starts an inline item rounded on its own (`_ItemBoundaries`):
    /// only where white space is preserved, as in Blink.
    var splitsAtJoiners: Bool { !collapsedBefore && !modes.whiteSpace.collapsesSpaces }

    /// Whether letters and ideographs keep together (`keepAll` or `word-break: keep-all`).
    var keepsAll: Bool { keepAll || modes.wordBreak == .keepAll }

    /// The width lines wrap to at `width`: no soft wrap under `white-space: nowrap` or `pre`.
    func wrapWidth(_ width: Double) -> Double { modes.whiteSpace.wraps ? width : .infinity }
}

/// Errors from laying out text or asking a layout about positions.
public enum TextLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The available width was zero, negative, NaN or negative infinity.
    case invalidWidth(Double)
    /// An offset outside `0...length`.
    case offsetOutOfRange(offset: Int, length: Int)
    /// An offset inside a grapheme cluster (the caret sits on cluster boundaries only).
    case notOnGraphemeBoundary(offset: Int)
    /// The text is longer than ICU can index (2^31 - 1 bytes).
    case textTooLong(bytes: Int)
    /// ICU failed.
    case icu(ICUError)
    /// Input bytes that are not valid UTF-8; the offset of the first bad byte.
    case invalidUTF8(offset: Int)
    /// A line clamp below 1 (a clamped layout shows at least one line).
    case invalidLineClamp(Int)

    public var description: String {
        switch self {
        case .invalidWidth(let w): "invalid width \(w): it must be positive (or +infinity for no wrapping)"
        case .offsetOutOfRange(let o, let n): "offset \(o) is outside the text (0...\(n))"
        case .notOnGraphemeBoundary(let o): "offset \(o) is inside a grapheme cluster"
        case .textTooLong(let n): "text of \(n) bytes is longer than 2147483647 bytes"
        case .icu(let e): e.description
        case .invalidUTF8(let o): "invalid UTF-8 at byte offset \(o)"
        case .invalidLineClamp(let n): Self.lineClampDescription(n)
        }
    }
}
