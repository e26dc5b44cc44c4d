import ChatFormMotion

/// The keyboard's part of the scroll state: its overlap at a time, whether the content
/// lifts with it, and the end of an interactive drag or a frozen inset.
extension ScrollState {
    /// The keyboard's overlap the viewport uses at `time`, before clamping to its height.
    func keyboardOverlap(at time: Double) -> Double {
        if let frozen = keyboardInteraction.frozenOverlap { return frozen }
        return keyboard.height(at: time) + (keyboardInteraction.correction?.value(at: time) ?? 0)
    }

    /// Decides whether the content follows the keyboard's next move, by `policy`.
    mutating func setLift(policy: KeyboardPolicy, showing: Bool, isAtBottom: Bool) {
        switch (policy, showing) {
        case (.always, _), (.persistent, true): liftsWithKeyboard = true
        case (.whenAtEnd, true): liftsWithKeyboard = isAtBottom
        case (.whenAtEnd, false): break
        case (.persistent, false), (.never, _): liftsWithKeyboard = false
        }
    }

    /// Brings the keyboard's overlap up to date at `now` and moves the offset with it when
    /// the content lifts (by as much as the bottom inset moved, so content that follows
    /// keeps its distance to the keyboard).
    ///
    /// - Returns: whether the overlap changed.
    mutating func applyKeyboard(at now: Double) -> Bool {
        keyboardInteraction.finish(at: now, keyboard: keyboard)
        let overlap = Swift.min(Swift.max(0, keyboardOverlap(at: now)), viewport.size.height)
        guard overlap != viewport.keyboardOverlap else { return false }
        let before = viewport.bottomInset
        viewport.keyboardOverlap = overlap
        if liftsWithKeyboard { viewport.offset += viewport.bottomInset - before }
        return true
    }

    /// Ends a drag (a keyboard under the finger stays at the height it has; a released one
    /// keeps its speed into the next animation) and a freeze (the inset moves from the held
    /// value to the keyboard's over `duration`).
    mutating func endKeyboardInteraction(at now: Double, duration: Double, curve: TimingCurve) throws(ScrollError) {
        try Self.validateAnimation(duration: duration, curve: curve)
        if let drag = keyboardInteraction.drag {
            keyboardInteraction.drag = nil
            if !drag.released { keyboard.hold(at: now) }
        }
        guard let held = keyboardInteraction.frozenOverlap else { return }
        keyboardInteraction.frozenOverlap = nil
        let gap = held - keyboard.height(at: now)
        keyboardInteraction.correction = gap == 0 || duration == 0 ? nil
            : try? AnimatedValue(from: gap, to: 0, startTime: now, duration: duration, curve: curve)
    }

    /// Holds the keyboard inset at its current value.
    mutating func freezeKeyboardInset() {
        guard keyboardInteraction.frozenOverlap == nil else { return }
        keyboardInteraction.frozenOverlap = viewport.keyboardOverlap
        keyboardInteraction.correction = nil
    }

    /// Checks a keyboard animation's duration and curve.
    static func validateAnimation(duration: Double, curve: TimingCurve) throws(ScrollError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidValue("keyboard duration", duration) }
        do { _ = try curve.validated() } catch { throw .invalidValue("keyboard curve (\(error))", duration) }
    }
}
