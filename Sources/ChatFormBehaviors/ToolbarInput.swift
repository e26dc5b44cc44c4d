/// One scroll-view event for `SafariToolbar`, named after the delegate callbacks.
///
/// ```swift
/// let events: [ToolbarInput] = [.dragBegan(offset: 0), .scrolled(offset: 12, translation: -12),
///                               .dragEnded(offset: 12), .zoomed(scale: 2, minimumScale: 1)]
/// ```
public enum ToolbarInput: Sendable, Equatable {
    /// `scrollViewWillBeginDragging` at content offset `offset`.
    case dragBegan(offset: Double)
    /// `scrollViewDidScroll`: the new content offset and the pan's y translation since the drag
    /// began (positive when the finger moved down). nil keeps the last translation, as a pan
    /// recognizer reports it during deceleration.
    case scrolled(offset: Double, translation: Double?)
    /// `scrollViewDidEndDragging` at content offset `offset`.
    case dragEnded(offset: Double)
    /// `scrollViewDidZoom` at `scale`, with the view's minimum scale.
    case zoomed(scale: Double, minimumScale: Double)
    /// The content or viewport changed size.
    case resized(ScrollExtent)

    func validate() throws {
        switch self {
        case .dragBegan(let offset), .dragEnded(let offset):
            _ = try _Check.finite(offset, "offset")
        case .scrolled(let offset, let translation):
            _ = try _Check.finite(offset, "offset")
            if let translation { _ = try _Check.finite(translation, "translation") }
        case .zoomed(let scale, let minimumScale):
            _ = try _Check.size(scale, "scale")
            _ = try _Check.size(minimumScale, "minimumScale")
        case .resized:
            break
        }
    }
}
