/// A deterministic clock that only the caller moves: no wall time.
///
/// Frame `k` happens at time `k / frameRate`. `advance(by:)` moves `now` forward and returns the
/// times of the frames it crossed, in (old now, new now], so a caller can sample every animated
/// value once per frame.
///
/// ```swift
/// var clock = try AnimationClock()          // 60 Hz, now = 0
/// let frames = try clock.advance(by: 0.05)  // [1/60, 2/60, 3/60]
/// for t in frames { print(animation.value(at: t)) }
/// ```
public struct AnimationClock: Sendable, Equatable {
    /// The longest list of frames one step may return; a longer step throws `tooManyFrames`.
    public static let maximumFramesPerStep = 1_000_000

    /// The current time in seconds.
    public private(set) var now: Double
    /// Frames per second [60].
    public let frameRate: Double

    /// A clock at `now` [0] ticking at `frameRate` [60].
    /// - Throws: `MotionError.invalidFrameRate` or `.invalidTime` for NaN, infinite, zero or
    ///   negative rates and non-finite times.
    public init(frameRate: Double = 60, now: Double = 0) throws {
        guard frameRate.isFinite, frameRate > 0 else { throw MotionError.invalidFrameRate(frameRate) }
        guard now.isFinite else { throw MotionError.invalidTime(now) }
        self.frameRate = frameRate
        self.now = now
    }

    /// The index of the last frame at or before `time` (a tolerance of 1e-9 frames absorbs
    /// rounding, so 0.05 s at 60 Hz is frame 3). Clamped to ±4·10¹⁸ for absurd times.
    /// - Complexity: O(1).
    public func frameIndex(atOrBefore time: Double) -> Int64 {
        let index = (time * frameRate + 1e-9).rounded(.down)
        guard index.isFinite else { return index > 0 ? Int64.max / 2 : Int64.min / 2 }
        // Clamped far from Int64's limits so that differences of indices never overflow.
        return Int64(min(max(index, -4e18), 4e18))
    }

    /// The time of frame `index`: `index / frameRate`.
    public func time(ofFrame index: Int64) -> Double { Double(index) / frameRate }

    /// Moves `now` forward by `seconds` and returns the times of the frames crossed, in
    /// increasing order (empty when no frame boundary was crossed).
    /// - Throws: `MotionError.invalidTime` for a NaN, infinite or negative step;
    ///   `.tooManyFrames` when the step crosses more than `maximumFramesPerStep` frames.
    /// - Complexity: O(frames crossed).
    @discardableResult
    public mutating func advance(by seconds: Double) throws -> [Double] {
        guard seconds.isFinite, seconds >= 0 else { throw MotionError.invalidTime(seconds) }
        return try advance(to: now + seconds)
    }

    /// Moves `now` forward to `time` and returns the times of the frames crossed.
    /// - Throws: `MotionError.invalidTime` when `time` is not finite or earlier than `now`;
    ///   `.tooManyFrames` as `advance(by:)`.
    /// - Complexity: O(frames crossed).
    @discardableResult
    public mutating func advance(to time: Double) throws -> [Double] {
        guard time.isFinite, time >= now else { throw MotionError.invalidTime(time) }
        let first = frameIndex(atOrBefore: now) + 1
        let last = frameIndex(atOrBefore: time)
        let count = Double(last) - Double(first) + 1
        guard count <= Double(Self.maximumFramesPerStep) else { throw MotionError.tooManyFrames(count) }
        now = time
        guard last >= first else { return [] }
        return (first...last).map { self.time(ofFrame: $0) }
    }

    /// Moves `now` to the time of the `count`-th next frame and returns those frame times.
    /// - Complexity: O(count).
    @discardableResult
    public mutating func advance(frames count: Int) throws -> [Double] {
        guard count > 0 else { return [] }
        let target = time(ofFrame: frameIndex(atOrBefore: now) + Int64(count))
        return try advance(to: target)
    }
}
