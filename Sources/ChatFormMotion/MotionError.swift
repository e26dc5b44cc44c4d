/// The typed error every throwing API of `ChatFormMotion` uses.
///
/// Motion never crashes on bad numbers: a NaN, infinite or negative duration, time or rate is
/// reported as one of these cases.
///
/// ```swift
/// do {
///     _ = try AnimatedValue(from: 0, to: 1, startTime: 0, duration: -1, curve: .linear)
/// } catch let error as MotionError {
///     print(error) // invalidDuration(-1.0)
/// }
/// ```
public enum MotionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A duration that is NaN, infinite or negative.
    case invalidDuration(Double)
    /// A spring bounce that is NaN, infinite or outside [-1, 1].
    case invalidBounce(Double)
    /// A time or time step that is NaN, infinite, or moves a clock backwards.
    case invalidTime(Double)
    /// A frame rate that is NaN, infinite, zero or negative.
    case invalidFrameRate(Double)
    /// An animated value (start, target or velocity) that is NaN or infinite.
    case invalidValue(Double)
    /// A clock step that would list more than `AnimationClock.maximumFramesPerStep` frames.
    case tooManyFrames(Double)
    /// A timing curve name that is not one of the known curves.
    case unknownCurve(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidDuration(let d): return "invalid duration \(d): must be finite and not negative"
        case .invalidBounce(let b): return "invalid spring bounce \(b): must be finite and within [-1, 1]"
        case .invalidTime(let t): return "invalid time \(t): must be finite and not move the clock backwards"
        case .invalidFrameRate(let r): return "invalid frame rate \(r): must be finite and positive"
        case .invalidValue(let v): return "invalid animated value \(v): must be finite"
        case .tooManyFrames(let n): return "a clock step of \(n) frames is too long"
        case .unknownCurve(let name): return "unknown timing curve '\(name)'"
        }
    }
}
