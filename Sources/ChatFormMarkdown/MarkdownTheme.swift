import ChatFormFont
import ChatFormGeometry
import ChatFormText

/// How a Markdown message is drawn: fonts per role, block spacing, quote, list, code and pill
/// metrics, emoji sizes. A small JSON file a user can give (``init(json:)``), and the same
/// theme as CSS (``css(scope:)``) so a browser draws cmark-gfm's HTML exactly as
/// ``MarkdownLayout`` measures it.
///
/// ```swift
/// var theme = MarkdownTheme.default
/// theme.spacing.paragraph = 10
/// let css = theme.css(scope: ".md")     // for the page that shows the HTML
/// ```
///
/// Every block has no top margin and a bottom margin of its ``Spacing`` value, except the last
/// block of its container, which has none (the CSS says `:last-child { margin-bottom: 0 }`).
/// So no margins ever collapse into each other: blocks stack at `top of previous + height +
/// spacing`, as the browser stacks them.
public struct MarkdownTheme: Sendable, Hashable {
    /// A font for one role: CSS `font-family`, `font-size`, `font-weight`, `font-style` and
    /// `line-height`.
    public struct Font: Sendable, Hashable {
        /// Installed families, CSS order, comma-separated (fontconfig must know each).
        public var family: String
        /// Pixels per em.
        public var size: Double
        /// CSS weight (400 regular, 700 bold).
        public var weight: Int
        /// Italic.
        public var italic: Bool
        /// A fixed line height in pixels, or nil for CSS `line-height: normal`.
        public var lineHeight: Double?

        /// Creates a font.
        public init(family: String, size: Double, weight: Int = 400, italic: Bool = false, lineHeight: Double? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
            self.italic = italic
            self.lineHeight = lineHeight
        }

        /// The families, in order (`family` read as a CSS `font-family` list: white space and
        /// quotes around each name dropped).
        public var families: [String] { FontSpec.families(css: family) }
    }

    /// The roles a font is given for.
    public enum Role: String, Sendable, Hashable, CaseIterable, Codable {
        /// Paragraphs, list items, quotes, mentions.
        case body
        /// Code spans.
        case code
        /// Code blocks.
        case codeBlock
        /// Headings, level 1 to 6.
        case heading1, heading2, heading3, heading4, heading5, heading6

        /// The role of a heading level (clamped to 1...6).
        public static func heading(_ level: Int) -> Role {
            [.heading1, .heading2, .heading3, .heading4, .heading5, .heading6][min(max(level, 1), 6) - 1]
        }
    }

    /// The bottom margin of each kind of block, in pixels (none for the last block of a container).
    public struct Spacing: Sendable, Hashable {
        /// After a paragraph (`<p>`).
        public var paragraph: Double
        /// After a heading.
        public var heading: Double
        /// After a block quote.
        public var blockQuote: Double
        /// After a list.
        public var list: Double
        /// After each list item (`<li>`).
        public var listItem: Double
        /// After a code block.
        public var codeBlock: Double
        /// After a thematic break.
        public var thematicBreak: Double
    }

    /// One custom emoji's image and size.
    public struct EmojiImage: Sendable, Hashable {
        /// The image's address (the HTML's `src`).
        public var src: String
        /// Width in pixels, or nil for the theme's ``emojiSize``.
        public var width: Double?
        /// Height in pixels, or nil for the theme's ``emojiSize``.
        public var height: Double?

        /// Creates an emoji entry.
        public init(src: String, width: Double? = nil, height: Double? = nil) {
            self.src = src
            self.width = width
            self.height = height
        }
    }

