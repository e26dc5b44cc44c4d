import ChatFormLayout

/// A chat client's screen: a channel list on the left, the selected channel's chat on the
/// right. The chat is ChatFormLayout's `ChatDemo` (a transcript above a growing input, with
/// the simulated keyboard), embedded as a view: the app gives it the area right of the
/// list, forwards it the keys it does not handle itself, and copies its frame into its own.
///
/// F6 and F7 switch channels; every other key goes to the chat (Enter sends, F2 toggles the
/// keyboard, F5 brings a message, PgUp and PgDn scroll). Esc or Ctrl-C quits.
struct ChannelsApp: DemoModel {
    /// The channel list's width, its border included.
    static let listWidth = 16

    let names: [String]
    var chats: [ChatDemo]
    var selected = 0
    private(set) var size: TerminalSize

    init(size: TerminalSize, channels: [String] = ["general", "design", "random"]) throws {
        self.size = size
        names = channels
        chats = try channels.indices.map { k in
            try ChatDemo(size: Self.chatSize(size), options: ChatDemo.Options(seed: UInt64(k + 1), historyCount: 120))
        }
    }

    /// The area the chat view gets: everything right of the channel list.
    static func chatSize(_ size: TerminalSize) -> TerminalSize {
        TerminalSize(rows: max(1, size.rows), columns: max(1, size.columns - listWidth))
    }

    var isAnimating: Bool { chats[selected].isAnimating }

    mutating func handle(_ event: KeyEvent) throws -> DemoAction {
        switch event {
        case .key(.function(6), _): selected = (selected + names.count - 1) % names.count
        case .key(.function(7), _): selected = (selected + 1) % names.count
        default: return try chats[selected].handle(event)
        }
        return .continue
    }

    mutating func tick(elapsed: Double) throws {
        // Every channel's clock runs (their timers and animations), not only the one shown.
        for k in chats.indices { try chats[k].tick(elapsed: elapsed) }
    }

    mutating func resize(_ newSize: TerminalSize) throws {
        size = newSize
        for k in chats.indices { try chats[k].resize(Self.chatSize(newSize)) }
    }

    func render(into screen: inout ScreenBuffer) {
        screen.clear()
        // The channel list: the selected one in reverse video, unread counts beside the others.
        let width = Self.listWidth - 1
        screen.write(String(" channels".prefix(width)), row: 0, column: 0, style: CellStyle(bold: true), width: DemoText.width)
        for (k, name) in names.enumerated() where k + 2 < screen.rows {
            let unread = chats[k].unreadCount
            var label = " #" + name
            if unread > 0 && k != selected { label += " (\(unread))" }
            label = String(label.prefix(width)).padding(toLength: width, withPad: " ", startingAt: 0)
            screen.write(label, row: k + 2, column: 0, style: CellStyle(reverse: k == selected), width: DemoText.width)
        }
        for row in 0..<screen.rows {
            screen.write("│", row: row, column: width, style: CellStyle(foreground: .brightBlack), width: DemoText.width)
        }
        // The chat view, drawn into its own frame and copied in beside the list.
        let chat = chats[selected]
        var frame = ScreenBuffer(size: chat.size)
        chat.render(into: &frame)
        for row in 0..<min(frame.rows, screen.rows) {
            for column in 0..<frame.columns where !frame[row, column].isContinuation {
                let cell = frame[row, column]
                screen.write(cell.grapheme, row: row, column: Self.listWidth + column, style: cell.style, width: DemoText.width)
            }
        }
        screen.cursor = frame.cursor.map { ScreenCursor(row: $0.row, column: Self.listWidth + $0.column) }
    }
}
