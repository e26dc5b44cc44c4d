// terminal-chat: a chat client's screen in the terminal, built on ChatFormLayout.
//
//   swift run terminal-chat               # interactive (needs a TTY)
//   swift run terminal-chat --snapshot    # no TTY: play a few keys, print the screen
import ChatFormLayout
import Foundation

if CommandLine.arguments.dropFirst().first == "--snapshot" {
    // Headless: what the screen shows after a short session, as text (for CI and docs).
    var app = try ChannelsApp(size: TerminalSize(rows: 20, columns: 72))
    let session: [KeyEvent] = [
        .text("Hello from the embedded chat view! The input grows as the text wraps."), .key(.enter),
        .key(.function(7)),                                   // to #design
        .text("키보드가 올라와도 커서는 입력창 안에 있어요."), .key(.function(2)),   // type, show the keyboard
    ]
    for event in session { _ = try app.handle(event) }
    try app.tick(elapsed: 0.5)                                // the keyboard finishes sliding up
    var screen = ScreenBuffer(size: app.size)
    app.render(into: &screen)
    print(screen.plainText())
    if let cursor = screen.cursor { print("cursor: row \(cursor.row), column \(cursor.column)") }
} else {
    do {
        _ = try DemoRunner().run { size in try ChannelsApp(size: size) }
    } catch let error as TerminalError {
        FileHandle.standardError.write(Data("terminal-chat: \(error) (try --snapshot)\n".utf8))
        exit(2)
    }
}
