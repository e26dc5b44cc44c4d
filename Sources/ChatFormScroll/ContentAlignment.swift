/// Where content shorter than the visible band sits (SPEC §5.4).
public enum ContentAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// At the top of the band (a form) [default].
    case top
    /// At the bottom of the band (a chat).
    case bottom
}
