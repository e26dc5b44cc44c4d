import ChatFormMotion

/// Where a table's content stands: the viewport (size, offset, insets), the simulated
/// keyboard and its interactive drag or frozen inset, and a caller's drag with its
/// rubber band and spring back. It knows nothing of rows: the table passes the offsets
/// the content allows (`bounds`) to whatever needs them.
struct ScrollState: Sendable {
    /// The viewport: size, offset and insets.
    var viewport: Viewport
    /// The keyboard.
    var keyboard = SimulatedKeyboard()
    /// An interactive keyboard drag and a held (frozen) keyboard inset, if any.
    var keyboardInteraction = KeyboardInteraction()
    /// Whether the content follows the keyboard while it moves.
    var liftsWithKeyboard = false
    /// During a drag, the offset the finger would give without rubber-band resistance.
    private(set) var dragFinger: Double?
    /// The offset's spring back to its bounds after an overscrolling drag.
    var springBack: AnimatedValue?

    /// How far a drag moves the content past a bound, per point of finger travel.
    static let overscrollResistance = 0.5
    /// The spring-back after an overscrolling drag: critically damped, 0.4 s.
    static let springBackCurve = TimingCurve.spring(duration: 0.4, bounce: 0)

    init(viewport: Viewport) { self.viewport = viewport }

    /// Whether a caller-driven drag is under way (the offset may overscroll).
    var isDragging: Bool { dragFinger != nil }

    /// `offset` within `bounds` (NaN goes to the lower bound).
    static func clamped(_ offset: Double, to bounds: ClosedRange<Double>) -> Double {
        offset.isNaN ? bounds.lowerBound : Swift.min(Swift.max(offset, bounds.lowerBound), bounds.upperBound)
    }

    /// Clamps the offset to `bounds`, except while a drag overscrolls or its spring-back
    /// runs: then the offset may lie past them.
    mutating func clamp(to bounds: ClosedRange<Double>) {
        if isDragging || springBack != nil { return }
        viewport.offset = Self.clamped(viewport.offset, to: bounds)
    }

    // MARK: Drag

    /// Starts a drag: a spring-back in progress stops where it is at `now`, under the finger.
    mutating func beginDrag(at now: Double, bounds: ClosedRange<Double>) {
        if let spring = springBack {
            viewport.offset = spring.value(at: now)
            springBack = nil
        }
        // Where the finger would have put the content without resistance.
        let low = bounds.lowerBound, high = bounds.upperBound, r = Self.overscrollResistance
        let o = viewport.offset
        dragFinger = o < low ? low + (o - low) / r : o > high ? high + (o - high) / r : o
    }

    /// Moves the finger by `delta`: inside `bounds` the offset follows exactly, past them by
    /// `overscrollResistance` of the finger's travel.
    mutating func drag(by delta: Double, bounds: ClosedRange<Double>) {
        guard let finger = dragFinger else { return }
        let moved = finger + delta
        dragFinger = moved
        let low = bounds.lowerBound, high = bounds.upperBound, r = Self.overscrollResistance
        viewport.offset = moved < low ? low + (moved - low) * r : moved > high ? high + (moved - high) * r : moved
    }

    /// Ends the drag: an offset past `bounds` springs back to the nearest bound from `now`.
    mutating func endDrag(at now: Double, bounds: ClosedRange<Double>) {
        dragFinger = nil
        let target = Self.clamped(viewport.offset, to: bounds)
        guard target != viewport.offset else { return }
        do {
            springBack = try AnimatedValue(from: viewport.offset, to: target, startTime: now, duration: 0.4,
                                           curve: Self.springBackCurve)
        } catch {
            viewport.offset = target
        }
    }

    /// Samples the spring-back at `now`; at its end the offset is exactly the bound.
    mutating func applySpringBack(at now: Double, bounds: ClosedRange<Double>) {
        guard let spring = springBack else { return }
        if spring.isFinished(at: now) {
            springBack = nil
            clamp(to: bounds)
        } else {
            viewport.offset = spring.value(at: now)
        }
    }

    /// When the last running animation (keyboard, keyboard inset or spring-back) ends.
    var animationsEndTime: Double {
        Swift.max(keyboard.endTime, springBack?.endTime ?? -.infinity, keyboardInteraction.correction?.endTime ?? -.infinity)
    }
}
