/// What a `CollapsingHeader` event asks of the host.
///
/// ```swift
/// if let target = try header.dragEnded(at: t).snapTargetOffset { scrollView.offset = target }
/// ```
public struct HeaderUpdate: Sendable, Equatable {
    /// `.follow` mode: the content offset to scroll to so the snapped header and the content
    /// agree (like `targetContentOffset` in `scrollViewWillEndDragging`); nil otherwise.
    public var snapTargetOffset: Double?

    /// An update.
    public init(snapTargetOffset: Double? = nil) { self.snapTargetOffset = snapTargetOffset }
}
