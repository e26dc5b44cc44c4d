import ChatFormLayout
import ChatFormSnapshotTesting
import ChatScreen
import SnapshotTesting
import Testing

/// What the chat screen shows, recorded: a change in wrapping, heights, scrolling or the
/// caret shows up as a diff of these files (`__Snapshots__/ChatScreenSnapshotTests/`). The
/// `.svg` files open in a browser.
@Suite struct ChatScreenSnapshotTests {
    static let messages = [
        "Kim: 안녕하세요! Are we still on for the design review?",
        "Lee: Yes, 3pm. I'll show the chat layout where the composer grows as you type.",
        "Kim: 좋아요 👍 The caret used to slide under the keyboard.",
    ]

    @Test func typingAReplyWithTheKeyboardUp() throws {
        var screen = try ChatScreen(messages: Self.messages)
        try screen.startTyping()
        try screen.type("키보드가 올라와도 커서는 입력창 안에 있어요. The composer grows, the transcript moves up.")
        // The caret rule holds, and the frame is what was recorded.
        #expect(screen.table.caretRuleVerdict == .kept)
        assertSnapshot(of: screen.table, as: .tableDump())
        assertSnapshot(of: screen.table, as: .tableSVG())
    }

    @Test func aMessageLaidOutAlone() throws {
        let layout = try TextLayout(text: Self.messages[1], width: 24)
        assertSnapshot(of: layout, as: .dump)
    }
}
