import Foundation
import Glibc

/// Drives a detached tmux server on its own socket, for end-to-end terminal tests.
struct TmuxHarness {
    let socket: String
    let session = "probe"

    /// The tmux executable on PATH, if any.
    static let tmuxPath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The terminal-probe binary built next to the test runner (or in the package's
    /// .build/debug when the runner lives elsewhere).
    static let probePath: String? = builtProduct("terminal-probe")

    /// The chatform tool, found the same way.
    static let chatformPath: String? = builtProduct("chatform")

    /// An executable product built next to the test runner, or in the package's .build/debug.
    static func builtProduct(_ name: String) -> String? {
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let runner = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
            // The runner may sit inside an .xctest bundle directory on some platforms.
            if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
            candidates.append(directory.appendingPathComponent(name).path)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var isAvailable: Bool { tmuxPath != nil && probePath != nil }

    init(name: String) {
        socket = "chatform-\(name)-\(getpid())"
    }

    /// Runs `tmux -L socket args…`; returns its exit status and standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try spawnAndWait(Self.tmuxPath!, ["-L", socket, "-f", "/dev/null"] + arguments,
                                      removingEnvironment: ["TMUX", "TMUX_PANE"])
        return (result.status, result.standardOutput)
    }

    /// Starts a 60×15 session running `shellCommand` under `sh -c`.
    func start(_ shellCommand: String, columns: Int = 60, rows: Int = 15) throws {
        let result = try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)",
                              "sh", "-c", shellCommand])
        precondition(result.status == 0, "tmux new-session failed")
    }

    func sendKeys(_ keys: String...) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    func capture() throws -> String {
        try run(["capture-pane", "-p", "-t", session]).output
    }

    func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", session, format]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane until `condition` holds or `timeout` passes; returns the last capture.
    func waitForScreen(timeout: Duration = .seconds(10), _ condition: (String) -> Bool) throws -> (ok: Bool, screen: String) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = try capture()
        while !condition(screen) {
            if clock.now >= deadline { return (false, screen) }
            usleep(30_000)
            screen = try capture()
        }
        return (true, screen)
    }

    /// Polls a `display -p` format until it equals `expected`.
    func waitForFormat(_ format: String, toBe expected: String, timeout: Duration = .seconds(10)) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var value = try display(format)
        while value != expected && clock.now < deadline {
            usleep(30_000)
            value = try display(format)
        }
        return value
    }

    /// Stops the server and removes its socket file (tmux leaves it behind).
    func killServer() {
        _ = try? run(["kill-server"])
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }
}
