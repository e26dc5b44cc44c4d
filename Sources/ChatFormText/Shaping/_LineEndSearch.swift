internal import CChatFormPrefetch

// Where a line ends: the last entry of a stretch whose content end fits. The line walks
// (`measureNarrow`, `measureStyled`, `plainLines`) take about as many entries a line at one
// width, so `plainLines` looks from the previous line's span on and `measureNarrow` from 3
// entries past it; `measureStyled` tries the last entry before the line's next item (it fits
// on most lines), else looks from the line's first entry (a guess from the span added
// instructions there and no fewer mispredicts), and past that item scans from 2 entries
// past the previous line's span (`NarrowItemSteps.lastCrossing`). A scan's branches (`scanFit`) are
// mispredicted now and then; a count by compare (`NarrowLineSteps.lastFit`) has none but
// makes the next line wait for this one's end. Where a line's walk does more than find its
// end (`plainLines` visits it, `measureStyled` crosses items) the compare is faster; in
// `measureNarrow`'s bare loop the scan. Wide steps (long or very wide texts) are scanned.

extension NarrowLineSteps {
    /// The last entry of `j..<end` whose content end is at most `threshold`, where the
    /// entry at `j` fits and content ends only grow along `j..<end` (a stretch of plain
    /// entries, `LineStep.nextComplex`; or a part of one). Looked for among the 8 entries
    /// from 4 before `guess` (in `j..<end`), then 8 more at a time on or back while all or
    /// none fit: a compare (`cfp_narrow_steps_fitting`) counts the entries before the first
    /// over, so entries past `end` count only after all of the stretch's: cut to `end - 1`.
    /// No branch on the data where the line's end is within 4 entries before `guess` and 3
    /// after (4 gave the fewest mispredicted branches on a chat's lines, Noto Sans 16, in
    /// callgrind's model, `measure(width:)` by compare: 3 and 5 1% more, 2 4% more).
    ///
    /// A compare reads 8 entries from one before `end`, up to 64 bytes past the last entry:
    /// `ShapedColumns` keeps them in the storage (never the cache slot a thread may write).
    ///
    /// - Complexity: O(1 + |the result − `guess`| / 8).
    @inline(__always)
    func lastFit(from j: Int, guess: Int, end: Int, threshold: Int64) -> Int {
        // (Exact: a narrow content end is an `Int32`, the entry at `j`'s at most `threshold`.)
        let t = Int32(clamping: threshold)
        @inline(__always)
        func fitting(_ w: Int) -> Int { cfp_narrow_steps_fitting(base + w &* MemoryLayout<NarrowLineStep>.stride, t) }
        var w = Swift.max(j, guess &- 4)
        var c = fitting(w)
        if c == 8 {
            // (On only while the next 8 start before `end`.)
            while w &+ 8 < end {
                w &+= 8
                c = fitting(w)
                if c != 8 { break }
            }
        } else if c == 0 {
            // (The entry at `j` fits: this stops there at the latest.)
            repeat { w = Swift.max(j, w &- 8); c = fitting(w) } while c == 0
        }
        return Swift.min(w &+ c &- 1, end &- 1)
    }
}

extension NarrowLineSteps {
    /// `lastFit` where the whole of `j..<end` likely fits (a styled line's piece up to its
    /// next item, as on most lines): the entry at `end - 1` checked first, and where it fits
    /// so does every entry before it (content ends only grow along `j..<end`).
    ///
    /// - Complexity: O(1) where the last entry fits, else `lastFit`'s from `j`.
    @inline(__always)
    func lastFit(from j: Int, likelyAll end: Int, threshold: Int64) -> Int {
        if Int64(self[end &- 1].contentX) <= threshold { return end &- 1 }
        return lastFit(from: j, guess: j, end: end, threshold: threshold)
    }
}

extension WideLineSteps {
    /// `NarrowLineSteps.lastFit`, one entry at a time (`scanFit`).
    @inline(__always)
    func lastFit(from j: Int, guess: Int, end: Int, threshold: Int64) -> Int {
        scanFit(from: j, guess: guess, end: end, threshold: threshold)
    }
}

extension LineStepReader {
    /// The entry `lastFit` finds, found one entry at a time from `guess`: on by 4 then by
    /// 1, or back by 1. Its branches depend on the data, but a predictor that guesses them
    /// right lets the next line start before this one's end is known, which a count by
    /// compare (`NarrowLineSteps.lastFit`) cannot: `measureNarrow`, whose loop does little
    /// else a line, is 1.7 times slower by that count on a Zen 4 (chat messages, Noto Sans 16).
    ///
    /// - Complexity: O(1 + |the result − `guess`|).
    @inline(__always)
    func scanFit(from j: Int, guess: Int, end: Int, threshold: Int64) -> Int {
        assert(j <= guess && guess < end && self[j].contentX <= threshold)
        var lo = guess
        if self[lo].contentX <= threshold {
            while lo &+ 4 < end && self[lo &+ 4].contentX <= threshold { lo &+= 4 }
            while lo &+ 1 < end && self[lo &+ 1].contentX <= threshold { lo &+= 1 }
        } else {
            // (The entry at `j` fits: this stops there at the latest.)
            repeat { lo &-= 1 } while self[lo].contentX > threshold
        }
        return lo
    }
}
