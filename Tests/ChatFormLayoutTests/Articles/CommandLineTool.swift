import ChatFormTesting
import Foundation
import Testing

/// CommandLineTool.md: every command shown with its output is run in a shell (with
/// `swift run chatform` replaced by the built binary) and prints that output.
@Suite("Article: the command-line tool")
struct CommandLineToolArticle {
    static let article = ToolProcess.packageRoot
        .appendingPathComponent("Sources/ChatFormLayout/ChatFormLayout.docc/CommandLineTool.md")

    /// Runs `command` with bash in the package's root; standard output (and what the command
    /// redirects into it).
    static func shell(_ command: String) throws -> String {
        let binary = try #require(ToolProcess.binary).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command.replacingOccurrences(of: "swift run chatform", with: binary)]
        process.currentDirectoryURL = ToolProcess.packageRoot
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())   // trailing hanging spaces
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func everyCommandWithItsOutputPrintsIt() throws {
        let blocks = DocumentationSampleTests.blocks(in: try String(contentsOf: Self.article, encoding: .utf8))
        var checked = 0
        for (k, block) in blocks.enumerated() where block.language == "sh" {
            // Its output is the block right after it (one blank line between).
            guard k + 1 < blocks.count, ["text", "json"].contains(blocks[k + 1].language),
                  blocks[k + 1].line == block.end + 2 else { continue }
            let printed = try Self.shell(block.lines.joined(separator: "\n"))
            let documented = blocks[k + 1].lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            #expect(Self.lines(printed) == documented, "CommandLineTool.md:\(block.line)")
            checked += 1
        }
        #expect(checked == 9)
    }

    @Test func theDemoCommandsExistAndNeedATerminal() throws {
        let blocks = DocumentationSampleTests.blocks(in: try String(contentsOf: Self.article, encoding: .utf8))
        let demos = blocks.filter { $0.language == "sh" }.flatMap(\.lines).filter { $0.hasPrefix("swift run chatform demo") }
        #expect(demos.count == 2)
        for line in demos {
            let command = String(line.prefix { $0 != "#" })
            let printed = try Self.shell(command + " 2>&1; echo \"exit $?\"")
            #expect(printed.contains("needs an interactive terminal") && printed.hasSuffix("exit 2\n"), "\(line): \(printed)")
        }
    }
}
