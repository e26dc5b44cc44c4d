import ChatFormMotion

/// Seed 000's Safari-style bottom toolbar: it collapses while you scroll down or zoom in, and
/// expands when you scroll up, zoom back out, or drag down again from the bottom.
///
/// Feed it the scroll view's events (`ToolbarInput`) with the clock time; it classifies each
/// (`ToolbarScrollEvent`) and animates `position(at:)` between 0 (collapsed) and 1 (expanded)
/// on `configuration.curve` [SwiftUI's `.bouncy(duration: 0.2, extraBounce: -0.2)`, the seed's].
///
/// Two modes (`ToolbarMode`):
/// - `.seed` classifies exactly as the seed's delegate (`SeedScrollClassifier`), flicker and all.
/// - `.smoothed` [default] goes past the seed (see `SafariToolbar+Smoothed.swift` for the rules):
///   a dead zone [8 pt] of travel in one direction before it reacts, overscroll ignored (no
///   flicker under rubber-banding or at the bottom), always expanded at the top and when the
///   content fits the viewport, zoomOut within a relative tolerance of the minimum scale.
///
/// States: `isExpanded` (the target), `lastEvent` (the last classification), `isDragging`.
///
/// ```swift
/// var toolbar = try SafariToolbar(extent: ScrollExtent(contentHeight: 3000, viewportHeight: 800))
/// try toolbar.handle(.dragBegan(offset: 0), at: 0)
/// try toolbar.handle(.scrolled(offset: 40, translation: -40), at: 0.1) // scrollDown: collapses
/// toolbar.position(at: 0.5)                                           // 0
/// ```
public struct SafariToolbar: Sendable, Equatable {
    /// Tunables; defaults in brackets.
    ///
    /// ```swift
    /// let config = SafariToolbar.Configuration(deadZone: 12, curve: .easeOut, duration: 0.25)
    /// ```
    public struct Configuration: Sendable, Equatable, Codable {
        /// Seed-exact or smoothed classification [.smoothed].
        public var mode: ToolbarMode
        /// Travel in one direction before the smoothed mode reacts, in points [8].
        public var deadZone: Double
        /// How close to the top or bottom counts as "at" it, in points [1].
        public var edgeTolerance: Double
        /// Relative tolerance for "at the minimum zoom scale" in the smoothed mode [0.001].
        public var zoomTolerance: Double
        /// The toolbar's animation curve [.bouncy(duration: 0.2, extraBounce: -0.2)].
        public var curve: TimingCurve
        /// The animation's duration for cubic curves, in seconds [0.2].
        public var duration: Double

        /// A configuration with the defaults above.
        public init(mode: ToolbarMode = .smoothed, deadZone: Double = 8, edgeTolerance: Double = 1,
                    zoomTolerance: Double = 0.001, curve: TimingCurve = .bouncy(duration: 0.2, extraBounce: -0.2),
                    duration: Double = 0.2) {
            self.mode = mode
            self.deadZone = deadZone
            self.edgeTolerance = edgeTolerance
            self.zoomTolerance = zoomTolerance
            self.curve = curve
            self.duration = duration
        }
    }

    /// The tunables.
    public let configuration: Configuration
    /// The current scroll extent (content, viewport, insets).
    public internal(set) var extent: ScrollExtent
    /// True when the toolbar is (or is animating toward) expanded.
    public internal(set) var isExpanded = true
    /// The last classification, nil before the first.
    public internal(set) var lastEvent: ToolbarScrollEvent?
    /// True between `dragBegan` and `dragEnded`.
    public internal(set) var isDragging = false
    /// The last event's time.
    public internal(set) var time: Double = 0
    /// The animated position: 1 expanded, 0 collapsed (springs may overshoot).
    public internal(set) var animation = AnimatedValue(constant: 1)

    var seed = SeedScrollClassifier()
    /// The pan translation last reported (reset to 0 when a drag begins).
    var translation = 0.0
    // Smoothed-mode state.
    var reachedBottomOnce = false
    var lastOffset: Double?
    var lastAtBottom = false
    var runStart = 0.0
    var runDirection = 0

    /// A toolbar, expanded, for a scroll of `extent`.
    /// - Throws: `BehaviorError.invalidNumber` for a NaN, infinite or negative tunable, or a
    ///   motion error for a bad curve.
    public init(extent: ScrollExtent, configuration: Configuration = Configuration()) throws {
        _ = try _Check.size(configuration.deadZone, "deadZone")
        _ = try _Check.size(configuration.edgeTolerance, "edgeTolerance")
        _ = try _Check.size(configuration.zoomTolerance, "zoomTolerance")
        _ = try _Check.size(configuration.duration, "duration")
        _ = try _Check.motion { try configuration.curve.validated() }
        self.extent = extent
        self.configuration = configuration
    }

    /// The toolbar's position at `time`: 1 expanded, 0 collapsed, in between while animating.
    /// - Complexity: O(1).
    public func position(at time: Double) -> Double { animation.value(at: time) }

    /// True when the toolbar's animation has finished at `time`.
    public func isSettled(at time: Double) -> Bool { animation.isFinished(at: time) }

    /// Handles one scroll-view event at clock `time` (not earlier than the previous event's).
    /// - Returns: what the event did.
    /// - Throws: `BehaviorError` for NaN or infinite numbers or time running backwards.
    @discardableResult
    public mutating func handle(_ input: ToolbarInput, at time: Double) throws -> ToolbarUpdate {
        self.time = try _Check.time(time, after: self.time)
        try input.validate()
        let decision: ToolbarDecision
        switch configuration.mode {
        case .seed: decision = handleSeed(input)
        case .smoothed: decision = handleSmoothed(input)
        }
        if let event = decision.event { lastEvent = event }
        let target = decision.expand ?? isExpanded
        let toggled = target != isExpanded
        if toggled {
            isExpanded = target
            try animation.snap(to: target ? 1 : 0, at: time, duration: configuration.duration, curve: configuration.curve)
        }
        return ToolbarUpdate(event: decision.event, reason: decision.reason, isExpanded: isExpanded, didToggle: toggled)
    }

    private mutating func handleSeed(_ input: ToolbarInput) -> ToolbarDecision {
        switch input {
        case .dragBegan(let offset):
            isDragging = true
            translation = 0
            seed.scrollViewWillBeginDragging(offset: offset, contentHeight: extent.contentHeight,
                                             frameHeight: extent.viewportHeight)
            return ToolbarDecision(reason: .dragBoundary)
        case .scrolled(_, let newTranslation):
            if let newTranslation { translation = newTranslation }
            let event = seed.scrollViewDidScroll(translationY: translation)
            return ToolbarDecision(event: event, expand: event.expandsToolbar, reason: .classified)
        case .dragEnded(let offset):
            isDragging = false
            seed.scrollViewDidEndDragging(offset: offset, contentHeight: extent.contentHeight,
                                          frameHeight: extent.viewportHeight)
            return ToolbarDecision(reason: .dragBoundary)
        case .zoomed(let scale, let minimumScale):
            let event = seed.scrollViewDidZoom(zoomScale: scale, minimumZoomScale: minimumScale)
            return ToolbarDecision(event: event, expand: event.expandsToolbar, reason: .classified)
        case .resized(let newExtent):
            extent = newExtent
            return ToolbarDecision(reason: .resized)
        }
    }
}

struct ToolbarDecision {
    var event: ToolbarScrollEvent? = nil
    var expand: Bool? = nil
    var reason: ToolbarReason
}
