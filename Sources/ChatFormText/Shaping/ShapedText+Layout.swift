/// Wrapping a prepared text at a width: greedy first-fit over the browser's break
/// opportunities, by arithmetic on the prepared advances (SPEC §2, §2.1).
extension ShapedText {
    /// Lays the prepared text out at `width` pixels (`.infinity`: no wrapping).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + lines), plus, in styled text, the items a
    ///   line's closely looked-at entries cross; no shaping except at line edges that are not
    ///   safe to break.
    public func layout(width: Double) throws(TextLayoutError) -> TextLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        var wrapped = wrap(width: width)
        if roundsBidiRuns { roundBidiRuns(&wrapped.lines) }
        return TextLayout(shaped: self, width: width, lines: wrapped.lines, bottoms: wrapped.bottoms)
    }

    /// The number of lines and the height at `width`, without making the lines: what a
    /// table needs of a row it does not show, a server of a message it precomputes.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + lines), no allocation.
    public func measure(width: Double) throws(TextLayoutError) -> (lineCount: Int, height: Double) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        var tally = LineTally(heights: true, browserWidths: false)
        forEachLine(width: width, visitor: &tally)
        tally.finish(self)
        return (tally.count, tally.height)
    }

    /// The lines at `width` and the bottom of each line (in pixels from the top), each
    /// line's width its content's (a line's bidi runs rounded apart: `roundBidiRuns`).
    func wrap(width: Double, linear: Bool = false) -> (lines: [LineFragment], bottoms: [Double]) {
        var collector = LineCollector()
        forEachLine(width: width, linear: linear, visitor: &collector)
        return collector.finish(self)
    }

    /// Each bidi run's piece of a line rounded apart (see `browserLineWidth`).
    func roundBidiRuns(_ lines: inout [LineFragment]) {
        for k in lines.indices where lines[k].width > 0 {
            let w = Int64((lines[k].width * 65536).rounded())
            lines[k].width = _LayoutUnit.pixels(browserLineWidth(from: boundary(of: lines[k].start), to: boundary(of: lines[k].end), w))
        }
    }

    /// Greedy first-fit: has `visitor` visit each line in order (see `LineBreaker`). Text ending in a mandatory break gets no visit for the empty line after
    /// it. With `linear`, every break entry is looked at in turn: the same lines, slower (for
    /// tests).
    @inline(__always)
    func forEachLine<Visitor: LineVisitor>(width: Double, linear: Bool = false, visitor: inout Visitor) {
        if storage.head.pointee.isItemized {
            forEachItemizedLine(width: width, linear: linear, visitor: &visitor)
        } else {
            LineBreaker(text: self).forEachLine(width: width, linear: linear, PlainLineSum(), visitor: &visitor)
        }
    }

    /// `forEachLine` for styled text, out of line: each caller inlines the plain walk alone,
    /// as small as it was before styled text (a second inlined walk made its appends calls).
    @inline(never)
    private func forEachItemizedLine<Visitor: LineVisitor>(width: Double, linear: Bool, visitor: inout Visitor) {
        // The item steps as a pointer, narrow or wide, valid for the walk (see `ItemLineSum`;
        // `self` keeps them); none where an advance is negative.
        let c = storage.head.pointee.columns
        let at = storage.base + Int(c.itemSteps)
        if c.itemStepCount != 0 && c.narrowItemSteps {
            let sum = ItemLineSum(itemSteps: NarrowItemSteps(base: at.assumingMemoryBound(to: NarrowItemStep.self)))
            LineBreaker(text: self).forEachLine(width: width, linear: linear, sum, visitor: &visitor)
        } else {
            let steps = c.itemStepCount == 0 ? nil : WideItemSteps(base: at.assumingMemoryBound(to: ItemStep.self))
            LineBreaker(text: self).forEachLine(width: width, linear: linear, ItemLineSum(itemSteps: steps), visitor: &visitor)
        }
        withExtendedLifetime(storage) {}
    }

    /// The width the browser shows for the line from boundary `s` to `e` whose content
    /// wrapping measured as `w` (1/65536 pixel, a whole number of layout units): each run
    /// of one bidi level on the line is a box of its own whose width is rounded up to a
    /// layout unit, so a line mixing directions can be up to a unit wider per run than its
    /// content rounded once (as the fixtures' recorded line widths show). The fit of a line
    /// does not change (it is measured on the exact sum).
    @inline(__always)
    func browserLineWidth(from s: Int, to e: Int, _ w: Int64) -> Int64 {
        guard w > 0, roundsBidiRuns else { return w }
        return w + itemRoundingSurplus(from: s, to: e)
    }

    /// Whether a line's width rounds its bidi runs apart (see `browserLineWidth`).
    var roundsBidiRuns: Bool { hasSeveralLevels && !hasTabs && !storage.head.pointee.isItemized }
}
