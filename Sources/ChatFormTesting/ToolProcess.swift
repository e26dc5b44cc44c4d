import Foundation

/// Runs the built `chatform` executable the way a user does, for the command-line tests.
public enum ToolProcess {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        /// True when the run was stopped because it outlived its time limit.
        public var timedOut = false
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
    /// outputs cannot deadlock. A run still going after `timeLimit` seconds is terminated
    /// and reported with `timedOut` (a hang fails its test instead of stalling the suite).
    public static func run(_ arguments: [String], stdin: Data = Data(), timeLimit: Double? = nil) throws -> Result {
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
        let watchdog = timeLimit.map { limit in
            let flag = TimeoutFlag()
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + limit)
            timer.setEventHandler { [process] in
                if process.isRunning { flag.set(); process.terminate() }
            }
            timer.resume()
            return (timer, flag)
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog?.0.cancel()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self),
                      timedOut: watchdog?.1.isSet ?? false)
    }
}

/// A flag set once from the watchdog's queue and read after the process ends.
private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
