/// The five scroll states of seed 000's `WebViewScrollState`.
///
/// The toolbar is expanded for `scrollUp`, `zoomOut` and `reachBottom`, and collapsed for
/// `scrollDown` and `zoomIn` (the seed's `showToolBar = switch state { … }`).
///
/// ```swift
/// ToolbarScrollEvent.reachBottom.expandsToolbar // true
/// ```
public enum ToolbarScrollEvent: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The finger moves down: the content scrolls toward its top.
    case scrollUp
    /// The finger moves up: the content scrolls toward its end.
    case scrollDown
    /// The page is zoomed past its minimum scale.
    case zoomIn
    /// The page is back at its minimum scale.
    case zoomOut
    /// A new downward drag that started at the bottom (the "reached bottom once" rule).
    case reachBottom

    /// True when the toolbar shows for this event.
    public var expandsToolbar: Bool {
        switch self {
        case .scrollUp, .zoomOut, .reachBottom: return true
        case .scrollDown, .zoomIn: return false
        }
    }
}
