import Glibc

/// Why a `TerminalSession` could not open or talk to the terminal.
///
/// ```swift
/// do { let session = try TerminalSession() }
/// catch .notATerminal(let stream) { print("\(stream) is not a terminal") }
/// ```
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// stdin or stdout is not a TTY (piped, redirected, or run without a terminal).
    case notATerminal(stream: String)
    /// Another session is open in this process; only one may own the terminal.
    case alreadyOpen
    /// A system call failed with `errno`.
    case systemCall(name: String, errno: Int32)
    /// The session was closed.
    case closed

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "\(stream) is not a terminal: run this in an interactive terminal, not through a pipe or redirect"
        case .alreadyOpen:
            return "a terminal session is already open in this process"
        case .systemCall(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code)))"
        case .closed:
            return "the terminal session is closed"
        }
    }
}
