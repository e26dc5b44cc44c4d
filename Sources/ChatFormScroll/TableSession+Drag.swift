import ChatFormMotion

/// Caller-driven drags (SPEC §4): while a drag is under way the offset may go past its
/// bounds (rubber band); when the drag ends it springs back, sampled at every frame.
extension TableSession {
    /// How far a drag moves the content past a bound, per point of finger travel [0.5].
    public static var overscrollResistance: Double { 0.5 }

    /// The spring-back after an overscrolling drag: a critically damped spring of 0.4 s
    /// (SwiftUI's `.smooth`), so it never overshoots the bound.
    public static var springBackCurve: TimingCurve { .spring(duration: 0.4, bounce: 0) }

    /// Starts a drag. A spring-back in progress stops where it is, under the finger.
    public mutating func beginDrag() {
        if let spring = springBack {
            viewport.offset = spring.value(at: now)
            springBack = nil
        }
        pinnedRow = nil
        // Where the finger would have put the content without resistance.
        let low = minOffset, high = maxOffset, r = Self.overscrollResistance
        let o = viewport.offset
        dragFinger = o < low ? low + (o - low) / r : o > high ? high + (o - high) / r : o
    }

    /// Moves the finger by `delta` points (positive scrolls toward the end). Inside the
    /// bounds the content follows exactly; past a bound it moves `overscrollResistance` of
    /// the finger's travel beyond it, both ways. Without `beginDrag()` this is `scroll(by:)`.
    ///
    /// - Throws: `ScrollError.invalidValue` for a delta outside
    ///   `-ScrollLimits.maximumLength...ScrollLimits.maximumLength`, or one that would take
    ///   the finger past ±1e15 points.
    public mutating func drag(by delta: Double) throws(ScrollError) {
        guard ScrollLimits.isLength(delta), Swift.abs((dragFinger ?? viewport.offset) + delta) <= 1e15 else {
            throw .invalidValue("drag delta (-1e12...1e12)", delta)
        }
        guard let finger = dragFinger else { return try scroll(by: delta) }
        let moved = finger + delta
        dragFinger = moved
        let low = minOffset, high = maxOffset, r = Self.overscrollResistance
        viewport.offset = moved < low ? low + (moved - low) * r : moved > high ? high + (moved - high) * r : moved
        try settle(anchor: nil)
        if isAtBottom { unreadCount = 0 }
    }

    /// Ends the drag: an overscrolled offset springs back to the nearest bound over the
    /// following frames (`advance(by:)`); an offset inside the bounds stays.
    public mutating func endDrag() throws(ScrollError) {
        guard isDragging else { return }
        dragFinger = nil
        let target = clampedOffset(viewport.offset)
        guard target != viewport.offset else { return }
        do {
            springBack = try AnimatedValue(from: viewport.offset, to: target, startTime: now, duration: 0.4,
                                           curve: Self.springBackCurve)
        } catch {
            viewport.offset = target
        }
    }

    /// Samples the spring-back at `now`; at its end the offset is exactly the bound.
    mutating func applySpringBack() {
        guard let spring = springBack else { return }
        if spring.isFinished(at: now) {
            springBack = nil
            clampOffset()
        } else {
            viewport.offset = spring.value(at: now)
        }
    }

    /// When the last running animation (keyboard, keyboard inset or spring-back) ends.
    var animationsEndTime: Double {
        Swift.max(keyboard.endTime, springBack?.endTime ?? -.infinity, keyboardInteraction.correction?.endTime ?? -.infinity)
    }
}
