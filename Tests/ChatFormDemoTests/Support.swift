import ChatFormDemo
import ChatFormScroll
import ChatFormTerminal
import Testing

/// Renders a model into a fresh buffer of its size.
func frame(_ model: some DemoModel) -> ScreenBuffer {
    var screen = ScreenBuffer(size: model.size)
    model.render(into: &screen)
    return screen
}

/// Feeds events, failing the test if the model asks to quit.
func send(_ model: inout some DemoModel, _ events: KeyEvent..., sourceLocation: SourceLocation = #_sourceLocation) throws {
    for event in events {
        let action = try model.handle(event)
        #expect(action == .continue, "\(event) quit", sourceLocation: sourceLocation)
    }
}

/// The lines `TextLayout` makes of `text` at `width` cells: what the screen must show.
func wrapped(_ text: String, width: Int) throws -> [String] {
    let layout = try TextLayout(text: text, width: Double(width))
    return (0..<layout.lineCount).map { String(layout.lineText($0)) }
}

/// `text` with trailing spaces removed (as `ScreenBuffer.rowText` shows a row).
func trimmed(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
}

/// The grapheme at UTF-8 offset `offset` of `text`, or nil at the end.
func character(in text: String, atUTF8Offset offset: Int) -> Character? {
    let utf8 = text.utf8
    guard offset < utf8.count else { return nil }
    let index = utf8.index(utf8.startIndex, offsetBy: offset)
    return text[index...].first
}

/// Checks the cursor is on screen, inside `rows`, and on the cell showing the caret's
/// character (or, at the end of a line, right after the line's text).
func expectCaretCell(_ screen: ScreenBuffer, text: String, caret: Int, rows: Range<Int>, _ note: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    guard let cursor = screen.cursor else {
        Issue.record("no cursor: \(note)\n\(screen)", sourceLocation: sourceLocation)
        return
    }
    #expect(screen.contains(row: cursor.row, column: cursor.column), "cursor off screen: \(note)",
            sourceLocation: sourceLocation)
    #expect(rows.contains(cursor.row), "cursor row \(cursor.row) outside \(rows): \(note)\n\(screen)",
            sourceLocation: sourceLocation)
    guard screen.contains(row: cursor.row, column: cursor.column) else { return }
    if let c = character(in: text, atUTF8Offset: caret), c != "\n" {
        #expect(screen[cursor.row, cursor.column].grapheme == String(c),
                "cursor cell shows \(screen[cursor.row, cursor.column].grapheme), caret is at \(c): \(note)\n\(screen)",
                sourceLocation: sourceLocation)
    }
}
