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
    /// later `follow` change, `show`, `hide` or `unfreezeInset`
    /// (an emoji picker or a sheet that temporarily replaces the keyboard).
    case freeze
}

/// The table's keyboard (SPEC §5.1), reached as `table.keyboard`: shown and hidden, dragged
/// down with the transcript, changing height while open, and its inset held still. The
/// keyboard itself reads as `table.keyboard.state` (a ``SimulatedKeyboard``); its changes
/// move the table's content and keep the caret rule.
///
/// A mutating view: `try table.keyboard.show(height: 10)` moves the table into the view
/// and back for the call (no copy of its rows), so hold it only as `table.keyboard`.
///
/// Beyond show and hide: a keyboard the user drags down with
/// the transcript (UIKit's `keyboardDismissMode = .interactive`), a keyboard that changes
/// height while open (an emoji keyboard, a suggestion bar), and an inset held still while
/// an accessory replaces the keyboard.
///
/// ```swift
/// try table.keyboard.show(height: 10)
/// try table.advance(by: 0.3)
/// table.keyboard.beginDrag()
/// try table.keyboard.moveDrag(toY: 14)        // finger 14 points below the top: the keyboard is 6 high
/// try table.keyboard.endDrag(velocity: 40)   // a flick down: it hides, from 6 high and moving
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
/// (`SimulatedKeyboard.releaseCurve`, starting at the finger's speed, from the height it
/// has) to hidden if its height projected `SimulatedKeyboard.dragProjection` seconds ahead
/// at that speed is below half its full height, else back to full height; a finger above
/// the keyboard's top leaves it shown.
///
/// **The caret during a drag.** If the caret (with its margin) was inside the visible band
/// when the drag began, it stays inside at every move and every frame of the release: the
/// band only grows as the keyboard goes down, content that follows keeps its place
/// relative to the band's bottom, and in the one case where clamping lets it slip (the
/// keyboard coming back up over content that could not follow it down) the minimal scroll
/// of SPEC §5.2 keeps it in. If the user had scrolled the caret out of view, the drag and
/// its release do not scroll to it: the finger owns the content.
public struct TableKeyboard<ID: Hashable & Sendable>: Sendable {
    /// The table, moved in for the access.
    @usableFromInline var table: TableSession<ID>

    @usableFromInline init(table: consuming TableSession<ID>) { self.table = table }

    /// The simulated keyboard itself: its height at any time, its target height, whether
    /// it is shown, animating or held by a finger.
    public var state: SimulatedKeyboard { table.scroll.keyboard }

    /// Whether an interactive keyboard drag is under way (until the finger lets go).
    public var isDragging: Bool { table.scroll.isKeyboardDragging }

    /// Whether the keyboard inset is held still (`KeyboardContentMode.freeze`).
    public var isInsetFrozen: Bool { table.scroll.keyboardInteraction.frozenOverlap != nil }

    // MARK: Show and hide

    /// Shows the keyboard (or changes its height), animating from its current height over
    /// `duration` on `curve`. The keyboard policy decides whether the content lifts with it;
    /// the caret rule applies at every frame.
    ///
    /// It ends an interactive keyboard drag and a frozen inset (`changeHeight(to:content:)`):
    /// the inset then moves from the value it was held at, over the same duration.
    ///
    /// - Throws: `ScrollError.invalidValue` for a height outside `0...ScrollLimits.maximumLength`, a duration
    ///   outside `0...SimulatedKeyboard.maximumDuration`, or a spring that settles later.
    /// - Complexity: one keyboard frame now (O(log n + rows newly visible + the caret
    ///   line's length)); the others come with `advance(by:)`.
    public mutating func show(height: Double, duration: Double = SimulatedKeyboard.defaultDuration,
                              curve: TimingCurve = .easeInOut) throws(ScrollError) {
        guard height.isFinite, height >= 0, height <= ScrollLimits.maximumLength else {
            throw .invalidValue("keyboard height (0...1e12)", height)
        }
        try table.scroll.endKeyboardInteraction(at: table.now, duration: duration, curve: curve)
        table.setLift(showing: true)
        try table.scroll.keyboard.show(height: height, duration: duration, curve: curve, at: table.now)
        try table.applyFrame()
        try table.revealCaret()
    }

