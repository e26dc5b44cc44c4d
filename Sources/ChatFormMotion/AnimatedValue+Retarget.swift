/// Retargeting: SPEC §7, "an animation started while another runs on the same value starts
/// from the current value".
///
/// The new animation starts at `time` from `value(at: time)`. A spring carries the current
/// velocity (`velocity(at: time)`) into its new motion, so the value stays smooth (continuous
/// and with continuous speed), as SwiftUI's springs do. A cubic curve restarts from rest, like
/// UIKit's `beginFromCurrentState`: the value is continuous, its speed is not.
///
/// ```swift
/// var header = try AnimatedValue(from: 0, to: -100, startTime: 0, duration: 0.3, curve: .easeInOut)
/// try header.retarget(to: 0, at: 0.1)   // header.from == value at 0.1
/// ```
extension AnimatedValue {
    /// Starts a new animation toward `target` at `time` from the current value.
    ///
    /// `curve` and `duration` default to the running animation's.
    /// - Throws: as `init(from:to:startTime:duration:curve:initialVelocity:)`.
    public mutating func retarget(to target: Double, at time: Double,
                                  duration newDuration: Double? = nil,
                                  curve newCurve: TimingCurve? = nil) throws {
        guard time.isFinite else { throw MotionError.invalidTime(time) }
        let curve = newCurve ?? self.curve
        let current = value(at: time)
        let speed = velocity(at: time)
        self = try AnimatedValue(from: current, to: target, startTime: time,
                                 duration: newDuration ?? duration, curve: curve,
                                 initialVelocity: curve.isSpring ? speed : 0)
    }

    /// A copy retargeted as `retarget(to:at:duration:curve:)` does.
    public func retargeted(to target: Double, at time: Double,
                           duration: Double? = nil, curve: TimingCurve? = nil) throws -> AnimatedValue {
        var copy = self
        try copy.retarget(to: target, at: time, duration: duration, curve: curve)
        return copy
    }
}
