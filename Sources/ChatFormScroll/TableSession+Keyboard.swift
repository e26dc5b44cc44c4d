import ChatFormMotion

/// The simulated keyboard and the clock (SPEC §5.1, §7).
extension TableSession {
    /// Shows the keyboard (or changes its height), animating from its current height over
    /// `duration` on `curve`. The keyboard policy decides whether the content lifts with it;
    /// the caret rule applies at every frame.
    ///
    /// It ends an interactive keyboard drag and a frozen inset (`changeKeyboardHeight(to:content:)`):
    /// the inset then moves from the value it was held at, over the same duration.
    ///
    /// - Throws: `ScrollError.invalidValue` for a height outside `0...ScrollLimits.maximumLength`, a duration
    ///   outside `0...SimulatedKeyboard.maximumDuration`, or a spring that settles later.
    public mutating func showKeyboard(height: Double, duration: Double = SimulatedKeyboard.defaultDuration,
                                      curve: TimingCurve = .easeInOut) throws(ScrollError) {
        guard height.isFinite, height >= 0, height <= ScrollLimits.maximumLength else {
            throw .invalidValue("keyboard height (0...1e12)", height)
        }
        try scroll.endKeyboardInteraction(at: now, duration: duration, curve: curve)
        setLift(showing: true)
        try scroll.keyboard.show(height: height, duration: duration, curve: curve, at: now)
        try applyFrame()
        try revealCaret()
    }

    /// Hides the keyboard. With `always` (and `whenAtEnd` when it lifted) the content comes
    /// down with it; with `persistent` the lift stays as far as clamping allows. The offset
    /// is clamped at every frame, so no blank band is left under the content.
    /// Like `showKeyboard`, it ends an interactive drag and a frozen inset.
    public mutating func hideKeyboard(duration: Double = SimulatedKeyboard.defaultDuration,
                                      curve: TimingCurve = .easeInOut) throws(ScrollError) {
        try scroll.endKeyboardInteraction(at: now, duration: duration, curve: curve)
        setLift(showing: false)
        try scroll.keyboard.hide(duration: duration, curve: curve, at: now)
        try applyFrame()
        try revealCaret()
    }

    /// Advances the clock by `seconds`, sampling every running animation at each frame
    /// (k / frame rate) and calling `onFrame` with the state after that frame. Frames are
    /// produced only while something animates; the clock then jumps to the end. Animations
    /// last at most `SimulatedKeyboard.maximumDuration`, so one call steps at most
    /// `maximumDuration × frameRate + 1` frames however long `seconds` is.
    ///
    /// - Throws: `ScrollError.invalidValue` for a negative or non-finite duration, or one
    ///   that would move the clock past `maximumTime`.
    /// - Complexity: O(frames × (log n + caret line length)).
    public mutating func advance(by seconds: Double, onFrame: (TableSession) -> Void = { _ in }) throws(ScrollError) {
        guard seconds.isFinite, seconds >= 0, now + seconds <= Self.maximumTime else {
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
        guard seconds.isFinite, seconds >= 0, now + seconds <= Self.maximumTime else { return 0 }
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

    /// The latest time the clock may reach, in seconds (about 31 years): frame numbers stay
    /// exact in a `Double` up to it at any frame rate of `TableConfiguration.frameRates`.
    public static var maximumTime: Double { 1e9 }
}
