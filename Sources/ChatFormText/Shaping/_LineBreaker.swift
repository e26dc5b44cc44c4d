/// Greedy first-fit over a prepared text's break opportunities, by arithmetic on the prepared
/// advances (SPEC §2, §2.1): one walk for plain and styled text, the line's width summed by
/// a `LineSum` (plain text rounds a line once, styled text each inline item's piece).
///
/// A line's end is found by scanning the `LineStep`s of a stretch of plain entries (content
/// ends only grow along it) for the last that fits; the entries the scan cannot decide
/// (`LineStep.nextComplex`: a mandatory break, an unsafe edge, a soft hyphen, a flush mark)
/// are measured one at a time. Styled text scans the same way: up to the first entry whose
/// content crosses the next item's start on prepared advances, then on past every whole
/// item at once on `ItemStep.roundedX`.
struct LineBreaker {
    let text: ShapedText

    /// Has `visitor` visit each line, in order (see `LineVisitor`), summed by `initialSum`
    /// (a sum no line has started yet), until it is done (`LineVisitor.isDone`). Text
    /// ending in a mandatory break gets no visit for the empty line after it. With `linear`,
    /// every break entry is looked at in turn, without the scan: the same lines, slower (for
    /// tests). From `start` (the text's start by default), where `plainLines` stopped: no
    /// mandatory break lies before it.
    ///
    /// - Complexity: O(break entries + lines), plus the items a line's complex entries cross.
    @inline(__always)
    func forEachLine<Sum: LineSum, Visitor: LineVisitor>(width: Double, linear: Bool, _ initialSum: Sum, from start: LineWalkStart = LineWalkStart(),
                                                          visitor: inout Visitor) {
        let text = self.text
        // The fit and the line heights as `plainLines` has them (`LineSetup`). A line fits
        // when its content is at most the width (in whole layout units) + 1/64; one ending
        // at an unsafe boundary also as Chromium checks its reshaped end
        // (`_UnsafeEndFit.overflows`).
        let setup = LineSetup(text.storage, width: width)
        let uniform = setup.uniform, fit = setup.fit
        let strutAscent = setup.strutAscent, strutDescent = setup.strutDescent
        // `overflow-wrap: normal`: a word wider than the line overflows it, unbroken.
        let overflows = text.storage.head.pointee.options.modes.overflowWrap == .normal
        let last = text.lastBoundary
        let entries = text.breakEntries
        let x = text.x
        let hasTabs = text.hasTabs
        let textOpeningRound = text.textOpeningRound
        let stepCount = entries.count
        // (None where the height is uniform.)
        let boxes = setup.boxes
        // The steps narrow or wide (`ShapedColumns.narrowSteps`): the walk specialized for each.
        func walk<Steps: LineStepReader>(_ steps: Steps) {
        var sum = initialSum
        var s = start.s
        var sx = start.sx
        var paragraphStart = 0
        var sOpening: Int64 = 0
        var sSafe = true
        var sAtBreak = start.atBreak
        // The break entry whose boundary is `s` (the entry count: the text's start; -1: a
        // boundary inside a word).
        var sStep = start.s == 0 ? stepCount : start.step
        var bi = start.next
        lines: while s < last && !visitor.isDone {
            // Entries only grow, and the last ends the text: one is past `s`.
            while Int(steps[bi].boundary) <= s { bi += 1 }
            var chosen = -1
            var chosenWidth: Int64 = 0
            var j = bi
            var ascent = strutAscent, descent = strutDescent
            var chosenBox = 0.0
            var endsFlush = false
            // White space that opens a paragraph is rounded apart (see `openingRound`).
            let frac: Int64 = s == paragraphStart ? (s == 0 ? textOpeningRound : sOpening) : 0
            sum.startLine(text, at: s, step: sStep)
            if sSafe && !hasTabs && !linear {
                // A stretch of plain entries: the last that fits, scanned four at a time (a
                // line spans a few dozen entries at most; a scan mispredicts a branch twice a
                // line where a binary search does at every step). Styled text: up to the first
                // entry past the next item's start (`split`), then on by the items' sums.
                var end = Int(steps[j].nextComplex)
                var lo = j - 1
                let split = sum.headEnd(end)
                let threshold = fit == .max ? .max : sx - frac + fit
                if split > j && steps[j].contentX <= threshold {
                    lo = j
                    while lo + 4 < split && steps[lo + 4].contentX <= threshold { lo += 4 }
                    while lo + 1 < split && steps[lo + 1].contentX <= threshold { lo += 1 }
                }
                if lo + 1 == split && split < end {
                    if let crossed = sum.scan(from: split, to: end, fit: fit, frac: frac) { lo = crossed } else { end = split }
                }
                if lo >= j {
                    if let boxes {
                        (ascent, descent) = boxes.union(from: j, through: lo, ascent, descent)
                        chosenBox = Double(ascent) + Double(descent)
                    }
                    let step = steps[lo]
                    let raw = step.contentX - sx
                    let crosses = Sum.sumsItems && lo >= split
                    if lo + 1 < end || lo + 1 == stepCount {
                        // The next entry is plain and does not fit, or this one ends the
                        // text: the line ends here, at a plain entry (safe, no mandatory
                        // break), without reading its entry. Its content is empty only where
                        // the line is hanging white space, whose advance is not negative.
                        let w = crosses ? sum.crossedWidth(lo) : raw > 0 ? _LayoutUnit.ceil(raw) : 0
                        visitor.visit(text, s, Int(step.boundary), w, false, uniform ?? (sAtBreak ? chosenBox : nil))
                        sAtBreak = true
                        s = Int(step.boundary)
                        sx = x[s]
                        sSafe = true
                        sStep = lo
                        bi = lo + 1
                        continue lines
                    }
                    chosen = lo
                    chosenWidth = crosses ? sum.crossedWidth(lo) : Int(entries[lo].contentEnd) > s ? _LayoutUnit.ceil(raw) : 0
                    j = lo + 1
                }
            }
            while j < entries.count {
                let entry = entries[j]
                let step = steps[j]
                let ce = Int(entry.contentEnd)
                var w: Int64 = 0
                var hangs = false
                if ce > s {
                    let hyphen = entry.flags & BreakEntry.hyphenated != 0 ? text.hyphenAdvance : 0
                    let raw = sSafe && entry.flags & BreakEntry.contentEndUnsafe == 0 && !hasTabs
                        ? step.contentX - sx
                        : text.rawWidth(from: s, to: ce) + hyphen
                    w = sum.width(text, to: ce, raw: raw, hyphen: hyphen)
                    if w <= fit && raw + frac > fit { w = fit + 1 }
                    if w <= fit && entry.flags & BreakEntry.contentEndUnsafe != 0
                        && text.unsafeEnds.overflows(from: s, to: ce, origin: paragraphStart, frac: frac, fit: fit, hasTabs: hasTabs) {
                        w = fit + 1
                    }
                    if w > fit && entry.endTrim > 0 && ce - 1 > s {
                        // Closing punctuation straddling the line's end is set flush when
                        // that lets it fit (CSS `text-spacing-trim: normal`, as Chromium
                        // applies it: only to the mark the width ends in).
                        let prefix = hasTabs ? text.rawWidth(from: s, to: ce - 1) : x[ce - 1] - sx
                        let trimmed = _LayoutUnit.ceil(raw - Int64(entry.endTrim))
                        if prefix + frac <= fit && trimmed + frac <= fit {
                            w = trimmed
                            endsFlush = true
                        }
                    }
                    // An end edge after the white space the line ends in is not fitted
                    // (`BreakEntry.hangingEdge`): the line ends here, wider than the width.
                    let edge = Int64(entry.hangingEdge)
                    if w > fit && edge > 0 && entry.flags & BreakEntry.contentEndUnsafe == 0 && w - edge <= fit
                        && raw - edge + frac <= fit { hangs = true }
                }
                // Nothing fits: no line ends inside a glyph cluster break-all split.
                if w > fit && !hangs && chosen < 0 && text.isSplitCluster(Int(step.boundary)) && Int(step.boundary) < last {
                    j += 1
                    continue
                }
                if w > fit && !hangs && !(overflows && chosen < 0) { break }
                chosen = j
                chosenWidth = w
                if let boxes {
                    let box = boxes.box(j)
                    ascent = Swift.max(ascent, box.ascent)
                    descent = Swift.max(descent, box.descent)
                }
                chosenBox = Double(ascent) + Double(descent)
                if endsFlush || hangs || entry.flags & BreakEntry.hard != 0 || Int(step.boundary) == last { break }
                j += 1
            }
            if chosen >= 0 {
                let entry = entries[chosen]
                let b = Int(steps[chosen].boundary)
                // A line starting inside a segment (after a broken word) unites its boxes
                // from the runs instead.
                visitor.visit(text, s, b, chosenWidth, entry.flags & BreakEntry.hard != 0, uniform ?? (sAtBreak ? chosenBox : nil))
                sAtBreak = true
                s = b
                sx = x[b]
                if entry.flags & BreakEntry.hard != 0 {
                    paragraphStart = b
                    sOpening = Int64(entry.openingRound)
                }
                sSafe = entry.flags & BreakEntry.boundaryUnsafe == 0
                sStep = chosen
                bi = chosen + 1   // the next line's first entry (boundaries only grow)
            } else {
                // Nothing fits before the first opportunity: break the word between clusters
                // (overflow-wrap: break-word), as many as fit, at least one.
                // (Not at a boundary break-all adds inside a glyph cluster: the word breaks
                // between grapheme clusters.)
                while bi + 1 < entries.count && text.isSplitCluster(Int(steps[bi].boundary)) { bi += 1 }
                let limit = Int(entries[bi].contentEnd)
                var g = s + 1
                while g < limit && text.isSplitCluster(g) { g += 1 }
                var w = sum.brokenWidth(text, from: s, to: g, raw: text.rawWidth(from: s, to: g))
                while g < limit {
                    var h = g + 1
                    while h < limit && text.isSplitCluster(h) { h += 1 }
                    let rawNext = text.rawWidth(from: s, to: h)
                    let next = sum.brokenWidth(text, from: s, to: h, raw: rawNext)
                    if next > fit || rawNext + frac > fit { break }
                    if h < last && !hasTabs && text.has(h, ShapedText.Flags.unsafe),
                       let end = text.unsafeEnds.reshapedEndWidth(from: s, to: h, origin: paragraphStart), end + frac > fit { break }
                    g = h
                    w = next
                }
                let entry = entries[bi]
                if g == limit && entry.flags & BreakEntry.hyphenated == 0 && !text.isAtomicInline(g - 1) {
                    // The piece is all the content before the opportunity: the white space
                    // after it (and the line's break) hangs at this line's end, as after any
                    // content; Chromium lays "ab cd" out at 5 px as "a", "b ", "c", "d". (Not
                    // after an atomic inline too wide for the line: Chromium ends that line
                    // right after it, the white space starting the next.)
                    let b = Int(steps[bi].boundary)
                    let hard = entry.flags & BreakEntry.hard != 0
                    visitor.visit(text, s, b, w, hard, uniform)
                    sAtBreak = true
                    s = b
                    sx = x[b]
                    if hard {
                        paragraphStart = b
                        sOpening = Int64(entry.openingRound)
                    }
                    sSafe = entry.flags & BreakEntry.boundaryUnsafe == 0
                    sStep = bi
                    bi += 1
                    continue lines
                }
                visitor.visit(text, s, g, w, false, uniform)
                sAtBreak = false
                s = g
                sx = x[g]
                sSafe = !text.has(g, ShapedText.Flags.unsafe)
                sStep = -1
            }
        }
        }
        let storage = text.storage
        if storage.head.pointee.columns.narrowSteps {
            walk(NarrowLineSteps(base: storage.base))
        } else {
            walk(WideLineSteps(base: storage.base))
        }
        withExtendedLifetime(storage) {}
    }
}
