/// The caret rule of SPEC §5.2 as a pure function: scroll as little as needed so the caret
/// rect grown by a margin lies inside the visible band.
///
/// ```swift
/// let offset = CaretVisibility.offset(revealing: 30...31, margin: 1, offset: 0,
///                                     bandTop: 0, bandHeight: 12)   // 20: caret at the bottom
/// ```
public enum CaretVisibility {
    /// The offset that reveals the caret spanning `caret` (content y), grown by `margin`
    /// above and below and clipped to `bounds` (the margin never reaches past the text or
    /// content it belongs to). `bandTop` is the band's distance from the viewport's top
    /// edge (the top inset), so the band is `[offset + bandTop, offset + bandTop + bandHeight]`.
    ///
    /// If the grown rect is above the band it moves to the band's top; if below, to the
    /// band's bottom; if inside, the offset does not change. When the band is shorter than
    /// the grown rect, the caret's line's top goes to the band's top. The caller clamps.
    ///
    /// - Complexity: O(1).
    public static func offset(revealing caret: ClosedRange<Double>, margin: Double, offset: Double,
                              bandTop: Double, bandHeight: Double,
                              bounds: ClosedRange<Double> = -Double.infinity...Double.infinity) -> Double {
        let top = Swift.max(bounds.lowerBound, Swift.min(caret.lowerBound, caret.lowerBound - margin))
        let bottom = Swift.min(bounds.upperBound, Swift.max(caret.upperBound, caret.upperBound + margin))
        let wantTop = Swift.min(top, caret.lowerBound)
        let wantBottom = Swift.max(bottom, caret.upperBound)
        let bandStart = offset + bandTop
        let bandEnd = bandStart + bandHeight
        if wantBottom - wantTop > bandHeight {
            return caret.lowerBound - bandTop
        }
        if wantTop < bandStart { return wantTop - bandTop }
        if wantBottom > bandEnd { return wantBottom - bandTop - bandHeight }
        return offset
    }
}
