/// The ranges of the numbers that measure text. Values outside are clamped, never
/// rejected: they keep every x position, line width and height finite for any text up to
/// 2^31 - 1 bytes (2^31 clusters of the largest advance, or tabs of the widest interval,
/// still sum to a finite `Double`).
///
/// ```swift
/// TerminalCellMetrics(cellWidth: 1e300).cellWidth     // 1e6: clamped to maximumAdvance
/// FixedAdvanceMetrics(advance: 1e-9, lineHeight: 1).advance  // 1e-6
/// ```
public enum TextMetricsLimits {
    /// The smallest cell width or fixed advance, in points [1e-6].
    public static let minimumAdvance = 1e-6
    /// The largest advance of one cluster, in points: a cell width, a fixed advance, or a
    /// custom `TextMetrics` answer (larger answers count as this) [1e6].
    public static let maximumAdvance = 1e6
    /// The most cells between tab stops of `TerminalCellMetrics` [10,000].
    public static let maximumTabWidth = 10_000
    /// The widest tab interval (and the furthest one tab advances), in points [1e9].
    public static let maximumTabInterval = 1e9
    /// The shortest and tallest line, in points [1e-6, 1e6].
    public static let lineHeights: ClosedRange<Double> = 1e-6...1e6

    /// `value` clamped to `minimumAdvance...maximumAdvance`; NaN, infinite, zero or negative: `fallback`.
    static func advance(_ value: Double, fallback: Double = 1) -> Double {
        guard value.isFinite, value > 0 else { return fallback }
        return Swift.min(Swift.max(value, minimumAdvance), maximumAdvance)
    }

    /// `value` clamped to `lineHeights`; NaN, infinite, zero or negative: 1.
    static func lineHeight(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 1 }
        return Swift.min(Swift.max(value, lineHeights.lowerBound), lineHeights.upperBound)
    }

    /// A tab interval clamped to `minimumAdvance...maximumTabInterval`; NaN, infinite, zero or negative: `fallback`.
    static func tabInterval(_ value: Double, fallback: Double) -> Double {
        guard value.isFinite, value > 0 else { return fallback }
        return Swift.min(Swift.max(value, minimumAdvance), maximumTabInterval)
    }
}