    /// Hides the keyboard. With `always` (and `whenAtEnd` when it lifted) the content comes
    /// down with it; with `persistent` the lift stays as far as clamping allows. The offset
    /// is clamped at every frame, so no blank band is left under the content.
    /// Like `show`, it ends an interactive drag and a frozen inset.
    ///
    /// - Complexity: as `show(height:duration:curve:)`.
    public mutating func hide(duration: Double = SimulatedKeyboard.defaultDuration,
                              curve: TimingCurve = .easeInOut) throws(ScrollError) {
        try table.scroll.endKeyboardInteraction(at: table.now, duration: duration, curve: curve)
        table.setLift(showing: false)
        try table.scroll.keyboard.hide(duration: duration, curve: curve, at: table.now)
        try table.applyFrame()
        try table.revealCaret()
    }

    // MARK: Interactive drag

    /// Starts an interactive keyboard drag. Nothing happens when the keyboard is hidden or
    /// hiding. A keyboard settling after an earlier drag is caught where it is.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public mutating func beginDrag() {
        guard table.scroll.beginKeyboardDrag(at: table.now, revealsCaret: table.isCaretRevealed) else { return }
        table.setLift(showing: false)
    }

    /// Moves the finger to `y` (viewport coordinates): below the keyboard's top the keyboard
    /// follows it; the inset, the content (per the policy) and clamping follow at once.
    /// Without a drag under way it does nothing.
    ///
    /// - Throws: `.invalidValue` for a non-finite y.
    /// - Complexity: O(log n + rows newly visible + the caret line's length).
    public mutating func moveDrag(toY y: Double) throws(ScrollError) {
        guard y.isFinite else { throw .invalidValue("keyboard drag y", y) }
        guard isDragging else { return }
        table.scroll.keyboard.setFingerCap(table.viewport.size.height - y)
        try table.applyFrame()
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
    public mutating func endDrag(velocity: Double = 0) throws(ScrollError) -> KeyboardDragOutcome? {
        guard velocity.isFinite else { throw .invalidValue("keyboard drag velocity", velocity) }
        guard let outcome = table.scroll.endKeyboardDrag(velocity: velocity, at: table.now) else { return nil }
        if outcome == .shown { table.setLift(showing: true) }
        try table.applyFrame()
        return outcome
    }

    // MARK: Height changes and freezing

    /// Changes the open keyboard's height (an emoji keyboard, a suggestion bar), animating
    /// from its current height over `duration` on `curve`.
    ///
    /// With `.follow` this is `show(height:duration:curve:)`: the content follows as the
    /// policy says and the caret rule holds at every frame. With `.freeze` the content
    /// holds still: the viewport keeps its keyboard inset until the freeze ends, while the
    /// keyboard (or the accessory standing in for it) moves underneath.
    ///
    /// - Throws: `.invalidValue` for a negative or non-finite height or duration.
    /// - Complexity: as `show(height:duration:curve:)`.
    public mutating func changeHeight(to height: Double, duration: Double = SimulatedKeyboard.defaultDuration,
                                      curve: TimingCurve = .easeInOut,
                                      content: KeyboardContentMode = .follow) throws(ScrollError) {
        guard content == .freeze else { return try show(height: height, duration: duration, curve: curve) }
        guard height.isFinite, height >= 0 else { throw .invalidValue("keyboard height", height) }
        try table.scroll.changeKeyboardHeightFrozen(to: height, duration: duration, curve: curve, at: table.now)
        try table.applyFrame()
    }

    /// Holds the keyboard inset at its current value: the content stays still whatever
    /// the keyboard does, until `unfreezeInset`, a `follow` height change, `show` or `hide`.
    public mutating func freezeInset() { table.scroll.freezeKeyboardInset() }

    /// Lets the held inset go: it moves from where it was held to the keyboard's overlap
    /// over `duration` on `curve` (the content following as the policy says), frame by
    /// frame with the caret rule.
    ///
    /// - Throws: `.invalidValue` for a negative or non-finite duration or a bad curve.
    /// - Complexity: as `changeHeight(to:duration:curve:content:)`.
    public mutating func unfreezeInset(duration: Double = SimulatedKeyboard.defaultDuration,
                                       curve: TimingCurve = .easeInOut) throws(ScrollError) {
        try ScrollState.validateAnimation(duration: duration, curve: curve)
        guard let held = table.scroll.keyboardInteraction.frozenOverlap else { return }
        table.setLift(showing: table.scroll.keyboard.targetHeight >= held)
        try table.scroll.endKeyboardInteraction(at: table.now, duration: duration, curve: curve)
        try table.applyFrame()
        try table.revealCaret()
    }
}
