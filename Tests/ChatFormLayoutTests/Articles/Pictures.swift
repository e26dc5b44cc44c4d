import ChatFormLayout
import ChatFormSnapshotTesting
import SnapshotTesting
import Testing

/// Pictures.md, run as written.
@Suite("Article: pictures")
struct PicturesArticle {
    @Test func aReplayAsAPage() throws {
let script = Array(#"{"viewport": {"width": 24, "height": 8}, "rows": [{"id": "note", "text": "", "editable": true}], "events": [{"focus": "note"}, {"keyboard": {"height": 4}}, {"advance": 0.3}, {"type": "The caret stays above the keyboard while the note grows."}]}"#.utf8)
let page = try ReplayPage(script: script, title: "a note")
print(page.frames.count, page.brokenFrames)     // every event and animation frame; none broken
let html = page.html                            // one file: open it in a browser
        #expect(page.frames.count > 4)
        #expect(page.brokenFrames.isEmpty)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("data-index=\"\(page.frames.count - 1)\""))
    }

    @Test func aFrameOfYourOwnTable() throws {
var table = try TableSession(rows: [Row.text("bio", "", editable: true)],
                             viewport: Viewport(size: Size(width: 20, height: 6)))
try table.field.focus(FieldRef(row: "bio"))
try table.field.type("Every keystroke grows the field and keeps the caret in view.")
let frame = TableFrame(table)
print(frame.dump)                               // rows, lines, caret, "caret rule: kept"
let svg = frame.svg()                           // the same frame as a picture
        #expect(frame.dump.hasSuffix("caret rule: kept\n"))
        #expect(frame.rows.first?.items.first?.lines.map(\.text).joined() == "Every keystroke grows the field and keeps the caret in view.")
        #expect(svg.contains("class=\"caret kept\""))
    }

    @Test(.enabled(if: (try? FontStack(family: "Noto Sans", size: 16)) != nil, "Noto Sans is not installed"))
    func aLayoutWithRealFonts() throws {
let fonts = try FontStack(family: "Noto Sans", size: 16)
let layout = try TextLayout(text: "키보드가 올라와도 커서는 보여요. The caret stays visible.", width: 200, metrics: fonts)
let picture = LayoutPicture(layout, drawing: .font(family: "'Noto Sans'", size: 16))
print(picture.dump)                             // each line: offsets, top, height, width, baseline
let svg = picture.svg                           // each line's text where the engine put it
        #expect(picture.dump.split(separator: "\n").count == layout.lineCount + 1)
        #expect(svg.components(separatedBy: "class=\"line\"").count - 1 == layout.lineCount)
    }

@Test func aNoteWithTheKeyboardUp() throws {
    var table = try TableSession(rows: [Row.text("note", "", editable: true)],
                                 viewport: Viewport(size: Size(width: 24, height: 8)))
    try table.field.focus(FieldRef(row: "note"))
    try table.keyboard.show(height: 4)
    try table.advance(by: 0.3)
    try table.field.type("The caret stays above the keyboard while the note grows.")
    assertSnapshot(of: table, as: .tableDump())    // __Snapshots__/…/aNoteWithTheKeyboardUp.1.txt
    assertSnapshot(of: table, as: .tableSVG())     // …2.svg, opens in a browser
}
}
