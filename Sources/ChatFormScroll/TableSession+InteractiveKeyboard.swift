import ChatFormMotion

/// Where an interactive keyboard drag ends.
public enum KeyboardDragOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// The keyboard springs back to its full height.
    case shown
    /// The keyboard springs down and hides.
    case hidden
}

/// How the content takes a change of the keyboard's height.
public enum KeyboardContentMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The content follows the keyboard as the keyboard policy says (and a held inset is let go).
    case follow
    /// The content holds still: the viewport keeps the keyboard inset it has now until a
    /// later `follow` change, `showKeyboard`, `hideKeyboard` or `unfreezeKeyboardInset`
    /// (an emoji picker or a sheet that temporarily replaces the keyboard).
    case freeze
}

/// Real keyboards (SPEC §5.1, beyond show and hide): a keyboard the user drags down with
/// the transcript (UIKit's `keyboardDismissMode = .interactive`), a keyboard that changes
/// height while open (an emoji keyboard, a suggestion bar), and an inset held still while
/// an accessory replaces the keyboard.
///
/// ```swift
/// try table.showKeyboard(height: 10)
/// try table.advance(by: 0.3)
/// table.beginKeyboardDrag()
/// try table.moveKeyboardDrag(toY: 14)        // finger 14 points below the top: the keyboard is 6 high
/// try table.endKeyboardDrag(velocity: 40)   // a flick down: it hides, from 6 high and moving
/// try table.advance(by: 0.5)
/// ```
///
/// **Interactive drag.** The finger's y (viewport coordinates, 0 at the viewport's top)
/// caps the keyboard: while the finger is below the keyboard's top, the keyboard is
/// `viewport height − y` high; above it, the keyboard keeps its own height. The bottom
/// inset follows at every move, and the content follows as when the keyboard hides
/// (`always`: frame by frame, keeping the caret's and the last message's distance to the
/// keyboard; `persistent`, `never`: it stays; `whenAtEnd`: as it lifted). The offset is
/// clamped at every move, so no blank band opens. On release the keyboard springs
/// (`keyboardReleaseCurve`, starting at the finger's speed, from the height it has) to
/// hidden if its height projected `keyboardDragProjection` seconds ahead at that speed is
/// below half its full height, else back to full height; a finger above the keyboard's top
/// leaves it shown.
///
/// **The caret during a drag.** If the caret (with its margin) was inside the visible band
/// when the drag began, it stays inside at every move and every frame of the release: the
/// band only grows as the keyboard goes down, content that follows keeps its place
/// relative to the band's bottom, and in the one case where clamping lets it slip (the
/// keyboard coming back up over content that could not follow it down) the minimal scroll
/// of SPEC §5.2 keeps it in. If the user had scrolled the caret out of view, the drag and
/// its release do not scroll to it: the finger owns the content.
extension TableSession {
    /// How far ahead, in seconds, the release projects the keyboard's height at the
    /// finger's speed (UIScrollView's normal deceleration: 0.998 / (1 − 0.998) / 1000).
    public static var keyboardDragProjection: Double { ScrollState.keyboardDragProjection }

    /// The spring a released keyboard settles on: no bounce, so it never overshoots.
    public static var keyboardReleaseCurve: TimingCurve { ScrollState.keyboardReleaseCurve }

    /// Whether an interactive keyboard drag is under way (until the finger lets go).
    public var isKeyboardDragging: Bool { scroll.isKeyboardDragging }

    /// Whether the keyboard inset is held still (`KeyboardContentMode.freeze`).
    public var isKeyboardInsetFrozen: Bool { scroll.keyboardInteraction.frozenOverlap != nil }

    // MARK: Interactive drag

