import ArgumentParser

@main
struct ChatForm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chatform",
        abstract: "ChatFormLayout's command-line tool: wrap text, replay scripted sessions, run the terminal demos.",
        subcommands: [Wrap.self, Measure.self, MarkdownCommand.self, ReplayCommand.self, DemoCommand.self]
    )
}
