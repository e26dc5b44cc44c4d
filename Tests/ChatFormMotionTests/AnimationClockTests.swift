import Testing
@testable import ChatFormMotion

@Suite("Animation clock")
struct AnimationClockTests {
    @Test("advance lists the frames crossed at k / frameRate")
    func frames() throws {
        var clock = try AnimationClock()
        #expect(clock.frameRate == 60)
        let frames = try clock.advance(by: 0.05)
        let expected: [Double] = [1.0 / 60, 2.0 / 60, 3.0 / 60]
        #expect(frames == expected)
        #expect(clock.now == 0.05)
        #expect(try clock.advance(by: 0.001) == [])
        let next = try clock.advance(by: 1.0 / 60)
        let expectedNext: [Double] = [4.0 / 60]
        #expect(next == expectedNext)
    }

    @Test("many small steps cross every frame exactly once", arguments: [60.0, 120.0, 24.0])
    func smallSteps(rate: Double) throws {
        var clock = try AnimationClock(frameRate: rate)
        var all: [Double] = []
        for _ in 0..<1000 { all += try clock.advance(by: 0.0037) }
        let expectedCount = Int((3.7 * rate + 1e-9).rounded(.down))
        #expect(all.count == expectedCount)
        for (i, t) in all.enumerated() { #expect(t == Double(i + 1) / rate) }
    }

    @Test("advance(frames:) lands on frame times")
    func advanceFrames() throws {
        var clock = try AnimationClock(frameRate: 60, now: 0.01)
        let frames = try clock.advance(frames: 2)
        let expected: [Double] = [1.0 / 60, 2.0 / 60]
        #expect(frames == expected)
        #expect(clock.now == 2.0 / 60)
    }

    @Test("bad steps and rates throw")
    func bad() throws {
        #expect(throws: MotionError.invalidFrameRate(0)) { try AnimationClock(frameRate: 0) }
        #expect(throws: MotionError.self) { try AnimationClock(frameRate: .nan) }
        var clock = try AnimationClock()
        #expect(throws: MotionError.invalidTime(-1)) { try clock.advance(by: -1) }
        #expect(throws: MotionError.self) { try clock.advance(by: .nan) }
        #expect(throws: MotionError.self) { try clock.advance(by: .infinity) }
        #expect(throws: MotionError.self) { try clock.advance(by: 1e9) }
        #expect(clock.now == 0)
    }
}
