import Testing
import ChatFormFont
@testable import ChatFormMarkdown

/// The issue's hard cases for Markdown messages: a mention that cannot break, quotes and
/// lists nested in each other, malformed extensions, negative sizes in a theme, and
/// messages past the size limit: a layout, or a typed error, never a crash.
@Suite struct MarkdownBadInputTests {
    static let typesetter = try! MarkdownTypesetter(theme: .default)
    let theme = MarkdownTheme.default

    @Test(arguments: [60.0, 97.5, 150])
    func aMentionThatCannotBreakIsSplitBetweenClustersAndStaysInside(width: Double) throws {
        let name = "@supercalifragilisticexpialidocious_release_manager"
        let l = try Self.typesetter.layout("ping \(name) now", width: width)
        let text = try #require(l.texts.first)
        #expect(text.lines.count >= 3, "the mention alone is wider than the bubble")
        var previous = -1
        for line in text.lines {
            #expect(line.start > previous)
            previous = line.start
            #expect(line.left + line.width <= width + 1.0 / 64, "\(line) at \(width)")
        }
        // Nothing but the mention's own clusters breaks it: every start inside it is a character of the name.
        let inside = text.lines.map(\.start).filter { $0 > 5 && $0 < 5 + name.utf8.count }
        #expect(!inside.isEmpty)
        #expect(l.usedWidth <= width + 1.0 / 64)
    }

    @Test func quotesAndListsNestedInEachOtherIndentByEveryLevel() throws {
        let source = "> - first item of a list in a quote\n>   > a quote in the item that wraps over lines\n>   >\n>   > 1. deep ordered item in both\n"
        let width = 260.0
        let l = try Self.typesetter.layout(source, width: width)
        let quote = theme.quoteBorderWidth + theme.quotePadding
        let item = try Self.typesetter.layout("- x", width: width).texts[0].lines[0].left
        let expectedLefts = [quote + item, quote + item + quote, quote + item + quote + item]
        #expect(l.texts.count == 3)
        for (text, left) in zip(l.texts, expectedLefts) {
            #expect(text.lines.allSatisfy { $0.left == left }, "\(text.text): \(text.lines.map(\.left)) want \(left)")
            // Each text wraps as it would alone in the width its indents leave.
            let alone = try Self.typesetter.layout(text.text, width: width - left)
            #expect(text.lines.map(\.start) == alone.texts[0].lines.map(\.start), "\(text.text)")
        }
        #expect(l.blocks.first?.kind == .blockQuote && l.blocks.first?.height == l.height)
        #expect(l.blocks.filter { $0.kind == .blockQuote }.count == 2)
    }

    @Test(arguments: [
        "~~never closed strike", "www.", "http://", "| a | b |\nno delimiter row", ":tada",
        "@", "`never closed code", "```\nnever closed fence", "**bold _mixed** end_", "[link](", "<http://unclosed",
        "~strike with one tilde~", "text :: emoji :no spaces allowed:", "> \n>\n> >", "- \n-\n- - -",
    ])
    func malformedExtensionsAreTextNotErrors(source: String) throws {
        let document = try MarkdownDocument(parsing: source)
        let layout = try Self.typesetter.layout(document, width: 200)
        #expect(layout.height >= 0 && layout.height.isFinite)
        // Whatever did not become markup stays in the text: its letters, in order.
        let letters = source.filter(\.isLetter)
        let laid = layout.texts.map(\.text).joined().filter(\.isLetter)
        #expect(laid == letters, "\(source.debugDescription): \(laid) vs \(letters)")
    }

    @Test func negativeAndNaNSizesInAThemeNameTheirKey() {
        #expect(throws: MarkdownError.invalidThemeValue(key: "fonts.body.size", value: -3)) {
            try MarkdownTheme(json: Array(#"{"fonts": {"body": {"family": "DejaVu Sans", "size": -3}}}"#.utf8))
        }
        #expect(throws: MarkdownError.invalidThemeValue(key: "quotePadding", value: -1)) {
            try MarkdownTheme(json: Array(#"{"quotePadding": -1}"#.utf8))
        }
        var t = MarkdownTheme.default
        t.fonts[.body] = .init(family: "DejaVu Sans", size: -12)
        #expect(throws: MarkdownError.self) { try MarkdownTypesetter(theme: t) }
    }

    @Test func aTenMegabyteMessageIsRefusedOrParsedUnderARaisedLimit() throws {
        let line = String(repeating: "word ", count: 2 << 20)   // one 10 MiB paragraph
        #expect(throws: MarkdownError.tooLarge(bytes: line.utf8.count, limit: 4 << 20)) { try MarkdownDocument(parsing: line) }
        let bytes = Array(line.utf8) + [0xC3]                      // and cut inside a character
        #expect(throws: MarkdownError.invalidUTF8(offset: line.utf8.count)) {
            try MarkdownDocument(parsing: bytes, options: MarkdownParseOptions(maximumBytes: 16 << 20))
        }
        // Under a raised limit it parses, in time proportional to it, to one paragraph (laying
        // out so long a text is the styled engine's, tested with a 10 MB message there).
        let document = try MarkdownDocument(parsing: line, options: MarkdownParseOptions(maximumBytes: 16 << 20))
        #expect(document.blocks.count == 1)
    }
}
