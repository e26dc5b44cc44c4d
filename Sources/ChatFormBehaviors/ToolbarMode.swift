/// Which classifier a `SafariToolbar` uses.
///
/// ```swift
/// let config = SafariToolbar.Configuration(mode: .seed) // the seed's delegate, verbatim
/// ```
public enum ToolbarMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// Seed 000's delegate, verbatim.
    case seed
    /// The seed's states with a dead zone and the edge rules (the default).
    case smoothed
}
