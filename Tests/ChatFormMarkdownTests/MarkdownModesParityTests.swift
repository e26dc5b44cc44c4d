import Testing
import Foundation
import ChatFormFont
@testable import ChatFormMarkdown

/// Markdown messages under a theme that sets CSS text properties per role
/// (`Fixtures/theme-modes.json`: the body `word-break: break-all`, `letter-spacing: 0.5px`;
/// h1 `word-break: normal`, `letter-spacing: 1px`; h2 `white-space: nowrap`,
/// `overflow-wrap: anywhere`; code spans `letter-spacing: -0.5px`; code blocks
/// `letter-spacing: 1px`), against Chromium drawing cmark-gfm's HTML under the theme's CSS
/// (`Tools/record-markdown-layout --theme`), the same messages, families and widths as
/// `MarkdownBrowserParityTests`. (`text-align` is left out: it moves lines, which a
/// ``MarkdownLayout`` does not place, and the recorder's widest line is a right edge.)
@Suite("Markdown text modes parity", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed (see .ci/run)"))
struct MarkdownModesParityTests {
    /// At most this many layouts may differ (Tools/README.md lists them): 7 of the tuning
    /// set's also differ under the default theme; 6 more (a letter-spaced code span next to
    /// break-all text, `t01509`; widest lines 0.2–1.3 px apart) are not investigated: the
    /// tuning set is at 99.902%, the held-out one at 100%.
    static let mostDiffering: [String: Int] = ["modes-tuning": 13, "modes-holdout": 0]
    static let floors: [String: Double] = ["modes-tuning": MarkdownBrowserParityTests.target, "modes-holdout": MarkdownBrowserParityTests.target]

    @Test(arguments: ["modes-tuning", "modes-holdout"])
    func themedMessagesMatchChromium(corpus: String) throws {
        let (total, differing) = try MarkdownBrowserParityTests.compare(corpus)
        let identical = Double(total - differing.count) / Double(total)
        print("markdown modes parity (\(corpus)): \(total - differing.count) of \(total) layouts identical (\(String(format: "%.3f", identical * 100))%)")
        for d in differing.prefix(ProcessInfo.processInfo.environment["PARITY_ALL"] != nil ? .max : 30) { print("  differs: \(d)") }
        #expect(total >= 3600)
        #expect(identical >= Self.floors[corpus]!, "below the share held")
        #expect(differing.count <= Self.mostDiffering[corpus]!, "\(differing.count) of \(total) layouts differ; first: \(differing.prefix(5))")
    }

    /// The fixture's style sheets are the ones the theme makes now, and its theme is the
    /// file's.
    @Test(arguments: ["modes-tuning", "modes-holdout"])
    func theFixtureWasRecordedUnderTheThemesCSS(corpus: String) throws {
        let (header, _, _) = try MarkdownBrowserParityTests.load(corpus)
        let file = try MarkdownTheme(json: Array(try Data(contentsOf: MarkdownBrowserParityTests.fixtures.appendingPathComponent("theme-modes.json"))))
        #expect(header.theme == file)
        #expect(file.text[.body]?.wordBreak == .breakAll && file.text[.code]?.letterSpacing == -0.5)
        for (family, css) in header.css {
            #expect(MarkdownBrowserParityTests.theme(header, family: family).css(scope: ".md") == css)
        }
    }

    @Test func themesRefuseTextPropertiesCSSDoesNotGiveTheRole() throws {
        for bad in [#"{"text": {"code": {"wordBreak": "break-all"}}}"#, #"{"text": {"codeBlock": {"whiteSpace": "nowrap"}}}"#,
                    #"{"text": {"body": {"whiteSpace": "pre"}}}"#, #"{"text": {"body": {"letterSpacing": 1000}}}"#,
                    #"{"text": {"body": {"wordBreak": "everywhere"}}}"#, #"{"text": {"quote": {}}}"#] {
            #expect(throws: MarkdownError.self, "\(bad)") { try MarkdownTheme(json: Array(bad.utf8)) }
        }
        // A theme with text properties round-trips through JSON.
        let theme = try MarkdownTheme(json: Array(try Data(contentsOf: MarkdownBrowserParityTests.fixtures.appendingPathComponent("theme-modes.json"))))
        let again = try MarkdownTheme(json: Array(try JSONEncoder().encode(theme)))
        #expect(again == theme)
    }
}
