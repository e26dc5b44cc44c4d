/// Seed 000's `UIScrollViewDelegate` coordinator, verbatim, as a value type.
///
/// Each method is the delegate method of the same name. `translationY` is the pan gesture's
/// `translation(in:).y` (positive when the finger moved down since the drag began), `offset` is
/// `contentOffset.y`, `frameHeight` is `frame.size.height`. "Reached bottom" is the seed's
/// `contentOffset.y >= contentSize.height - frame.size.height` (it ignores insets).
///
/// ```swift
/// var seed = SeedScrollClassifier()
/// seed.scrollViewWillBeginDragging(offset: 1200, contentHeight: 2000, frameHeight: 800)
/// seed.scrollViewDidScroll(translationY: -5)   // .reachBottom: the drag began at the bottom
/// ```
public struct SeedScrollClassifier: Sendable, Equatable {
    /// The seed's `isScrollViewReachedBottomOnce`.
    public private(set) var isScrollViewReachedBottomOnce = false

    /// A classifier in its initial state.
    public init() {}

    /// `scrollViewDidScroll`: scrollUp when the translation is positive, else reachBottom when
    /// the flag is set, else scrollDown.
    public func scrollViewDidScroll(translationY: Double) -> ToolbarScrollEvent {
        if translationY > 0 {
            return .scrollUp
        } else if isScrollViewReachedBottomOnce {
            return .reachBottom
        } else {
            return .scrollDown
        }
    }

    /// `scrollViewWillBeginDragging`: sets the flag when the view is at the bottom.
    public mutating func scrollViewWillBeginDragging(offset: Double, contentHeight: Double, frameHeight: Double) {
        if Self.scrollViewReachedBottom(offset: offset, contentHeight: contentHeight, frameHeight: frameHeight) {
            isScrollViewReachedBottomOnce = true
        }
    }

    /// `scrollViewDidEndDragging`: keeps the flag only while still at the bottom.
    public mutating func scrollViewDidEndDragging(offset: Double, contentHeight: Double, frameHeight: Double) {
        isScrollViewReachedBottomOnce = isScrollViewReachedBottomOnce
            && Self.scrollViewReachedBottom(offset: offset, contentHeight: contentHeight, frameHeight: frameHeight)
    }

    /// `scrollViewDidZoom`: zoomOut at exactly the minimum scale, zoomIn otherwise.
    public func scrollViewDidZoom(zoomScale: Double, minimumZoomScale: Double) -> ToolbarScrollEvent {
        zoomScale == minimumZoomScale ? .zoomOut : .zoomIn
    }

    /// The seed's `scrollViewReachedBottom`.
    public static func scrollViewReachedBottom(offset: Double, contentHeight: Double, frameHeight: Double) -> Bool {
        offset >= contentHeight - frameHeight
    }
}