    /// Starts an interactive keyboard drag. Nothing happens when the keyboard is hidden or
    /// hiding. A keyboard settling after an earlier drag is caught where it is.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public mutating func beginKeyboardDrag() {
        guard scroll.beginKeyboardDrag(at: now, revealsCaret: isCaretRevealed) else { return }
        setLift(showing: false)
    }

    /// Moves the finger to `y` (viewport coordinates): below the keyboard's top the keyboard
    /// follows it; the inset, the content (per the policy) and clamping follow at once.
    /// Without a drag under way it does nothing.
    ///
    /// - Throws: `.invalidValue` for a non-finite y.
    /// - Complexity: O(log n + rows newly visible + the caret line's length).
    public mutating func moveKeyboardDrag(toY y: Double) throws(ScrollError) {
        guard y.isFinite else { throw .invalidValue("keyboard drag y", y) }
        guard isKeyboardDragging else { return }
        scroll.keyboard.setFingerCap(viewport.size.height - y)
        try applyFrame()
    }

    /// Lets go: the keyboard springs to shown or hidden (see the type's notes) from its
    /// current height and speed; the frames come with `advance(by:)`.
    ///
    /// - Parameter velocity: the finger's speed in points per second, positive downward
    ///   (`UIPanGestureRecognizer.velocity(in:).y`).
    /// - Returns: where the keyboard goes, or nil without a drag under way.
    /// - Throws: `.invalidValue` for a non-finite velocity.
    /// - Complexity: one keyboard frame: O(log n + rows newly visible + the caret line's length).
    @discardableResult
    public mutating func endKeyboardDrag(velocity: Double = 0) throws(ScrollError) -> KeyboardDragOutcome? {
        guard velocity.isFinite else { throw .invalidValue("keyboard drag velocity", velocity) }
        guard let outcome = scroll.endKeyboardDrag(velocity: velocity, at: now) else { return nil }
        if outcome == .shown { setLift(showing: true) }
        try applyFrame()
        return outcome
    }

    // MARK: Height changes and freezing

    /// Changes the open keyboard's height (an emoji keyboard, a suggestion bar), animating
    /// from its current height over `duration` on `curve`.
    ///
    /// With `.follow` this is `showKeyboard(height:duration:curve:)`: the content follows as
    /// the policy says and the caret rule holds at every frame. With `.freeze` the content
    /// holds still: the viewport keeps its keyboard inset until the freeze ends, while the
    /// keyboard (or the accessory standing in for it) moves underneath.
    ///
    /// - Throws: `.invalidValue` for a negative or non-finite height or duration.
    /// - Complexity: one keyboard frame now (O(log n + rows newly visible + the caret
    ///   line's length)); the others come with `advance(by:)`.
    public mutating func changeKeyboardHeight(to height: Double, duration: Double = SimulatedKeyboard.defaultDuration,
                                              curve: TimingCurve = .easeInOut,
                                              content: KeyboardContentMode = .follow) throws(ScrollError) {
        guard content == .freeze else { return try showKeyboard(height: height, duration: duration, curve: curve) }
        guard height.isFinite, height >= 0 else { throw .invalidValue("keyboard height", height) }
        try scroll.changeKeyboardHeightFrozen(to: height, duration: duration, curve: curve, at: now)
        try applyFrame()
    }

    /// Holds the keyboard inset at its current value: the content stays still whatever
    /// the keyboard does, until `unfreezeKeyboardInset`, a `follow` height change,
    /// `showKeyboard` or `hideKeyboard`.
    public mutating func freezeKeyboardInset() { scroll.freezeKeyboardInset() }

    /// Lets the held inset go: it moves from where it was held to the keyboard's overlap
    /// over `duration` on `curve` (the content following as the policy says), frame by
    /// frame with the caret rule.
    ///
    /// - Throws: `.invalidValue` for a negative or non-finite duration or a bad curve.
    /// - Complexity: as `changeKeyboardHeight(to:duration:curve:content:)`.
    public mutating func unfreezeKeyboardInset(duration: Double = SimulatedKeyboard.defaultDuration,
                                               curve: TimingCurve = .easeInOut) throws(ScrollError) {
        try ScrollState.validateAnimation(duration: duration, curve: curve)
        guard let held = scroll.keyboardInteraction.frozenOverlap else { return }
        setLift(showing: keyboard.targetHeight >= held)
        try scroll.endKeyboardInteraction(at: now, duration: duration, curve: curve)
        try applyFrame()
        try revealCaret()
    }
}
