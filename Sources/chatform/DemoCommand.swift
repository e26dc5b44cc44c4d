import ArgumentParser
import ChatFormDemo
import ChatFormTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `chatform demo chat|form`: the engine driving a real terminal.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Interactive terminal demo: a chat with a growing input, or the seed-004 form.",
        discussion: """
        chat: Enter sends, Alt-Enter or Ctrl-J inserts a line break, arrows/Home/End move the \
        caret, PgUp/PgDn scroll the transcript, F5 or Ctrl-N receives a message.

        form: Tab / Shift-Tab move between fields, typing grows the introduction.

        Both: F2 shows or hides the simulated keyboard, Esc or Ctrl-C quits. \
        Needs an interactive terminal: without one it exits with status 2.
        """
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case chat, form
    }

    @Argument(help: "Which demo: chat or form.")
    var mode: Mode

    @Option(help: "Chat: a message arrives every SECONDS (default: off).")
    var incomingEvery: Double?

    @Option(help: "Seed of the chat transcript and incoming messages.")
    var seed: UInt64 = 1

    func validate() throws {
        if let incomingEvery, !(incomingEvery.isFinite && incomingEvery > 0) {
            throw ValidationError("--incoming-every must be a positive number of seconds (got \(incomingEvery)).")
        }
    }

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            writeError("chatform demo: needs an interactive terminal (stdin and stdout must be a TTY); run it directly in a terminal, not through a pipe or redirect")
            throw ExitCode(2)
        }
        let runner = DemoRunner()
        do {
            switch mode {
            case .chat:
                let options = ChatDemo.Options(seed: seed, incomingEvery: incomingEvery)
                _ = try runner.run { size in try ChatDemo(size: size, options: options) }
            case .form:
                _ = try runner.run { size in try FormDemo(size: size) }
            }
        } catch let error as TerminalError {
            writeError("chatform demo: \(error)")
            throw ExitCode(error == .alreadyOpen ? 1 : 2)
        } catch {
            writeError("chatform demo: \(error)")
            throw ExitCode(1)
        }
    }
}
