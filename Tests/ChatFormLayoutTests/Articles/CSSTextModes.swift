import ChatFormLayout
import Testing

/// CSSTextModes.md (in ChatFormText's catalog), run as written.
@Suite("Article: text modes")
struct TextModesArticle {
    @Test(.enabled(if: (try? FontStack(family: "DejaVu Sans", size: 16)) != nil, "DejaVu Sans is not installed (see .ci/run)"))
    func preLineCentred() throws {
let fonts = try FontStack(family: "DejaVu Sans", size: 16)
let modes = TextModes(whiteSpace: .preLine, textAlign: .center)
let prepared = try ShapedText(text: "Deploy   finished\n  all green", shaper: fonts,
                              options: TextLayoutOptions(modes: modes))
let layout = try prepared.layout(width: 200)
let starts = layout.lines.map(\.start)             // [0, 18]: the newline is kept
let x = layout.lineX(1)                            // 65: "all green" (70 px), centred
let cells = try TextLayout(text: "one two three", width: 6,
                           options: TextLayoutOptions(modes: TextModes(whiteSpace: .nowrap)))
let oneLine = cells.lineCount                      // 1: nowrap never wraps
        #expect(starts == [0, 18] && oneLine == 1)
        #expect(x == 65 && layout.lines[1].width == 70)
    }
}
