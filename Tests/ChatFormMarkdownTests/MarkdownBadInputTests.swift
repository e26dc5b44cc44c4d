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

    /// The markdown fuzz target's seed `controls-in-code-spans` (NULs, C0 and C1 controls in
    /// code spans in a list item), laid out under the default theme, against Chromium 156
    /// drawing cmark-gfm's HTML under the theme's CSS (recorded with Tools/record-markdown-layout's
    /// page at 33 and 11.5 px). Chromium, too, puts two U+008C (C1 controls, drawn as
    /// nothing) on one line of their own whose content is 0 px wide, its right edge at the
    /// list's 24 px indent: what the fuzz property's rule for lines of controls allows.
    @Test func controlsInCodeSpansLineUpWithChromium() throws {
        let bytes = Array("* \0\0\0\0pppppp42`\u{5D5}\0\0\0?\01\n\u{5}ont-f`\u{8C}**\0\0\0\0\0\0vont-f`LLLL\u{8C}**a\0\0\0`\u{8C}ont-f`"
            .utf8) + Array("\u{8C}**a\0\0\0`\u{8C}\u{8C}**\0\0\0\0\0\0v*a\0\01|\n\n\n".utf8)
        let document = try MarkdownDocument(parsing: bytes)
        // Chromium's line starts (UTF-8 offsets in the list item's text) and height.
        let common = [0, 3, 6, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 25, 28, 31, 32, 35]
        let tail = [37, 38, 39, 40, 41, 42, 43, 45, 48, 51, 54, 57, 60, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72]
        let end = [75, 76, 77, 78, 81, 84, 87, 89, 90, 91, 92, 93, 94, 96, 97, 98, 99, 102, 105, 108, 112, 115, 118, 121,
                   124, 127, 130, 131, 132, 133, 136, 139, 140]
        let chromium33 = common + tail + end, chromium11 = common + tail + [73] + end
        let at33 = try Self.typesetter.layout(document, width: 33)
        let text = try #require(at33.texts.first)
        #expect(text.lines.map(\.start) == chromium33)
        #expect(at33.height == 1459)
        let controls = try #require(text.lines.first { $0.start == 108 })
        #expect(text.text.utf8.dropFirst(108).prefix(4).elementsEqual([0xC2, 0x8C, 0xC2, 0x8C]))
        #expect(controls.width == 0 && controls.left == 24, "two controls, nothing drawn: \(controls)")
        // At 11.5 px the list item's content box is 0 px wide. Chromium keeps "1 " together:
        // the space hangs after the code span's "1" that overflows alone (no line of its own
        // at offset 36, which would make the item 19 px taller). The two controls line up as
        // at 33 px.
        let at11 = try Self.typesetter.layout(document, width: 11.5)
        let narrow = try #require(at11.texts.first)
        #expect(narrow.lines.map(\.start) == chromium11)
        #expect(at11.height == 1478)
        #expect(narrow.lines.first { $0.start == 108 }.map { $0.width == 0 && $0.left == 24 } == true)
    }
}

