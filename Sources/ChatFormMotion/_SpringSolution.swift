import Foundation

/// The closed-form motion of a damped spring with unit mass, pulling a displacement toward 0.
///
/// With ω₀ = 2π / duration and damping ratio ζ (see `TimingCurve`):
/// - ζ < 1: x(t) = e^(−ζω₀t) (A cos ω_d t + B sin ω_d t), ω_d = ω₀√(1 − ζ²);
/// - ζ = 1: x(t) = e^(−ω₀t) (A + B t);
/// - ζ > 1: x(t) = c₁e^(r₁t) + c₂e^(r₂t), r = −ω₀(ζ ∓ √(ζ² − 1)).
struct _SpringSolution: Sendable, Equatable {
    let omega: Double
    let zeta: Double
    let x0: Double
    let v0: Double

    /// Nil when the curve is not a spring or its duration is not a positive finite number.
    init?(curve: TimingCurve, displacement: Double, velocity: Double) {
        guard case .spring(let duration, let rawBounce) = curve,
              duration.isFinite, duration > 0 else { return nil }
        let bounce = rawBounce.isFinite ? min(max(rawBounce, -0.99), 0.99) : 0
        omega = 2 * Double.pi / duration
        zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        x0 = displacement.isFinite ? displacement : 0
        v0 = velocity.isFinite ? velocity : 0
    }

    private var isCritical: Bool { abs(zeta - 1) < 1e-6 }

    func displacement(at t: Double) -> Double {
        if isCritical {
            let b = v0 + omega * x0
            return exp(-omega * t) * (x0 + b * t)
        } else if zeta < 1 {
            let decay = zeta * omega
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + decay * x0) / wd
            return exp(-decay * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        } else {
            let (r1, r2, c1, c2) = overdampedTerms
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    func velocity(at t: Double) -> Double {
        if isCritical {
            let b = v0 + omega * x0
            return exp(-omega * t) * (b - omega * (x0 + b * t))
        } else if zeta < 1 {
            let decay = zeta * omega
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + decay * x0) / wd
            let c = cos(wd * t), s = sin(wd * t)
            return exp(-decay * t) * ((-decay * x0 + b * wd) * c + (-decay * b - x0 * wd) * s)
        } else {
            let (r1, r2, c1, c2) = overdampedTerms
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    private var overdampedTerms: (Double, Double, Double, Double) {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (r1, r2, x0 - c2, c2)
    }

    /// An upper bound of |x(t)| that decreases for t past its peak.
    private func envelope(at t: Double) -> Double {
        if isCritical {
            return exp(-omega * t) * (abs(x0) + abs(v0 + omega * x0) * t)
        } else if zeta < 1 {
            let decay = zeta * omega
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + decay * x0) / wd
            return exp(-decay * t) * (x0 * x0 + b * b).squareRoot()
        } else {
            let (r1, r2, c1, c2) = overdampedTerms
            return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    /// The scale the tolerance is relative to: the start displacement, or the distance the
    /// start velocity alone would carry the value (v₀ / ω₀), whichever is larger.
    var scale: Double { max(abs(x0), abs(v0) / omega) }

    /// The first time from which the envelope of |x| stays within `tolerance × scale`.
    /// Zero when the spring starts at rest on its target.
    func settlingTime(tolerance: Double) -> Double {
        let limit = tolerance * scale
        guard limit > 0 else { return 0 }
        // The envelope decreases after its peak (critical case: 1/ω − |A|/|B|; else at 0).
        var low = 0.0
        if isCritical {
            let b = abs(v0 + omega * x0)
            if b > 0 { low = max(0, 1 / omega - abs(x0) / b) }
        }
        if envelope(at: low) <= limit { return low }
        var high = max(low, 1 / omega)
        var doublings = 0
        while envelope(at: high) > limit && doublings < 200 {
            low = high
            high *= 2
            doublings += 1
        }
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if envelope(at: mid) > limit { low = mid } else { high = mid }
        }
        return high
    }
}
