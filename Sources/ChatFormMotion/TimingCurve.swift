/// How an animation moves from its start value to its target over time.
///
/// The four cubic curves are CSS's: `easeIn` = cubic-bezier(0.42, 0, 1, 1), `easeOut` =
/// cubic-bezier(0, 0, 0.58, 1), `easeInOut` = cubic-bezier(0.42, 0, 0.58, 1). They run for the
/// animation's duration and end exactly on the target.
///
/// `.spring(duration:bounce:)` follows SwiftUI's `Spring(duration:bounce:)` (unit mass):
/// - stiffness k = (2π / duration)², so the undamped angular frequency is ω₀ = 2π / duration;
/// - damping ratio ζ = 1 − bounce for bounce ≥ 0 (0 = critically damped, no overshoot; > 0 is
///   underdamped and overshoots), and ζ = 1 / (1 + bounce) for bounce < 0 (overdamped);
/// - damping coefficient c = 2ζω₀ (that is, 4π(1 − bounce) / duration for bounce ≥ 0).
/// The spring's `duration` is perceptual: the time it takes to look done, not the settling time.
/// A spring is *settled* (its animation finished) from the first time after which the envelope
/// of its displacement stays within `settleTolerance` (0.1 %) of the distance it travels; from
/// then on its value is exactly the target. See `settlingTime(duration:)`.
///
/// ```swift
/// let curve = TimingCurve.easeInOut
/// curve.progress(at: 0.5)                       // 0.5
/// let bouncy = TimingCurve.spring(duration: 0.2, bounce: 0.1)
/// bouncy.progress(elapsed: 0.2, duration: 0.2)  // ≈ 1.0004: a little past 1, it overshoots
/// ```
public enum TimingCurve: Sendable, Equatable, Hashable {
    /// Constant speed.
    case linear
    /// CSS `ease-in`: cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// CSS `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    /// CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    case easeInOut
    /// A SwiftUI-style spring: perceptual `duration` in seconds and `bounce` in [-1, 1]
    /// (evaluated clamped to [-0.99, 0.99]).
    case spring(duration: Double, bounce: Double)

    /// The tolerance, as a fraction of the distance travelled, inside which a spring counts as
    /// settled.
    public static let settleTolerance = 0.001

    /// SwiftUI's `.bouncy(duration:extraBounce:)`: a spring whose bounce is 0.3 + `extraBounce`.
    ///
    /// Seed 000 animates its toolbar with `.bouncy(duration: 0.2, extraBounce: -0.2)`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> TimingCurve {
        .spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// SwiftUI's `.smooth(duration:)`: a spring with no bounce.
    public static func smooth(duration: Double = 0.5) -> TimingCurve {
        .spring(duration: duration, bounce: 0)
    }

    /// True for `.spring`.
    public var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }

    /// Throws when the curve's own parameters are bad (a spring with a NaN, infinite or
    /// negative duration, or a bounce outside [-1, 1]). Returns the curve unchanged otherwise.
    public func validated() throws -> TimingCurve {
        if case .spring(let duration, let bounce) = self {
            guard duration.isFinite, duration >= 0 else { throw MotionError.invalidDuration(duration) }
            guard bounce.isFinite, bounce >= -1, bounce <= 1 else { throw MotionError.invalidBounce(bounce) }
        }
        return self
    }

    /// The eased progress at a time `fraction` of the curve's length.
    ///
    /// Cubic curves clamp `fraction` to [0, 1] and return a value in [0, 1] with
    /// `progress(at: 0) == 0` and `progress(at: 1) == 1`. A spring reads `fraction` as a
    /// multiple of its perceptual duration, is not clamped above 1, and may overshoot 1 before it
    /// settles at exactly 1. NaN reads as 0.
    /// - Complexity: O(1).
    public func progress(at fraction: Double) -> Double {
        let f = fraction.isNaN ? 0 : fraction
        switch self {
        case .linear: return min(max(f, 0), 1)
        case .easeIn: return Self.easeInBezier.y(forX: f)
        case .easeOut: return Self.easeOutBezier.y(forX: f)
        case .easeInOut: return Self.easeInOutBezier.y(forX: f)
        case .spring(let duration, _):
            guard duration.isFinite, duration > 0 else { return 1 }
            return progress(elapsed: f * duration, duration: duration)
        }
    }

    /// The eased progress `elapsed` seconds after the start of an animation from 0 to 1.
    ///
    /// Cubic curves use `elapsed / duration` (a zero duration jumps to 1). A spring ignores
    /// `duration`: its own perceptual duration drives it, and it returns exactly 1 from its
    /// settling time on.
    /// - Complexity: O(1) for cubic curves; O(log(1/tolerance)) for a spring's settling test.
    public func progress(elapsed: Double, duration: Double) -> Double {
        let t = elapsed.isNaN ? 0 : max(elapsed, 0)
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut:
            guard duration.isFinite, duration > 0 else { return 1 }
            return progress(at: t / duration)
        case .spring:
            guard let spring = _SpringSolution(curve: self, displacement: -1, velocity: 0) else { return 1 }
            if t >= spring.settlingTime(tolerance: Self.settleTolerance) { return 1 }
            return 1 + spring.displacement(at: t)
        }
    }

    /// How long an animation on this curve runs before it is finished: `duration` for cubic
    /// curves, the settling time (see the type's documentation) for a spring from rest.
    /// - Complexity: O(log(1/tolerance)).
    public func settlingTime(duration: Double) -> Double {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut:
            return duration.isFinite ? max(duration, 0) : 0
        case .spring:
            guard let spring = _SpringSolution(curve: self, displacement: -1, velocity: 0) else { return 0 }
            return spring.settlingTime(tolerance: Self.settleTolerance)
        }
    }

    static let easeInBezier = _CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    static let easeOutBezier = _CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    static let easeInOutBezier = _CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
}
