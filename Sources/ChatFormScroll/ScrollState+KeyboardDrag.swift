import ChatFormMotion

/// The interactive keyboard drag (UIKit's `keyboardDismissMode = .interactive`) and the
/// keyboard's height changes under a held inset: the keyboard's side of them. The table
/// decides the lift by its policy and applies the frame (clamping, measuring, the caret).
extension ScrollState {
    /// How far ahead, in seconds, a release projects the keyboard's height at the finger's
    /// speed (UIScrollView's normal deceleration: 0.998 / (1 − 0.998) / 1000).
    static let keyboardDragProjection = 0.998 / (1 - 0.998) / 1000

    /// The spring a released keyboard settles on: no bounce, so it never overshoots.
    static let keyboardReleaseCurve = TimingCurve.spring(duration: 0.35, bounce: 0)

    /// Whether an interactive keyboard drag is under way (until the finger lets go).
    var isKeyboardDragging: Bool { keyboardInteraction.drag.map { !$0.released } ?? false }

    /// Starts a keyboard drag at `now`, catching a keyboard that settles after an earlier
    /// one where it is; `revealsCaret` says whether the caret rule scrolls during it.
    ///
    /// - Returns: false when the keyboard is hidden or hiding (nothing starts).
    mutating func beginKeyboardDrag(at now: Double, revealsCaret: Bool) -> Bool {
        var full = keyboard.targetHeight
        if let previous = keyboardInteraction.drag {
            full = previous.fullHeight
            keyboard.hold(at: now)
        }
        guard full > 0 else { return false }
        keyboardInteraction.drag = .init(fullHeight: full, revealsCaret: revealsCaret)
        return true
    }

    /// Lets the keyboard go at `now` with the finger's `velocity` (points per second,
    /// positive downward): it springs to hidden when its height projected ahead at that
    /// speed is below half its full height, else back to full height.
    ///
    /// - Returns: where the keyboard goes, or nil without a drag under way (the table then
    ///   decides, for `.shown`, whether the content follows it back up).
    mutating func endKeyboardDrag(velocity: Double, at now: Double) -> KeyboardDragOutcome? {
        guard isKeyboardDragging, var drag = keyboardInteraction.drag else { return nil }
        let held = keyboard.isHeldByFinger(at: now)
        let height = keyboard.height(at: now)
        let speed = held ? -velocity : keyboard.velocity(at: now)
        let hides = held && height + speed * Self.keyboardDragProjection < drag.fullHeight / 2
        keyboard.release(to: hides ? 0 : drag.fullHeight, velocity: speed, curve: Self.keyboardReleaseCurve, at: now)
        drag.released = true
        keyboardInteraction.drag = drag
        return hides ? .hidden : .shown
    }

    /// Moves the keyboard to `height` at `now` under a held inset: the content stays still
    /// while the keyboard (or the accessory standing in for it) moves underneath.
    mutating func changeKeyboardHeightFrozen(to height: Double, duration: Double, curve: TimingCurve,
                                             at now: Double) throws(ScrollError) {
        try Self.validateAnimation(duration: duration, curve: curve)
        freezeKeyboardInset()
        keyboardInteraction.drag = nil
        try keyboard.show(height: height, duration: duration, curve: curve, at: now)
    }
}
