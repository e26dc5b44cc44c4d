import ChatFormText

/// Why a styled paragraph could not be prepared or laid out.
public enum StyledTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A span's or the paragraph's font: an unknown family, a size outside
    /// `FontStack.sizeRange`, a bad fixed line height.
    case font(FontError)
    /// An attachment whose width or height is negative, NaN or infinite, or whose offset is
    /// not finite; the element's index.
    case invalidAttachment(element: Int)
    /// A letter spacing or an edge that is NaN or infinite (or past ±4096 px); the
    /// element's index.
    case invalidSpacing(element: Int)
    /// Text layout failed (an invalid width, text past 2^31 - 1 bytes, ICU).
    case layout(TextLayoutError)

    public var description: String {
        switch self {
        case .font(let e): e.description
        case .invalidAttachment(let i): "element \(i): an attachment's width and height must be finite and not negative, its offset finite"
        case .invalidSpacing(let i): "element \(i): letter spacing and edges must be finite numbers of pixels within ±4096"
        case .layout(let e): e.description
        }
    }
}
