internal import CChatFormICU

/// The base direction of a paragraph, as the HTML `dir` attribute sets it: which side its
/// lines start from, the level its neutral characters fall back to (UAX #9), and where a
/// clamped line's ellipsis goes (see <doc:LineClamp>).
///
/// The engine's layouts are left to right unless told otherwise (`ltr`, a `<div>` without
/// `dir`). Set ``TextLayoutOptions/direction`` and a text is prepared (itemized and shaped)
/// at that paragraph level, its lines start from that side, its carets, taps and arrow keys
/// follow it (see <doc:BidirectionalText>), and its clamp puts the ellipsis there (see
/// <doc:LineClamp>); a table row takes it from `RowStyle.direction`. The clamp also takes a
/// direction of its own (``ShapedText/layout(width:lineClamp:direction:)``).
public enum ParagraphDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left to right (`dir="ltr"`, and a block without `dir`).
    case ltr
    /// Right to left (`dir="rtl"`): lines start at the right; a clamped line keeps its
    /// right part and shows the ellipsis on its left.
    case rtl
    /// The direction of the text's first strong character, left to right when it has none
    /// (`dir="auto"`): characters inside an isolate (U+2066–U+2069) are skipped.
    case auto

    /// Whether `text` is laid out right to left in this direction.
    ///
    /// - Complexity: O(n) in the text's UTF-8 length up to its first strong character
    ///   (`auto`), else O(1).
    public func isRightToLeft(_ text: String) -> Bool {
        switch self {
        case .ltr: return false
        case .rtl: return true
        case .auto:
            var depth = 0
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x2066, 0x2067, 0x2068: depth += 1; continue
                case 0x2069: depth = Swift.max(0, depth - 1); continue
                default: break
                }
                guard depth == 0 else { continue }
                switch cfl_bidi_class(scalar.value) {
                case 0: return false          // L
                case 1, 13: return true       // R, AL
                default: continue
                }
            }
            return false
        }
    }
}
