import Testing
import ChatFormTesting
@testable import ChatFormMarkdown

/// Block stacking held against a simple model: each block laid out alone, then stacked by hand.
@Suite struct MarkdownLayoutTests {
    static let typesetter = try! MarkdownTypesetter(theme: .default)
    let theme = MarkdownTheme.default

    private func layout(_ markdown: String, _ width: Double) throws -> MarkdownLayout {
        try Self.typesetter.layout(markdown, width: width)
    }

    @Test(arguments: [180.0, 240, 333.5, 600])
    func paragraphsStackWithTheirMarginAndNoneAfterTheLast(width: Double) throws {
        var rng = SplitMix64(seed: 19)
        let words = ["chat", "layout", "message", "bubble", "width", "a", "of", "Markdown", "engine", "line"]
        let paragraphs = (0..<5).map { _ in
            (0..<(3 + Int(rng.next() % 30))).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        let whole = try layout(paragraphs.joined(separator: "\n\n"), width)
        var y = 0.0
        for (i, p) in paragraphs.enumerated() {
            let alone = try layout(p, width)
            #expect(whole.blocks[i].top == y)
            #expect(whole.texts[i].lines.map(\.start) == alone.texts[0].lines.map(\.start))
            y += alone.height + (i < paragraphs.count - 1 ? theme.spacing.paragraph : 0)
        }
        #expect(whole.height == y)
    }

    /// A fence closed by the end of its list item after a blank line keeps that blank line
    /// ("x\n\n": two lines in Chromium, as `rt0289` recorded it); a closed fence's final
    /// newline makes no line.
    @Test func aCodeBlockEndingInABlankLineKeepsIt() throws {
        let open = try layout("1. a\n\n   ```\n   x\n\n2. b", 300)
        let closed = try layout("```\nx\n```", 300)
        let openCode = try #require(open.texts.first { open.blocks[$0.block].kind == .codeBlock })
        #expect(openCode.text == "x\n\n")
        #expect(openCode.lines.map(\.start) == [0, 2])
        #expect(closed.texts[0].lines.map(\.start) == [0])
        #expect(open.blocks[openCode.block].height == closed.blocks[0].height + openCode.lines[1].height)
    }

    /// Right to left, indents move to the right: a quote's lines end at its content's right
    /// edge (the message's less nothing: its border and padding are on the right), a list's
    /// at the width less its indent, and each line's left edge is that end less its width.
    @Test(arguments: [200.0, 333.5])
    func rightToLeftIndentsAreOnTheRight(width: Double) throws {
        var theme = MarkdownTheme.default
        theme.direction = .rtl
        let rtl = try MarkdownTypesetter(theme: theme)
        let text = "نص مقتبس طويل بما يكفي ليلتف على عدة أسطر في هذا العرض الضيق"
        let quoted = try rtl.layout("> " + text, width: width)
        let listed = try rtl.layout("- " + text, width: width)
        let alone = try rtl.layout(text, width: width - theme.quoteBorderWidth - theme.quotePadding)
        #expect(quoted.direction == .rtl)
        #expect(quoted.texts[0].lines.map(\.start) == alone.texts[0].lines.map(\.start))
        let inner = width - theme.quoteBorderWidth - theme.quotePadding
        for line in quoted.texts[0].lines { #expect(abs(line.left + line.width - inner) < 1e-9) }
        for line in listed.texts[0].lines { #expect(abs(line.left + line.width - (width - theme.listIndent)) < 1e-9) }
        #expect(quoted.blocks.allSatisfy { $0.left == 0 })
        let leftmost = quoted.texts[0].lines.map(\.left).min()!
        #expect(abs(quoted.usedWidth - (width - leftmost)) < 1e-9)
    }

    @Test func aQuoteIndentsItsContentByBorderAndPadding() throws {
        let text = "quoted text that runs long enough to wrap over several lines at this width"
        let quoted = try layout("> " + text, 200)
        let indent = theme.quoteBorderWidth + theme.quotePadding
        let alone = try layout(text, 200 - indent)
        #expect(quoted.blocks.map(\.kind) == [.blockQuote, .paragraph])
        #expect(quoted.texts[0].lines.map(\.start) == alone.texts[0].lines.map(\.start))
        #expect(quoted.texts[0].lines.allSatisfy { $0.left == indent })
        #expect(quoted.height == alone.height)
        #expect(abs(quoted.usedWidth - (alone.usedWidth + indent)) < 1e-9)
    }

    @Test func nestedListsIndentPerLevelAndItemsAreSpaced() throws {
        let l = try layout("- one\n- two\n  - inner\n    - deepest", 300)
        #expect(l.blocks.map(\.kind) == [.list(ordered: false), .listItem, .listItem, .list(ordered: false), .listItem,
                                         .list(ordered: false), .listItem])
        #expect(l.texts.map { $0.lines[0].left } == [24, 24, 48, 72])
        let line = l.texts[0].lines[0].height
        #expect(l.blocks[2].top == line + theme.spacing.listItem)
        #expect(l.height == 4 * line + theme.spacing.listItem)
        // Tight items have no <p>: the text belongs to the <li>.
        #expect(l.texts.map(\.block) == [1, 2, 4, 6])
    }

    @Test func aLooseListsParagraphsAreElementsWithMargins() throws {
        let l = try layout("1. one\n\n   more\n2. two", 300)
        #expect(l.blocks.map(\.kind) == [.list(ordered: true), .listItem, .paragraph, .paragraph, .listItem, .paragraph])
        let line = l.texts[0].lines[0].height
        #expect(l.blocks[3].top == line + theme.spacing.paragraph)
        #expect(l.height == 3 * line + theme.spacing.paragraph + theme.spacing.listItem)
    }

    @Test func aCodeBlockWiderThanTheBubbleDoesNotWrap() throws {
        let long = String(repeating: "0123456789", count: 12)
        let l = try layout("```\n\(long)\nshort\n\nend\n```\nafter the block", 200)
        let code = l.texts[0]
        #expect(code.lines.map(\.start) == [0, 121, 127, 128])
        let p = theme.codeBlockPadding
        #expect(code.lines[0].left == p.left)
        #expect(l.usedWidth > 200)
        #expect(l.fitWidth <= 200)
        let codeHeight = code.lines.reduce(0) { $0 + $1.height } + p.top + p.bottom
        #expect(l.blocks[0].height == codeHeight)
        #expect(l.blocks[1].top == codeHeight + theme.spacing.codeBlock)
    }

    @Test func aThematicBreakIsItsThickness() throws {
        let l = try layout("a\n\n---\n\nb", 200)
        let line = l.texts[0].lines[0].height
        #expect(l.blocks[1].top == line + theme.spacing.paragraph)
        #expect(l.blocks[1].height == theme.thematicBreakThickness)
        #expect(l.height == 2 * line + theme.spacing.paragraph + theme.thematicBreakThickness + theme.spacing.thematicBreak)
    }

    @Test(arguments: [150.0, 220, 310, 480])
    func theFitWidthKeepsEveryLineCountAndNothingNarrowerDoes(width: Double) throws {
        let source = "Some words to wrap in a bubble, then more words.\n\n> a quote that also wraps when it is narrow\n\n- item one with words\n- two"
        let l = try layout(source, width)
        #expect(l.fitWidth <= width)
        let fit = try layout(source, l.fitWidth)
        #expect(fit.texts.map(\.lines.count) == l.texts.map(\.lines.count))
        if l.fitWidth < width {
            let narrower = try layout(source, l.fitWidth - 1.0 / 64)
            #expect(narrower.lineCount > l.lineCount)
        }
    }

    @Test func emptyAndWhiteSpaceOnlyContent() throws {
        #expect(try layout("", 200).height == 0)
        let empty = try layout("- \n- x", 200)
        let line = empty.texts[0].lines[0].height
        #expect(empty.height == 2 * line + theme.spacing.listItem)   // an empty item is one line tall
        let comment = try layout("<span></span>\n\nnext", 200)
        #expect(comment.texts[0].lines.isEmpty)                      // raw HTML draws nothing
        #expect(comment.blocks[1].top == theme.spacing.paragraph)
    }

    @Test func badWidthsAreRefused() {
        for w in [0.0, -5, .infinity] {
            #expect(throws: MarkdownError.invalidWidth(w)) { try Self.typesetter.layout("x", width: w) }
        }
        #expect { try Self.typesetter.layout("x", width: .nan) } throws: { error in
            if case .invalidWidth(let w) = error as? MarkdownError { w.isNaN } else { false }
        }
    }

    @Test func aLongMessageUnderTheLimitLaysOut() throws {
        let paragraph = String(repeating: "word ", count: 200)
        let message = Array(repeating: paragraph, count: 100).joined(separator: "\n\n")   // 100 KB
        let l = try layout(message, 320)
        #expect(l.texts.count == 100)
        #expect(l.height > 0)
    }
}
