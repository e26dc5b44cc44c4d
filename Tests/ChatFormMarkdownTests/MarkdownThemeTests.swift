import Testing
@testable import ChatFormMarkdown
import ChatFormText

@Suite struct MarkdownThemeTests {
    private func theme(_ json: String) throws(MarkdownError) -> MarkdownTheme {
        try MarkdownTheme(json: Array(json.utf8))
    }

    @Test func keysLeftOutKeepTheDefaults() throws {
        let t = try theme(#"{"spacing": {"paragraph": 12}, "mentionPadding": 2.5, "fonts": {"code": {"family": "Liberation Mono", "size": 13}}}"#)
        #expect(t.spacing.paragraph == 12)
        #expect(t.spacing.list == MarkdownTheme.default.spacing.list)
        #expect(t.mentionPadding == 2.5)
        #expect(t.font(.code) == MarkdownTheme.Font(family: "Liberation Mono", size: 13))
        #expect(t.font(.body) == MarkdownTheme.default.font(.body))
    }

    @Test func aThemeRoundTripsThroughJSON() throws {
        var t = MarkdownTheme.default
        t.emoji = ["party": .init(src: "p.png", width: 22, height: 18)]
        t.fonts[.heading2] = .init(family: "Noto Sans", size: 19, weight: 600, italic: true, lineHeight: 25)
        t.codeBlockWraps = true
        let encoder = try _JSONForTests.encode(t)
        #expect(try theme(encoder) == t)
        #expect(!encoder.contains("direction"), "left to right, the default, is left out")
        for direction in [ParagraphDirection.rtl, .auto] {
            t.direction = direction
            let json = try _JSONForTests.encode(t)
            #expect(json.contains(#""direction":"\#(direction.rawValue)""#))
            #expect(try theme(json) == t)
        }
    }

    /// Left to right the sheet keeps its physical sides (the left-to-right fixtures' headers
    /// hold it byte for byte); right to left and `auto` it writes logical ones, and only
    /// `rtl` sets the direction (`auto` is the element's `dir="auto"`).
    @Test func aRightToLeftThemeWritesLogicalSides() throws {
        let ltr = MarkdownTheme.default.css()
        #expect(ltr.contains("border-left: 3px") && ltr.contains("padding-left: 10px") && ltr.contains("padding-left: 24px"))
        #expect(!ltr.contains("inline-start") && !ltr.contains("direction"))
        for direction in [ParagraphDirection.rtl, .auto] {
            let css = try theme(#"{"direction": "\#(direction.rawValue)"}"#).css()
            #expect(css.contains("border-inline-start: 3px") && css.contains("padding-inline-start: 10px")
                        && css.contains("padding-inline-start: 24px"))
            #expect(!css.contains("-left"))
            #expect(css.contains("direction: rtl") == (direction == .rtl))
        }
        #expect(throws: MarkdownError.self) { try theme(#"{"direction": "sideways"}"#) }
    }

    @Test(arguments: [
        (#"{"fonts": {"caption": {"family": "DejaVu Sans", "size": 12}}}"#, "unknown role"),
        (#"{"spacin": {}}"#, "unknown key"),
        (#"{"spacing": {"paragraph": 4, "gap": 1}}"#, "unknown key"),
        (#"{"fonts": {"body": {"size": 12}}}"#, "missing"),
        (#"{"emoji": {"10": {"src": "x"}}}"#, "a name is"),
        ("{", "JSON"),
    ])
    func malformedThemesAreRefusedWithTheirKey(json: String, fragment: String) {
        do {
            _ = try theme(json)
            Issue.record("accepted \(json)")
        } catch {
            guard case .invalidTheme(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains(fragment), "\(message)")
        }
    }

    @Test func badNumbersNameTheirKey() {
        #expect(throws: MarkdownError.invalidThemeValue(key: "spacing.list", value: -1)) {
            try theme(#"{"spacing": {"list": -1}}"#)
        }
        #expect(throws: MarkdownError.invalidThemeValue(key: "fonts.body.size", value: 0)) {
            try theme(#"{"fonts": {"body": {"family": "DejaVu Sans", "size": 0}}}"#)
        }
        #expect(throws: MarkdownError.invalidThemeValue(key: "emojiSize", value: -3)) {
            try theme(#"{"emojiSize": -3}"#)
        }
    }

    @Test func anUnknownFamilyIsRefusedAgainstFontconfig() {
        #expect(throws: MarkdownError.unknownFontFamily(role: "code", family: "No Such Mono 123")) {
            try theme(#"{"fonts": {"code": {"family": "No Such Mono 123", "size": 13}}}"#)
        }
        var t = MarkdownTheme.default
        t.fonts[.heading3] = .init(family: "DejaVu Sans, Nope Sans", size: 18)
        #expect(throws: MarkdownError.unknownFontFamily(role: "heading3", family: "Nope Sans")) {
            try MarkdownTypesetter(theme: t)
        }
    }

    /// A theme's family is a CSS `font-family` list, read as the tool's `--font-family` is:
    /// quoted names and white space around names (a line break too) are the same names.
    @Test func aQuotedFamilyListNamesTheSameFonts() throws {
        let font = MarkdownTheme.Font(family: " \"DejaVu Sans\",\n'DejaVu Sans Mono' ,, monospace ", size: 16)
        #expect(font.families == ["DejaVu Sans", "DejaVu Sans Mono", "monospace"])
        var t = MarkdownTheme.default
        t.fonts[.body] = font
        _ = try MarkdownTypesetter(theme: t)
        t.fonts[.body] = .init(family: "'DejaVu Sans', \"Nope Sans\"", size: 16)
        #expect(throws: MarkdownError.unknownFontFamily(role: "body", family: "Nope Sans")) {
            try MarkdownTypesetter(theme: t)
        }
    }

    @Test func theCSSCarriesEveryThemeNumber() {
        var t = MarkdownTheme.default
        t.spacing.paragraph = 7
        t.quoteBorderWidth = 5
        t.quotePadding = 9
        t.listIndent = 31
        t.codeBlockPadding = .init(top: 1, left: 4, bottom: 3, right: 2)
        t.codeSpanPadding = 2.5
        t.emoji = ["wide": .init(src: "w.png", width: 40, height: 18)]
        let css = t.css(scope: ".bubble")
        for fragment in [".bubble p { margin-bottom: 7px; }", "border-left: 5px solid currentColor", "padding-left: 9px",
                         "padding-left: 31px", "padding: 1px 2px 3px 4px", "padding: 0 2.5px",
                         ".bubble img.emoji[alt=\":wide:\"] { width: 40px; height: 18px; }",
                         "white-space: pre;", ".bubble li:last-child"] {
            #expect(css.contains(fragment), "\(fragment)")
        }
        t.codeBlockWraps = true
        #expect(t.css().contains("white-space: pre-wrap;"))
    }
}

/// JSON encoding for the round trip (the library decodes; tests encode with the same Foundation).
import FoundationEssentials
enum _JSONForTests {
    static func encode(_ theme: MarkdownTheme) throws -> String {
        String(decoding: try JSONEncoder().encode(theme), as: UTF8.self)
    }
}
