/// One block of a Markdown message, as cmark-gfm parsed it, with the source line it starts on.
///
/// HTML blocks and inline HTML are dropped: cmark-gfm renders them as
/// `<!-- raw HTML omitted -->` (it runs in its safe mode), which a browser does not draw.
public struct MarkdownBlock: Sendable, Hashable {
    /// What the block is.
    public var kind: Kind
    /// The source line the block starts on (from 1).
    public var line: Int

    /// Creates a block.
    public init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// The kinds of block.
    public indirect enum Kind: Sendable, Hashable {
        /// A paragraph (`<p>`; in a tight list, the item's text without a `<p>`).
        case paragraph(InlineText)
        /// An ATX or setext heading, level 1–6 (`<h1>`…`<h6>`).
        case heading(level: Int, InlineText)
        /// A block quote (`<blockquote>`) and what it holds.
        case blockQuote([MarkdownBlock])
        /// A bullet or ordered list (`<ul>`, `<ol>`).
        case list(MarkdownList)
        /// A fenced or indented code block (`<pre><code>`): its info string (empty for an
        /// indented block) and its text, each line ending in a newline as cmark-gfm keeps it.
        case codeBlock(info: String, code: String)
        /// A thematic break (`<hr />`).
        case thematicBreak
    }
}

/// A bullet or ordered list.
public struct MarkdownList: Sendable, Hashable {
    /// Bullet or ordered, and where the numbers start.
    public enum Marker: Sendable, Hashable {
        /// Bullets (`-`, `*` or `+` in the source).
        case bullet
        /// Numbers from `start` (`1.` or `1)` in the source).
        case ordered(start: Int)
    }

    /// The marker.
    public var marker: Marker
    /// A tight list (no blank line between its items or their blocks): cmark-gfm renders its
    /// paragraphs without `<p>`, so they take no paragraph margins.
    public var isTight: Bool
    /// The items, each a list of blocks (empty for an empty item).
    public var items: [[MarkdownBlock]]

    /// Creates a list.
    public init(marker: Marker, isTight: Bool, items: [[MarkdownBlock]]) {
        self.marker = marker
        self.isTight = isTight
        self.items = items
    }
}
