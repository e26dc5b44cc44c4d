import ChatFormMotion

/// State of the keyboard's interactive drag and of a held (frozen) inset.
struct KeyboardInteraction: Sendable {
    /// An interactive keyboard drag, from `TableKeyboard.beginDrag()` to the end of its release.
    struct Drag: Sendable {
        /// The height the keyboard returns to if the drag ends shown.
        var fullHeight: Double
        /// Whether the caret rule scrolls during the drag: only if the caret was revealed
        /// when it began (the finger owns the content otherwise).
        var revealsCaret: Bool
        /// Whether the finger has let go (the keyboard is settling).
        var released = false
    }

    var drag: Drag?
    /// While frozen, the keyboard overlap the viewport keeps whatever the keyboard does.
    var frozenOverlap: Double?
    /// After a freeze ends: added to the keyboard's height, animating to 0, so the inset
    /// moves smoothly from where it was held to the keyboard's.
    var correction: AnimatedValue?

    /// Drops what has finished at `time`: a released drag whose keyboard settled, a
    /// correction that reached 0.
    mutating func finish(at time: Double, keyboard: SimulatedKeyboard) {
        if let d = drag, d.released, !keyboard.isAnimating(at: time) { drag = nil }
        if let c = correction, c.isFinished(at: time) { correction = nil }
    }
}
