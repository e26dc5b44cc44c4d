/// The CSS text modes of a paragraph: how white space is kept, where lines may break, and
/// where each line sits in the width (CSS Text 3: `white-space`, `word-break`,
/// `overflow-wrap`, `line-break`, `text-align`).
///
/// The default is what the engine has always done, the browser's `white-space: pre-wrap;
/// word-break: normal; overflow-wrap: break-word; line-break: normal; text-align: start`
/// (SPEC §2.1). Give the modes with the options, where the font stack is given:
///
/// ```swift
/// let modes = TextModes(whiteSpace: .normal, wordBreak: .breakAll, textAlign: .center)
/// let prepared = try ShapedText(text: message, shaper: fonts, options: TextLayoutOptions(modes: modes))
/// let layout = try prepared.layout(width: 240)
/// let x = layout.lineX(0)                        // where the first line starts, centred
/// ```
///
/// With real fonts (a `TextShaper`) every mode applies and is checked against Chromium
/// (`Tools/record-browser-layout --modes`). With cells or fixed metrics, `white-space: nowrap`
/// and `pre` (no soft wrapping), `word-break: keep-all` and `text-align` apply; the other
/// values are read as the default there. Tab stops (`tab-size`) belong to the metrics
/// (`TerminalCellMetrics(tabWidth:)`, `FontStack(tabWidth:)`).
public struct TextModes: Sendable, Hashable, Codable {
    /// CSS `white-space`: whether spaces and newlines are kept and whether lines wrap.
    public enum WhiteSpace: String, Sendable, Hashable, Codable, CaseIterable {
        /// Runs of spaces, tabs and newlines collapse to one space; lines wrap.
        case normal
        /// Everything kept; lines wrap, trailing spaces hang (the default).
        case preWrap = "pre-wrap"
        /// Runs of spaces and tabs collapse, newlines are kept; lines wrap.
        case preLine = "pre-line"
        /// Everything kept; lines end only at newlines.
        case pre
        /// Collapses as `normal`; lines end only at newlines (which `normal` turns into spaces,
        /// so a `nowrap` paragraph is one line).
        case nowrap

        /// Whether lines wrap at soft opportunities.
        @inline(__always)
        public var wraps: Bool { self == .normal || self == .preWrap || self == .preLine }
        /// Whether runs of spaces and tabs collapse.
        public var collapsesSpaces: Bool { self == .normal || self == .preLine || self == .nowrap }
        /// Whether a newline ends a line (else it is a collapsible space).
        public var keepsNewlines: Bool { self == .preWrap || self == .preLine || self == .pre }
    }

    /// CSS `word-break`.
    public enum WordBreak: String, Sendable, Hashable, Codable, CaseIterable {
        /// UAX #14's opportunities as the browser tailors them (the default).
        case normal
        /// A line may also break between any two letters or digits (not around punctuation).
        case breakAll = "break-all"
        /// No break between two letters or ideographs with no space between them (Korean word
        /// priority: `TextLayoutOptions.keepAll`).
        case keepAll = "keep-all"
    }

    /// CSS `overflow-wrap`: what happens to a word wider than the line.
    public enum OverflowWrap: String, Sendable, Hashable, Codable, CaseIterable {
        /// It overflows the line, unbroken.
        case normal
        /// It is broken between grapheme clusters, filling each line (the default).
        case breakWord = "break-word"
        /// As `breakWord` for lines laid out at a width (the two differ only in a box's
        /// min-content width, which this engine does not compute).
        case anywhere
    }

    /// CSS `line-break`: how strict the rules for breaking around Japanese and Chinese
    /// punctuation and small kana are (ICU's `@lb=strict|normal|loose` locale keywords).
    public enum LineBreak: String, Sendable, Hashable, Codable, CaseIterable {
        /// ICU's `@lb=strict`.
        case strict
        /// ICU's `@lb=normal` (the default; CSS `auto` behaves so in Chromium).
        case normal
        /// ICU's `@lb=loose`.
        case loose
        /// A line may break between any two grapheme clusters, spaces included.
        case anywhere
    }

    /// CSS `text-align` (a left-to-right paragraph: start is the left edge).
    public enum TextAlign: String, Sendable, Hashable, Codable, CaseIterable {
        /// Lines start at the left edge (the default).
        case start
        /// Lines end at the right edge.
        case end
        /// Lines are centred.
        case center
        /// Lines fill the width by widening spaces (and gaps between ideographs), except a
        /// paragraph's last line and lines ending at a newline, which start at the left.
        /// Breaks are those of `start`.
        case justify
    }

    /// CSS `white-space` [pre-wrap].
    public var whiteSpace: WhiteSpace
    /// CSS `word-break` [normal].
    public var wordBreak: WordBreak
    /// CSS `overflow-wrap` [break-word].
    public var overflowWrap: OverflowWrap
    /// CSS `line-break` [normal].
    public var lineBreak: LineBreak
    /// CSS `text-align` [start].
    public var textAlign: TextAlign

    /// The modes; every default is the engine's behaviour without them.
    public init(whiteSpace: WhiteSpace = .preWrap, wordBreak: WordBreak = .normal, overflowWrap: OverflowWrap = .breakWord,
                lineBreak: LineBreak = .normal, textAlign: TextAlign = .start) {
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.overflowWrap = overflowWrap
        self.lineBreak = lineBreak
        self.textAlign = textAlign
    }

    /// Whether these are the defaults (the engine's behaviour without modes).
    public var isDefault: Bool { self == TextModes() }

    /// Sets one mode from its CSS property and value (`"white-space"`, `"pre-line"`), as the
    /// tool's options and a style sheet spell them.
    ///
    /// - Throws: `TextModesError.unknownProperty` or `.unknownValue`.
    public mutating func set(_ property: String, to value: String) throws(TextModesError) {
        func parse<T: RawRepresentable & CaseIterable>(_: T.Type) throws(TextModesError) -> T where T.RawValue == String {
            guard let v = T(rawValue: value) else {
                throw .unknownValue(property: property, value: value, expected: T.allCases.map(\.rawValue))
            }
            return v
        }
        switch property {
        case "white-space": whiteSpace = try parse(WhiteSpace.self)
        case "word-break": wordBreak = try parse(WordBreak.self)
        case "overflow-wrap": overflowWrap = try parse(OverflowWrap.self)
        case "line-break": lineBreak = value == "auto" ? .normal : try parse(LineBreak.self)
        case "text-align": textAlign = value == "left" ? .start : value == "right" ? .end : try parse(TextAlign.self)
        default: throw .unknownProperty(property)
        }
    }
}

/// A text mode that is not one of CSS's (see `TextModes.set(_:to:)`).
public enum TextModesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not one of `white-space`, `word-break`, `overflow-wrap`, `line-break`, `text-align`.
    case unknownProperty(String)
    /// A value the property does not take; the values it takes.
    case unknownValue(property: String, value: String, expected: [String])

    public var description: String {
        switch self {
        case .unknownProperty(let p):
            "unknown text mode \(p) (white-space, word-break, overflow-wrap, line-break, text-align)"
        case .unknownValue(let p, let v, let expected):
            "\(p) cannot be \(v) (\(expected.joined(separator: ", ")))"
        }
    }
}
