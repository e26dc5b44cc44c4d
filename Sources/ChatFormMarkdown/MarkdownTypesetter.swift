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
                              usedWidth: result.usedWidth, fitWidth: fit)
    }

    private func stack(_ document: MarkdownDocument, width: Double) throws(MarkdownError)
        -> (height: Double, blocks: [MarkdownLayout.Block], texts: [MarkdownLayout.TextBlock], usedWidth: Double,
            fitWidth: Double) {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        var stacker = _BlockStacker(theme: theme, inline: inline, width: width)
        let height = try stacker.stack(document.blocks, top: 0, left: 0, available: width, depth: 0, tightOwner: nil)
        var used = 0.0
        for text in stacker.texts {
            for line in text.lines { used = max(used, line.left + line.width) }
        }
        return (height, stacker.blocks, stacker.texts, used, stacker.fitWidth)
    }
}
