import ChatFormText
import ChatFormFont

/// Lines of one block's text at one width: where each starts (a byte offset in the text laid
/// out), how tall and how wide it is, and the narrowest width that keeps their number.
struct _InlineLines {
    struct Line {
        var start: Int
        var height: Double
        var width: Double
    }
    var lines: [Line]
    /// The smallest width at which the text keeps its line count (nil when it does not wrap).
    var fitWidth: Double?
    var height: Double { lines.reduce(0) { $0 + $1.height } }
}

/// The seam between block stacking and paragraph layout: a styled paragraph laid out at a
/// width. Block layout is written against this, so the paragraph engine can change under it.
protocol _InlineLayouter: Sendable {
    /// The lines of collapsed inline text whose block is set in the font of `role`, in a
    /// paragraph of base direction `direction` (`ltr` or `rtl`, resolved for the message).
    func lines(of text: _CollapsedText, role: MarkdownTheme.Role, width: Double,
               direction: ParagraphDirection) throws(MarkdownError) -> _InlineLines
    /// The lines of a code block's text (`white-space: pre`, or `pre-wrap` when `wraps`).
    func codeLines(of code: String, wraps: Bool, width: Double, direction: ParagraphDirection) throws(MarkdownError) -> _InlineLines
}

/// Paragraphs as styled text (ChatFormFont's `StyledText`), the theme's CSS turned into spans:
/// strong is weight 700, emphasis italic (`<strong>`, `<em>`), a code span is the code font
/// with the theme's pill padding at its ends, a mention the block's font with the mention
/// padding, a custom emoji an attachment of the theme's size on the baseline offset; links
/// and strikethrough change no metric. The block's font is the paragraph's strut.
struct _StyledLayouter: _InlineLayouter {
    let theme: MarkdownTheme
    let fonts: _ThemeFonts

    func lines(of text: _CollapsedText, role: MarkdownTheme.Role, width: Double,
               direction: ParagraphDirection) throws(MarkdownError) -> _InlineLines {
        guard !text.text.isEmpty else { return _InlineLines(lines: [], fitWidth: nil) }
        let block = fonts[role]
        let spacing = theme.letterSpacing(role, in: role), codeSpacing = theme.letterSpacing(.code, in: role)
        let bytes = Array(text.text.utf8)
        var elements: [StyledElement] = []
        elements.reserveCapacity(text.runs.count)
        // Text runs one after another in the same elements are one text node of the HTML (the
        // parser joins them; a soft break is a "\n" in it): one inline item, rounded once.
        var previous: InlineRun? = nil
        for run in text.runs {
            defer { previous = run }
            if let p = previous, Self.isPlainText(p.role), Self.isPlainText(run.role), p.marks == run.marks, p.link == run.link,
               p.range.upperBound == run.range.lowerBound, case .span(let last)? = elements.last {
                elements[elements.count - 1] = .span(TextSpan(last.text + String(decoding: bytes[run.range], as: UTF8.self),
                                                              style: last.style))
                continue
            }
            var font = run.role == .code ? fonts[.code] : block
            if run.marks.contains(.strong) { font = font.with(weight: 700) }
            if run.marks.contains(.emphasis) { font = font.with(italic: true) }
            let piece = String(decoding: bytes[run.range], as: UTF8.self)
            switch run.role {
            case .emoji(let name):
                let size = theme.emojiSize(of: name)
                elements.append(.attachment(InlineAttachment(width: size.width, height: size.height,
                                                             baselineOffset: theme.emojiBaselineOffset, name: name)))
            case .code:
                elements.append(.span(TextSpan(piece, style: SpanStyle(font: font, letterSpacing: codeSpacing,
                                                                       edges: InlineEdges(padding: theme.codeSpanPadding)))))
            case .mention:
                elements.append(.span(TextSpan(piece, style: SpanStyle(font: font, letterSpacing: spacing,
                                                                       edges: InlineEdges(padding: theme.mentionPadding)))))
            case .text, .softBreak, .hardBreak:
                elements.append(.span(TextSpan(piece, style: SpanStyle(font: font, letterSpacing: spacing))))
            }
        }
        let modes = theme.textModes(role)
        var paragraph = ParagraphStyle(font: block, lineHeight: fonts.lineHeights[role]!, modes: modes, direction: direction)
        paragraph.layoutOptions.collapsedBefore = theme.collapsesInlineText(role)
        return try layout(elements, paragraph: paragraph,
                          width: width, wraps: modes.whiteSpace.wraps)
    }

    /// Text or a soft break: what joins its neighbours' text node.
    static func isPlainText(_ role: InlineRole) -> Bool {
        switch role {
        case .text, .softBreak: return true
        default: return false
        }
    }

    func codeLines(of code: String, wraps: Bool, width: Double, direction: ParagraphDirection) throws(MarkdownError) -> _InlineLines {
        guard !code.isEmpty else { return _InlineLines(lines: [], fitWidth: nil) }
        // The final newline makes no line of its own in a browser: `layout` drops the empty
        // line after it (and only that one: "x\n\n", a fence closed by the end of a list
        // item after a blank line, is two lines in Chromium, the second empty).
        let body = code
        let font = fonts[.codeBlock]
        let spacing = theme.letterSpacing(.codeBlock, in: .codeBlock)
        return try layout([.span(TextSpan(body, style: SpanStyle(font: font, letterSpacing: spacing)))],
                          paragraph: ParagraphStyle(font: font, lineHeight: fonts.lineHeights[.codeBlock]!, modes: theme.textModes(.codeBlock),
                                                    direction: direction),
                          width: wraps ? width : .infinity, wraps: wraps)
    }

    private func layout(_ elements: [StyledElement], paragraph: ParagraphStyle, width: Double,
                        wraps: Bool) throws(MarkdownError) -> _InlineLines {
        do {
            let styled = try StyledText(elements, style: paragraph)
            let w = max(width, 1.0 / 64)
            let layout = try styled.layout(width: w)
            var lines: [_InlineLines.Line] = []
            lines.reserveCapacity(layout.lineCount)
            for (i, line) in layout.lines.enumerated() {
                // The engine's empty line after a final newline is not in the browser's layout.
                if i == layout.lineCount - 1, i > 0, line.start == line.end, layout.lines[i - 1].isHard { break }
                lines.append(.init(start: line.start, height: layout.heightOfLine(i), width: line.width))
            }
            let fit = wraps ? try styled.shaped.fitWidth(width: w) : nil
            return _InlineLines(lines: lines, fitWidth: fit)
        } catch let error as StyledTextError {
            throw .layoutFailed(error.description)
        } catch {
            throw .layoutFailed("\(error)")
        }
    }
}
