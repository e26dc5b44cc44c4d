import Synchronization

/// The clamp's part of a prepared text: the ellipsis Chromium draws after its last line
/// shown, and where a left-to-right line without tabs is cut for it, by arithmetic on the
/// prepared advances (what `_Truncation.clusters(of:onLine:)` and `_Truncation.cut` find on
/// any line, without making the line's graphemes).
struct EllipsisCut {
    let text: ShapedText

    init(_ text: ShapedText) {
        self.text = text
    }

    /// The ellipsis: "…" shaped in the primary font, or "..." when that font has no glyph
    /// for it; its advance rounded up to a layout unit. Shaped once per prepared text (two
    /// threads may both shape it; they store the same value).
    func ellipsis() -> (text: String, width: Double) {
        let cache = text.edgeCache
        var packed = cache.ellipsis.load(ordering: .relaxed)
        if packed == 0 {
            let shaper = text.shaper
            func advance(_ s: String) -> (Int64, Bool)? {
                guard let shaped = try? shaper.shape(s) else { return nil }
                let total = shaped.advances.reduce(Int64(0)) { $0 + Int64($1) }
                return (total, shaped.runs.allSatisfy { $0.face == 0 })
            }
            // Bit 0: "..." instead of "…"; bit 1: computed; the advance above them.
            if let (w, primary) = advance("\u{2026}"), primary, w > 0 {
                packed = _LayoutUnit.ceil(w) << 2 | 2
            } else {
                packed = _LayoutUnit.ceil(advance("...")?.0 ?? 0) << 2 | 3
            }
            cache.ellipsis.store(packed, ordering: .relaxed)
        }
        return (packed & 1 == 0 ? "\u{2026}" : "...", _LayoutUnit.pixels(packed >> 2))
    }

    /// Whether lines of the text are cut by `cut` (no right-to-left run, no tab).
    var isArithmetic: Bool { text.storage.head.pointee.isLeftToRight && !text.hasTabs }

    /// The right edge of the line from UTF-8 `start` to `contentEnd` (its caret stops'
    /// last x), in pixels.
    func right(start: Int, contentEnd: Int) -> Double {
        let s = text.boundary(of: start), e = text.boundary(of: contentEnd)
        return e > s ? _LayoutUnit.pixels(text.x[e] - text.x[s] + text.lineStartShift(at: s)) : 0
    }

    /// The graphemes kept of the line from boundary `s` to its content end `e` (their UTF-8
    /// end) and where the ellipsis starts, as `_Truncation.cut` finds them; `hyphen` widens
    /// the line's last grapheme (a soft hyphen's hyphen).
    ///
    /// - Complexity: O(log length of the line).
    func cut(s: Int, e: Int, width: Double, ellipsisWidth: Double, hyphen: Double) -> (end: Int, x: Double) {
        let offsets = text.offsets
        guard e > s else { return (Int(offsets[s]), 0) }
        let shift = text.lineStartShift(at: s)
        let x = text.x
        func right(_ k: Int) -> Double { _LayoutUnit.pixels(x[k] - x[s] + shift) + (k == e ? hyphen : 0) }
        let room = width - ellipsisWidth + 1e-9
        if right(e) <= room { return (Int(offsets[e]), right(e)) }
        var lo = s + 1, hi = e   // the first boundary whose right edge passes the room
        while lo < hi {
            let mid = (lo + hi) / 2
            if right(mid) <= room { lo = mid + 1 } else { hi = mid }
        }
        var k = lo - 1
        while k > s + 1 && text.has(k, ShapedText.Flags.insideGlyph) { k -= 1 }
        k = Swift.max(k, s + 1)
        return (Int(offsets[k]), right(k))
    }
}
