import ChatFormText

/// A Markdown chat message parsed by cmark-gfm: blocks of styled runs.
///
/// ```swift
/// let doc = try MarkdownDocument(parsing: "> **Note**\n> run `make` first\n\n- one\n- two")
/// doc.blocks.count        // 2: a block quote and a list
/// ```
///
/// CommonMark with the GitHub extensions chat apps use: strikethrough (`~~x~~`) and autolinks
/// (`www.example.org`). Tables, images and footnotes are refused with a
/// ``MarkdownError/unsupported(construct:line:)`` naming the line; raw HTML is dropped (cmark-gfm
/// omits it in its safe mode, so the browser draws nothing for it). Mentions and custom emoji
/// are found as ``MarkdownParseOptions`` describes.
public struct MarkdownDocument: Sendable, Hashable {
    /// The top-level blocks, in order.
    public var blocks: [MarkdownBlock]

    /// Creates a document from blocks.
    public init(blocks: [MarkdownBlock]) {
        self.blocks = blocks
    }

    /// Parses a message.
    ///
    /// - Throws: ``MarkdownError/tooLarge(bytes:limit:)``,
    ///   ``MarkdownError/nestingTooDeep(line:limit:)``, ``MarkdownError/unsupported(construct:line:)``,
    ///   ``MarkdownError/parserFailed``.
    /// - Complexity: O(n) in the message's length (cmark-gfm's parse, one walk of its tree).
    public init(parsing markdown: String, options: MarkdownParseOptions = MarkdownParseOptions()) throws(MarkdownError) {
        let tree = try _CmarkTree(parsing: markdown, options: options)
        self.blocks = try _DocumentBuilder.blocks(of: tree, maximumDepth: options.maximumDepth)
    }

    /// Parses a message given as bytes.
    ///
    /// - Throws: ``MarkdownError/invalidUTF8(offset:)`` for bytes that are not UTF-8 (no
    ///   replacement), and what `init(parsing:options:)` (a `String`) throws.
    /// - Complexity: O(n) in the message's length.
    public init(parsing bytes: [UInt8], options: MarkdownParseOptions = MarkdownParseOptions()) throws(MarkdownError) {
        guard bytes.count <= options.maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: options.maximumBytes) }
        if let bad = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset(in: $0) }) {
            throw .invalidUTF8(offset: bad)
        }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), options: options)
    }

    /// cmark-gfm's own HTML for a message (its `cmark_render_html`, safe mode), with mentions as
    /// `<span class="mention">` and custom emoji as `<img class="emoji">`: what a browser draws
    /// under ``MarkdownTheme/css(scope:)`` exactly as ``MarkdownLayout`` measures it.
    ///
    /// - Throws: what `init(parsing:options:)` (a `String`) throws.
    /// - Complexity: O(n) in the message's length.
    public static func html(for markdown: String, options: MarkdownParseOptions = MarkdownParseOptions()) throws(MarkdownError) -> String {
        let tree = try _CmarkTree(parsing: markdown, options: options)
        _ = try _DocumentBuilder.blocks(of: tree, maximumDepth: options.maximumDepth)
        return tree.html()
    }
}
