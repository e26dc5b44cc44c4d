import ChatFormMotion

/// A keyboard that slides up from the bottom of the viewport (SPEC §5.1).
///
/// Its height is an animated value on the session's clock: showing, changing height and
/// hiding each animate from the current height, over a duration [0.25 s] on a timing curve.
///
/// ```swift
/// var keyboard = SimulatedKeyboard()
/// try keyboard.show(height: 8, duration: 0.25, curve: .easeInOut, at: 0)
/// keyboard.height(at: 0.125)      // on its way up
/// ```
public struct SimulatedKeyboard: Sendable, Equatable {
    /// The default animation length.
    public static let defaultDuration = 0.25

    private var animation = AnimatedValue(constant: 0)

    public init() {}

    /// The height the keyboard is heading to (0 when hidden or hiding).
    public var targetHeight: Double { animation.to }

    /// Whether the keyboard is shown or showing.
    public var isShown: Bool { animation.to > 0 }

    /// The keyboard's height at `time`.
    public func height(at time: Double) -> Double { Swift.max(0, animation.value(at: time)) }

    /// Whether the keyboard is still moving at `time`.
    public func isAnimating(at time: Double) -> Bool { !animation.isFinished(at: time) }

    /// When the current animation ends.
    public var endTime: Double { animation.endTime }

    /// Shows the keyboard, or changes its height, animating from its current height.
    ///
    /// - Throws: `ScrollError.invalidValue` for a negative or non-finite height or duration.
    public mutating func show(height: Double, duration: Double = defaultDuration,
                              curve: TimingCurve = .easeInOut, at time: Double) throws(ScrollError) {
        guard height.isFinite, height >= 0 else { throw .invalidValue("keyboard height", height) }
        try animate(to: height, duration: duration, curve: curve, at: time)
    }

    /// Hides the keyboard, animating from its current height to 0.
    public mutating func hide(duration: Double = defaultDuration, curve: TimingCurve = .easeInOut,
                              at time: Double) throws(ScrollError) {
        try animate(to: 0, duration: duration, curve: curve, at: time)
    }

    private mutating func animate(to target: Double, duration: Double, curve: TimingCurve, at time: Double) throws(ScrollError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidValue("keyboard duration", duration) }
        do {
            if duration == 0 {
                animation = AnimatedValue(constant: target)
            } else {
                try animation.retarget(to: target, at: time, duration: duration, curve: curve)
            }
        } catch {
            throw .invalidValue("keyboard animation (\(error))", duration)
        }
    }
}
