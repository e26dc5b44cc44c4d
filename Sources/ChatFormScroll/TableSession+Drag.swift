import ChatFormMotion

/// Caller-driven drags (SPEC §4): while a drag is under way the offset may go past its
/// bounds (rubber band); when the drag ends it springs back, sampled at every frame. The
/// rubber band and the spring are the scroll state's; the table measures what comes into
/// view.
extension TableSession {
    /// How far a drag moves the content past a bound, per point of finger travel [0.5].
    public static var overscrollResistance: Double { ScrollState.overscrollResistance }

    /// The spring-back after an overscrolling drag: a critically damped spring of 0.4 s
    /// (SwiftUI's `.smooth`), so it never overshoots the bound.
    public static var springBackCurve: TimingCurve { ScrollState.springBackCurve }

    /// Starts a drag. A spring-back in progress stops where it is, under the finger.
    public mutating func beginDrag() {
        pinnedRow = nil
        scroll.beginDrag(at: now, bounds: offsetBounds)
    }

    /// Moves the finger by `delta` points (positive scrolls toward the end). Inside the
    /// bounds the content follows exactly; past a bound it moves `overscrollResistance` of
    /// the finger's travel beyond it, both ways. Without `beginDrag()` this is `scroll(by:)`.
    ///
    /// - Throws: `ScrollError.invalidValue` for a delta outside
    ///   `-ScrollLimits.maximumLength...ScrollLimits.maximumLength`, or one that would take
    ///   the finger past ±1e15 points.
    public mutating func drag(by delta: Double) throws(ScrollError) {
        guard ScrollLimits.isLength(delta), Swift.abs((scroll.dragFinger ?? viewport.offset) + delta) <= 1e15 else {
            throw .invalidValue("drag delta (-1e12...1e12)", delta)
        }
        guard isDragging else { return try scroll(by: delta) }
        scroll.drag(by: delta, bounds: offsetBounds)
        try settle(anchor: nil)
        if isAtBottom { unreadCount = 0 }
    }

    /// Ends the drag: an overscrolled offset springs back to the nearest bound over the
    /// following frames (`advance(by:)`); an offset inside the bounds stays.
    public mutating func endDrag() throws(ScrollError) {
        guard isDragging else { return }
        scroll.endDrag(at: now, bounds: offsetBounds)
    }
}
