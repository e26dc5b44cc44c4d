/// The sizes that bound a vertical scroll: content height, viewport height, and the top and
/// adjusted bottom content insets, with SPEC §4's offset range.
///
/// The offset range is [−topInset, max(−topInset, contentHeight + bottomInset − viewportHeight)].
///
/// ```swift
/// let extent = try ScrollExtent(contentHeight: 2000, viewportHeight: 800, bottomInset: 50)
/// extent.maximumOffset        // 1250
/// extent.clamp(1300)          // 1250
/// ```
public struct ScrollExtent: Sendable, Equatable, Hashable, Codable {
    /// The height of the content.
    public private(set) var contentHeight: Double
    /// The height of the viewport.
    public private(set) var viewportHeight: Double
    /// The top content inset.
    public private(set) var topInset: Double
    /// The adjusted bottom content inset (SPEC §4).
    public private(set) var bottomInset: Double

    /// An extent; every size must be finite and not negative.
    /// - Throws: `BehaviorError.invalidNumber`.
    public init(contentHeight: Double, viewportHeight: Double, topInset: Double = 0, bottomInset: Double = 0) throws {
        self.contentHeight = try _Check.size(contentHeight, "contentHeight")
        self.viewportHeight = try _Check.size(viewportHeight, "viewportHeight")
        self.topInset = try _Check.size(topInset, "topInset")
        self.bottomInset = try _Check.size(bottomInset, "bottomInset")
    }

    /// The smallest offset: −topInset.
    public var minimumOffset: Double { -topInset }
    /// The largest offset: max(−topInset, contentHeight + bottomInset − viewportHeight).
    public var maximumOffset: Double { max(-topInset, contentHeight + bottomInset - viewportHeight) }
    /// True when the content fits in the viewport, so nothing scrolls.
    public var contentFits: Bool { maximumOffset <= minimumOffset }

    /// `offset` clamped into [minimumOffset, maximumOffset] (NaN reads as minimumOffset).
    public func clamp(_ offset: Double) -> Double {
        guard !offset.isNaN else { return minimumOffset }
        return min(max(offset, minimumOffset), maximumOffset)
    }
}
