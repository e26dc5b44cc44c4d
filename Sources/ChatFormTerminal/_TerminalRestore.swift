import Glibc

/// What the signal handlers need to put the terminal back, in memory they can read
/// without allocating or locking. Owned by the one open `TerminalSession`.
struct _TerminalRestoreState {
    /// Nonzero while a session has the terminal in raw mode.
    var isActive: Int32 = 0
    /// The terminal attributes from before raw mode.
    var originalAttributes = termios()
    /// The bytes that leave the alternate screen, show the cursor and so on.
    var restoreBytes: UnsafeMutablePointer<UInt8>? = nil
    var restoreCount = 0
    /// Write end of the self-pipe that wakes `readInput` on SIGWINCH.
    var wakeFD: Int32 = -1
}

/// Allocated once and never freed, so a handler can never see it dangle.
nonisolated(unsafe) let _terminalRestoreState: UnsafeMutablePointer<_TerminalRestoreState> = {
    let pointer = UnsafeMutablePointer<_TerminalRestoreState>.allocate(capacity: 1)
    pointer.initialize(to: _TerminalRestoreState())
    return pointer
}()

/// Signals after which the terminal is restored before the default action runs.
let _fatalSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL]

/// Puts the terminal back using only async-signal-safe calls (`write`, `tcsetattr`).
/// Does nothing when no session is active, so calling it twice is harmless.
func _restoreTerminalAsyncSignalSafe() {
    let state = _terminalRestoreState
    guard state.pointee.isActive != 0 else { return }
    state.pointee.isActive = 0
    if let bytes = state.pointee.restoreBytes {
        var offset = 0
        while offset < state.pointee.restoreCount {
            let written = Glibc.write(STDOUT_FILENO, bytes + offset, state.pointee.restoreCount - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                break
            }
            offset += written
        }
    }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &state.pointee.originalAttributes)
}

/// Restores the terminal, then lets the signal do what it would have done.
let _fatalSignalHandler: @convention(c) (Int32) -> Void = { signal in
    _restoreTerminalAsyncSignalSafe()
    _ = Glibc.signal(signal, SIG_DFL)
    // Blocked while this handler runs; delivered with the default action on return
    // (a fault re-executes the faulting instruction and is delivered then).
    _ = raise(signal)
}

/// Wakes the poll loop: one byte into the self-pipe (non-blocking; a full pipe is fine).
let _resizeSignalHandler: @convention(c) (Int32) -> Void = { _ in
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = Glibc.write(_terminalRestoreState.pointee.wakeFD, &byte, 1)
    errno = savedErrno
}

/// Registered with `atexit` once, so `exit()` anywhere still restores the terminal.
let _exitHandler: @convention(c) () -> Void = {
    _restoreTerminalAsyncSignalSafe()
}
nonisolated(unsafe) var _exitHandlerInstalled = false
