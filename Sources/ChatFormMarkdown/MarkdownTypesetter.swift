import ChatFormText

/// Lays Markdown messages out under one theme: the theme's fonts are resolved once, then any
/// number of messages are laid out, from any number of threads.
///
/// ```swift
/// let typesetter = try MarkdownTypesetter(theme: .default)
/// let layout = try typesetter.layout("# Release\n\n> **fixed** the `--width` flag", width: 320)
/// print(layout.height, layout.lineCount, layout.usedWidth, layout.fitWidth)
/// ```
public struct MarkdownTypesetter: Sendable {
    /// The theme.
    public let theme: MarkdownTheme
    let fonts: _ThemeFonts
    let inline: any _InlineLayouter

    /// A typesetter for `theme`.
    ///
    /// - Throws: ``MarkdownError/unknownFontFamily(role:family:)`` when fontconfig lacks a
    ///   family the theme names.
    public init(theme: MarkdownTheme = .default) throws(MarkdownError) {
        self.theme = theme
        self.fonts = try _ThemeFonts(theme)
        self.inline = _StyledLayouter(theme: theme, fonts: fonts)
    }

    /// Parses `markdown` (with the theme's ``MarkdownTheme/parseOptions``) and lays it out at `width`.
    ///
    /// - Throws: what `MarkdownDocument.init(parsing:options:)` throws,
    ///   ``MarkdownError/invalidWidth(_:)``.
    /// - Complexity: O(n) in the message's length, plus shaping.
    public func layout(_ markdown: String, width: Double) throws(MarkdownError) -> MarkdownLayout {
        try layout(MarkdownDocument(parsing: markdown, options: theme.parseOptions), width: width)
    }

    /// Lays a parsed document out at `width` pixels.
    ///
    /// - Throws: ``MarkdownError/invalidWidth(_:)`` for a width that is not finite and positive.
    /// - Complexity: O(blocks + text), plus shaping.
    public func layout(_ document: MarkdownDocument, width: Double) throws(MarkdownError) -> MarkdownLayout {
        let result = try stack(document, width: width)
        // Each text keeps its line count from its own fit width plus its indents on; a text
        // that does not wrap (a `pre` code block) keeps it at any width.
        let fit = result.fitWidth > 0 ? min(result.fitWidth, width) : min(result.usedWidth, width)
        return MarkdownLayout(width: width, height: result.height, blocks: result.blocks, texts: result.texts,
                              usedWidth: result.usedWidth, fitWidth: fit, direction: result.direction)
    }

    private func stack(_ document: MarkdownDocument, width: Double) throws(MarkdownError)
        -> (height: Double, blocks: [MarkdownLayout.Block], texts: [MarkdownLayout.TextBlock], usedWidth: Double,
            fitWidth: Double, direction: ParagraphDirection) {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        let direction = Self.resolve(theme.direction, of: document.blocks) ?? .ltr
        var stacker = _BlockStacker(theme: theme, inline: inline, width: width, direction: direction)
        let height = try stacker.stack(document.blocks, top: 0, left: 0, available: width, depth: 0, tightOwner: nil)
        // The bubble reaches from the start edge to the farthest line end.
        var used = 0.0
        for text in stacker.texts {
            for line in text.lines {
                used = max(used, direction == .rtl ? width - line.left : line.left + line.width)
            }
        }
        return (height, stacker.blocks, stacker.texts, used, stacker.fitWidth, direction)
    }

    /// `ltr` or `rtl` for `direction`; for `auto`, the direction of the first strong character
    /// of the blocks' text in document order, as `dir="auto"` resolves an element's (nil: none).
    ///
    /// - Complexity: O(n) in the text up to its first strong character.
    static func resolve(_ direction: ParagraphDirection, of blocks: [MarkdownBlock]) -> ParagraphDirection? {
        guard direction == .auto else { return direction }
        func strong(_ text: String) -> ParagraphDirection? {
            if ParagraphDirection.auto.isRightToLeft(text) { return .rtl }
            // No strong character at all when a right-to-left one put after it decides.
            return ParagraphDirection.auto.isRightToLeft(text + "\u{05D0}") ? nil : .ltr
        }
        for block in blocks {
            let found: ParagraphDirection?
            switch block.kind {
            case .paragraph(let inline), .heading(_, let inline): found = strong(inline.text)
            case .codeBlock(_, let code): found = strong(code)
            case .blockQuote(let inner): found = resolve(.auto, of: inner)
            case .list(let list): found = list.items.lazy.compactMap { resolve(.auto, of: $0) }.first
            case .thematicBreak: found = nil
            }
            if let found { return found }
        }
        return nil
    }
}
