import Testing
@testable import ChatFormMotion

@Suite("Animated values")
struct AnimatedValueTests {
    @Test("from before the start, to once finished", arguments: [TimingCurve.linear, .easeInOut, .spring(duration: 0.3, bounce: 0.3)])
    func endpoints(curve: TimingCurve) throws {
        let a = try AnimatedValue(from: 10, to: -50, startTime: 1, duration: 0.3, curve: curve)
        #expect(a.value(at: 0) == 10)
        #expect(a.value(at: 1) == 10)
        #expect(a.value(at: a.endTime) == -50)
        #expect(a.isFinished(at: a.endTime))
        #expect(!a.isFinished(at: 1.1))
        #expect(a.value(at: 100) == -50)
    }

    @Test("linear sampling is the straight line")
    func linear() throws {
        let a = try AnimatedValue(from: 0, to: 100, startTime: 0, duration: 2, curve: .linear)
        #expect(abs(a.value(at: 0.5) - 25) < 1e-9)
        #expect(abs(a.velocity(at: 1) - 50) < 1e-6)
    }

    @Test("retargeting starts from the current value (continuity)",
          arguments: [TimingCurve.linear, .easeInOut, .easeIn, .spring(duration: 0.4, bounce: 0.2), .spring(duration: 0.4, bounce: 0)])
    func retargetContinuity(curve: TimingCurve) throws {
        var a = try AnimatedValue(from: 0, to: 100, startTime: 0, duration: 0.4, curve: curve)
        let t = 0.13
        let before = a.value(at: t)
        try a.retarget(to: -40, at: t)
        #expect(a.from == before)
        #expect(abs(a.value(at: t + 1e-7) - before) < 1e-3)
        #expect(a.value(at: a.endTime) == -40)
    }

    @Test("a retargeted spring carries its velocity")
    func springVelocity() throws {
        var a = try AnimatedValue(from: 0, to: 100, startTime: 0, duration: 0, curve: .spring(duration: 0.5, bounce: 0))
        let t = 0.1
        let speed = a.velocity(at: t)
        #expect(speed > 0)
        // Numerical check of the analytic velocity.
        let numeric = (a.value(at: t + 1e-6) - a.value(at: t - 1e-6)) / 2e-6
        #expect(abs(numeric - speed) < 1e-3 * abs(speed))
        try a.retarget(to: 0, at: t)
        #expect(a.initialVelocity == speed)
        #expect(abs(a.velocity(at: t) - speed) < 1e-9)
        // Still moving up for a moment although the target is now below.
        #expect(a.value(at: t + 0.01) > a.from)
    }

    @Test("a retargeted cubic curve restarts from rest")
    func cubicRestart() throws {
        var a = try AnimatedValue(from: 0, to: 100, startTime: 0, duration: 1, curve: .easeInOut)
        try a.retarget(to: 0, at: 0.5)
        #expect(a.initialVelocity == 0)
        #expect(abs(a.velocity(at: 0.5)) < 1)
    }

    @Test("bad inputs throw typed errors")
    func bad() {
        #expect(throws: MotionError.invalidDuration(-1)) {
            try AnimatedValue(from: 0, to: 1, startTime: 0, duration: -1, curve: .linear)
        }
        #expect(throws: MotionError.self) {
            try AnimatedValue(from: 0, to: 1, startTime: 0, duration: .nan, curve: .linear)
        }
        #expect(throws: MotionError.self) {
            try AnimatedValue(from: 0, to: 1, startTime: 0, duration: .infinity, curve: .linear)
        }
        #expect(throws: MotionError.invalidValue(.infinity)) {
            try AnimatedValue(from: 0, to: .infinity, startTime: 0, duration: 1, curve: .linear)
        }
        #expect(throws: MotionError.self) {
            try AnimatedValue(from: 0, to: 1, startTime: .nan, duration: 1, curve: .linear)
        }
        #expect(throws: MotionError.invalidBounce(3)) {
            try AnimatedValue(from: 0, to: 1, startTime: 0, duration: 1, curve: .spring(duration: 1, bounce: 3))
        }
    }

    @Test("zero duration jumps; a constant is always finished")
    func instant() throws {
        let a = try AnimatedValue(from: 0, to: 5, startTime: 2, duration: 0, curve: .easeInOut)
        #expect(a.value(at: 2) == 5)
        #expect(a.value(at: 1.9) == 0)
        let c = AnimatedValue(constant: 3)
        #expect(c.value(at: -10) == 3 && c.isFinished(at: -10))
    }
}
