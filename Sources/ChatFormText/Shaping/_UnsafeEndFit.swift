/// The fit checks at a line end HarfBuzz marks unsafe to break, as Chromium makes them
/// (`ShapingLineBreaker` reshapes such an end and keeps the break only when the reshaped
/// line fits), over one prepared text. The line breaker asks them only for line ends at
/// unsafe boundaries; the common scan never reaches here.
struct _UnsafeEndFit {
    let text: ShapedText

    /// Whether the line from boundary `a` whose content ends at unsafe boundary `b` fails
    /// Chromium's checks there, each width plus `frac` against `fit` (the most a line may
    /// be): first `candidateWidth`, then `reshapedEndWidth` from the paragraph's start
    /// `origin`. In text with tabs the reshaped end is not checked, nor the candidate where
    /// a tab lies on the line (its width is the tab stops', not the advances').
    @inline(__always)
    func overflows(from a: Int, to b: Int, origin: Int, frac: Int64, fit: Int64, hasTabs: Bool) -> Bool {
        if !(hasTabs && text.containsTab(from: a, to: b)) && candidateWidth(from: a, to: b) + frac > fit { return true }
        guard !hasTabs, let end = reshapedEndWidth(from: a, to: b, origin: origin) else { return false }
        return end + frac > fit
    }

    /// The width Chromium finds a line's end candidate with: the prepared advances up to
    /// boundary `b` (not reshaped there, though the line's start is), so a break after a
    /// cluster whose advance kerning widened in context is not taken even when the cluster
    /// alone would fit.
    func candidateWidth(from a: Int, to b: Int) -> Int64 {
        guard text.has(a, ShapedText.Flags.unsafe) else { return text.x[b] - text.x[a] }
        var t = a + 1
        while t < b && text.has(t, ShapedText.Flags.unsafe) { t += 1 }
        if t >= b { return text.pieceWidth(from: a, to: b) }
        return text.reshaped(from: a, to: t) + text.x[b] - text.x[t]
    }

    /// The width Chromium checks a line against when the line's content ends at an unsafe
    /// boundary `b` (its `ShapingLineBreaker` reshapes the line's end from the last safe
    /// boundary `u` before `b`): the item's cached character positions, each rounded up to a
    /// layout unit from the item's start `origin`, to `u` (from the line's start `a`, or from
    /// its reshaped start where `a` is unsafe), plus the reshaped end's exact advance. Nil
    /// where the whole line is reshaped (no safe boundary inside it). The line breaker passes
    /// the paragraph's start as `origin`: Chromium's text item for plain text; for styled
    /// text Chromium rounds from each span's start, which no fixture has told apart yet.
    func reshapedEndWidth(from a: Int, to b: Int, origin: Int) -> Int64? {
        var u = b - 1
        while u > a && text.has(u, ShapedText.Flags.unsafe) { u -= 1 }
        let startUnsafe = text.has(a, ShapedText.Flags.unsafe)
        var t = a
        if startUnsafe {
            t = a + 1
            while t < u && text.has(t, ShapedText.Flags.unsafe) { t += 1 }
        }
        if u <= t && (startUnsafe || u <= a) { return nil }
        let o = text.x[origin]
        let head = startUnsafe
            ? _LayoutUnit.ceil(text.reshaped(from: a, to: t)) + _LayoutUnit.ceil(text.x[u] - o) - _LayoutUnit.ceil(text.x[t] - o)
            : _LayoutUnit.ceil(text.x[u] - o) - _LayoutUnit.ceil(text.x[a] - o)
        return head + text.pieceWidth(from: u, to: b)
    }
}

extension ShapedText {
    /// The fit checks at unsafe line ends over this text.
    var unsafeEnds: _UnsafeEndFit { _UnsafeEndFit(text: self) }
}
