import ChatFormText
import ChatFormFont

/// Lines of one block's text at one width: where each starts (a byte offset in the text laid
/// out), how tall and how wide it is.
struct _InlineLines {
    struct Line {
        var start: Int
        var height: Double
        var width: Double
    }
    var lines: [Line]
    var height: Double { lines.reduce(0) { $0 + $1.height } }
}

/// The seam between block stacking and paragraph layout: a styled paragraph laid out at a
/// width. Block layout is written against this, so the paragraph engine can change under it.
protocol _InlineLayouter: Sendable {
    /// The lines of collapsed inline text in the font of `role`.
    func lines(of text: _CollapsedText, role: MarkdownTheme.Role, width: Double) throws(MarkdownError) -> _InlineLines
    /// The lines of a code block's text (`white-space: pre`, or `pre-wrap` when `wraps`).
    func codeLines(of code: String, wraps: Bool, width: Double) throws(MarkdownError) -> _InlineLines
}

/// Paragraphs laid out in one font stack per block role, every run in the block's font.
///
/// Exact for text without styled runs (no strong, emphasis, code span, mention or emoji
/// inside the paragraph); styled runs are measured in the block's font until the styled-span
/// engine lays them out in their own faces, paddings and inline boxes.
struct _BlockFontLayouter: _InlineLayouter {
    let fonts: _ThemeFonts

    func lines(of text: _CollapsedText, role: MarkdownTheme.Role, width: Double) throws(MarkdownError) -> _InlineLines {
        guard !text.text.isEmpty else { return _InlineLines(lines: []) }
        return try layout(text.text, stack: fonts[role], width: width)
    }

    func codeLines(of code: String, wraps: Bool, width: Double) throws(MarkdownError) -> _InlineLines {
        guard !code.isEmpty else { return _InlineLines(lines: []) }
        // The final newline makes no line of its own in a browser.
        let body = code.utf8.last == 0x0A ? String(code.utf8.dropLast())! : code
        return try layout(body, stack: fonts[.codeBlock], width: wraps ? width : .infinity)
    }

    private func layout(_ text: String, stack: FontStack, width: Double) throws(MarkdownError) -> _InlineLines {
        do {
            let layout = try ShapedText(text: text, shaper: stack).layout(width: max(width, 1.0 / 64))
            var lines: [_InlineLines.Line] = []
            lines.reserveCapacity(layout.lineCount)
            for (i, line) in layout.lines.enumerated() {
                // The engine's empty line after a final newline is not in the browser's layout.
                if i == layout.lineCount - 1, i > 0, line.start == line.end, layout.lines[i - 1].isHard { break }
                lines.append(.init(start: line.start, height: layout.heightOfLine(i), width: line.width))
            }
            return _InlineLines(lines: lines)
        } catch {
            throw .layoutFailed("\(error)")
        }
    }
}
