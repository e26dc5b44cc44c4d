/// Chromium's layout unit, 1/64 pixel, in the engine's fixed point for prepared widths
/// (1/65536 pixel): the unit Blink rounds line and box widths to, and the conversions the
/// wrapping, clamping and caret code share.
@usableFromInline
enum _LayoutUnit {
    /// 1/64 pixel in 1/65536 pixel.
    @inlinable static var one: Int64 { 1024 }

    /// `v` (1/65536 pixel) rounded up to a whole layout unit; 0 and negative values as they are.
    @inline(__always)
    static func ceil(_ v: Int64) -> Int64 {
        v <= 0 ? v : ((v + one - 1) / one) * one
    }

    /// `v` (1/65536 pixel) in pixels.
    @inline(__always)
    static func pixels(_ v: Int64) -> Double { Double(v) / 65536 }

    /// The widest content (1/65536 pixel) a line of `width` pixels (not negative, not NaN)
    /// fits: the width cut to whole layout units, plus one unit (the rounded content width
    /// is compared with it); `.max` for an infinite width, and for one of 2^40 pixels or
    /// more (wider than any line a prepared text can have: such a width does not wrap).
    /// Inlinable, so that `ShapedText.measure(width:)`'s caller finds it once for a loop
    /// over texts at one width. Its body is compiled into clients: the package builds
    /// without library evolution (clients rebuilt from source), and `finish` finds it again
    /// from the width, so a client and the library never disagree within one build.
    @inlinable @inline(__always)
    static func fitLimit(width: Double) -> Int64 {
        let units = width * 64
        // (Cut toward zero; the bound keeps it and the sums with it exact. Below 2^52, adding
        // 2^52 rounds a number to a whole one in the low bits, then cut: no conversion,
        // whose range checks cost more than the rest.)
        guard units >= 0, units < 0x1p46 else { return units < 0 ? Int64(units) &* one &+ one : .max }
        let near = Int64(bitPattern: (units + 0x1p52).bitPattern &- (0x1p52 as Double).bitPattern)
        let cut = Double(near) > units ? near &- 1 : near
        return cut &* one &+ one
    }

    /// The inverse of `fitLimit(width:)`: the narrowest width (pixels, whole layout units)
    /// whose fit limit is `fit` or more. `fitLimit` is `fit` or more at this width and every
    /// width above it, and less at every width below; 0 for a fit of one unit or less (every
    /// width reaches it). Exact for the fits of widths below 2^40 pixels (`fitLimit`'s clamp).
    @inline(__always)
    static func leastWidth(reaching fit: Int64) -> Double {
        // A width's fit limit is its whole units plus one: it reaches `fit` from the
        // ⌈(fit - one) / one⌉-th unit on.
        guard fit > one else { return 0 }
        return Double((fit &- one &+ (one &- 1)) / one) / 64
    }

    /// `width` pixels floored to a whole layout unit, in 1/65536 pixel.
    @inline(__always)
    static func floor(width: Double) -> Int64 { Int64((width * 64).rounded(.down)) * one }

    /// `v` pixels rounded up to a layout unit, never below 0; a value within 1e-7 units of
    /// one is that one.
    @inline(__always)
    static func ceil(pixels v: Double) -> Double {
        let units = (v * 64 - 1e-7).rounded(.up)
        return Swift.max(0, units) / 64
    }

    /// `v` pixels snapped down to a layout unit; a value within 1e-7 units of one is that one.
    @inline(__always)
    static func floor(pixels v: Double) -> Double {
        (v * 64 + 1e-7).rounded(.down) / 64
    }
}
