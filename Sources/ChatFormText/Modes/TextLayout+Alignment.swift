/// Where each line sits in the width under `text-align` (`TextModes.textAlign`): an x offset
/// per line, computed from the line's content width; alignment never changes a break. Each
/// query reads the line under its alignment (`_AlignedLine`).
extension TextLayout {
    /// The x of line `index`'s left edge from the layout's left edge: 0 for `start` and
    /// `justify` (and at an infinite width); the width less the line's aligned width for
    /// `end`, half of that (rounded down to 1/64) for `center`. A line wider than the width
    /// starts at 0. The aligned width is the content's (`LineFragment.width`); white space
    /// ending a line at a mandatory break or the text's end hangs only where it does not fit
    /// (CSS's conditional hanging, as Chromium aligns `pre-wrap` lines), so it counts up to
    /// the width.
    ///
    /// - Complexity: O(1) for `start` and `justify`; for `end` and `center`, O(the line's
    ///   length) on a line ending at a mandatory break or the text's end.
    public func lineX(_ index: Int) -> Double { _AlignedLine(self, index).x }

    /// How `text-align: justify` fills line `index`: its expansion opportunities (after
    /// each space in its content, before and after each CJK ideograph or symbol, counted as
    /// Blink counts them) and the width each one gets: the width left after the line's
    /// content, its inline items rounded up to a layout unit each as Blink sums them (spaces
    /// opening a paragraph are an item of their own).
    /// A paragraph's last line, a line ending at a mandatory break, a line without an
    /// opportunity, a line at least as wide as the width and every line under another
    /// alignment get (0, 0).
    ///
    /// - Complexity: O(the line's length).
    public func justification(ofLine index: Int) -> (opportunities: Int, extra: Double) {
        _AlignedLine(self, index).justification
    }

    /// The right edge of line `index`'s content: `lineX` plus its width, justified.
    ///
    /// - Complexity: O(the line's length) for `justify`, else O(1).
    public func lineRight(_ index: Int) -> Double { _AlignedLine(self, index).right }

    /// The x of the grapheme boundary `offset` on line `index` from the layout's left edge,
    /// as drawn: ``caretX(onLine:at:)``, which under every alignment includes the line's x
    /// and, under `justify`, the extra width of every expansion opportunity before it.
    ///
    /// - Throws: as `caretX(onLine:at:)`.
    /// - Complexity: O(the line's length).
    public func alignedX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        try caretX(onLine: index, at: offset)
    }
}
