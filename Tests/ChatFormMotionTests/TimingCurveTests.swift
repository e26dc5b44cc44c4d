import Foundation
import Testing
@testable import ChatFormMotion

@Suite("Timing curves")
struct TimingCurveTests {
    static let cubicCurves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut]

    @Test("cubic curves start at 0 and end at 1", arguments: cubicCurves)
    func endpoints(curve: TimingCurve) {
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -3) == 0)
        #expect(curve.progress(at: 7) == 1)
        #expect(curve.progress(at: .nan) == 0)
    }

    @Test("cubic curves are monotone", arguments: cubicCurves)
    func monotone(curve: TimingCurve) {
        var previous = -1.0
        for step in 0...1000 {
            let p = curve.progress(at: Double(step) / 1000)
            #expect(p >= previous - 1e-12, "step \(step)")
            previous = p
        }
    }

    @Test("easeInOut is symmetric and matches the bezier it names")
    func easeInOutShape() {
        let curve = TimingCurve.easeInOut
        #expect(abs(curve.progress(at: 0.5) - 0.5) < 1e-9)
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(abs(curve.progress(at: x) + curve.progress(at: 1 - x) - 1) < 1e-9)
        }
        // Independent check: sample the bezier parametrically and compare y at the same x.
        for step in 1..<100 {
            let s = Double(step) / 100
            let x = 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s
            let y = 3 * (1 - s) * s * s + s * s * s
            #expect(abs(curve.progress(at: x) - y) < 1e-7)
        }
        // Slow start, slow end.
        #expect(curve.progress(at: 0.1) < 0.1)
        #expect(curve.progress(at: 0.9) > 0.9)
    }

    @Test("easeIn is below the diagonal, easeOut above")
    func easeInOutSides() {
        for x in stride(from: 0.1, to: 0.95, by: 0.1) {
            #expect(TimingCurve.easeIn.progress(at: x) < x)
            #expect(TimingCurve.easeOut.progress(at: x) > x)
        }
    }

    @Test("a bouncy spring overshoots, then settles at exactly 1", arguments: [0.1, 0.3, 0.5])
    func springOvershoots(bounce: Double) {
        let curve = TimingCurve.spring(duration: 0.5, bounce: bounce)
        let settle = curve.settlingTime(duration: 0)
        var peak = 0.0
        var t = 0.0
        while t < settle {
            peak = max(peak, curve.progress(elapsed: t, duration: 0))
            t += 1.0 / 600
        }
        #expect(peak > 1.001)
        #expect(curve.progress(elapsed: settle, duration: 0) == 1)
        #expect(curve.progress(elapsed: settle + 10, duration: 0) == 1)
        #expect(curve.progress(elapsed: 0, duration: 0) == 0)
    }

    @Test("a spring with bounce 0 or less never overshoots", arguments: [0.0, -0.3])
    func springNoOvershoot(bounce: Double) {
        let curve = TimingCurve.spring(duration: 0.4, bounce: bounce)
        var previous = 0.0
        for step in 0...3000 {
            let p = curve.progress(elapsed: Double(step) / 1000, duration: 0)
            #expect(p <= 1)
            #expect(p >= previous - 1e-12)
            previous = p
        }
    }

    @Test("the spring's duration is perceptual: critically damped progress at t = duration")
    func springDurationFormula() {
        // With ω = 2π/d and ζ = 1: x(d) = e^(−2π)(1 + 2π) from a unit displacement.
        let expected = 1 - exp(-2 * Double.pi) * (1 + 2 * Double.pi)
        let p = TimingCurve.spring(duration: 0.3, bounce: 0).progress(elapsed: 0.3, duration: 0)
        #expect(abs(p - expected) < 1e-9)
        #expect(TimingCurve.spring(duration: 0.3, bounce: 0).progress(at: 1) == p)
    }

    @Test("settling time: the envelope is within 0.1 % from then on")
    func settling() {
        let curve = TimingCurve.spring(duration: 0.5, bounce: 0.2)
        let settle = curve.settlingTime(duration: 0)
        #expect(settle > 0.5)
        var t = settle
        while t < settle + 2 {
            // Use the raw solution (not the snapped progress) to check the bound.
            let raw = _SpringSolution(curve: curve, displacement: -1, velocity: 0)!.displacement(at: t)
            #expect(abs(raw) <= TimingCurve.settleTolerance + 1e-12)
            t += 0.001
        }
        // Just before settling the envelope is still above the tolerance: some |x| nearby is larger
        // than a tenth of it (a weak check that settle is not wildly late).
        let early = _SpringSolution(curve: curve, displacement: -1, velocity: 0)!
        var biggest = 0.0
        var s = settle * 0.7
        while s < settle { biggest = max(biggest, abs(early.displacement(at: s))); s += 0.0005 }
        #expect(biggest > TimingCurve.settleTolerance)
    }

    @Test("bouncy(duration:extraBounce:) is SwiftUI's 0.3 + extra")
    func bouncy() {
        #expect(TimingCurve.bouncy(duration: 0.2, extraBounce: -0.2) == .spring(duration: 0.2, bounce: 0.3 - 0.2))
    }

    @Test("decoding names and spring objects")
    func decoding() throws {
        let decoder = JSONDecoder()
        for (text, curve) in [("\"linear\"", TimingCurve.linear), ("\"easeIn\"", .easeIn),
                              ("\"easeOut\"", .easeOut), ("\"easeInOut\"", .easeInOut),
                              (#"{"spring":{"duration":0.3,"bounce":0.2}}"#, .spring(duration: 0.3, bounce: 0.2)),
                              (#"{"spring":{"duration":0.3}}"#, .spring(duration: 0.3, bounce: 0))] {
            #expect(try decoder.decode(TimingCurve.self, from: Data(text.utf8)) == curve)
            let again = try decoder.decode(TimingCurve.self, from: JSONEncoder().encode(curve))
            #expect(again == curve)
        }
        #expect(throws: MotionError.unknownCurve("bounce")) {
            try decoder.decode(TimingCurve.self, from: Data("\"bounce\"".utf8))
        }
        #expect(throws: MotionError.invalidDuration(-1)) {
            try decoder.decode(TimingCurve.self, from: Data(#"{"spring":{"duration":-1}}"#.utf8))
        }
        #expect(throws: MotionError.invalidBounce(2)) {
            try decoder.decode(TimingCurve.self, from: Data(#"{"spring":{"duration":1,"bounce":2}}"#.utf8))
        }
    }

    @Test("bad spring parameters never crash")
    func badSpring() {
        for curve in [TimingCurve.spring(duration: .nan, bounce: 0), .spring(duration: 0, bounce: 0),
                      .spring(duration: .infinity, bounce: 0), .spring(duration: 1, bounce: .nan),
                      .spring(duration: 1, bounce: 1), .spring(duration: 1, bounce: -1)] {
            let p = curve.progress(at: 0.5)
            #expect(p.isFinite)
            #expect(curve.settlingTime(duration: 1).isFinite)
        }
    }
}
