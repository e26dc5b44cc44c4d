import ChatFormLayout
import Testing

extension TextLayout {
    fileprivate var lineTexts: [String] { (0..<lineCount).map { String(lineText($0)) } }
}

/// RealFonts.md, run as written.
@Suite("Article: real fonts", .enabled(if: (try? FontStack(family: "Noto Sans", size: 16)) != nil, "Noto Sans is not installed (see .ci/run)"))
struct RealFontsArticle {
    @Test func measuringWithAStack() throws {
let fonts = try FontStack(family: "Noto Sans", size: 16)
let layout = try TextLayout(text: "안녕하세요 👋🏽 the keyboard is up", width: 180, metrics: fonts)
print(layout.lineCount, layout.height)          // each line as tall as the fonts on it
let caret = try layout.caretRect(for: TextPosition(offset: 6))
print(caret.minX, caret.height)
        #expect(layout.lineCount == 2)
        // The Hangul line takes Noto Sans CJK's box (24 px); a line of Latin and emoji keeps
        // Noto Sans's own (22 px: the colour emoji's box is no taller).
        #expect(layout.heightOfLine(0) == 24)
        #expect(layout.height == layout.heightOfLine(0) + layout.heightOfLine(1))
        #expect(layout.lineTexts.joined() == "안녕하세요 👋🏽 the keyboard is up")
        #expect(caret.minX > 0 && caret.height == 24)
    }

    @Test func prepareOnce() throws {
let fonts = try FontStack(family: "DejaVu Sans", size: 15)
let prepared = try ShapedText(text: "Width changes re-wrap by arithmetic alone: 회전, split view, resize.", shaper: fonts)
let portrait = try prepared.measure(width: 200)     // (lineCount, height), nothing allocated
let landscape = try prepared.layout(width: 480)     // lines, heights, caret geometry
print(portrait.lineCount, landscape.lineCount)
        #expect(portrait.lineCount > landscape.lineCount)
        let fresh = try TextLayout(text: prepared.text, width: 200, metrics: fonts)
        #expect(portrait.lineCount == fresh.lineCount && portrait.height == fresh.height)
    }

    @Test func bubbleWidth() throws {
let fonts = try FontStack(family: "Noto Sans", size: 16)
let message = try ShapedText(text: "The bubble hugs its text, and no narrower width keeps two lines.", shaper: fonts)
let bubble = try message.measureBubble(width: 320)
print(bubble.lineCount, bubble.width, bubble.fitWidth)   // fitWidth ≤ width ≤ 320
        #expect(bubble.lineCount == 2)
        #expect(bubble.fitWidth <= bubble.width && bubble.width <= 320)
        #expect(try message.measure(width: bubble.fitWidth).lineCount == 2)
        #expect(try message.measure(width: bubble.fitWidth - 1.0 / 64).lineCount == 3)
    }

    @Test func styledText() throws {
let body = FontSpec(family: "DejaVu Sans", size: 16)
let styled = try StyledText([
    .text("Ask ", body),
    .span(TextSpan("@kim", style: SpanStyle(font: body.with(weight: 700), edges: InlineEdges(padding: 4, border: 1, margin: 1)))),
    .text(" about ", body),
    .span(TextSpan("make test", style: SpanStyle(font: FontSpec(family: "DejaVu Sans Mono", size: 14)))),
    .attachment(InlineAttachment(width: 20, height: 32, baselineOffset: -6, name: ":tada:")),
], style: ParagraphStyle(font: body))
let lines = try styled.layout(width: 160)          // starts in styled.text, where the emoji is U+FFFC
print(lines.lineCount, lines.height, try styled.measureBubble(width: 160).fitWidth)
        #expect(styled.text == "Ask @kim about make test\u{FFFC}")
        #expect(lines.lineCount == 2)
        // The emoji's line: 26 px above the baseline, 6 below (DejaVu Sans: 15 and 4).
        #expect(lines.heightOfLine(1) == 32)
    }

    @Test func tablesAndDocuments() throws {
let fonts = try FontStack(family: "Noto Sans", size: 16)
var table = try TableSession(rows: [Row.text("bio", "", editable: true)],
                             viewport: Viewport(size: Size(width: 320, height: 480)),
                             configuration: TableConfiguration(metrics: fonts))
try table.field.focus(FieldRef(row: "bio"))
try table.keyboard.show(height: 260, duration: 0.25, curve: .easeInOut)
try table.advance(by: 0.3)
try table.field.type("키보드가 올라와도 커서는 보여요. The caret stays above the keyboard.")
print(table.caret!.rect)
        let band = table.viewport.visibleBand
        let rect = table.caret!.rect
        #expect(rect.minY >= band.lowerBound && rect.maxY <= band.upperBound)
        #expect(try table.rows.frame(of: "bio").height > fonts.lineHeight)
    }
}
