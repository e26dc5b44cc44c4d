/// Why a `SafariToolbar` event did what it did.
///
/// ```swift
/// if update.reason == .withinDeadZone { /* the finger moved, the toolbar did not */ }
/// ```
public enum ToolbarReason: String, Sendable, Equatable, Codable {
    /// The event was classified and the toolbar follows the classification.
    case classified
    /// Smoothed: the travel since the last direction change is inside the dead zone.
    case withinDeadZone
    /// Smoothed: at (or pulled past) the top, where the toolbar is always expanded.
    case pinnedAtTop
    /// Smoothed: the content fits the viewport, so the toolbar never hides.
    case contentFits
    /// Smoothed: the offset is past the bottom (rubber band) or did not move.
    case noMovement
    /// A drag began or ended (no classification; only the bottom flag changes).
    case dragBoundary
    /// The extent changed.
    case resized
}

/// What one `SafariToolbar.handle(_:at:)` call did.
///
/// ```swift
/// let update = try toolbar.handle(.scrolled(offset: 40, translation: -40), at: 0.1)
/// if update.didToggle { print(update.isExpanded ? "show" : "hide") }
/// ```
public struct ToolbarUpdate: Sendable, Equatable {
    /// The classification, nil when the event was not classified.
    public var event: ToolbarScrollEvent?
    /// Why.
    public var reason: ToolbarReason
    /// The toolbar's state after the event.
    public var isExpanded: Bool
    /// True when the event flipped the toolbar.
    public var didToggle: Bool
}
