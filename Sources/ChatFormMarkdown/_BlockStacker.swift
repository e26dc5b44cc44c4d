import ChatFormText

/// Stacks blocks as the browser stacks cmark-gfm's HTML under the theme's CSS: no top
/// margins, each block's bottom margin after it unless it is its container's last block, so
/// no margin collapses; quotes indent by their border and padding, lists by their indent
/// (markers outside, in the indent); a tight list's paragraphs are the item's own text, with
/// no margin. Right to left, the indents are on the right (`padding-inline-start`), so a
/// block's left edge stays its container's, and each line ends at its block's right edge.
struct _BlockStacker {
    let theme: MarkdownTheme
    let inline: any _InlineLayouter
    let width: Double
    /// The message's direction, resolved: `ltr` or `rtl`.
    let direction: ParagraphDirection

    var blocks: [MarkdownLayout.Block] = []
    var texts: [MarkdownLayout.TextBlock] = []
    /// The narrowest message width that keeps every wrapping text's line count (0: none wraps).
    var fitWidth = 0.0

    init(theme: MarkdownTheme, inline: any _InlineLayouter, width: Double, direction: ParagraphDirection) {
        self.theme = theme
        self.inline = inline
        self.width = width
        self.direction = direction
    }

    /// The left edge of a container's content indented by `indent` at its start side.
    private func indented(_ left: Double, by indent: Double) -> Double {
        direction == .rtl ? left : left + indent
    }

    /// Stacks `children` from `top` at `left` in a container `available` wide; returns the bottom.
    /// `owner` is the element a tight list's paragraphs belong to.
    mutating func stack(_ children: [MarkdownBlock], top: Double, left: Double, available: Double, depth: Int,
                        tightOwner: Int?) throws(MarkdownError) -> Double {
        var y = top
        for (i, child) in children.enumerated() {
            let isLast = i == children.count - 1
            let margin: Double
            switch child.kind {
            case .paragraph(let text) where tightOwner != nil:
                y = try addText(text, role: .body, block: tightOwner!, top: y, left: left, available: available)
                margin = 0
            case .paragraph(let text):
                let index = open(.paragraph, top: y, left: left, depth: depth)
                y = try addText(text, role: .body, block: index, top: y, left: left, available: available)
                close(index, bottom: y)
                margin = theme.spacing.paragraph
            case .heading(let level, let text):
                let index = open(.heading(level), top: y, left: left, depth: depth)
                y = try addText(text, role: .heading(level), block: index, top: y, left: left, available: available)
                close(index, bottom: y)
                margin = theme.spacing.heading
            case .blockQuote(let inner):
                let index = open(.blockQuote, top: y, left: left, depth: depth)
                let indent = theme.quoteBorderWidth + theme.quotePadding
                y = try stack(inner, top: y, left: indented(left, by: indent), available: available - indent, depth: depth + 1,
                              tightOwner: nil)
                close(index, bottom: y)
                margin = theme.spacing.blockQuote
            case .list(let list):
                let ordered = if case .ordered = list.marker { true } else { false }
                let index = open(.list(ordered: ordered), top: y, left: left, depth: depth)
                let itemLeft = indented(left, by: theme.listIndent)
                let itemWidth = available - theme.listIndent
                for (k, item) in list.items.enumerated() {
                    let itemIndex = open(.listItem, top: y, left: itemLeft, depth: depth + 1)
                    if item.isEmpty {
                        // An empty item is one line tall: the marker's line box.
                        y += try emptyItemHeight()
                    } else {
                        y = try stack(item, top: y, left: itemLeft, available: itemWidth, depth: depth + 2,
                                      tightOwner: list.isTight ? itemIndex : nil)
                    }
                    close(itemIndex, bottom: y)
                    if k < list.items.count - 1 { y += theme.spacing.listItem }
                }
                close(index, bottom: y)
                margin = theme.spacing.list
            case .codeBlock(_, let code):
                let index = open(.codeBlock, top: y, left: left, depth: depth)
                let p = theme.codeBlockPadding
                let inner = available - p.left - p.right
                let lines = try inline.codeLines(of: code, wraps: theme.codeBlockWraps, width: max(inner, 0),
                                                 direction: direction)
                let text = appendLines(lines, text: code, block: index, top: y + p.top, left: left + p.left,
                                       available: inner, inset: width - inner) { $0 }
                y = text + p.bottom
                close(index, bottom: y)
                margin = theme.spacing.codeBlock
            case .thematicBreak:
                let index = open(.thematicBreak, top: y, left: left, depth: depth)
                y += theme.thematicBreakThickness
                close(index, bottom: y)
                margin = theme.spacing.thematicBreak
            }
            if !isLast { y += margin }
        }
        return y
    }

    private mutating func open(_ kind: MarkdownLayout.Block.Kind, top: Double, left: Double, depth: Int) -> Int {
        blocks.append(MarkdownLayout.Block(kind: kind, top: top, left: left, height: 0, depth: depth))
        return blocks.count - 1
    }

    private mutating func close(_ index: Int, bottom: Double) {
        blocks[index].height = bottom - blocks[index].top
    }

    private func emptyItemHeight() throws(MarkdownError) -> Double {
        let strut = try inline.lines(of: _CollapsedText(InlineText(text: "x", runs: [InlineRun(range: 0..<1, role: .text)])),
                                     role: .body, width: .infinity, direction: direction)
        return strut.height
    }

    private mutating func addText(_ text: InlineText, role: MarkdownTheme.Role, block: Int, top: Double, left: Double,
                                  available: Double) throws(MarkdownError) -> Double {
        let collapsed = _CollapsedText(text)
        let lines = try inline.lines(of: collapsed, role: role, width: max(available, 0), direction: direction)
        let domText = String(decoding: Array(text.text.utf8)[collapsed.leadingTrim...], as: UTF8.self)
        return appendLines(lines, text: domText, block: block, top: top, left: left, available: available,
                           inset: width - available) {
            collapsed.domOffset($0)
        }
    }

    /// Records lines from `top` in a content box from `left`, `available` wide (right to left,
    /// each line ends at its right edge); returns the bottom of the last.
    /// `inset` is the message width less the text's available width (its fit width plus
    /// `inset` is the message's).
    private mutating func appendLines(_ lines: _InlineLines, text: String, block: Int, top: Double, left: Double,
                                      available: Double, inset: Double, offset: (Int) -> Int) -> Double {
        if let fit = lines.fitWidth { fitWidth = max(fitWidth, inset + fit) }
        var y = top
        var out: [MarkdownLayout.Line] = []
        out.reserveCapacity(lines.lines.count)
        for line in lines.lines {
            let x = direction == .rtl ? left + max(available, 0) - line.width : left
            out.append(MarkdownLayout.Line(start: offset(line.start), top: y, height: line.height, left: x, width: line.width))
            y += line.height
        }
        texts.append(MarkdownLayout.TextBlock(block: block, text: text, lines: out))
        return y
    }
}
