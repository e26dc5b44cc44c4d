/// The search behind `fitWidth` (SPEC §2.1): the smallest width at which a text lays out in
/// as many lines as at a given width.
///
/// Greedy wrapping gives the same lines at every width from a layout's tightest width (the
/// smallest at which each of its lines still fits) up to the width it was made at: each line
/// still fits, and the next segment, which did not fit at the larger width, does not fit at
/// a smaller one. So the widths worth trying are those tightest widths, which the break
/// entries define (a line's content width, from its start to a place it may end): the
/// search lays out at the tightest width of the layout it holds, then just below it; where
/// the line count is still the same it takes the new layout's tightest width, and so on.
/// Chat messages end after two or three of these steps; past a few, the rest is a bisection
/// between a width known to give more lines and one known to give as many, each probe
/// snapped to the tightest width of its layout.
///
/// Line counts are assumed not to grow when the width does, as greedy wrapping guarantees
/// where a piece of text is never wider from a later start; where shaping breaks that (a
/// kerned edge reshaped at a line start), the answer still gives the same line count, and
/// the width just below it gives more.
enum FitWidthSearch {
    /// One probe's answer: the line count at a width, its layout's tightest width, and
    /// whether a line is wider than the width (a grapheme too wide for it alone).
    struct Probe {
        var lines: Int
        var tightest: Double
        var overflows = false
    }

    /// The smallest width from `width` down giving `probe(width).lines` lines, none of
    /// them wider than it (below the widest grapheme every line still holds one, overflowing:
    /// no bubble is that narrow). When a line overflows at `width` already, `width`.
    ///
    /// - Parameters:
    ///   - probe: lays out at a width; returns the line count and the tightest width of
    ///     that layout (a width that gives the same lines, at most the width probed).
    ///   - below: the next width worth trying below a width (one layout unit less, or a
    ///     width just under it that a float tolerance does not round back up).
    ///   - snap: rounds a bisection midpoint to a width worth trying (down to a layout unit).
    /// - Complexity: O(log(width / unit)) probes at most, usually two or three.
    static func fitWidth(from width: Double, probe: (Double) -> Probe, below: (Double) -> Double,
                         snap: (Double) -> Double = { $0 }) -> Double {
        let first = probe(width)
        if first.overflows { return width }
        let n = first.lines
        func same(_ p: Probe) -> Bool { p.lines == n && !p.overflows }
        // At an infinite width, lines end at mandatory breaks only; so they do at any
        // width their widest line fits.
        var hi = width.isFinite ? width : first.tightest * 2 + 1       // gives n lines
        var lo = 0.0                // gives more (a width of 0 is never laid out)
        var tightest = first.tightest
        var step = 0
        while true {
            // The layout at `hi` holds down to its tightest width.
            if tightest < hi && tightest > lo {
                let p = probe(tightest)
                if same(p) {
                    hi = tightest
                    tightest = p.tightest
                    continue
                }
                // The estimate was too tight (a rounding it does not model): what it says
                // about the count still holds.
                if p.lines > n || p.overflows { lo = tightest }
            }
            tightest = hi
            let next = below(hi)
            if !(next > lo) { return hi }
            step += 1
            // Just below first (the widest line's width is usually the answer), then bisect.
            var at = next
            if step > 3 {
                let mid = snap((lo + hi) / 2)
                if mid > lo && mid < next { at = mid }
            }
            let p = probe(at)
            if same(p) {
                hi = at
                tightest = p.tightest
            } else if at == next {
                return hi
            } else {
                lo = at
            }
        }
    }
}

/// The search on a prepared text: its probes lay the text out with `LineTally` (no lines
/// made, no shaping), at widths in whole layout units (1/64 px).
extension FitWidthSearch {
    /// `ShapedText.fitWidth(width:)` for a width already checked.
    ///
    /// - Complexity: O(log(width × 64)) layouts at most, no allocation.
    static func fitWidth(of shaped: ShapedText, checkedWidth width: Double) -> Double {
        let unit = 1.0 / 64
        return fitWidth(from: width, probe: { w in
            var tally = LineTally(heights: false)
            shaped.forEachLine(width: w, visitor: &tally)
            tally.finish(shaped)
            let fit = _LayoutUnit.fitLimit(width: w)
            // A line whose content rounds up to c layout units fits from c - 1 units on.
            let tightest = Swift.max(unit, _LayoutUnit.pixels(tally.widest) - unit)
            return Probe(lines: tally.count, tightest: Swift.min(tightest, floorToUnit(w)), overflows: tally.widest > fit)
        }, below: { w in floorToUnit(w) - unit }, snap: { floorToUnit($0) })
    }

    /// `width` rounded down to a layout unit (the widths a line's fit tells apart).
    static func floorToUnit(_ width: Double) -> Double {
        width.isFinite ? (width * 64).rounded(.down) / 64 : width
    }
}

/// The search on a text that is not prepared (cells, fixed or custom metrics): each probe
/// wraps the text again with its measurer.
extension FitWidthSearch {
    /// `TextLayout.fitWidth()` for `text` laid out at `width` with `measurer` and `options`.
    ///
    /// - Throws: `.icu` if ICU fails while wrapping again.
    /// - Complexity: O(n) a probe, O(log(width)) probes at most.
    static func fitWidth(of text: String, width: Double, measurer: Measurer,
                         options: TextLayoutOptions) throws(TextLayoutError) -> Double {
        var failure: TextLayoutError? = nil
        let keepAll = options.keepsAll
        let smallest = 1.0 / 64
        let answer = fitWidth(from: width, probe: { w in
            let lines: [LineFragment]
            do throws(TextLayoutError) {
                lines = try _TextWrapping.lines(text, width: options.wrapWidth(w), measurer: measurer, keepAll: keepAll)
            } catch {
                failure = error
                return Probe(lines: 0, tightest: w)
            }
            let widest = lines.reduce(0.0) { Swift.max($0, $1.width) }
            return Probe(lines: lines.count, tightest: Swift.min(w, Swift.max(widest, smallest)),
                         overflows: widest > w + Swift.max(1, w) * 1e-9)
        }, below: { w in
            // Below the wrapper's tolerance for float sums (width × 1e-9).
            w.isFinite ? w - Swift.max(1, w) * 1e-7 : w
        })
        if let failure { throw failure }
        return Swift.max(answer, smallest)
    }
}
