/// How a `CollapsingHeader` follows the content offset.
///
/// ```swift
/// let config = CollapsingHeader.Configuration(headerHeight: 120, mode: .enterAlways)
/// ```
public enum HeaderMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// The seed: snap up past the threshold, down at offset ≤ 0.
    case threshold
    /// The header scrolls with the content, snapping to the nearest state at drag end.
    case follow
    /// Any downward scroll hides, any upward scroll reveals (Android's `enterAlways`).
    case enterAlways
}
