import Glibc

/// Owns the controlling terminal for a full-screen program: raw mode, alternate screen,
/// bracketed paste, cursor, size and input, restored on close, on `exit()` and on fatal
/// signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGABRT, …).
///
/// Raw mode turns off echo, line buffering and ISIG: Ctrl-C arrives as the byte 0x03
/// (`.key(.character("c"), [.control])` from `InputDecoder`) and the program decides to quit.
/// Only one session may be open per process.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.close() }
/// var decoder = InputDecoder()
/// loop: while true {
///     switch try session.readInput(timeout: decoder.hasPendingBytes ? .milliseconds(30) : nil) {
///     case .bytes(let bytes): handle(decoder.feed(bytes))
///     case .timeout: handle(decoder.flush())
///     case .resize(let size): redraw(size)
///     case .endOfInput: break loop
///     }
/// }
/// ```
public final class TerminalSession {
    /// What the session turns on while open.
    ///
    /// ```swift
    /// let session = try TerminalSession(options: .init(alternateScreen: false))
    /// ```
    public struct Options: Sendable, Hashable {
        /// Draw on the alternate screen (`CSI ? 1049 h`), leaving the shell's screen intact.
        public var alternateScreen: Bool
        /// Ask for pastes wrapped in `CSI 200 ~` … `CSI 201 ~`.
        public var bracketedPaste: Bool
        /// Hide the cursor on open (the frames decide when to show it).
        public var hideCursor: Bool

        public init(alternateScreen: Bool = true, bracketedPaste: Bool = true, hideCursor: Bool = true) {
            self.alternateScreen = alternateScreen
            self.bracketedPaste = bracketedPaste
            self.hideCursor = hideCursor
        }
    }

    /// The options the session was opened with.
    public let options: Options
    /// False once `close()` ran.
    public private(set) var isOpen: Bool
    private let wakeReadFD: Int32
    private let wakeWriteFD: Int32
    private var previousHandlers: [(signal: Int32, handler: sighandler_t?)] = []

    /// Takes over the terminal on stdin/stdout.
    ///
    /// - Throws: `.notATerminal` when stdin or stdout is not a TTY, `.alreadyOpen` when
    ///   another session is open, `.systemCall` when the OS refuses.
    public init(options: Options = Options()) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "stdin") }
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "stdout") }
        let state = _terminalRestoreState
        guard state.pointee.isActive == 0, state.pointee.restoreBytes == nil else { throw .alreadyOpen }

        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .systemCall(name: "tcgetattr", errno: errno) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .systemCall(name: "pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.options = options
        self.wakeReadFD = fds[0]
        self.wakeWriteFD = fds[1]
        self.isOpen = true

        // Everything a signal handler needs, in place before any handler is installed.
        let restore = Array(Self.restoreSequence(options).utf8)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restore.count)
        bytes.initialize(from: restore, count: restore.count)
        state.pointee.originalAttributes = original
        state.pointee.restoreBytes = bytes
        state.pointee.restoreCount = restore.count
        state.pointee.wakeFD = wakeWriteFD
        state.pointee.isActive = 1

        for signal in _fatalSignals {
            previousHandlers.append((signal, Glibc.signal(signal, _fatalSignalHandler)))
        }
        previousHandlers.append((SIGWINCH, Glibc.signal(SIGWINCH, _resizeSignalHandler)))
        if !_exitHandlerInstalled {
            _exitHandlerInstalled = true
            atexit(_exitHandler)
        }

        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            let code = errno
            close()
            throw .systemCall(name: "tcsetattr", errno: code)
        }
        do {
            try write(Self.enterSequence(options))
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Puts the terminal back as it was: leaves the alternate screen, turns bracketed
    /// paste off, shows the cursor, restores the terminal attributes and signal handlers.
    /// Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        _restoreTerminalAsyncSignalSafe()
        for (signal, handler) in previousHandlers.reversed() {
            _ = Glibc.signal(signal, handler)
        }
        previousHandlers = []
        let state = _terminalRestoreState
        state.pointee.wakeFD = -1
        state.pointee.restoreBytes?.deallocate()
        state.pointee.restoreBytes = nil
        state.pointee.restoreCount = 0
        _ = Glibc.close(wakeReadFD)
        _ = Glibc.close(wakeWriteFD)
    }

    /// The terminal's current size (`ioctl(TIOCGWINSZ)`).
    public func currentSize() throws(TerminalError) -> TerminalSize {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else {
            throw .systemCall(name: "ioctl(TIOCGWINSZ)", errno: errno)
        }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// Waits for input, a resize or the timeout, whichever comes first.
    ///
    /// - Parameter timeout: how long to wait; `nil` waits forever.
    /// - Returns: raw bytes as read (feed them to an `InputDecoder`), `.resize` after
    ///   SIGWINCH, `.timeout`, or `.endOfInput` when stdin closed.
    public func readInput(timeout: Duration?) throws(TerminalError) -> TerminalInput {
        guard isOpen else { throw .closed }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let (seconds, attoseconds) = (deadline - clock.now).components
                let total = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
                milliseconds = Int32(clamping: total)
            }
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .systemCall(name: "poll", errno: errno)
            }
            if ready == 0 { return .timeout }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while Glibc.read(wakeReadFD, &drain, drain.count) > 0 {}
                return .resize(try currentSize())
            }
            if fds[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 { return .bytes(Array(buffer[0..<count])) }
                if count == 0 { return .endOfInput }
                if errno == EINTR || errno == EAGAIN { continue }
                throw .systemCall(name: "read", errno: errno)
            }
        }
    }

    /// Writes `text` to the terminal in full.
    public func write(_ text: String) throws(TerminalError) {
        guard isOpen else { throw .closed }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .systemCall(name: "write", errno: errno)
            }
            offset += written
        }
    }

    /// Moves the cursor to `row`, `column` (0-based).
    public func moveCursor(row: Int, column: Int) throws(TerminalError) {
        try write("\u{1B}[\(row + 1);\(column + 1)H")
    }

    /// Shows or hides the cursor.
    public func setCursorVisible(_ visible: Bool) throws(TerminalError) {
        try write(visible ? "\u{1B}[?25h" : "\u{1B}[?25l")
    }

    static func enterSequence(_ options: Options) -> String {
        var sequence = ""
        if options.alternateScreen { sequence += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J" }
        if options.bracketedPaste { sequence += "\u{1B}[?2004h" }
        if options.hideCursor { sequence += "\u{1B}[?25l" }
        return sequence
    }

    static func restoreSequence(_ options: Options) -> String {
        // Autowrap back on: `ScreenRenderer.render(full:)` turns it off.
        var sequence = "\u{1B}[0m\u{1B}[?7h"
        if options.bracketedPaste { sequence += "\u{1B}[?2004l" }
        sequence += "\u{1B}[?25h"
        if options.alternateScreen { sequence += "\u{1B}[?1049l" }
        return sequence
    }
}

/// What `TerminalSession.readInput(timeout:)` saw.
///
/// ```swift
/// if case .bytes(let bytes) = try session.readInput(timeout: .milliseconds(100)) {
///     events += decoder.feed(bytes)
/// }
/// ```
public enum TerminalInput: Sendable, Hashable {
    /// Bytes read from stdin, for an `InputDecoder`.
    case bytes([UInt8])
    /// The window changed size (SIGWINCH); the new size.
    case resize(TerminalSize)
    /// Nothing arrived before the timeout.
    case timeout
    /// stdin reached end of file (the terminal went away).
    case endOfInput
}
