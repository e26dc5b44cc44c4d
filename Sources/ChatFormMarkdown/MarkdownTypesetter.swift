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
        self.inline = _BlockFontLayouter(fonts: fonts)
    }

    /// Parses `markdown` (with the theme's ``MarkdownTheme/parseOptions``) and lays it out at `width`.
    ///
    /// - Throws: what ``MarkdownDocument/init(parsing:options:)-(String,_)`` throws,
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
        let first = try stack(document, width: width)
        // The fit width: the widest line that wraps (a line of a code block that does not wrap
        // counts only up to the width); checked by laying out again.
        var fit = 0.0
        for text in first.texts {
            for line in text.lines { fit = max(fit, line.left + line.width) }
        }
        fit = min(fit, width)
        if fit > 0, fit < width {
            let again = try stack(document, width: fit)
            if again.texts.map(\.lines.count) != first.texts.map(\.lines.count) { fit = width }
        }
        return MarkdownLayout(width: width, height: first.height, blocks: first.blocks, texts: first.texts,
                              usedWidth: first.usedWidth, fitWidth: fit)
    }

    private func stack(_ document: MarkdownDocument, width: Double) throws(MarkdownError)
        -> (height: Double, blocks: [MarkdownLayout.Block], texts: [MarkdownLayout.TextBlock], usedWidth: Double) {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        var stacker = _BlockStacker(theme: theme, inline: inline, width: width)
        let height = try stacker.stack(document.blocks, top: 0, left: 0, available: width, depth: 0, tightOwner: nil)
        var used = 0.0
        for text in stacker.texts {
            for line in text.lines { used = max(used, line.left + line.width) }
        }
        return (height, stacker.blocks, stacker.texts, used)
    }
}
