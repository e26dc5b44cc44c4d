/// The ranges of the lengths a table accepts, so that offsets, content heights and the
/// sums of row heights stay finite (a length past `maximumLength` is refused or clamped, as
/// each API documents; see the "Limits" table of the Reliability article, ChatFormLayout.docc/Reliability.md).
///
/// ```swift
/// try table.scroll(by: 1e300)    // throws ScrollError.invalidValue: past maximumLength
/// ```
public enum ScrollLimits {
    /// The longest length, in points: a viewport side, an inset, a padding, a row's fixed
    /// or estimated height, a stack's space, a keyboard height, a scroll or drag distance, a
    /// scroll target [1e12]. A billion rows of that height still sum to a finite height.
    public static let maximumLength = 1e12

    /// The most lines of caret margin [1000].
    public static let maximumCaretMarginLines = 1000.0

    /// The latest time a table's clock may reach, in seconds (about 31 years): frame
    /// numbers stay exact in a `Double` up to it at any frame rate of
    /// `TableConfiguration.frameRates`.
    public static let maximumTime = 1e9

    /// `value` when it is finite and within `-maximumLength...maximumLength`.
    static func isLength(_ value: Double) -> Bool {
        value.isFinite && Swift.abs(value) <= maximumLength
    }

    /// A length clamped to `0...maximumLength`; NaN, infinite or negative: 0.
    static func clampedLength(_ value: Double) -> Double {
        value.isFinite && value > 0 ? Swift.min(value, maximumLength) : 0
    }
}
