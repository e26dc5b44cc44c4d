/// Wrapping a prepared text at a width: greedy first-fit over the browser's break
/// opportunities, by arithmetic on the prepared advances (SPEC §2, §2.1).
extension ShapedText {
    /// Lays the prepared text out at `width` pixels (`.infinity`: no wrapping).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(lines × items per line + break opportunities), no shaping except at
    ///   line edges that are not safe to break.
    public func layout(width: Double) throws(TextLayoutError) -> TextLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        if storage.header.isItemized {
            let (lines, bottoms) = wrapItemized(width: width, linear: false)
            return TextLayout(shaped: self, width: width, lines: lines, bottoms: bottoms)
        }
        var (lines, bottoms) = wrap(width: width)
        if roundsBidiRuns { roundBidiRuns(&lines) }
        return TextLayout(shaped: self, width: width, lines: lines, bottoms: bottoms)
    }

    /// 1/64 pixel (a layout unit) in 1/65536 pixel.
    static let layoutUnit: Int64 = 1024

    @inline(__always)
    static func ceilToLayoutUnit(_ v: Int64) -> Int64 {
        v <= 0 ? v : ((v + layoutUnit - 1) / layoutUnit) * layoutUnit
    }

    /// The number of lines and the height at `width`, without making the lines: what a
    /// table needs of a row it does not show, a server of a message it precomputes.
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + lines), no allocation.
    public func measure(width: Double) throws(TextLayoutError) -> (lineCount: Int, height: Double) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        var count = 0
        var height = 0.0
        var lastHard = false
        forEachLine(width: width) { s, e, _, hard, box in
            count += 1
            height += box ?? lineBoxHeight(from: s, to: e)
            lastHard = hard
        }
        if count == 0 || lastHard {
            count += 1
            height += fixedLineHeight ?? strutHeight
        }
        return (count, height)
    }

    /// The lines at `width` and the bottom of each line (in pixels from the top), for plain
    /// text (styled text: `wrapItemized`; a line's bidi runs: `roundBidiRuns`).
    func wrap(width: Double, linear: Bool = false) -> (lines: [LineFragment], bottoms: [Double]) {
        let last = offsets.count - 1
        var lines: [LineFragment] = []
        var bottoms: [Double] = []
        var y = 0.0
        forEachPlainLine(width: width, linear: linear) { s, e, w, hard, box in
            let terminator = hard ? Int(offsets[e] - offsets[e - 1]) : 0
            lines.append(LineFragment(start: Int(offsets[s]), end: Int(offsets[e]), width: Self.pixels(w),
                                      terminatorLength: terminator))
            y += box ?? lineBoxHeight(from: s, to: e)
            bottoms.append(y)
        }
        if lines.isEmpty || lines[lines.count - 1].isHard {
            let end = Int(offsets[last])
            lines.append(LineFragment(start: end, end: end, width: 0, terminatorLength: 0))
            y += fixedLineHeight ?? strutHeight
            bottoms.append(y)
        }
        return (lines, bottoms)
    }

    /// Each bidi run's piece of a line rounded apart (see `browserLineWidth`).
    func roundBidiRuns(_ lines: inout [LineFragment]) {
        for k in lines.indices where lines[k].width > 0 {
            let w = Int64((lines[k].width * 65536).rounded())
            lines[k].width = Self.pixels(browserLineWidth(from: boundary(of: lines[k].start), to: boundary(of: lines[k].end), w))
        }
    }

    /// `wrap` for styled text (see `forEachItemizedLine`).
    func wrapItemized(width: Double, linear: Bool) -> (lines: [LineFragment], bottoms: [Double]) {
        let last = offsets.count - 1
        var lines: [LineFragment] = []
        var bottoms: [Double] = []
        var y = 0.0
        forEachItemizedLine(width: width, linear: linear) { s, e, w, hard, box in
            let terminator = hard ? Int(offsets[e] - offsets[e - 1]) : 0
            lines.append(LineFragment(start: Int(offsets[s]), end: Int(offsets[e]), width: Self.pixels(w),
                                      terminatorLength: terminator))
            y += box ?? lineBoxHeight(from: s, to: e)
            bottoms.append(y)
        }
        finishLines(&lines, &bottoms, y: y, last: last)
        return (lines, bottoms)
    }

    /// The empty line after a final mandatory break (or of an empty text).
    @inline(__always)
    private func finishLines(_ lines: inout [LineFragment], _ bottoms: inout [Double], y: Double, last: Int) {
        if lines.isEmpty || lines[lines.count - 1].isHard {
            let end = Int(offsets[last])
            lines.append(LineFragment(start: end, end: end, width: 0, terminatorLength: 0))
            bottoms.append(y + (fixedLineHeight ?? strutHeight))
        }
    }

    /// Greedy first-fit: calls `body(start, end, width, hard, height)` (boundary indices,
    /// the content width in 1/65536 pixel, the line's height when known from the break
    /// entries, else nil) for each line, in order. Text ending in a mandatory break gets no
    /// call for the empty line after it. With `linear`, every break entry is looked at in
    /// turn, without the scan over stretches decided by prepared advances: the same lines,
    /// slower (for tests).
    @inline(__always)
    func forEachLine(width: Double, linear: Bool = false, _ body: (Int, Int, Int64, Bool, Double?) -> Void) {
        // Two loops: plain text's has no trace of item rounding (it is the loop as it was
        // before styled text; `forEachItemizedLine` is the same walk with the items' sums).
        if storage.header.isItemized {
            forEachItemizedLine(width: width, linear: linear, body)
        } else {
            forEachPlainLine(width: width, linear: linear, body)
        }
    }

    @inline(__always)
    private func forEachPlainLine(width: Double, linear: Bool, _ body: (Int, Int, Int64, Bool, Double?) -> Void) {
        let uniform: Double? = fixedLineHeight ?? (usesFallbackFonts ? nil : strutHeight)
        let strutAscent = Float(strutBox.ascent), strutDescent = Float(strutBox.descent)
        // A line fits when its content is at most the width (in whole layout units) + 1/64.
        let fit: Int64 = width.isFinite ? Int64((width * 64).rounded(.towardZero)) * Self.layoutUnit + Self.layoutUnit : .max
        let last = lastBoundary
        let entries = breakEntries
        let hasTabs = self.hasTabs
        let stepCount = entries.count
        storage.withSteps { steps in
        var s = 0
        var sx: Int64 = 0
        var paragraphStart = 0
        var sOpening: Int64 = 0
        var sSafe = true
        var sAtBreak = true
        var bi = 0
        while s < last {
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
            if sSafe && !hasTabs && !linear {
                // A stretch of plain entries (content ends only grow along it): the last that
                // fits, scanned four at a time (a line spans a few dozen entries at most; a
                // scan mispredicts a branch twice a line where a binary search does at every
                // step).
                let end = Int(steps[j].nextComplex)
                let threshold = fit == .max ? .max : sx - frac + fit
                if end > j && steps[j].contentX <= threshold {
                    var lo = j
                    while lo + 4 < end && steps[lo + 4].contentX <= threshold { lo += 4 }
                    while lo + 1 < end && steps[lo + 1].contentX <= threshold { lo += 1 }
                    if uniform == nil {
                        var k = j
                        while k <= lo {
                            ascent = Swift.max(ascent, steps[k].boxAscent)
                            descent = Swift.max(descent, steps[k].boxDescent)
                            k = Int(steps[k].nextBoxChange)
                        }
                        chosenBox = Double(ascent) + Double(descent)
                    }
                    let step = steps[lo]
                    let raw = step.contentX - sx
                    if lo + 1 < end || lo + 1 == stepCount {
                        // The next entry is plain and does not fit, or this one ends the
                        // text: the line ends here, at a plain entry (safe, no mandatory
                        // break), without reading its entry. Its content is empty only where
                        // the line is hanging white space, whose advance is not negative.
                        body(s, Int(step.boundary), raw > 0 ? Self.ceilToLayoutUnit(raw) : 0, false,
                             uniform ?? (sAtBreak ? chosenBox : nil))
                        sAtBreak = true
                        s = Int(step.boundary)
                        sx = step.x
                        sSafe = true
                        bi = lo + 1
                        continue
                    }
                    chosen = lo
                    chosenWidth = Int(entries[lo].contentEnd) > s ? Self.ceilToLayoutUnit(raw) : 0
                    j = lo + 1
                }
            }
            while j < entries.count {
                let entry = entries[j]
                let step = steps[j]
                let ce = Int(entry.contentEnd)
                var w: Int64 = 0
                if ce > s {
                    let raw = sSafe && entry.flags & BreakEntry.contentEndUnsafe == 0 && !hasTabs
                        ? step.contentX - sx
                        : rawWidth(from: s, to: ce) + (entry.flags & BreakEntry.hyphenated != 0 ? hyphenAdvance : 0)
                    w = Self.ceilToLayoutUnit(raw)
                    if w <= fit && raw + frac > fit { w = fit + 1 }
                    if w <= fit && entry.flags & BreakEntry.contentEndUnsafe != 0 && !(hasTabs && containsTab(from: s, to: ce))
                        && candidateWidth(from: s, to: ce) + frac > fit { w = fit + 1 }
                    if w > fit && entry.endTrim > 0 && ce - 1 > s {
                        // Closing punctuation straddling the line's end is set flush when
                        // that lets it fit (CSS `text-spacing-trim: normal`, as Chromium
                        // applies it: only to the mark the width ends in).
                        let prefix = hasTabs ? rawWidth(from: s, to: ce - 1) : x[ce - 1] - sx
                        let trimmed = Self.ceilToLayoutUnit(raw - Int64(entry.endTrim))
                        if prefix + frac <= fit && trimmed + frac <= fit {
                            w = trimmed
                            endsFlush = true
                        }
                    }
                }
                if w > fit { break }
                chosen = j
                chosenWidth = w
                ascent = Swift.max(ascent, step.boxAscent)
                descent = Swift.max(descent, step.boxDescent)
                chosenBox = Double(ascent) + Double(descent)
                if endsFlush || entry.flags & BreakEntry.hard != 0 || Int(step.boundary) == last { break }
                j += 1
            }
            if chosen >= 0 {
                let entry = entries[chosen]
                let b = Int(steps[chosen].boundary)
                // A line starting inside a segment (after a broken word) unites its boxes
                // from the runs instead.
                body(s, b, chosenWidth, entry.flags & BreakEntry.hard != 0, uniform ?? (sAtBreak ? chosenBox : nil))
                sAtBreak = true
                s = b
                sx = x[b]
                if entry.flags & BreakEntry.hard != 0 {
                    paragraphStart = b
                    sOpening = Int64(entry.openingRound)
                }
                sSafe = entry.flags & BreakEntry.boundaryUnsafe == 0
                bi = chosen + 1   // the next line's first entry (boundaries only grow)
            } else {
                // Nothing fits before the first opportunity: break the word between clusters
                // (overflow-wrap: break-word), as many as fit, at least one.
                let limit = Int(entries[bi].contentEnd)
                var g = s + 1
                var w = Self.ceilToLayoutUnit(rawWidth(from: s, to: g))
                while g < limit {
                    let rawNext = rawWidth(from: s, to: g + 1)
                    let next = Self.ceilToLayoutUnit(rawNext)
                    if next > fit || rawNext + frac > fit { break }
                    g += 1
                    w = next
                }
                body(s, g, w, false, uniform)
                sAtBreak = false
                s = g
                sx = x[g]
                sSafe = !has(g, Flags.unsafe)
            }
        }
        }
    }

    /// `forEachLine` for styled text: each inline item's piece of a line rounded up on its
    /// own (`itemStarts`).
    private func forEachItemizedLine(width: Double, linear: Bool, _ body: (Int, Int, Int64, Bool, Double?) -> Void) {
        let uniform: Double? = fixedLineHeight ?? (usesFallbackFonts ? nil : strutHeight)
        let strutAscent = Float(strutBox.ascent), strutDescent = Float(strutBox.descent)
        // A line fits when its content is at most the width (in whole layout units) + 1/64.
        let fit: Int64 = width.isFinite ? Int64((width * 64).rounded(.towardZero)) * Self.layoutUnit + Self.layoutUnit : .max
        let last = lastBoundary
        let entries = breakEntries
        let hasTabs = self.hasTabs
        let stepCount = entries.count
        // The arrays the item widths read, taken out of the storage once.
        let arrays = ItemCursor.Arrays(x: x, flags: flags, starts: itemStarts, last: last)
        storage.withSteps { steps in
        var s = 0
        var sx: Int64 = 0
        var paragraphStart = 0
        var sOpening: Int64 = 0
        var sSafe = true
        var sAtBreak = true
        var bi = 0
        lines: while s < last {
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
            // Item rounding (styled text): the width so far of the items the line has passed.
            var items = ItemCursor(start: s, next: Self.firstIndex(after: s, in: arrays.starts))
            if sSafe && !hasTabs && !linear {
                // A stretch of plain entries (content ends only grow along it): the last that
                // fits, scanned four at a time (a line spans a few dozen entries at most; a
                // scan mispredicts a branch twice a line where a binary search does at every
                // step).
                // Past the start of an item rounded on its own (styled text), the line's width
                // is the rounded widths of the pieces passed (`base`) plus the piece from
                // `origin`: the stretch goes on with the threshold that leaves.
                var threshold = fit == .max ? .max : sx - frac + fit
                var origin = sx
                var base: Int64 = 0
                scan: while true {
                    let end = Int(steps[j].nextComplex)
                    if end > j {
                    guard steps[j].contentX <= threshold else { break scan }
                    var lo = j
                    while lo + 4 < end && steps[lo + 4].contentX <= threshold { lo += 4 }
                    while lo + 1 < end && steps[lo + 1].contentX <= threshold { lo += 1 }
                    if uniform == nil {
                        var k = j
                        while k <= lo {
                            ascent = Swift.max(ascent, steps[k].boxAscent)
                            descent = Swift.max(descent, steps[k].boxDescent)
                            k = Int(steps[k].nextBoxChange)
                        }
                        chosenBox = Double(ascent) + Double(descent)
                    }
                    let step = steps[lo]
                    let raw = step.contentX - origin
                    let lineWidth = raw > 0 ? base + Self.ceilToLayoutUnit(raw) : base
                    if lo + 1 < end || lo + 1 == stepCount {
                        // The next entry is plain and does not fit, or this one ends the
                        // text: the line ends here, at a plain entry (safe, no mandatory
                        // break), without reading its entry. Its content is empty only where
                        // the line is hanging white space, whose advance is not negative.
                        body(s, Int(step.boundary), lineWidth, false, uniform ?? (sAtBreak ? chosenBox : nil))
                        sAtBreak = true
                        s = Int(step.boundary)
                        sx = step.x
                        sSafe = true
                        bi = lo + 1
                        continue lines
                    }
                    chosen = lo
                    chosenWidth = Int(entries[lo].contentEnd) > s ? lineWidth : 0
                    j = lo + 1
                    }
                    // An entry looked at closely only because an item starts in its segment:
                    // measured here, and the stretch after it goes on.
                    guard frac == 0 && entries[j].flags & BreakEntry.itemStartOnly != 0 else { break scan }
                    let w = items.width(to: Int(entries[j].contentEnd), hyphen: 0, in: self, arrays)
                    guard w <= fit else { break scan }
                    chosen = j
                    chosenWidth = w
                    ascent = Swift.max(ascent, steps[j].boxAscent)
                    descent = Swift.max(descent, steps[j].boxDescent)
                    chosenBox = Double(ascent) + Double(descent)
                    items.advance(through: Int(steps[j].boundary), in: self, arrays)
                    j += 1
                    if j >= stepCount { break scan }
                    origin = arrays.x[items.pieceStart]
                    base = items.base
                    threshold = fit == .max ? .max : origin + fit - base
                }
            }
            while j < entries.count {
                let entry = entries[j]
                let step = steps[j]
                let ce = Int(entry.contentEnd)
                var w: Int64 = 0
                if ce > s {
                    let raw = sSafe && entry.flags & BreakEntry.contentEndUnsafe == 0 && !hasTabs
                        ? step.contentX - sx
                        : rawWidth(from: s, to: ce) + (entry.flags & BreakEntry.hyphenated != 0 ? hyphenAdvance : 0)
                    w = items.width(to: ce, hyphen: entry.flags & BreakEntry.hyphenated != 0 ? hyphenAdvance : 0, in: self, arrays)
                    if w <= fit && raw + frac > fit { w = fit + 1 }
                    if w <= fit && entry.flags & BreakEntry.contentEndUnsafe != 0 && !(hasTabs && containsTab(from: s, to: ce))
                        && candidateWidth(from: s, to: ce) + frac > fit { w = fit + 1 }
                    if w > fit && entry.endTrim > 0 && ce - 1 > s {
                        // Closing punctuation straddling the line's end is set flush when
                        // that lets it fit (CSS `text-spacing-trim: normal`, as Chromium
                        // applies it: only to the mark the width ends in).
                        let prefix = hasTabs ? rawWidth(from: s, to: ce - 1) : x[ce - 1] - sx
                        let trimmed = Self.ceilToLayoutUnit(raw - Int64(entry.endTrim))
                        if prefix + frac <= fit && trimmed + frac <= fit {
                            w = trimmed
                            endsFlush = true
                        }
                    }
                }
                if w > fit { break }
                chosen = j
                chosenWidth = w
                ascent = Swift.max(ascent, step.boxAscent)
                descent = Swift.max(descent, step.boxDescent)
                chosenBox = Double(ascent) + Double(descent)
                if endsFlush || entry.flags & BreakEntry.hard != 0 || Int(step.boundary) == last { break }
                j += 1
            }
            if chosen >= 0 {
                let entry = entries[chosen]
                let b = Int(steps[chosen].boundary)
                // A line starting inside a segment (after a broken word) unites its boxes
                // from the runs instead.
                body(s, b, chosenWidth, entry.flags & BreakEntry.hard != 0, uniform ?? (sAtBreak ? chosenBox : nil))
                sAtBreak = true
                s = b
                sx = x[b]
                if entry.flags & BreakEntry.hard != 0 {
                    paragraphStart = b
                    sOpening = Int64(entry.openingRound)
                }
                sSafe = entry.flags & BreakEntry.boundaryUnsafe == 0
                bi = chosen + 1   // the next line's first entry (boundaries only grow)
            } else {
                // Nothing fits before the first opportunity: break the word between clusters
                // (overflow-wrap: break-word), as many as fit, at least one.
                let limit = Int(entries[bi].contentEnd)
                var g = s + 1
                var w = itemizedWidth(from: s, to: g)
                while g < limit {
                    let rawNext = rawWidth(from: s, to: g + 1)
                    let next = itemizedWidth(from: s, to: g + 1)
                    if next > fit || rawNext + frac > fit { break }
                    g += 1
                    w = next
                }
                body(s, g, w, false, uniform)
                sAtBreak = false
                s = g
                sx = x[g]
                sSafe = !has(g, Flags.unsafe)
            }
        }
        }
    }

    @inline(__always)
    static func pixels(_ v: Int64) -> Double { Double(v) / 65536 }

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
    var roundsBidiRuns: Bool { hasSeveralLevels && !hasTabs && !storage.header.isItemized }

    /// The line's width so far in items rounded on their own (see `itemizedWidth`), found
    /// a step at a time as wrapping looks at content ends further along the line.
    struct ItemCursor {
        /// The prepared text's arrays, read without going through its storage each time.
        struct Arrays {
            let x: [Int64]
            let flags: [UInt8]
            let starts: [Int32]
            let last: Int

            /// `pieceWidth` where neither end is unsafe, else nil.
            @inline(__always)
            func plainWidth(_ a: Int, _ b: Int) -> Int64? {
                if flags[a] & Flags.unsafe != 0 || (b < last && flags[b] & Flags.unsafe != 0) { return nil }
                return x[b] - x[a]
            }
        }
        /// Where the current item's piece starts (the line's start, or an item's).
        var pieceStart: Int
        /// The index in `itemStarts` of the next item start after `pieceStart`.
        var next: Int
        /// The rounded widths of the pieces before `pieceStart`.
        var base: Int64 = 0
        let lineStart: Int

        init(start: Int, next: Int) {
            pieceStart = start
            lineStart = start
            self.next = next
        }

        /// The line's width from its start to boundary `e` (`hyphen` on its last piece).
        @inline(__always)
        mutating func width(to e: Int, hyphen: Int64, in text: ShapedText, _ a: Arrays) -> Int64 {
            if e < pieceStart { return text.itemizedWidth(from: lineStart, to: e, hyphen: hyphen) }
            while next < a.starts.count && Int(a.starts[next]) < e {
                let b = Int(a.starts[next])
                base += ShapedText.ceilToLayoutUnit(a.plainWidth(pieceStart, b) ?? text.rawWidth(from: pieceStart, to: b))
                pieceStart = b
                next += 1
            }
            if e <= pieceStart { return base }
            return base + ShapedText.ceilToLayoutUnit((a.plainWidth(pieceStart, e) ?? text.rawWidth(from: pieceStart, to: e)) + hyphen)
        }
    }

}

