/// One animated number: where it starts, where it goes, when, and on which curve.
///
/// A value type: sample it at any time with `value(at:)` (before `startTime` it is `from`,
/// from `endTime` on it is exactly `to`). Cubic curves last `duration` seconds. A spring ignores
/// `duration`: its own perceptual duration drives it, it starts with `initialVelocity` (points
/// per second), and it ends at its settling time (see `TimingCurve`).
///
/// ```swift
/// var position = try AnimatedValue(from: 0, to: -120, startTime: 0, duration: 0.3, curve: .easeInOut)
/// position.value(at: 0.15)              // -60: half-way on a symmetric curve
/// try position.retarget(to: 0, at: 0.15) // starts back from -60, not from -120
/// ```
public struct AnimatedValue: Sendable, Equatable {
    /// The value at `startTime`.
    public private(set) var from: Double
    /// The target value.
    public private(set) var to: Double
    /// When the animation starts, in clock seconds.
    public private(set) var startTime: Double
    /// The length of a cubic animation in seconds (a spring uses its own duration instead).
    public private(set) var duration: Double
    /// The timing curve.
    public private(set) var curve: TimingCurve
    /// The speed at `startTime` in units per second (springs only; cubic curves start at rest).
    public private(set) var initialVelocity: Double
    /// When the animation is finished: `startTime + duration` for cubic curves, plus the
    /// settling time for springs.
    public private(set) var endTime: Double

    /// An animation from `from` to `to` starting at `startTime`.
    /// - Throws: `MotionError.invalidValue` for non-finite values or velocity,
    ///   `.invalidTime` for a non-finite start, `.invalidDuration` for a NaN, infinite or
    ///   negative duration, and the curve's own `validated()` errors.
    public init(from: Double, to: Double, startTime: Double, duration: Double,
                curve: TimingCurve, initialVelocity: Double = 0) throws {
        for value in [from, to, initialVelocity] where !value.isFinite {
            throw MotionError.invalidValue(value)
        }
        guard startTime.isFinite else { throw MotionError.invalidTime(startTime) }
        guard duration.isFinite, duration >= 0 else { throw MotionError.invalidDuration(duration) }
        self.curve = try curve.validated()
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
        self.initialVelocity = curve.isSpring ? initialVelocity : 0
        self.endTime = startTime
        self.endTime = startTime + computedLength()
    }

    /// A value that rests at `value` (finished at every time: `endTime` is −∞; NaN or infinite
    /// values read as 0).
    public init(constant value: Double) {
        from = value.isFinite ? value : 0
        to = from
        startTime = 0
        duration = 0
        curve = .linear
        initialVelocity = 0
        endTime = -.infinity
    }

    private var spring: _SpringSolution? {
        _SpringSolution(curve: curve, displacement: from - to, velocity: initialVelocity)
    }

    private func computedLength() -> Double {
        if curve.isSpring {
            guard let spring else { return 0 }
            return spring.settlingTime(tolerance: TimingCurve.settleTolerance)
        }
        return duration
    }

    /// The value at `time`: `from` before the start, exactly `to` once finished.
    /// - Complexity: O(1).
    public func value(at time: Double) -> Double {
        guard time.isFinite else { return time > 0 ? to : from }
        if time >= endTime { return to }
        if time <= startTime { return from }
        let elapsed = time - startTime
        if let spring { return to + spring.displacement(at: elapsed) }
        return from + (to - from) * curve.progress(at: elapsed / duration)
    }

    /// The rate of change at `time` in units per second (0 before the start and once finished,
    /// except a spring's `initialVelocity` at its start).
    /// - Complexity: O(1).
    public func velocity(at time: Double) -> Double {
        guard time.isFinite, time < endTime, time >= startTime else { return 0 }
        let elapsed = time - startTime
        if let spring { return spring.velocity(at: elapsed) }
        guard duration > 0 else { return 0 }
        // Central difference of the cubic curve, kept inside [0, duration].
        let h = min(1e-5, duration / 4)
        let a = max(elapsed - h, 0), b = min(elapsed + h, duration)
        guard b > a else { return 0 }
        let pa = curve.progress(at: a / duration), pb = curve.progress(at: b / duration)
        return (to - from) * (pb - pa) / (b - a)
    }

    /// True from `endTime` on.
    public func isFinished(at time: Double) -> Bool { time >= endTime }
}
