import ChatFormTerminal
import Glibc

/// Runs a `DemoModel` in the real terminal: raw mode and the alternate screen through a
/// `TerminalSession`, input decoded by an `InputDecoder`, frames drawn with a
/// `ScreenRenderer`.
///
/// - While an animation runs it polls with a timeout of one frame (1/60 s) and advances the
///   engine's clock by the real time elapsed; otherwise it waits longer (until input, a
///   resize, a pending escape to resolve, or a periodic tick for timers).
/// - The first frame and every frame after a resize are drawn in full; the others as a
///   diff from the frame on screen.
/// - The terminal is restored on exit, on Esc / Ctrl-C (the models quit), on end of input
///   and on fatal signals (`TerminalSession` handles those).
///
/// ```swift
/// var runner = DemoRunner()
/// let status = try runner.run { size in try ChatDemo(size: size) }
/// ```
public struct DemoRunner {
    /// The frame interval while something animates.
    public var frameInterval: Duration = .microseconds(16_667)
    /// How long to wait for input when nothing animates.
    public var idleInterval: Duration = .milliseconds(250)
    /// How long a lone ESC waits for the rest of a sequence.
    public var escapeInterval: Duration = .milliseconds(30)

    public init() {}

    /// Why the runner stopped.
    public enum Exit: Sendable, Hashable {
        /// The model asked to quit.
        case quit
        /// The terminal closed its input.
        case endOfInput
    }

    /// Opens the terminal, builds the model for its size and runs until the model quits.
    ///
    /// - Throws: `TerminalError.notATerminal` when stdin or stdout is not a TTY (nothing
    ///   was changed then), or whatever the model throws (the terminal is restored first).
    public func run<Model: DemoModel>(_ makeModel: (TerminalSize) throws -> Model) throws -> Exit {
        let session = try TerminalSession()
        defer { session.close() }
        var model = try makeModel(Self.usable(try session.currentSize()))
        let renderer = ScreenRenderer()
        var decoder = InputDecoder()
        var shown = frame(of: model)
        try session.write(renderer.render(full: shown))

        let clock = ContinuousClock()
        var last = clock.now
        while true {
            let timeout: Duration
            if decoder.hasPendingBytes { timeout = escapeInterval }
            else if model.isAnimating { timeout = frameInterval }
            else { timeout = idleInterval }

            let input = try session.readInput(timeout: timeout)
            var events: [KeyEvent] = []
            var fullRedraw = false
            switch input {
            case .bytes(let bytes): events = decoder.feed(bytes)
            case .timeout: events = decoder.flush()
            case .resize(let size):
                try model.resize(Self.usable(size))
                fullRedraw = true
            case .endOfInput:
                return .endOfInput
            }
            for event in events where try model.handle(event) == .quit {
                return .quit
            }
            let now = clock.now
            try model.tick(elapsed: Self.seconds(now - last))
            last = now

            let next = frame(of: model)
            if fullRedraw || next.rows != shown.rows || next.columns != shown.columns {
                try session.write(renderer.render(full: next))
            } else {
                let output = renderer.diff(from: shown, to: next)
                if !output.isEmpty { try session.write(output) }
            }
            shown = next
        }
    }

    func frame(of model: some DemoModel) -> ScreenBuffer {
        var screen = ScreenBuffer(size: model.size)
        model.render(into: &screen)
        return screen
    }

    /// A size the models can lay out (at least one column and one row).
    static func usable(_ size: TerminalSize) -> TerminalSize {
        TerminalSize(rows: max(1, size.rows), columns: max(1, size.columns))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