extension ShapedText.ItemCursor {
    /// Takes in the pieces of items starting at or before boundary `e`.
    @inline(__always)
    mutating func advance(through e: Int, in text: ShapedText, _ a: Arrays) {
        let starts = a.starts
        while next < starts.count && Int(starts[next]) <= e {
            let b = Int(starts[next])
            base += ShapedText.ceilToLayoutUnit(a.plainWidth(pieceStart, b) ?? text.rawWidth(from: pieceStart, to: b))
            pieceStart = b
            next += 1
        }
    }
}

extension ShapedText {
    /// The index in `starts` (ascending) of the first after `s`.
    @inline(__always)
    static func firstIndex(after s: Int, in starts: [Int32]) -> Int {
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(starts[mid]) <= s { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The width of boundaries `s..<e` as a browser sums a line of inline items: each
    /// item's piece (see `itemStarts`) rounded up to a layout unit on its own; `hyphen` is
    /// added to the last piece.
    func itemizedWidth(from s: Int, to e: Int, hyphen: Int64 = 0) -> Int64 {
        if e <= s { return 0 }
        let starts = itemStarts
        // The first item start after `s`.
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(starts[mid]) <= s { lo = mid + 1 } else { hi = mid }
        }
        var total: Int64 = 0
        var a = s
        while lo < starts.count && Int(starts[lo]) < e {
            let b = Int(starts[lo])
            total += Self.ceilToLayoutUnit(rawWidth(from: a, to: b))
            a = b
            lo += 1
        }
        return total + Self.ceilToLayoutUnit(rawWidth(from: a, to: e) + hyphen)
    }

    /// What rounding each bidi run's piece of the line `s..<e` up to a layout unit adds to the
    /// line's rounded content width.
    func itemRoundingSurplus(from s: Int, to e: Int) -> Int64 {
        var ce = e
        while ce > s && flags[ce - 1] & (Flags.hanging | Flags.terminator | Flags.tab) != 0 { ce -= 1 }
        guard ce > s else { return 0 }
        let start = Int(offsets[s]), end = Int(offsets[ce])
        var r = runIndex(containing: start)
        var a = s
        var total: Int64 = 0
        var rounded: Int64 = 0
        while a < ce {
            // The end of the stretch of one bidi level the run at `a` starts, clipped to the line.
            let level = runs[r].bidiLevel
            var q = r
            while q + 1 < runs.count && runs[q + 1].bidiLevel == level && runs[q + 1].range.lowerBound < end { q += 1 }
            let itemEnd = Swift.min(end, runs[q].range.upperBound)
            var b = a
            while b < ce && Int(offsets[b]) < itemEnd { b += 1 }
            if b == a { b = a + 1 }
            let piece = pieceWidth(from: a, to: b)
            total += piece
            rounded += Self.ceilToLayoutUnit(piece)
            a = b
            r = q + 1
            if r >= runs.count { break }
        }
        if a < ce {
            let piece = pieceWidth(from: a, to: ce)
            total += piece
            rounded += Self.ceilToLayoutUnit(piece)
        }
        return Swift.max(0, rounded - Self.ceilToLayoutUnit(total))
    }

    /// The boundary index of UTF-8 `offset` (which must be a boundary).
    func boundary(of offset: Int) -> Int {
        var lo = 0, hi = offsets.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(offsets[mid]) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The width of the clusters from boundary `s` to boundary `e`, as a browser fits it:
    /// the exact sum rounded up to 1/64 pixel, unsafe edges reshaped, tabs at their stops.
    func contentWidth(from s: Int, to e: Int) -> Int64 {
        Self.ceilToLayoutUnit(rawWidth(from: s, to: e))
    }

    /// The exact width of boundaries `s..<e` (unsafe edges reshaped, tabs at their stops).
    func rawWidth(from s: Int, to e: Int) -> Int64 {
        if e <= s { return 0 }
        if hasTabs, let w = widthWithTabs(from: s, to: e) { return w }
        return pieceWidth(from: s, to: e)
    }

    /// The width of boundaries `a..<b`, with unsafe edges reshaped.
    func pieceWidth(from a: Int, to b: Int) -> Int64 {
        let last = offsets.count - 1
        let startUnsafe = has(a, Flags.unsafe)
        let endUnsafe = b < last && has(b, Flags.unsafe)
        if !startUnsafe && !endUnsafe { return x[b] - x[a] }
        // The first safe boundary after `a` and the last safe one before `b`.
        var t = a
        if startUnsafe {
            t = a + 1
            while t < b && has(t, Flags.unsafe) { t += 1 }
        }
        var u = b
        if endUnsafe {
            u = b - 1
            while u > t && has(u, Flags.unsafe) { u -= 1 }
        }
        if t >= u { return reshaped(from: a, to: b) }
        var w = x[u] - x[t]
        if startUnsafe { w += reshaped(from: a, to: t) }
        if endUnsafe { w += reshaped(from: u, to: b) }
        return w
    }

    /// Whether a tab is among boundaries `s..<e`.
    func containsTab(from s: Int, to e: Int) -> Bool {
        var k = s
        while k < e {
            if has(k, Flags.tab) { return true }
            k += 1
        }
        return false
    }

    /// The width Chromium finds a line's end candidate with: the prepared advances up to
    /// boundary `b` (not reshaped there, though the line's start is), so a break after a
    /// cluster whose advance kerning widened in context is not taken even when the cluster
    /// alone would fit.
    func candidateWidth(from a: Int, to b: Int) -> Int64 {
        guard has(a, Flags.unsafe) else { return x[b] - x[a] }
        var t = a + 1
        while t < b && has(t, Flags.unsafe) { t += 1 }
        if t >= b { return pieceWidth(from: a, to: b) }
        return reshaped(from: a, to: t) + x[b] - x[t]
    }

    /// Boundaries `a..<b` (inside one run) shaped on their own.
    func reshaped(from a: Int, to b: Int) -> Int64 {
        let key = Int64(a) << 32 | Int64(b)
        return edgeCache.value(key) {
            let start = Int(offsets[a])
            let run = runs[runIndex(containing: start)]
            return shaper.advance(of: start..<Int(offsets[b]), in: text, run: run)
        }
    }

    /// The index of the run containing UTF-8 `offset`.
    func runIndex(containing offset: Int) -> Int {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return Swift.max(0, lo)
    }

    /// With a tab among boundaries `s..<e`: walk the clusters, tabs advancing to their stops
    /// (measured from the line's start). Nil when there is no tab.
    private func widthWithTabs(from s: Int, to e: Int) -> Int64? {
        var k = s
        while k < e && !has(k, Flags.tab) { k += 1 }
        if k == e { return nil }
        return walkingTabs(from: s, to: e) { a, b in pieceWidth(from: a, to: b) }
    }

    /// The advance of boundaries `s..<e` on one line, each stretch between tabs measured by
    /// `piece`, each tab advancing to its stop.
    func walkingTabs(from s: Int, to e: Int, _ piece: (Int, Int) -> Int64) -> Int64 {
        var w: Int64 = 0
        var a = s
        while a < e {
            var k = a
            while k < e && !has(k, Flags.tab) { k += 1 }
            if k > a { w += piece(a, k) }
            if k < e {
                w = shaper.tabStop(afterFixed: w)
                k += 1
            }
            a = k
        }
        return w
    }

    /// The height of a line's box: the caller's fixed line height, or the strut of the
    /// primary font united with the box of every font used on the line (CSS
    /// `line-height: normal`).
    func lineBoxHeight(from s: Int, to e: Int) -> Double {
        if let fixed = fixedLineHeight { return fixed }
        if !usesFallbackFonts { return strutHeight }
        let strut = faces[0].box(lineHeight: faces[0].lineSpacing)
        var ascent = strut.ascent
        var descent = strut.descent
        let start = Int(offsets[s])
        var end = Int(offsets[e])
        if e > s && has(e - 1, Flags.terminator) { end = Int(offsets[e - 1]) }
        if end > start && !runs.isEmpty {
            var r = runIndex(containing: start)
            while r < runs.count && runs[r].range.lowerBound < end {
                let face = runs[r].face
                if face != 0 && face < faces.count {
                    let box = faces[face].box(lineHeight: faces[face].lineSpacing)
                    ascent = Swift.max(ascent, box.ascent)
                    descent = Swift.max(descent, box.descent)
                }
                r += 1
            }
        }
        return ascent + descent
    }
}

/// Caret geometry on shaped lines: x from the prepared cluster advances (logical order).
extension ShapedText {
    /// The caret's x at UTF-8 `offset` on the line starting at `lineStart`, in pixels.
    func caretX(lineStart: Int, offset: Int) -> Double {
        let s = boundary(of: lineStart)
        let e = boundary(of: offset)
        return Self.pixels(caretAdvance(from: s, to: e))
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
            guard body(Int(offsets[k]), Self.pixels(advance)) else { return }
        }
    }
}
