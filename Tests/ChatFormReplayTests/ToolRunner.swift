import Foundation

/// Runs the built `chatform` executable the way a user does.
enum Tool {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `chatform` binary next to the test runner, or in the package's debug build folder.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("chatform"))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("chatform"))
        for folder in [".build/debug", ".build/release"] {
            candidates.append(packageRoot.appendingPathComponent(folder).appendingPathComponent("chatform"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func fixture(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/ChatFormReplayTests/Fixtures").appendingPathComponent(name)
    }

    static func run(_ arguments: [String], stdin: Data = Data()) throws -> Result {
        guard let binary else { throw CocoaError(.fileNoSuchFile) }
        // Standard input and error go through temporary files, standard output through a
        // pipe read to the end: no thread juggling, no deadlock on large outputs.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inURL = folder.appendingPathComponent("stdin")
        let errURL = folder.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }
}
