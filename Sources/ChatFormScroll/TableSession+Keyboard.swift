import ChatFormMotion

/// The simulated keyboard and the clock (SPEC §5.1, §7).
extension TableSession {
    /// Shows the keyboard (or changes its height), animating from its current height over
    /// `duration` on `curve`. The keyboard policy decides whether the content lifts with it;
    /// the caret rule applies at every frame.
    ///
    /// - Throws: `ScrollError.invalidValue` for a negative or non-finite height or duration.
    public mutating func showKeyboard(height: Double, duration: Double = SimulatedKeyboard.defaultDuration,
                                      curve: TimingCurve = .easeInOut) throws(ScrollError) {
        switch configuration.keyboardPolicy {
        case .always, .persistent: liftsWithKeyboard = true
        case .whenAtEnd: liftsWithKeyboard = isAtBottom
        case .never: liftsWithKeyboard = false
        }
        try keyboard.show(height: height, duration: duration, curve: curve, at: now)
        try applyFrame()
        try revealCaret()
    }

    /// Hides the keyboard. With `always` (and `whenAtEnd` when it lifted) the content comes
    /// down with it; with `persistent` the lift stays as far as clamping allows. The offset
    /// is clamped at every frame, so no blank band is left under the content.
    public mutating func hideKeyboard(duration: Double = SimulatedKeyboard.defaultDuration,
                                      curve: TimingCurve = .easeInOut) throws(ScrollError) {
        switch configuration.keyboardPolicy {
        case .always: liftsWithKeyboard = true
        case .whenAtEnd: break
        case .persistent, .never: liftsWithKeyboard = false
        }
        try keyboard.hide(duration: duration, curve: curve, at: now)
        try applyFrame()
        try revealCaret()
    }

    /// Advances the clock by `seconds`, sampling every running animation at each frame
    /// (k / frame rate) and calling `onFrame` with the state after that frame. Frames are
    /// produced only while something animates; the clock then jumps to the end.
    ///
    /// - Throws: `ScrollError.invalidValue` for a negative or non-finite duration.
    /// - Complexity: O(frames × (log n + caret line length)).
    public mutating func advance(by seconds: Double, onFrame: (TableSession) -> Void = { _ in }) throws(ScrollError) {
        guard seconds.isFinite, seconds >= 0 else { throw .invalidValue("advance", seconds) }
        let end = now + seconds
        let rate = configuration.frameRate
        var frame = (now * rate).rounded(.down) + 1
        while frame / rate <= end && frame / rate <= animationsEndTime + 1 / rate {
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

    /// Brings the keyboard's overlap up to date at `now`, lifts or lowers the content with
    /// it as decided when the keyboard started moving, clamps, and reveals the caret.
    mutating func applyFrame() throws(ScrollError) {
        applySpringBack()
        let overlap = Swift.min(keyboard.height(at: now), viewport.size.height)
        let delta = overlap - viewport.keyboardOverlap
        guard delta != 0 else {
            if springBack == nil && !isDragging { clampOffset() }
            return
        }
        viewport.keyboardOverlap = overlap
        if liftsWithKeyboard { viewport.offset += delta }
        clampOffset()
        try settle(anchor: nil)
        try revealCaret()
    }
}
