import ChatFormLayout
import Testing

/// LineClamp.md (in ChatFormText's catalog), run as written.
@Suite("Article: line clamp")
struct LineClampArticle {
    @Test func cellsAndAPreview() throws {
// One cell a grapheme, two for Hangul: "hello wide " | "안녕하세요 " | "world".
let layout = try TextLayout(text: "hello wide 안녕하세요 world", width: 12)
let collapsed = try layout.clamped(toLines: 2)
let hidden = collapsed.isTruncated                 // true: "world" is hidden
let ellipsis = collapsed.ellipsis!                 // "…" at x 11 on line 1, one cell wide
let preview = try TextLayout.singleLine(text: "안녕하세요", width: 6)
let previewEnd = preview.visibleEnd                // 6: "안녕" and the ellipsis fill 5 cells
        #expect(hidden && collapsed.lineCount == 2 && collapsed.height == 2)
        #expect(ellipsis.text == "…" && ellipsis.x == 11 && ellipsis.lineIndex == 1 && ellipsis.width == 1)
        #expect(previewEnd == 6 && preview.ellipsis?.x == 4)
    }

    @Test func rightToLeft() throws {
// Right to left: "אבג", a space, then "defgh" to their left; 7 cells.
let preview = try TextLayout.singleLine(text: "אבג defgh", width: 7, direction: .rtl)
let pieces = preview.visibleRanges                 // [0..<7, 10..<12]: "אבג " and "gh"
let left = preview.ellipsis!.x                     // 0: the ellipsis, then "gh אבג" to its right
        #expect(pieces == [0..<7, 10..<12] && left == 0 && preview.isRightToLeft)
    }

    @Test(.enabled(if: (try? FontStack(family: "DejaVu Sans", size: 16)) != nil, "DejaVu Sans is not installed (see .ci/run)"))
    func realFonts() throws {
let fonts = try FontStack(family: "DejaVu Sans", size: 16)
let prepared = try ShapedText(text: "The quick brown fox jumps over the lazy dog and keeps running.", shaper: fonts)
let collapsed = try prepared.layout(width: 200, lineClamp: 2)
let height = collapsed.height                      // 38: two lines of 19 px
let cut = collapsed.visibleEnd                     // 42: "jumps over the lazy do", then "…"
let x = collapsed.ellipsis!.x                      // 183.0078125, as Chromium draws it
        #expect(height == 38 && cut == 42 && x == 183.0078125)
        #expect(collapsed.isTruncated && collapsed.visibleRanges == [20..<42])
    }
}
