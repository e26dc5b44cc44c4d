import ChatFormFont
import Testing

/// `FontSpec.families(css:)`: how a CSS `font-family` list is read, for the tool's
/// `--font-family` and a Markdown theme's fonts alike.
@Suite("Font family lists")
struct FontFamilyListTests {
    @Test(arguments: [
        ("Noto Sans", ["Noto Sans"]),
        ("Noto Sans, monospace", ["Noto Sans", "monospace"]),
        // Quotes and white space around a name go, in any order; inside a name they stay.
        ("\"Noto Sans\", 'DejaVu Sans Mono' ,monospace", ["Noto Sans", "DejaVu Sans Mono", "monospace"]),
        (" ' Noto Sans ' ", ["Noto Sans"]),
        ("\tNoto\u{A0}Sans\n, \"Rock 'n' Roll\"", ["Noto\u{A0}Sans", "Rock 'n' Roll"]),
        // Empty names (two commas, a comma at an end, quotes alone) are dropped.
        ("Noto Sans,, ,\"\", monospace,", ["Noto Sans", "monospace"]),
        ("", []),
        (" , '' ", []),
    ])
    func aListSplitsAtCommasAndLosesQuotesAndWhiteSpaceAroundEachName(list: String, families: [String]) {
        #expect(FontSpec.families(css: list) == families)
    }
}
