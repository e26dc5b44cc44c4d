import ChatFormMotion

/// The clock (SPEC §7): time moves only when the caller says so, and every running
/// animation (the keyboard, a spring-back) is sampled at each frame.
extension TableSession {
    /// Advances the clock by `seconds`, sampling every running animation at each frame
    /// (k / frame rate) and calling `onFrame` with the state after that frame. Frames are
    /// produced only while something animates; the clock then jumps to the end. Animations
    /// last at most `SimulatedKeyboard.maximumDuration`, so one call steps at most
    /// `maximumDuration × frameRate + 1` frames however long `seconds` is.
    ///
    /// - Throws: `ScrollError.invalidValue` for a negative or non-finite duration, or one
    ///   that would move the clock past `ScrollLimits.maximumTime`.
    /// - Complexity: O(frames × (log n + caret line length)).
    public mutating func advance(by seconds: Double, onFrame: (TableSession) -> Void = { _ in }) throws(ScrollError) {
        guard seconds.isFinite, seconds >= 0, now + seconds <= ScrollLimits.maximumTime else {
            throw .invalidValue("advance (0 or more seconds, the clock staying within 1e9 s)", seconds)
        }
        let end = now + seconds
        let rate = configuration.frameRate
        var frame = (now * rate).rounded(.down) + 1
        while frame / rate <= end && frame / rate <= scroll.animationsEndTime + 1 / rate {
            now = frame / rate
            try applyFrame()
            onFrame(self)
            frame += 1
        }
        if now < end {
            now = end
            try applyFrame()
        }
    }

    /// How many frames `advance(by: seconds)` steps from now, at most: the frames k / frame
    /// rate after `now`, up to `now + seconds` and no later than one frame after the running
    /// animations end (exactly that many unless a spring-back is cut short on the way); none
    /// for a duration `advance` refuses. A replay's frame budget asks it before an event.
    ///
    /// - Complexity: O(1).
    package func framesStepped(advancingBy seconds: Double) -> Int {
        guard seconds.isFinite, seconds >= 0, now + seconds <= ScrollLimits.maximumTime else { return 0 }
        let rate = configuration.frameRate
        // `advance` steps frame k while k / rate is within both bounds.
        let limit = Swift.min(now + seconds, scroll.animationsEndTime + 1 / rate)
        let first = (now * rate).rounded(.down) + 1
        guard first / rate <= limit else { return 0 }
        var last = (limit * rate).rounded(.down)
        while (last + 1) / rate <= limit { last += 1 }
        while last > first && last / rate > limit { last -= 1 }
        return Int(last - first) + 1
    }
}
