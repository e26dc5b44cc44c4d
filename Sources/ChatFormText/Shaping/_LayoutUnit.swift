/// Chromium's layout unit, 1/64 pixel, in the engine's fixed point for prepared widths
/// (1/65536 pixel): the unit Blink rounds line and box widths to, and the conversions the
/// wrapping, clamping and caret code share.
enum _LayoutUnit {
    /// 1/64 pixel in 1/65536 pixel.
    static let one: Int64 = 1024

    /// `v` (1/65536 pixel) rounded up to a whole layout unit; 0 and negative values as they are.
    @inline(__always)
    static func ceil(_ v: Int64) -> Int64 {
        v <= 0 ? v : ((v + one - 1) / one) * one
    }

    /// `v` (1/65536 pixel) in pixels.
    @inline(__always)
    static func pixels(_ v: Int64) -> Double { Double(v) / 65536 }
}