    /// The font of each role.
    public var fonts: [Role: Font]
    /// Block margins.
    public var spacing: Spacing
    /// A block quote's left border width (pixels).
    public var quoteBorderWidth: Double
    /// Space between a block quote's border and its content (pixels).
    public var quotePadding: Double
    /// A list's left padding: its items' indent (pixels). Markers sit outside, in this padding
    /// (`list-style-position: outside`), so they take no line width.
    public var listIndent: Double
    /// A code block's padding, in pixels.
    public var codeBlockPadding: EdgeInsets
    /// Whether code block lines wrap (`white-space: pre-wrap`) or run past the bubble's edge
    /// (`white-space: pre`) [false].
    public var codeBlockWraps: Bool
    /// A thematic break's thickness (its top border, pixels).
    public var thematicBreakThickness: Double
    /// Left and right padding of a code span's pill (pixels).
    public var codeSpanPadding: Double
    /// Left and right padding of a mention's pill (pixels).
    public var mentionPadding: Double
    /// A custom emoji's width and height when its entry gives none (pixels).
    public var emojiSize: Double
    /// How far a custom emoji's bottom sits above the baseline, in pixels (CSS
    /// `vertical-align: <length>`; negative lowers it).
    public var emojiBaselineOffset: Double
    /// Custom emoji by name (names of ASCII letters, digits, `_`, `+`, `-`).
    public var emoji: [String: EmojiImage]
    /// Whether only the names in ``emoji`` become custom emoji (else every `:short-code:`).
    public var onlyListedEmoji: Bool
    /// CSS text properties by role (`text-align`, `white-space`, `word-break`,
    /// `overflow-wrap`, `letter-spacing`); what a role leaves out it inherits as CSS does
    /// (see ``TextProperties``) [none: the browser's defaults].
    public var text: [Role: TextProperties] = [:]
    /// The message's base direction, as HTML `dir` on the element the message's HTML goes in
    /// [`ltr`]. Right to left (`rtl`), every block's lines start at the right, list markers and
    /// a quote's border and padding sit on the right (``css(scope:)`` writes them as
    /// `padding-inline-start` and `border-inline-start`), and code blocks are right-to-left
    /// paragraphs too (Chromium's style for `<pre>` sets no direction). `auto` is what
    /// `dir="auto"` on that element does: the whole message takes the direction of its first
    /// strong character, in document order (left to right when it has none). See
    /// <doc:RichMessages#Right-to-left-messages>.
    public var direction: ParagraphDirection = .ltr

    /// The font of `role` (a missing code block font is the code font; a missing font the body's).
    public func font(_ role: Role) -> Font {
        if let f = fonts[role] { return f }
        if role == .codeBlock, let f = fonts[.code] { return f }
        return fonts[.body] ?? Self.default.fonts[.body]!
    }

    /// The parse options this theme implies (which short codes are emoji, their images).
    public var parseOptions: MarkdownParseOptions {
        MarkdownParseOptions(emoji: onlyListedEmoji ? .names(Set(emoji.keys)) : .anyShortCode,
                             emojiImages: emoji.mapValues(\.src))
    }

    /// The size of a custom emoji.
    public func emojiSize(of name: String) -> (width: Double, height: Double) {
        let e = emoji[name]
        return (e?.width ?? emojiSize, e?.height ?? emojiSize)
    }

    /// The default theme: DejaVu Sans 16 px for text, DejaVu Sans Mono 14 px for code,
    /// headings in bold from 24 px down to 16 px; 8 px between blocks, 2 px between list items;
    /// custom emoji 20 px square, 4 px below the baseline.
    public static let `default` = MarkdownTheme(
        fonts: [
            .body: Font(family: "DejaVu Sans", size: 16),
            .code: Font(family: "DejaVu Sans Mono", size: 14),
            .codeBlock: Font(family: "DejaVu Sans Mono", size: 14),
            .heading1: Font(family: "DejaVu Sans", size: 24, weight: 700),
            .heading2: Font(family: "DejaVu Sans", size: 20, weight: 700),
            .heading3: Font(family: "DejaVu Sans", size: 18, weight: 700),
            .heading4: Font(family: "DejaVu Sans", size: 16, weight: 700),
            .heading5: Font(family: "DejaVu Sans", size: 16, weight: 700),
            .heading6: Font(family: "DejaVu Sans", size: 16, weight: 700),
        ],
        spacing: Spacing(paragraph: 8, heading: 8, blockQuote: 8, list: 8, listItem: 2, codeBlock: 8, thematicBreak: 8),
        quoteBorderWidth: 3, quotePadding: 10, listIndent: 24,
        codeBlockPadding: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10), codeBlockWraps: false,
        thematicBreakThickness: 1, codeSpanPadding: 3, mentionPadding: 4,
        emojiSize: 20, emojiBaselineOffset: -4, emoji: [:], onlyListedEmoji: false)

    /// The default theme with every role's family replaced: `text` for body and headings,
    /// `code` for code spans and blocks.
    public func withFamilies(text: String, code: String) -> MarkdownTheme {
        var t = self
        for role in Role.allCases {
            var f = font(role)
            f.family = (role == .code || role == .codeBlock) ? code : text
            t.fonts[role] = f
        }
        return t
    }
}
