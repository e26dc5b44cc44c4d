import ChatFormMotion

/// Seed 002's collapsing header (the Yogiyo home screen), with the common variants.
///
/// The header sits above the content; its position is a y translation in
/// [−collapseRange, 0], where collapseRange = headerHeight − minimumHeight. Three modes
/// (`HeaderMode`):
/// - `.threshold` [default, the seed]: when the content offset goes above `snapThreshold` [30]
///   the header snaps up by collapseRange and the navigation bar hides; when the offset is at or
///   below 0 it snaps back down. Offsets in between keep the current state (hysteresis, so the
///   header does not bounce while the user scrolls near the top). Each snap animates over
///   `duration` [0.3 s] on `curve` [easeInOut, `UIViewPropertyAnimator`'s default].
/// - `.follow`: the header moves 1:1 with the offset (position = −clamp(offset, 0, range)).
///   When a drag ends with the header part-way, it snaps to the nearest state (ties expand) and
///   the update's `snapTargetOffset` tells the host where to scroll so content and header agree.
/// - `.enterAlways`: scrolling down hides the header by the distance scrolled; any upward scroll
///   reveals it by the distance scrolled, wherever the content is; at offset ≤ 0 it is fully
///   shown. Snaps to the nearest state at drag end like `.follow` (no target offset).
/// While a drag-end snap runs, scroll events outside a drag (deceleration, or the host's own
/// snap scroll) leave the header alone; a new drag, or an offset at or above the top (≤ 0),
/// cancels the snap.
///
/// In every mode, at offset ≤ 0 the header's alpha follows the pull:
/// alpha = max(0, 1 + offset / fadeDistance) [fadeDistance = headerHeight]; above 0 it is 1.
/// `isNavigationBarHidden` is `isCollapsed` (SPEC §6.2); set
/// `hidesNavigationBarWhenCollapsed` to false for the seed's literal
/// `hideNavigationBar(when: !shouldSnap)`.
/// A spring curve may overshoot; `headerPosition(at:)` clamps into the range, always.
///
/// ```swift
/// var header = try CollapsingHeader(configuration: .init(headerHeight: 120))
/// try header.scroll(to: 31, at: 0)   // past 30: collapses, nav bar hides
/// header.headerPosition(at: 0.3)     // -120
/// ```
public struct CollapsingHeader: Sendable, Equatable {
    /// Tunables; defaults in brackets.
    ///
    /// ```swift
    /// let config = CollapsingHeader.Configuration(headerHeight: 200, minimumHeight: 56, mode: .follow)
    /// ```
    public struct Configuration: Sendable, Equatable, Codable {
        /// The header's full height.
        public var headerHeight: Double
        /// The height it keeps when collapsed [0].
        public var minimumHeight: Double
        /// `.threshold` collapses above this offset [30].
        public var snapThreshold: Double
        /// Snap animation length in seconds [0.3].
        public var duration: Double
        /// Snap animation curve [easeInOut].
        public var curve: TimingCurve
        /// How the header follows the offset [.threshold].
        public var mode: HeaderMode
        /// `.follow` and `.enterAlways` snap to the nearest state at drag end [true].
        public var snapsToNearestOnDragEnd: Bool
        /// The pull at which alpha reaches 0 [nil = headerHeight].
        public var fadeDistance: Double?
        /// The navigation bar hides when the header is collapsed [true]; false reproduces the
        /// seed's literal code, which hides it when the header is expanded.
        public var hidesNavigationBarWhenCollapsed: Bool

        /// A configuration with the defaults above.
        public init(headerHeight: Double, minimumHeight: Double = 0, snapThreshold: Double = 30,
                    duration: Double = 0.3, curve: TimingCurve = .easeInOut, mode: HeaderMode = .threshold,
                    snapsToNearestOnDragEnd: Bool = true, fadeDistance: Double? = nil,
                    hidesNavigationBarWhenCollapsed: Bool = true) {
            self.headerHeight = headerHeight
            self.minimumHeight = minimumHeight
            self.snapThreshold = snapThreshold
            self.duration = duration
            self.curve = curve
            self.mode = mode
            self.snapsToNearestOnDragEnd = snapsToNearestOnDragEnd
            self.fadeDistance = fadeDistance
            self.hidesNavigationBarWhenCollapsed = hidesNavigationBarWhenCollapsed
        }
    }

    /// The tunables.
    public let configuration: Configuration
    /// The last content offset.
    public private(set) var offset: Double = 0
    /// True when the header is (or is animating toward) collapsed.
    public private(set) var isCollapsed = false
    /// The header's alpha (see the type's documentation).
    public private(set) var alpha: Double = 1
    /// True between `dragBegan` and `dragEnded`.
    public private(set) var isDragging = false
    /// The last event's time.
    public private(set) var time: Double = 0
    /// The header position animation (values are clamped by `headerPosition(at:)`).
    public private(set) var animation = AnimatedValue(constant: 0)
    /// True while a drag-end snap owns the header.
    private var isSnapping = false

