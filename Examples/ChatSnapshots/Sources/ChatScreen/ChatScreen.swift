import ChatFormLayout

/// An app's chat screen as the engine sees it: a transcript and a composer at the bottom,
/// in a phone-sized viewport of terminal cells.
public struct ChatScreen {
    /// The table behind the screen.
    public var table: TableSession<String>

    /// A screen showing `messages`, with an empty composer under them.
    public init(messages: [String]) throws {
        var rows = messages.enumerated().map { k, text in
            Row(id: "m\(k)", content: .text(text, editable: false), style: RowStyle(padding: EdgeInsets(bottom: 1)))
        }
        rows.append(Row(id: "composer", content: .text("", editable: true),
                        style: RowStyle(padding: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), maxLines: 4)))
        table = try TableSession(rows: rows,
                                 viewport: Viewport(size: Size(width: 32, height: 20), safeArea: EdgeInsets(top: 1, bottom: 1)),
                                 configuration: TableConfiguration(contentAlignment: .bottom))
    }

    /// Focuses the composer and brings the keyboard up, as a tap on the composer does.
    public mutating func startTyping(keyboardHeight: Double = 8) throws {
        try table.field.focus(FieldRef(row: "composer"))
        try table.keyboard.show(height: keyboardHeight, duration: 0.25, curve: .easeInOut)
        try table.advance(by: 0.3)
    }

    /// Types into the composer.
    public mutating func type(_ text: String) throws {
        try table.field.type(text)
    }
}
