/// Where `scrollTo` puts a row (SPEC §5.3).
public enum ScrollAnchor: String, Sendable, Hashable, Codable, CaseIterable {
    /// The row's top at the band's top.
    case top
    /// The row's middle at the band's middle.
    case center
    /// The row's bottom at the band's bottom.
    case bottom
    /// As little scrolling as shows the row (none if it is already in the band).
    case minimal
}
