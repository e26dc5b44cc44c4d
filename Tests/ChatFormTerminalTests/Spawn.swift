import Foundation
import Glibc

/// Exit status and output of a finished child process.
struct SpawnResult {
    /// The exit code, or 128 + the signal number when a signal ended it (as shells report).
    var status: Int32
    var standardOutput: String
    var standardError: String
}

struct SpawnError: Error, CustomStringConvertible {
    var description: String
}

/// Runs `path` with `arguments` and waits for it.
///
/// Unlike Foundation's `Process`, the child starts with an empty signal mask and default
/// signal actions (the test runner blocks some signals, and a tmux server inheriting that
/// mask never notices its panes exit), and its output goes to temporary files rather than
/// pipes, so a daemon that inherits them cannot keep a read waiting for end of file.
func spawnAndWait(_ path: String, _ arguments: [String], standardInput: String = "/dev/null",
                  removingEnvironment removed: Set<String> = []) throws -> SpawnResult {
    let base = NSTemporaryDirectory() + "chatform-spawn-\(UUID().uuidString)"
    let outputPath = base + ".out", errorPath = base + ".err"
    defer {
        unlink(outputPath)
        unlink(errorPath)
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let environment = ProcessInfo.processInfo.environment
        .filter { !removed.contains($0.key) }
        .map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }

    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
    guard spawned == 0 else {
        throw SpawnError(description: "posix_spawn \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw SpawnError(description: "waitpid: errno \(errno)") }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros; decode the status word by hand.
    let signal = status & 0x7F
    let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    return SpawnResult(status: code, standardOutput: output, standardError: errors)
}
