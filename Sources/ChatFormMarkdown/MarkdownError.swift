/// Why a Markdown message or a theme was refused.
///
/// Lines count from 1, as cmark-gfm numbers them.
public enum MarkdownError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not UTF-8: the first bad byte is at `offset`.
    case invalidUTF8(offset: Int)
    /// The message is longer than the limit (`MarkdownParseOptions.maximumBytes`).
    case tooLarge(bytes: Int, limit: Int)
    /// Block quotes and lists nest deeper than `MarkdownParseOptions.maximumDepth`.
    case nestingTooDeep(line: Int, limit: Int)
    /// A construct chat messages do not carry (a table, an image, a footnote), at `line`.
    case unsupported(construct: String, line: Int)
    /// cmark-gfm could not allocate its tree.
    case parserFailed
    /// The theme is not valid JSON for a `MarkdownTheme`, or names a key it does not know.
    case invalidTheme(String)
    /// A theme size, margin, padding or offset that is negative, zero where it must not be, or
    /// not finite.
    case invalidThemeValue(key: String, value: Double)
    /// A theme names a font family fontconfig does not have.
    case unknownFontFamily(role: String, family: String)
    /// A width that is not a positive number of pixels.
    case invalidWidth(Double)
    /// The text layer refused a block's text (its message).
    case layoutFailed(String)

    public var description: String {
        switch self {
        case .invalidUTF8(let o): "the message is not valid UTF-8 (first bad byte at offset \(o))"
        case .tooLarge(let b, let l): "the message is \(b) bytes, more than the limit of \(l)"
        case .nestingTooDeep(let line, let l): "line \(line): quotes and lists nest deeper than \(l) levels"
        case .unsupported(let c, let line): "line \(line): \(c) is not supported in chat messages"
        case .parserFailed: "cmark-gfm could not parse the message (out of memory)"
        case .invalidTheme(let m): "invalid theme: \(m)"
        case .invalidThemeValue(let k, let v): "invalid theme value \(v) for \(k): sizes must be finite and positive, margins and paddings finite and not negative"
        case .unknownFontFamily(let r, let f): "theme role \(r): no font of family \"\(f)\" is installed (fc-list lists the families fontconfig knows)"
        case .invalidWidth(let w): "invalid width \(w): it must be a positive number of pixels"
        case .layoutFailed(let m): "layout failed: \(m)"
        }
    }
}
