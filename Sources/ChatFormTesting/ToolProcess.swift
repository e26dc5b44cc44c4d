import Foundation

/// Runs the built `chatform` executable the way a user does, for the command-line tests.
public enum ToolProcess {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `chatform` binary next to the test runner, or in the package's build folders.
    public static let binary: URL? = {
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

    /// A file under `Tests/<target>/Fixtures`.
    public static func fixture(_ name: String, target: String) -> URL {
        packageRoot.appendingPathComponent("Tests/\(target)/Fixtures").appendingPathComponent(name)
    }

    /// Runs `chatform` with `arguments`, feeding `stdin`. Standard input and error go
    /// through temporary files and standard output through a pipe read to the end, so large
    /// outputs cannot deadlock.
    public static func run(_ arguments: [String], stdin: Data = Data()) throws -> Result {
        guard let binary else { throw CocoaError(.fileNoSuchFile) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inURL = folder.appendingPathComponent("stdin")
        let errURL = folder.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
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
