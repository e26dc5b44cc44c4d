/// A CSS `cubic-bezier(x1, y1, x2, y2)` easing with end points (0, 0) and (1, 1).
///
/// `y(forX:)` finds the curve parameter `s` with `x(s) == x` by Newton's method and falls back
/// to bisection when the derivative is too flat or Newton leaves [0, 1].
struct _CubicBezier: Sendable, Equatable {
    let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients: f(s) = ((a s + b) s + c) s.
    private var ax: Double { 1 + 3 * x1 - 3 * x2 }
    private var bx: Double { 3 * x2 - 6 * x1 }
    private var cx: Double { 3 * x1 }
    private var ay: Double { 1 + 3 * y1 - 3 * y2 }
    private var by: Double { 3 * y2 - 6 * y1 }
    private var cy: Double { 3 * y1 }

    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter `s` in [0, 1] with `sampleX(s) == x` (within 1e-12).
    func solveParameter(forX x: Double) -> Double {
        let tolerance = 1e-12
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < tolerance { return s }
            let slope = slopeX(s)
            if abs(slope) < 1e-7 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection: x(s) is monotone on [0, 1] because x1, x2 are within [0, 1].
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<100 {
            let value = sampleX(s)
            if abs(value - x) < tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// The eased progress for a time fraction `x` in [0, 1].
    func y(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveParameter(forX: x))
    }
}
