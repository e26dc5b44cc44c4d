/// Caret geometry on shaped lines: x from the prepared cluster advances (logical order).
extension ShapedText {
    /// The caret's x at UTF-8 `offset` on the line starting at `lineStart`, in pixels.
    func caretX(lineStart: Int, offset: Int) -> Double {
        let s = boundary(of: lineStart)
        let e = boundary(of: offset)
        return _LayoutUnit.pixels(caretAdvance(from: s, to: e))
    }

    /// The advance from boundary `s` to `e` on one line (tabs at their stops): where the
    /// line's glyphs put the caret. The prepared advances hold inside the line; only the
    /// line's first cluster can lose a width its left context gave it (an opening bracket set
    /// in half width after other punctuation is whole at a line's start), so where the line
    /// starts at a boundary that is not safe to break, the stretch up to the first safe
    /// boundary is shaped again on its own and the difference moves every caret after it.
    func caretAdvance(from s: Int, to e: Int) -> Int64 {
        if e <= s { return 0 }
        let shift = lineStartShift(at: s)
        if hasTabs { return walkingTabs(from: s, to: e) { a, b in x[b] - x[a] + (a == s ? shift : 0) } }
        return x[e] - x[s] + shift
    }

    /// How much wider the clusters from a line start at boundary `s` up to the first safe
    /// boundary are when shaped from there than in the prepared text (0 where `s` is safe).
    func lineStartShift(at s: Int) -> Int64 {
        let last = offsets.count - 1
        guard s < last, has(s, Flags.unsafe) else { return 0 }
        var t = s + 1
        while t < last && has(t, Flags.unsafe) { t += 1 }
        return reshaped(from: s, to: t) - (x[t] - x[s])
    }

    /// Calls `body` with each boundary of the line `[lineStart, contentEnd]` and its x in
    /// pixels, until `body` returns false (the caret stops of `LineLayout`).
    func forEachCaretStop(lineStart: Int, contentEnd: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) {
        let s = boundary(of: lineStart)
        let end = boundary(of: contentEnd)
        // The line's start measured on its own (see `caretAdvance(from:to:)`).
        var advance: Int64 = lineStartShift(at: s)
        guard body(Int(offsets[s]), 0) else { return }
        var k = s
        while k < end {
            advance = hasTabs && has(k, Flags.tab) ? shaper.tabStop(afterFixed: advance) : advance + x[k + 1] - x[k]
            k += 1
            guard body(Int(offsets[k]), _LayoutUnit.pixels(advance)) else { return }
        }
    }
}
