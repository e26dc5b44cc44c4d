import ChatFormLayout
import ChatFormTesting
import Foundation
import Testing

/// The caret rule: the caret grown by the margin (clipped to the content) is inside the
/// visible band, or, when the band is too short for that, the caret's line is.
func caretRuleHolds<ID>(_ table: TableSession<ID>) -> Bool {
    guard let caret = table.caret?.rect else { return true }
    let band = table.viewport.visibleBand
    let margin = table.configuration.caretMargin
    let top = max(0, caret.minY - margin)
    let bottom = min(max(table.rows.contentHeight, caret.maxY), caret.maxY + margin)
    let fits = bottom - top <= band.upperBound - band.lowerBound
    let (low, high) = fits ? (top, bottom) : (caret.minY, caret.maxY)
    return low >= band.lowerBound - 1e-9 && high <= band.upperBound + 1e-9
}

/// Replays `script` frame by frame and checks the caret rule in every line it prints.
/// Returns the number of lines checked.
func checkCaretRule(replaying script: [UInt8]) throws -> Int {
    var checked = 0
    for line in try Replay.run(script: script, options: Replay.Options(frames: true)) {
        let state = try JSONReader.parse(Array(line.utf8))
        guard let caret = state["caret"], !caret.isNull,
              let offset = state["offset"]?.number, let content = state["contentHeight"]?.number,
              let height = state["viewport"]?["height"]?.number,
              let topInset = state["insets"]?["top"]?.number, let bottomInset = state["insets"]?["bottom"]?.number,
              let y = caret["y"]?.number, let lineHeight = caret["height"]?.number else { continue }
        let band = (offset + topInset)...(offset + height - bottomInset)
        let top = max(0, y - 1), bottom = min(max(content, y + lineHeight), y + lineHeight + 1)
        #expect(top >= band.lowerBound - 1e-9 && bottom <= band.upperBound + 1e-9, "\(line)")
        checked += 1
    }
    return checked
}

/// CaretVisibilityTests.md, run as written.
@Suite("Article: caret-visibility tests")
struct CaretVisibilityArticle {
    static let article = ToolProcess.packageRoot
        .appendingPathComponent("Sources/ChatFormLayout/ChatFormLayout.docc/CaretVisibilityTests.md")

    static func jsonBlocks() throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        return DocumentationSampleTests.blocks(in: text).filter { $0.language == "json" }.map { $0.lines.joined(separator: "\n") }
    }

    @Test func theCaretStaysAboveTheKeyboard() throws {
        let form = Row<String>(id: "form", content: .stack([
            .label("Subject"), .field("subject", text: "Hello"), .space(1),
            .label("Message"), .field("message"),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        var table = try TableSession(rows: [form], viewport: Viewport(size: Size(width: 30, height: 16)))
        try table.field.focus(table.rows.field(named: "message", inRow: "form")!)
        try table.keyboard.show(height: 8)
        var frames = 0
        try table.advance(by: 0.3) { frame in
            frames += 1
            #expect(caretRuleHolds(frame), "keyboard frame \(frames)")
        }
        for word in String(repeating: "every word may wrap the line ", count: 20).split(separator: " ") {
            try table.field.type(word + " ")
            #expect(caretRuleHolds(table), "after typing \(word)")
        }
        #expect(frames >= 15)
        #expect(table.viewport.offset > 0)   // the text grew past the keyboard's top
    }

    @Test func theRuleCanFail() throws {
        var table = try TableSession(rows: [.text("bio", String(repeating: "line\n", count: 40), editable: true)],
                                     viewport: Viewport(size: Size(width: 20, height: 10)))
        try table.field.focus(FieldRef(row: "bio"), caret: 0)
        #expect(caretRuleHolds(table))
        try table.scroll(by: 15)            // a user scroll may leave the caret behind
        #expect(!caretRuleHolds(table))
        try table.field.type("x")           // the next edit brings it back
        #expect(caretRuleHolds(table))
        try table.field.move(.documentEnd)  // the last line: no margin below the content
        #expect(caretRuleHolds(table))
        #expect(table.viewport.offset == table.rows.contentHeight - 10)
    }

    @Test func theArticleScriptKeepsTheCaretInTheBand() throws {
        let script = try #require(try Self.jsonBlocks().first { $0.contains("\"bio\"") && $0.contains("keyboard") })
        let checked = try checkCaretRule(replaying: Array(script.utf8))
        #expect(checked > 30)   // every event after the focus, and every keyboard frame
        // The introduction grew past the keyboard's top: the script tests something.
        let lines = try Replay.run(script: Array(script.utf8))
        let withKeyboard = try JSONReader.parse(Array(lines[4].utf8))
        #expect((withKeyboard["offset"]?.number ?? 0) > 0)
    }

    @Test func theDocumentedOutputLineIsWhatTheReplayPrints() throws {
        let blocks = try Self.jsonBlocks()
        let index = try #require(blocks.firstIndex { $0.contains("\"hello\"") })
        let printed = try Replay.run(script: Array(blocks[index].utf8))
        #expect(printed.count == 3)
        #expect(printed[2] == blocks[index + 1])
    }

    @Test func theCommandPrintsTheSameAsTheLibrary() throws {
        let script = try #require(try Self.jsonBlocks().first { $0.contains("\"bio\"") && $0.contains("keyboard") })
        let result = try ToolProcess.run(["replay", "-", "--frames"], stdin: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let library = try Replay.run(script: Array(script.utf8), options: Replay.Options(frames: true))
        #expect(result.text == library.joined(separator: "\n") + "\n")
    }
}
