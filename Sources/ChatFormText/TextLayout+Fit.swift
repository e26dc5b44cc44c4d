/// The tightest width that keeps a layout's line count (SPEC §2.1), with any metrics.
extension TextLayout {
    /// The smallest width at which the text lays out in as many lines as here (SPEC §2.1):
    /// at most `width`, and a little narrower gives more lines. With cell or fixed metrics it
    /// is the widest line of the tightest layout; with a prepared text (real fonts) it can
    /// be 1/64 px less than that line, as Chromium lets a line's content overflow by up to
    /// 1/64 px (see `ShapedText.fitWidth(width:)`). No line is wider than it: where a
    /// grapheme alone is wider than `width` (a line overflows), `width`.
    ///
    /// With cell or fixed metrics, each layout tried wraps the text again (O(n)); the
    /// widths tried are the widest lines of the layouts found on the way down (see
    /// `FitWidthSearch`), so a chat message takes two or three.
    ///
    /// - Throws: `.icu` if ICU fails while wrapping again.
    /// - Complexity: O(n) a layout tried, O(log(width)) layouts at most; with a prepared
    ///   text, see `ShapedText.fitWidth(width:)`.
    public func fitWidth() throws(TextLayoutError) -> Double {
        if let shaped = shapedText { return try shaped.fitWidth(width: width) }
        return try FitWidthSearch.fitWidth(of: text, width: width, measurer: measurer, options: options)
    }
}
