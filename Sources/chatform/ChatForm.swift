import ArgumentParser

@main
struct ChatForm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chatform",
        abstract: "ChatFormLayout's command-line tool: wrap text, replay scripted sessions, run the terminal demos.",
        discussion: """
        Examples:
          chatform wrap --width 40 < README.md
          chatform wrap --font-size 16 --width 240 --format jsonl < README.md
          echo '{"id":1,"text":"안녕하세요, hello"}' | chatform measure --width 120
          chatform replay Tests/ChatFormReplayTests/Fixtures/seed004-form.json --frames
          chatform replay Tests/ChatFormReplayTests/Fixtures/chat.json --html chat.html
          echo '{"id":1,"markdown":"**hi** @ana"}' | chatform markdown --width 240
          chatform demo chat

        `chatform help SUBCOMMAND` explains each command.
        """,
        subcommands: [Wrap.self, Measure.self, MarkdownCommand.self, ReplayCommand.self, DemoCommand.self]
    )
}
