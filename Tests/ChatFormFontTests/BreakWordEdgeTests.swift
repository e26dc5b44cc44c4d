import Testing
import Foundation
import ChatFormFont
import ChatFormText

/// Where a line ends after a word broken between clusters (`overflow-wrap: break-word`), as
/// Chromium 156 lays it out: the white space after a piece that is all of a segment's
/// content hangs at that piece's line end (`ab cd` at 5 px: `a`, `b `, `c`, `d`), also before
/// a line's break and in spans; after an image too wide for the line it does not (the line
/// ends right after the image). Recorded by `Tools/record-browser-layout` from
/// `Fixtures/corpus-breakword.jsonl` and `Fixtures/styled-breakword.jsonl` at 1 to 100 px.
@Suite("Break-word edges", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct BreakWordEdgeTests {
    @Test func plainTextBreaksAsChromiumDoes() throws {
        let (total, differing, widths) = try BrowserParityTests.compare("breakword")
        #expect(total == 80)
        #expect(differing.isEmpty, "\(differing)")
        #expect(widths.isEmpty, "\(widths)")
    }

    /// What still differs. A code span whose one cluster fits at 12 px but whose end padding
    /// does not: Chromium then ends the line after the span and the space starts the next
    /// line; the engine cannot tell this overflow (in the span's edge) from one in its text,
    /// where the space hangs (at 5 px). And a pill ("ab " with padding) broken after "a":
    /// the lines start where Chromium's do, but the engine counts the pill's end edge, after
    /// the hanging space, in the width of the line "b " (the widest line, 0.47 px wider).
    static let styledDiffering: [String: String] = [
        "code-1 Noto Sans 12.0px": "starts", "code-1 DejaVu Sans 12.0px": "starts",
        "span-3 Noto Sans 5.0px": "widest", "span-3 Noto Sans 12.0px": "widest",
        "span-3 DejaVu Sans 5.0px": "widest", "span-3 DejaVu Sans 12.0px": "widest",
    ]

    @Test func styledTextBreaksAsChromiumDoes() throws {
        let (total, differing) = try StyledParityTests.compare("breakword")
        #expect(total == 54)
        for d in differing {
            let key = String(d.prefix { $0 != ":" })
            let what = try #require(Self.styledDiffering[key], "differs: \(d)")
            #expect(d.dropFirst(key.count + 2).hasPrefix(what), "\(d)")
        }
        #expect(differing.count <= Self.styledDiffering.count)
    }

    /// The fixture's own answer for `ab cd` at 5 px, against the lines the engine made
    /// before (the space on a line of its own), so the fixture pins the hanging space.
    @Test func theSpaceAfterALoneClusterHangs() throws {
        let (records, texts) = try BrowserParityTests.load("breakword")
        let record = try #require(records.first { $0.id == "lone-1" && $0.family == "Noto Sans" && $0.width == 5 })
        #expect(texts["lone-1"] == "ab cd")
        #expect(record.starts != [0, 1, 2, 3, 4], "Chromium gives the space no line of its own")
        let layout = try ShapedText(text: "ab cd", shaper: try Fonts.noto(16)).layout(width: 5)
        #expect(layout.lines.map(\.start) == record.starts)
        #expect(layout.lines[1].end == 3 && layout.lines[1].contentEnd == 3)
    }
}
