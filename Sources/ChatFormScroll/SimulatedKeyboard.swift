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

    /// The longest keyboard animation, in seconds: a duration, or a spring's settling time,
    /// beyond it throws. It bounds the frames one `TableSession.advance(by:)` steps through
    /// (at most `maximumDuration × frameRate + 1`).
    public static let maximumDuration = 60.0

    /// How far ahead, in seconds, the release of an interactive drag projects the
    /// keyboard's height at the finger's speed (UIScrollView's normal deceleration:
    /// 0.998 / (1 − 0.998) / 1000).
    public static let dragProjection = 0.998 / (1 - 0.998) / 1000

    /// The spring a keyboard released from an interactive drag settles on: no bounce, so
    /// it never overshoots.
    public static let releaseCurve = TimingCurve.spring(duration: 0.35, bounce: 0)

    private var animation = AnimatedValue(constant: 0)
    /// During an interactive drag, the most the finger leaves of the keyboard.
    private var fingerCap: Double?
    /// After an interactive drag, the most the release spring may reach (no overshoot).
    private var ceiling: Double?

    public init() {}

    /// The height the keyboard is heading to (0 when hidden or hiding).
    public var targetHeight: Double { animation.to }

    /// Whether the keyboard is shown or showing.
    public var isShown: Bool { animation.to > 0 }

    /// The keyboard's height at `time` (held down by the finger during an interactive drag).
    public func height(at time: Double) -> Double {
        var h = Swift.max(0, animation.value(at: time))
        if let fingerCap { h = Swift.min(h, fingerCap) }
        if let ceiling { h = Swift.min(h, ceiling) }
        return h
    }

    /// The keyboard's speed at `time` in points per second (0 while the finger holds it).
    public func velocity(at time: Double) -> Double {
        isHeldByFinger(at: time) ? 0 : animation.velocity(at: time)
    }

    /// Whether the finger, during an interactive drag, holds the keyboard below the height
    /// it would have.
    public func isHeldByFinger(at time: Double) -> Bool {
        guard let fingerCap else { return false }
        return fingerCap < Swift.max(0, animation.value(at: time))
    }

    /// Whether the keyboard is still moving at `time`.
    public func isAnimating(at time: Double) -> Bool { !animation.isFinished(at: time) }

    /// When the current animation ends.
    public var endTime: Double { animation.endTime }

    /// Shows the keyboard, or changes its height, animating from its current height.
    ///
    /// - Throws: `ScrollError.invalidValue` for a height outside `0...ScrollLimits.maximumLength`, a duration
    ///   outside `0...maximumDuration`, or a spring that takes longer than that to settle.
    public mutating func show(height: Double, duration: Double = defaultDuration,
                              curve: TimingCurve = .easeInOut, at time: Double) throws(ScrollError) {
        guard height.isFinite, height >= 0, height <= ScrollLimits.maximumLength else {
            throw .invalidValue("keyboard height (0...1e12)", height)
        }
        try animate(to: height, duration: duration, curve: curve, at: time)
    }

    /// Hides the keyboard, animating from its current height to 0.
    ///
    /// - Throws: `ScrollError.invalidValue` as `show(height:duration:curve:at:)`.
    public mutating func hide(duration: Double = defaultDuration, curve: TimingCurve = .easeInOut,
                              at time: Double) throws(ScrollError) {
        try animate(to: 0, duration: duration, curve: curve, at: time)
    }

    /// Stops the keyboard where it is at `time` (a finger catches it).
    mutating func hold(at time: Double) {
        animation = AnimatedValue(constant: height(at: time))
        fingerCap = nil
        ceiling = nil
    }

    /// During an interactive drag: the keyboard is at most `cap` high (the distance from
    /// the finger to the viewport's bottom); nil lets it go back to its own height.
    mutating func setFingerCap(_ cap: Double?) {
        fingerCap = cap.map { Swift.max(0, $0) }
    }

    /// Ends an interactive drag: from its height at `time`, the keyboard springs to
    /// `target` starting at `velocity` (points per second, positive = growing), never
    /// higher than where it starts or ends.
    mutating func release(to target: Double, velocity: Double, curve: TimingCurve, at time: Double) {
        let start = height(at: time)
        fingerCap = nil
        ceiling = Swift.max(start, target)
        animation = (try? AnimatedValue(from: start, to: target, startTime: time, duration: 0, curve: curve,
                                        initialVelocity: velocity.isFinite ? velocity : 0))
            ?? AnimatedValue(constant: target)
    }

    private mutating func animate(to target: Double, duration: Double, curve: TimingCurve, at time: Double) throws(ScrollError) {
        guard duration.isFinite, duration >= 0, duration <= Self.maximumDuration else {
            throw .invalidValue("keyboard duration (0...\(Int(Self.maximumDuration)) s)", duration)
        }
        var next = animation
        let wasHeld = fingerCap != nil || ceiling != nil
        if wasHeld {
            // Start from the height shown, not from the animation the finger held down.
            let shown = height(at: time)
            if shown != Swift.max(0, animation.value(at: time)) { next = AnimatedValue(constant: shown) }
        }
        do {
            if duration == 0 {
                next = AnimatedValue(constant: target)
            } else {
                try next.retarget(to: target, at: time, duration: duration, curve: curve)
            }
        } catch {
            throw .invalidValue("keyboard animation (\(error))", duration)
        }
        // A spring runs until it settles, whatever its nominal duration.
        guard next.endTime - time <= Self.maximumDuration else {
            throw .invalidValue("keyboard animation length (a spring settling within \(Int(Self.maximumDuration)) s)",
                                next.endTime - time)
        }
        animation = next
        if wasHeld {
            fingerCap = nil
            ceiling = nil
        }
    }
}
