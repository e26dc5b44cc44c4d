import ArgumentParser
import ChatFormReplay
import ChatFormPictures
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

    @Option(help: ArgumentHelp("Write every frame as a picture on one self-contained HTML page (slider, arrow keys; frames breaking the caret rule listed first, in red) instead of printing JSON Lines.", valueName: "file"))
    var html: String?

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
        if let html {
            try writePage(bytes, to: html)
            return
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

    /// `--html`: the page of every frame, and a line on standard error saying what it holds.
    func writePage(_ bytes: [UInt8], to path: String) throws {
        let page = try exitingOnError("replay") { try ReplayPage(script: bytes, title: "chatform replay \(script)") }
        try exitingOnError("replay", "cannot write \(path)") { try page.html.write(toFile: path, atomically: true, encoding: .utf8) }
        let broken = page.brokenFrames
        writeError("chatform replay: wrote \(path): \(page.frames.count) frames" + (broken.isEmpty
            ? ", the caret rule kept wherever it applies"
            : "; the caret rule is broken at frames \(broken.map { String($0 + 1) }.joined(separator: ", "))"))
    }
}
