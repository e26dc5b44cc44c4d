extension LineBreaker {
    /// `ShapedText.measure(width:)` of a text of kind `.styledUniform` or `.styledBoxes`
    /// (`boxes`): the lines the itemized walk (`forEach` with `ItemLineSum`) ends at plain
    /// entries, tallied in registers, no visitor and no line width (a measure needs only
    /// where a line ends); the first line it cannot end (a complex entry, an opening rounded
    /// apart before the next item, or nothing fits) and the rest by that walk, from there.
    /// Past a line's first item its end is looked for from a guess (`NarrowItemSteps.lastCrossing`).
    ///
    /// - Complexity: O(lines + entries), no allocation.
    @inline(never)
    static func measureStyled(_ text: ShapedText, width: Double, boxes: Bool) -> (lineCount: Int, height: Double) {
        let storage = text.storage
        let head = storage.head
        let c = head.pointee.columns
        let steps = storage.base.assumingMemoryBound(to: NarrowLineStep.self)
        let reader = NarrowLineSteps(base: storage.base)
        let itemSteps = (storage.base + Int(c.itemSteps)).assumingMemoryBound(to: NarrowItemStep.self)
        let crossingSteps = NarrowItemSteps(base: itemSteps)
        let n = Int(c.stepCount)
        let x = (storage.base + Int(c.x)).assumingMemoryBound(to: Int32.self)
        let last = head.pointee.lastBoundary
        let (bound, flat, lineBoxes, strutAscent, strutDescent) = narrowSetup(storage, width: width, boxes: boxes)
        var count = 0
        var height = 0.0
        var lastLine = (s: 0, e: 0, height: 0.0)
        // The line's start boundary, its advance, the entry whose boundary it is (`n`: the
        // text's start), the first entry past it; white space opening the text rounded apart.
        var s = 0
        var sx: Int64 = 0
        var sStep = n
        var j = 0
        var frac = head.pointee.textOpeningRound
        var span = 0    // the previous line's last entry less its first
        // Every line starts in the stretch of plain entries from the first: its end read once.
        while Int(steps[j].boundary) <= s { j &+= 1 }
        let stretchEnd = Int(steps[j].nextComplex)
        while s < last {
            let first = steps[j]
            var end = stretchEnd
            let start = itemSteps[sStep]
            // As `forEachLine`: the stretch up to the first entry past the next item's start,
            // then on past whole items by their rounded sums (`ItemLineSum.scan`).
            let split = Swift.min(end, Int(start.split))
            let threshold = sx &- frac &+ bound
            var lo = j &- 1
            if split > j && Int64(first.contentX) <= threshold {
                lo = reader.lastFit(from: j, likelyAll: split, threshold: threshold)
            }
            if lo &+ 1 == split && split < end {
                if frac == 0 {
                    let guess = Swift.max(split, Swift.min(j &+ span &+ NarrowItemSteps.guessLead, end &- 1))
                    lo = crossingSteps.lastCrossing(from: split, guess: guess, end: end, threshold: Int64(start.crossingBase) &+ bound)
                } else {
                    end = split
                }
            }
            // The line ends here only at a plain entry the next does not follow on from, or
            // at the last entry; else the general walk decides it.
            if lo < j || (lo &+ 1 >= end && lo &+ 1 != n) { break }
            var h = flat
            if let lineBoxes {
                let (ascent, descent) = lineBoxes.union(from: j, through: lo, strutAscent, strutDescent, narrow: true)
                h = Double(ascent) + Double(descent)
            }
            let e = Int(steps[lo].boundary)
            count &+= 1
            height += h
            lastLine = (s, e, h)
            s = e
            sx = Int64(x[e])
            sStep = lo
            span = lo &- j
            j = lo &+ 1
            frac = 0
        }
        if s >= last {
            // Every line ended at a plain entry: no mandatory break ends the last.
            if HeightTally.endsBlank(text, lastLine.s, lastLine.e) { height -= lastLine.height }
            withExtendedLifetime(storage) {}
            return (count, height)
        }
        let start = s == 0 ? LineWalkStart() : LineWalkStart(s: s, sx: sx, next: j, step: sStep, atBreak: true)
        withExtendedLifetime(storage) {}
        return measureItemized(text, width: width, HeightTally(count: count, height: height), from: start)
    }

    /// `ShapedText.measure(width:)` of itemized text, its lines from `start` on (where
    /// `measureStyled` stopped) added to `tally`.
    @inline(never)
    static func measureItemized(_ text: ShapedText, width: Double, _ tally: HeightTally = HeightTally(),
                                from start: LineWalkStart = LineWalkStart()) -> (lineCount: Int, height: Double) {
        var tally = tally
        text.forEachItemizedLine(width: width, linear: false, from: start, visitor: &tally)
        tally.finish(text)
        return (tally.count, tally.height)
    }
}
