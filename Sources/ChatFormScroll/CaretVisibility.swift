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

extension CaretVisibility {
    /// The caret rule's verdict (SPEC §5.2) for `caret` (content coordinates) in a visible
    /// `band` of content y: the caret grown by `margin` (never past the content's top or
    /// `contentHeight`) inside the band; when that is taller than the band, the caret's line
    /// at the band's top, or the offset `clamped` at a bound; and the caret inside its
    /// field's `window` (content y) when there is one.
    ///
    /// - Complexity: O(1).
    static func verdict(caret c: Rect, margin: Double, band: ClosedRange<Double>, contentHeight: Double,
                        clamped: Bool, window: ClosedRange<Double>?) -> CaretRuleVerdict {
        let eps = 1e-6
        let bandHeight = band.upperBound - band.lowerBound
        let top = Swift.max(0, c.minY - margin)
        let bottom = Swift.min(Swift.max(contentHeight, c.maxY), c.maxY + margin)
        func show(_ r: ClosedRange<Double>) -> String { "\(r.lowerBound)...\(r.upperBound)" }
        if bottom - top <= bandHeight + eps {
            if top < band.lowerBound - eps || bottom > band.upperBound + eps {
                return .broken("caret \(show(c.minY...c.maxY)) with its margin \(show(top...bottom)) is outside the visible band \(show(band))")
            }
        } else if bandHeight >= c.height - eps {
            if c.minY < band.lowerBound - eps || c.maxY > band.upperBound + eps {
                return .broken("caret line \(show(c.minY...c.maxY)) is outside the visible band \(show(band))")
            }
            if Swift.abs(c.minY - band.lowerBound) >= eps && !clamped {
                return .broken("caret line \(show(c.minY...c.maxY)) is not at the top of the band \(show(band)), too short for it with its margin")
            }
        } else if Swift.abs(c.minY - band.lowerBound) >= eps && !clamped {
            return .broken("caret top \(c.minY) is not at the top of the band \(show(band)), shorter than a line")
        }
        if let window, c.minY < window.lowerBound - eps || c.maxY > window.upperBound + eps {
            return .broken("caret \(show(c.minY...c.maxY)) is outside its field's window \(show(window))")
        }
        return .kept
    }
}
