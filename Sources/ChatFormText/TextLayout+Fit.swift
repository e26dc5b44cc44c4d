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
        var failure: TextLayoutError? = nil
        let text = self.text, measurer = self.measurer, keepAll = options.keepAll
        let smallest = 1.0 / 64
        let answer = FitWidthSearch.fitWidth(from: width, probe: { w in
            let lines: [LineFragment]
            do throws(TextLayoutError) {
                lines = try _TextWrapping.lines(text, width: w, measurer: measurer, keepAll: keepAll)
            } catch {
                failure = error
                return FitWidthSearch.Probe(lines: 0, tightest: w)
            }
            let widest = lines.reduce(0.0) { Swift.max($0, $1.width) }
            return FitWidthSearch.Probe(lines: lines.count, tightest: Swift.min(w, Swift.max(widest, smallest)),
                                        overflows: widest > w + Swift.max(1, w) * 1e-9)
        }, below: { w in
            // Below the wrapper's tolerance for float sums (width × 1e-9).
            w.isFinite ? w - Swift.max(1, w) * 1e-7 : w
        })
        if let failure { throw failure }
        return Swift.max(answer, smallest)
    }
}
