import ChatFormText

/// A Markdown message laid out at one width: the blocks' boxes, every line, the height, the
/// widest line and the fit width (SPEC §2.1: identical to the browser's rendering of
/// cmark-gfm's HTML under ``MarkdownTheme/css(scope:)``).
///
/// Coordinates are pixels from the message's top-left corner (the content box of the element
/// the HTML goes in).
///
/// ```swift
/// let typesetter = try MarkdownTypesetter(theme: .default)
/// let layout = try typesetter.layout("**Deploy** done :tada:\n\n- api\n- web", width: 280)
/// layout.height        // the bubble's content height
/// layout.usedWidth     // its widest line
/// ```
public struct MarkdownLayout: Sendable, Hashable {
    /// The width the message was laid out at.
    public let width: Double
    /// The total height: the top-level blocks stacked with their margins.
    public let height: Double
    /// Every block element, in document order (the order of cmark-gfm's HTML elements: a
    /// tight list's paragraphs make no element).
    public let blocks: [Block]
    /// Every run of text that is laid out in lines (a paragraph's, a heading's, a tight list
    /// item's, a code block's), in document order.
    public let texts: [TextBlock]
    /// The widest line's right edge, block indents and code block padding on its left included:
    /// what a bubble needs. A code block line that does not wrap may be wider than ``width``.
    /// Right to left (``direction``), the widest line measured from the right edge:
    /// ``width`` less the leftmost line's left edge.
    public let usedWidth: Double
    /// The smallest width at which every block lays out in as many lines as at ``width``
    /// (each text's own fit width plus the indents and paddings beside it, the largest of
    /// them); at most ``width``. When nothing wraps (only `pre` code blocks), the widest line,
    /// at most ``width``.
    public let fitWidth: Double
    /// The direction the message was laid out in, `ltr` or `rtl` (the theme's
    /// ``MarkdownTheme/direction``, `auto` resolved from the message's first strong character).
    public let direction: ParagraphDirection

    /// The number of lines of every text.
    public var lineCount: Int { texts.reduce(0) { $0 + $1.lines.count } }

    /// A block element's box.
    public struct Block: Sendable, Hashable {
        /// The element.
        public var kind: Kind
        /// Its border box's top.
        public var top: Double
        /// Its border box's left edge.
        public var left: Double
        /// Its border box's height.
        public var height: Double
        /// How many block containers it is inside.
        public var depth: Int

        /// The block elements of cmark-gfm's HTML.
        public enum Kind: Sendable, Hashable {
            /// `<p>`.
            case paragraph
            /// `<h1>`…`<h6>`.
            case heading(Int)
            /// `<blockquote>`.
            case blockQuote
            /// `<ul>` or `<ol>`.
            case list(ordered: Bool)
            /// `<li>`.
            case listItem
            /// `<pre>`.
            case codeBlock
            /// `<hr>`.
            case thematicBreak

            /// The HTML tag.
            public var tag: String {
                switch self {
                case .paragraph: "p"
                case .heading(let l): "h\(l)"
                case .blockQuote: "blockquote"
                case .list(let ordered): ordered ? "ol" : "ul"
                case .listItem: "li"
                case .codeBlock: "pre"
                case .thematicBreak: "hr"
                }
            }
        }
    }

    /// Text laid out in lines.
    public struct TextBlock: Sendable, Hashable {
        /// The index in ``MarkdownLayout/blocks`` of the element the text is in.
        public var block: Int
        /// The text: the DOM text of the paragraph, heading or code block (see ``InlineText``),
        /// without collapsible white space at its start.
        public var text: String
        /// Its lines, in order (none for a text that is only collapsible white space).
        public var lines: [Line]
    }

    /// One line.
    public struct Line: Sendable, Hashable {
        /// UTF-8 offset in ``TextBlock/text`` of the line's first character.
        public var start: Int
        /// The line box's top.
        public var top: Double
        /// The line box's height.
        public var height: Double
        /// The left edge of the line's content (right to left, its block's right edge less
        /// ``width``).
        public var left: Double
        /// The line's width, from its start to the end of its last character that is not
        /// white space.
        public var width: Double
    }
}
