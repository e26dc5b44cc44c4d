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
        let wrapped = wrap(width: width)
        return TextLayout(shaped: self, width: width, lines: wrapped.lines, bottoms: wrapped.bottoms)
    }

    /// The number of lines and the height at `width`, without making the lines: what a
    /// table needs of a row it does not show, a server of a message it precomputes.
    ///
    /// Inlined, so that the width's fit is found once for a loop at one width; the common
    /// lines are `_MeasureProgress.counting`'s, the rest `finish`'s.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + lines), no allocation.
    @inlinable
    public func measure(width: Double) throws(TextLayoutError) -> (lineCount: Int, height: Double) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        let progress = _MeasureProgress.counting(self, fit: _LayoutUnit.fitLimit(width: width))
        return progress.isDone ? (progress.lineCount, progress.height) : progress.finish(self, width: width)
    }

    /// The lines at `width` and the bottom of each line (in pixels from the top), each
    /// line's width its content's (each inline item's piece rounded apart: `LineSum`).
    func wrap(width: Double, linear: Bool = false) -> (lines: [LineFragment], bottoms: [Double]) {
        var collector = LineCollector()
        forEachLine(width: width, linear: linear, visitor: &collector)
        return collector.finish(self)
    }

    /// Greedy first-fit: has `visitor` visit each line in order (see `LineBreaker`). Text ending in a mandatory break gets no visit for the empty line after
    /// it. With `linear`, every break entry is looked at in turn: the same lines, slower (for
    /// tests).
    @inline(__always)
    func forEachLine<Visitor: LineVisitor>(width: Double, linear: Bool = false, visitor: inout Visitor) {
        if storage.head.pointee.isItemized {
            forEachItemizedLine(width: width, linear: linear, visitor: &visitor)
        } else {
            // Most lines of plain text first (`LineBreaker.plainLines`), the rest by the walk.
            var start = LineWalkStart()
            if linear || !LineBreaker.plainLines(self, width: width, visitor: &visitor, &start) {
                LineBreaker(text: self).forEachLine(width: width, linear: linear, PlainLineSum(), from: start, visitor: &visitor)
            }
        }
    }

    /// `forEachLine` for itemized text (styled or mixed-direction: `_ItemBoundaries`), out of
    /// line: each caller inlines the plain walk alone, as small as it was before styled text
    /// (a second inlined walk made its appends calls).
    @inline(never)
    func forEachItemizedLine<Visitor: LineVisitor>(width: Double, linear: Bool, from start: LineWalkStart = LineWalkStart(),
                                                           visitor: inout Visitor) {
        // The item steps as a pointer, narrow or wide, valid for the walk (see `ItemLineSum`;
        // `self` keeps them); none where an advance is negative.
        let c = storage.head.pointee.columns
        let at = storage.base + Int(c.itemSteps)
        if c.itemStepCount != 0 && c.narrowItemSteps {
            let sum = ItemLineSum(itemSteps: NarrowItemSteps(base: at.assumingMemoryBound(to: NarrowItemStep.self)))
            LineBreaker(text: self).forEachLine(width: width, linear: linear, sum, from: start, visitor: &visitor)
        } else {
            let steps = c.itemStepCount == 0 ? nil : WideItemSteps(base: at.assumingMemoryBound(to: ItemStep.self))
            LineBreaker(text: self).forEachLine(width: width, linear: linear, ItemLineSum(itemSteps: steps), from: start, visitor: &visitor)
        }
        withExtendedLifetime(storage) {}
    }
}
