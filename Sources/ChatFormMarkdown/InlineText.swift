/// The inline content of a paragraph or heading: one string and the styled runs over it.
///
/// `text` is the text the browser's DOM holds for the block (the concatenation of its text
/// nodes, as cmark-gfm renders them): each soft line break is `"\n"`, each hard break is the
/// `"\n"` cmark-gfm writes after its `<br />`, and a custom emoji, an `<img>` with no text, is
/// U+FFFC OBJECT REPLACEMENT CHARACTER. Line starts are byte offsets into this text. The browser
/// collapses its white space (`white-space: normal`) before breaking lines; the layout does the
/// same (see ``MarkdownLayout``).
///
/// ```swift
/// let doc = try MarkdownDocument(parsing: "Hi **@ana**, see `make`")
/// if case .paragraph(let inline) = doc.blocks[0].kind {
///     inline.text                      // "Hi @ana, see make"
///     inline.runs.map(\.role)          // [.text, .mention, .text, .code]
/// }
/// ```
public struct InlineText: Sendable, Hashable {
    /// The block's DOM text (UTF-8 offsets index it).
    public var text: String
    /// Runs in order, covering `text` exactly, none empty.
    public var runs: [InlineRun]

    /// Creates inline content; `runs` must cover `text` in order.
    public init(text: String, runs: [InlineRun]) {
        self.text = text
        self.runs = runs
    }
}

/// A stretch of inline content with one role and one set of marks.
public struct InlineRun: Sendable, Hashable {
    /// UTF-8 byte range in ``InlineText/text``.
    public var range: Range<Int>
    /// What the run is.
    public var role: InlineRole
    /// The marks around it (strong, emphasis, strikethrough, link).
    public var marks: InlineMarks
    /// The destination of the innermost link around the run, if any.
    public var link: String?

    /// Creates a run.
    public init(range: Range<Int>, role: InlineRole, marks: InlineMarks = [], link: String? = nil) {
        self.range = range
        self.role = role
        self.marks = marks
        self.link = link
    }
}

/// What a run of inline content is.
public enum InlineRole: Sendable, Hashable {
    /// Text.
    case text
    /// A code span (`<code>`), drawn in the code face with the theme's pill padding.
    case code
    /// A soft line break (`"\n"`: a space once the browser collapses white space).
    case softBreak
    /// A hard line break (`<br />` and the `"\n"` after it): the line ends.
    case hardBreak
    /// A mention (`@name`), drawn as a pill with the theme's mention padding.
    case mention(String)
    /// A custom emoji (`:name:`), an image of the theme's emoji size.
    case emoji(String)
}

/// Marks that nest around inline content.
public struct InlineMarks: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    /// Creates marks from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `**strong**` (`<strong>`).
    public static let strong = InlineMarks(rawValue: 1 << 0)
    /// `*emphasis*` (`<em>`).
    public static let emphasis = InlineMarks(rawValue: 1 << 1)
    /// `~~strikethrough~~` (`<del>`).
    public static let strikethrough = InlineMarks(rawValue: 1 << 2)
    /// Inside a link or an autolink (`<a>`).
    public static let link = InlineMarks(rawValue: 1 << 3)
}
