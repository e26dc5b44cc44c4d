/// A font as CSS names it: a family list, a weight, a style and a pixel size. What a span
/// of styled text (`TextSpan`) or a paragraph (`ParagraphStyle`) is set in.
///
/// ```swift
/// let body = FontSpec(families: ["Noto Sans"], size: 16)
/// let bold = body.with(weight: 700)
/// let code = FontSpec(families: ["DejaVu Sans Mono"], size: 14)
/// ```
///
/// Each family is matched with fontconfig at the weight and style (the face a browser picks
/// for `font-weight` and `font-style`); a family fontconfig does not have throws
/// `FontError.familyNotFound` when the spec is used, as `FontStack` does.
public struct FontSpec: Sendable, Hashable, CustomStringConvertible {
    /// CSS `font-family`, in order (generic names such as `monospace` take fontconfig's
    /// choice). Never empty when used.
    public var families: [String]
    /// CSS `font-size` in pixels (`FontStack.sizeRange`).
    public var size: Double
    /// CSS `font-weight`, 1...1000 [400]; 700 is bold. Values outside are clamped.
    public var weight: Int
    /// CSS `font-style: italic` (an italic or oblique face) [false].
    public var italic: Bool

    public init(families: [String], size: Double, weight: Int = 400, italic: Bool = false) {
        self.families = families
        self.size = size
        self.weight = Swift.min(1000, Swift.max(1, weight))
        self.italic = italic
    }

    /// One family.
    public init(family: String, size: Double, weight: Int = 400, italic: Bool = false) {
        self.init(families: [family], size: size, weight: weight, italic: italic)
    }

    /// The same font at another weight.
    public func with(weight: Int) -> FontSpec { FontSpec(families: families, size: size, weight: weight, italic: italic) }
    /// The same font, italic or not.
    public func with(italic: Bool) -> FontSpec { FontSpec(families: families, size: size, weight: weight, italic: italic) }
    /// The same font at another size.
    public func with(size: Double) -> FontSpec { FontSpec(families: families, size: size, weight: weight, italic: italic) }

    /// The families of a `font-family`-like list (`"Noto Sans", 'Noto Color Emoji', monospace`)
    /// in order, read simply: split at every comma (one inside quotes too), white space
    /// (Unicode's, line breaks included) and quotes taken off both ends of each name, empty
    /// names dropped; not CSS's full grammar (which keeps a quoted name's commas and inner
    /// white space). The one reading of a family list: the tool's `--font-family` and a
    /// Markdown theme's fonts (`MarkdownTheme.Font.families`) both go through it.
    ///
    /// - Complexity: O(n) in the list's length.
    package static func families(css list: String) -> [String] {
        func isPadding(_ c: Character) -> Bool { c.isWhitespace || c == "\"" || c == "'" }
        return list.split(separator: ",").compactMap { piece in
            var name = piece
            while let c = name.first, isPadding(c) { name.removeFirst() }
            while let c = name.last, isPadding(c) { name.removeLast() }
            return name.isEmpty ? nil : String(name)
        }
    }

    /// CSS shorthand-like: `italic 700 16px "Noto Sans", monospace`.
    public var description: String {
        (italic ? "italic " : "") + "\(weight) \(size)px " + families.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
