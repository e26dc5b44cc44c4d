import ChatFormMotion

/// The typed error the behaviour models throw for bad input.
///
/// Models never crash and never silently accept NaN, infinite or negative sizes, unknown ids,
/// or time running backwards.
///
/// ```swift
/// do {
///     _ = try CollapsingHeader(configuration: .init(headerHeight: -10))
/// } catch let error as BehaviorError {
///     print(error) // headerHeight must be finite and not negative for a size, and within ±1e12 (got -10.0)
/// }
/// ```
public enum BehaviorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number out of its range: sizes within `0...maximumMagnitude`, offsets and
    /// translations within `-maximumMagnitude...maximumMagnitude`, times finite.
    case invalidNumber(name: String, value: Double)
    /// A configuration whose parts contradict each other (the message says how).
    case invalidConfiguration(String)
    /// An id the model does not know.
    case unknownID(String)
    /// An id listed twice.
    case duplicateID(String)
    /// A model that needs at least one tab or section got none.
    case empty(String)
    /// An event time earlier than the previous event's.
    case timeWentBackwards(previous: Double, time: Double)
    /// An error from the animation layer.
    case motion(MotionError)

    /// The largest size, offset or translation a model takes, in points [1e12]: sums of
    /// sizes (content heights, section offsets) stay finite.
    public static let maximumMagnitude = 1e12

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidNumber(let name, let value):
            return "\(name) must be finite and not negative for a size, and within ±1e12 (got \(value))"
        case .invalidConfiguration(let message): return "invalid configuration: \(message)"
        case .unknownID(let id): return "unknown id '\(id)'"
        case .duplicateID(let id): return "id '\(id)' is listed twice"
        case .empty(let what): return "\(what) must not be empty"
        case .timeWentBackwards(let previous, let time): return "time \(time) is earlier than the previous event's \(previous)"
        case .motion(let error): return error.description
        }
    }
}

// Validation helpers shared by the models.
enum _Check {
    /// `value` if within `0...BehaviorError.maximumMagnitude`.
    static func size(_ value: Double, _ name: String) throws -> Double {
        guard value.isFinite, value >= 0, value <= BehaviorError.maximumMagnitude else {
            throw BehaviorError.invalidNumber(name: name, value: value)
        }
        return value
    }

    /// `value` if within `-BehaviorError.maximumMagnitude...BehaviorError.maximumMagnitude`.
    static func finite(_ value: Double, _ name: String) throws -> Double {
        guard value.isFinite, Swift.abs(value) <= BehaviorError.maximumMagnitude else {
            throw BehaviorError.invalidNumber(name: name, value: value)
        }
        return value
    }

    /// `time` if finite and not earlier than `previous`.
    static func time(_ time: Double, after previous: Double) throws -> Double {
        guard time.isFinite else { throw BehaviorError.invalidNumber(name: "time", value: time) }
        guard time >= previous else { throw BehaviorError.timeWentBackwards(previous: previous, time: time) }
        return time
    }

    /// Runs a motion call, wrapping its error.
    static func motion<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as MotionError { throw BehaviorError.motion(error) }
    }
}

extension AnimatedValue {
    /// The snap both bars take (the header collapsing or expanding, the toolbar hiding or
    /// showing): a retarget to `target` at `time` over `duration` on `curve`, a motion error
    /// thrown as `BehaviorError.motion`.
    mutating func snap(to target: Double, at time: Double, duration: Double, curve: TimingCurve) throws {
        try _Check.motion { try retarget(to: target, at: time, duration: duration, curve: curve) }
    }
}
