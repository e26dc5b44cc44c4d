import ArgumentParser
import ChatFormReplay
import Foundation

/// `chatform replay`: runs a scripted session and prints the layout after every event.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a scripted editing, keyboard, chat or scroll-behaviour session (JSON) and print JSON Lines.",
        discussion: """
        Prints one JSON object per event (and per animation frame with --frames): time, offset, \
        contentHeight, viewport, insets, caret and rows. A script with a "behavior" key runs a \
        seed behaviour (toolbar, header, tabs, sections) instead. A bad script exits with \
        status 2 and a message naming the event (malformed JSON: its line and column). \
        The format: the article "Caret-visibility tests in your own test suite" in the \
        documentation (Sources/ChatFormLayout/ChatFormLayout.docc/CaretVisibilityTests.md).
        """
    )

    @Argument(help: "The script file (JSON); '-' reads standard input.")
    var script: String

    @Flag(help: "Also print one object per animation frame, marked \"frame\": k.")
    var frames = false

    @Flag(help: "List only the rows that intersect the viewport.")
    var visibleRows = false

    func run() throws {
        let bytes: [UInt8]
        if script == "-" {
            bytes = readStandardInput()
        } else {
            guard let data = FileManager.default.contents(atPath: script) else {
                writeError("chatform replay: cannot read \(script)")
                throw ExitCode(2)
            }
            bytes = [UInt8](data)
        }
        var out = OutputBuffer()
        do {
            try Replay.run(script: bytes, options: Replay.Options(frames: frames, visibleRowsOnly: visibleRows)) { line in
                out.append(line + "\n")
            }
        } catch {
            out.flush()
            writeError("chatform replay: \(error)")
            throw ExitCode(2)
        }
        out.flush()
    }
}