    /// A header, expanded, at offset 0.
    /// - Throws: `BehaviorError` when a size is NaN, infinite or negative, or the minimum height
    ///   exceeds the header height; a motion error for a bad curve.
    public init(configuration: Configuration) throws {
        _ = try _Check.size(configuration.headerHeight, "headerHeight")
        _ = try _Check.size(configuration.minimumHeight, "minimumHeight")
        _ = try _Check.size(configuration.snapThreshold, "snapThreshold")
        _ = try _Check.size(configuration.duration, "duration")
        if let fade = configuration.fadeDistance { _ = try _Check.size(fade, "fadeDistance") }
        guard configuration.minimumHeight <= configuration.headerHeight else {
            throw BehaviorError.invalidConfiguration("minimumHeight \(configuration.minimumHeight) exceeds headerHeight \(configuration.headerHeight)")
        }
        _ = try _Check.motion { try configuration.curve.validated() }
        self.configuration = configuration
    }

    /// headerHeight − minimumHeight: how far the header moves up.
    public var collapseRange: Double { configuration.headerHeight - configuration.minimumHeight }

    /// Whether the navigation bar is hidden (see `hidesNavigationBarWhenCollapsed`).
    public var isNavigationBarHidden: Bool {
        configuration.hidesNavigationBarWhenCollapsed ? isCollapsed : !isCollapsed
    }

    /// The header's y translation at `time`, always within [−collapseRange, 0].
    /// - Complexity: O(1).
    public func headerPosition(at time: Double) -> Double {
        min(max(animation.value(at: time), -collapseRange), 0)
    }

    /// The header's visible height at `time`: headerHeight + position.
    public func visibleHeight(at time: Double) -> Double {
        configuration.headerHeight + headerPosition(at: time)
    }

    /// Handles a content offset change at `time`.
    /// - Throws: `BehaviorError` for a non-finite offset or time running backwards.
    @discardableResult
    public mutating func scroll(to newOffset: Double, at time: Double) throws -> HeaderUpdate {
        self.time = try _Check.time(time, after: self.time)
        let newOffset = try _Check.finite(newOffset, "offset")
        let delta = newOffset - offset
        offset = newOffset
        let fade = configuration.fadeDistance ?? configuration.headerHeight
        alpha = newOffset <= 0 ? (fade > 0 ? max(0, 1 + newOffset / fade) : (newOffset < 0 ? 0 : 1)) : 1

        if isSnapping && !isDragging && newOffset > 0 && !animation.isFinished(at: time) {
            return HeaderUpdate()
        }
        isSnapping = false
        switch configuration.mode {
        case .threshold:
            if newOffset > configuration.snapThreshold {
                try animate(collapsed: true, at: time)
            } else if newOffset <= 0 {
                try animate(collapsed: false, at: time)
            }
        case .follow:
            place(at: -min(max(newOffset, 0), collapseRange))
        case .enterAlways:
            let current = headerPosition(at: time)
            let next = newOffset <= 0 ? 0 : min(max(current - delta, -collapseRange), 0)
            place(at: next)
        }
        return HeaderUpdate()
    }

    /// A drag began: cancels a running drag-end snap.
    public mutating func dragBegan(at time: Double) throws {
        self.time = try _Check.time(time, after: self.time)
        isDragging = true
        if isSnapping {
            isSnapping = false
            let current = headerPosition(at: time)
            place(at: current)
        }
    }

    /// A drag ended: in `.follow` and `.enterAlways`, snaps a part-way header to the nearest
    /// state (ties expand).
    /// - Returns: for `.follow`, the content offset the host should scroll to
    ///   (`snapTargetOffset`).
    @discardableResult
    public mutating func dragEnded(at time: Double) throws -> HeaderUpdate {
        self.time = try _Check.time(time, after: self.time)
        isDragging = false
        guard configuration.mode != .threshold, configuration.snapsToNearestOnDragEnd else { return HeaderUpdate() }
        let position = headerPosition(at: time)
        guard position < 0, position > -collapseRange else { return HeaderUpdate() }
        let collapse = -position > collapseRange / 2
        try animate(collapsed: collapse, at: time, force: true)
        isSnapping = true
        guard configuration.mode == .follow else { return HeaderUpdate() }
        return HeaderUpdate(snapTargetOffset: collapse ? collapseRange : 0)
    }

    private mutating func place(at position: Double) {
        animation = AnimatedValue(constant: position)
        isCollapsed = position <= -collapseRange && collapseRange > 0
    }

    private mutating func animate(collapsed: Bool, at time: Double, force: Bool = false) throws {
        guard force || collapsed != isCollapsed else { return }
        isCollapsed = collapsed
        try animation.snap(to: collapsed ? -collapseRange : 0, at: time, duration: configuration.duration, curve: configuration.curve)
    }
}
