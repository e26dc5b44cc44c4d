/// How `ShapedText.measure(width:)` walks a prepared text, decided once when the text is
/// packed (`ShapedTextHeader.measureKind`), so that a call reads one byte of the header
/// before its loop rather than the conditions it stands for.
enum PlainMeasureKind: UInt8 {
    /// Anything else (itemized text, tabs, lines that do not wrap, wide steps, an empty
    /// text): `measure` as before, through `LineBreaker.plainMeasure` or the itemized walk.
    case general
    /// Plain text that wraps, without tabs, with narrow steps, every line the same height
    /// (the fixed line height, or the strut where no fallback font reaches out of it).
    case uniform
    /// As `uniform`, but each line's height the union of the line boxes it crosses.
    case boxes
    /// Itemized text (styled, mixed-direction) that wraps, without tabs, with narrow steps
    /// and narrow item steps, every line the same height: `LineBreaker.measureStyled`.
    case styledUniform
    /// As `styledUniform`, but each line's height the union of the line boxes it crosses.
    case styledBoxes
}

/// How far `ShapedText.measure(width:)` got in its common part
/// (`counting(_:fit:)`): the lines counted, and where the rest (`finish(_:width:)`) goes
/// on when they are not all. Its layout and `isDone` are compiled into the inlined
/// `measure(width:)` of every client (the package builds without library evolution: a
/// change here needs the clients rebuilt, as SwiftPM does from source).
@usableFromInline
struct _MeasureProgress {
    /// The lines counted, and their height.
    @usableFromInline var lineCount = 0
    @usableFromInline var height = 0.0
    /// The break entry the rest goes on from (0: the text's start); -1 when every line is
    /// counted.
    @usableFromInline var next = 0
    /// Whether the lines counted end the text, but its last line, from entry `next`, may be
    /// blank (its last cluster white space or a line terminator), which only the text's
    /// bytes tell (`HeightTally.endsBlank`): the rest reads them.
    var checksBlank = false

    /// Whether every line is counted.
    @inlinable var isDone: Bool { next < 0 }

    /// The lines of `text`'s `measure(width:)` at a valid width whose
    /// `_LayoutUnit.fitLimit` is `fit` that a text of kind `.uniform` or `.boxes` ends at
    /// plain entries (`LineBreaker.measureNarrow`); for the other kinds none (`finish`
    /// counts them all).
    ///
    /// It releases nothing (it reads the storage's columns, and calls no shaper, no text,
    /// no cache: whatever might release, the general walk's reshaped edges, the blank
    /// check's read of the text, is `finish`'s), but does not say so: marked
    /// `@_effects(releasenone)`, it let the caller of the inlined `measure(width:)` skip its
    /// retain and release of the text, 52 instructions a call fewer (callgrind), yet
    /// `font.layout.us_per_text` was 20% slower on the benchmark host (AMD EPYC, 2 cores,
    /// alternated with and without: 0.077-0.081 against 0.060-0.065 µs, medians of 3).
    ///
    /// - Complexity: O(lines + the entries each line's end is off from its guess), no
    ///   allocation.
    @usableFromInline
    static func counting(_ text: ShapedText, fit: Int64) -> _MeasureProgress {
        switch text.storage.head.pointee.measureKind {
        case .uniform: LineBreaker.measureNarrow(text, fit: fit, boxes: false)
        case .boxes: LineBreaker.measureNarrow(text, fit: fit, boxes: true)
        case .general, .styledUniform, .styledBoxes: _MeasureProgress()
        }
    }

    /// `text`'s `measure(width:)` at a valid `width`, from these lines on: a `.uniform` or
    /// `.boxes` text's lines from the first `measureNarrow` could not end, or its last
    /// line's blank check; the other kinds' all, by their walks (`measureStyled`, the
    /// itemized walk, `plainMeasure`).
    ///
    /// - Complexity: O(break opportunities + lines), no allocation.
    @usableFromInline @inline(never)
    func finish(_ text: ShapedText, width: Double) -> (lineCount: Int, height: Double) {
        switch text.storage.head.pointee.measureKind {
        case .boxes: return LineBreaker.narrowRest(text, width: width, self, boxes: true)
        case .uniform: return LineBreaker.narrowRest(text, width: width, self, boxes: false)
        case .styledUniform: return LineBreaker.measureStyled(text, width: width, boxes: false)
        case .styledBoxes: return LineBreaker.measureStyled(text, width: width, boxes: true)
        case .general: break
        }
        if text.storage.head.pointee.isItemized { return LineBreaker.measureItemized(text, width: width) }
        return LineBreaker.plainMeasure(text, width: width)
    }
}

extension LineBreaker {
    /// The walk `measure(width:)` takes for a text with `header` (its columns placed), whose
    /// last break entry's boundary is `lastStepBoundary`: `PlainMeasureKind`.
    static func plainMeasureKind(_ header: ShapedTextHeader, lastStepBoundary: Int?) -> PlainMeasureKind {
        // (The walk ends its last line at the last entry: that entry must be the text's end.)
        guard !header.hasTabs, header.options.modes.whiteSpace.wraps, header.columns.narrowSteps,
              header.lastBoundary > 0, lastStepBoundary == header.lastBoundary else { return .general }
        let uniform = header.fixedLineHeight != nil || !header.usesFallbackFonts
        if header.isItemized {
            // (Item steps narrow: the styled walk reads them as `NarrowItemSteps`.)
            guard header.columns.itemStepCount != 0, header.columns.narrowItemSteps else { return .general }
            return uniform ? .styledUniform : header.columns.hasBoxes ? .styledBoxes : .general
        }
        if uniform { return .uniform }
        return header.columns.hasBoxes ? .boxes : .general
    }

    /// How many entries past the previous line's span `measureNarrow` starts looking for a
    /// line's end (a guess: the scan moves on or back from it). From the span itself the scan
    /// went on for 73% of the lines, by 4 and by 1, and the line ends were more often
    /// mispredicted; from 3 past it, for 49% (chat messages, Noto Sans 16, `--instructions
    /// measure`, callgrind's branch model: 8.6 -> 7.5 mispredicted branches and 403 -> 402
    /// instructions a call; 2: 8.0 and 399, 4: 7.0 and 406). Tuned on one corpus and font,
    /// in the model: the wall clock could not tell these apart on a noisy host.
    @inline(__always) static var narrowGuessLead: Int { 3 }

    /// `ShapedText.measure(width:)`'s lines of a text of kind `.uniform` or `.boxes`
    /// (`boxes`) that end at plain entries: the lines `plainLines` would visit, tallied in
    /// registers, no visitor, up to the first it cannot end (a complex entry, or nothing
    /// fits); that line and the rest are `narrowRest`'s (by `forEachLine`, out of line, as
    /// `plainMeasure` does). The last line ends at the last entry, which is the text's end
    /// (`plainMeasureKind`): no test of the boundary a line. Releases nothing
    /// (`_MeasureProgress.counting`). `fit`: the width's `_LayoutUnit.fitLimit`.
    ///
    /// - Complexity: O(lines + the entries each line's end is off from the previous line's
    ///   span plus `narrowGuessLead`), no allocation.
    @inline(__always)
    static func measureNarrow(_ text: ShapedText, fit: Int64, boxes: Bool) -> _MeasureProgress {
        let storage = text.storage
        let head = storage.head
        let steps = storage.base.assumingMemoryBound(to: NarrowLineStep.self)
        let reader = NarrowLineSteps(base: storage.base)
        let x = (storage.base + Int(head.pointee.columns.x)).assumingMemoryBound(to: Int32.self)
        let (bound, flat, lineBoxes, strutAscent, strutDescent) = narrowSetup(storage, fit: fit, boxes: boxes)
        var count = 0
        var height = 0.0
        // The stretch of plain entries from the text's start ends at `end`, the first complex
        // entry (the entry count when none): every entry before it has it as its
        // `nextComplex`, so it is read once, not a line. A line ending at the entry before
        // it ends the loop, so every line starts inside it.
        let end = Int(steps[0].nextComplex)
        if end == 0 { return _MeasureProgress() }
        // (A line's start is the previous line's last entry's boundary: found again where
        // needed, not held across the loop.)
        var j = 0
        var threshold = bound &- head.pointee.textOpeningRound
        var span = 0
        while Int64(steps[j].contentX) <= threshold {
            assert(j < end && Int(steps[j].nextComplex) == end)
            // The last entry of `j..<end` that fits (content ends only grow along the stretch).
            // (By scan, not by compare: `scanFit`.) Looked for from `narrowGuessLead` entries
            // past the last line's span.
            let lo = reader.scanFit(from: j, guess: Swift.min(j &+ span &+ narrowGuessLead, end &- 1), end: end,
                                    threshold: threshold)
            var h = flat
            if let lineBoxes {
                let (ascent, descent) = lineBoxes.union(from: j, through: lo, strutAscent, strutDescent, narrow: true)
                h = Double(ascent) + Double(descent)
            }
            let e = Int(steps[lo].boundary)
            if lo &+ 1 == end {
                // The next entry is complex: the general walk decides this line.
                if end != Int(head.pointee.columns.stepCount) { break }
                // The text's last line (the last entry is its end). Blank only if its last
                // cluster is white space or a terminator (`HeightTally.endsBlank`): then
                // the rest reads the text.
                let flags = (storage.base + Int(head.pointee.columns.flags)).assumingMemoryBound(to: UInt8.self)
                let mayBeBlank = flags[e &- 1] & (ShapedText.Flags.hanging | ShapedText.Flags.tab | ShapedText.Flags.terminator) != 0
                withExtendedLifetime(storage) {}
                return _MeasureProgress(lineCount: count &+ 1, height: height + h, next: mayBeBlank ? j : -1,
                                        checksBlank: mayBeBlank)
            }
            count &+= 1
            height += h
            span = lo &- j
            threshold = Int64(x[e]) &+ bound
            j = lo &+ 1
        }
        withExtendedLifetime(storage) {}
        return _MeasureProgress(lineCount: count, height: height, next: j)
    }

    /// `ShapedText.measure(width:)`'s end of a text of kind `.uniform` or `.boxes` (`boxes`)
    /// past `progress` (`measureNarrow`): its last line's blank check, or its lines from
    /// the first `measureNarrow` could not end, by `forEachLine`.
    ///
    /// - Complexity: O(break opportunities + lines past `progress`), no allocation.
    static func narrowRest(_ text: ShapedText, width: Double, _ progress: _MeasureProgress,
                           boxes: Bool) -> (lineCount: Int, height: Double) {
        let storage = text.storage
        let steps = NarrowLineSteps(base: storage.base)
        let j = progress.next
        let s = j > 0 ? Int(steps[j &- 1].boundary) : 0
        if progress.checksBlank {
            // (The last line: entries `j..<n`, ending at the text's end.)
            guard HeightTally.endsBlank(text, s, text.lastBoundary) else { return (progress.lineCount, progress.height) }
            let (_, flat, lineBoxes, strutAscent, strutDescent) = narrowSetup(storage, width: width, boxes: boxes)
            var h = flat
            if let lineBoxes {
                let n = Int(storage.head.pointee.columns.stepCount)
                let (ascent, descent) = lineBoxes.union(from: j, through: n &- 1, strutAscent, strutDescent, narrow: true)
                h = Double(ascent) + Double(descent)
            }
            return (progress.lineCount, progress.height - h)
        }
        var start = LineWalkStart()
        if j > 0 { start = LineWalkStart(s: s, sx: text.x[s], next: j, step: j &- 1, atBreak: true) }
        return measureRest(text, width: width, HeightTally(count: progress.lineCount, height: progress.height), from: start)
    }

    /// What `measureNarrow` and `measureStyled` read before their first line, at `width`:
    /// the fit as a bound an advance plus it never overflows (the fit never reached by an
    /// advance for a width too wide to wrap, as in `plainLines`), every line's height where
    /// it is uniform (`boxes` false), else the line boxes to unite, and the strut's box.
    @inline(__always)
    static func narrowSetup(_ storage: ShapedStorage, width: Double, boxes: Bool)
        -> (bound: Int64, flat: Double, lineBoxes: LineBoxes?, strutAscent: Float, strutDescent: Float) {
        narrowSetup(storage, fit: _LayoutUnit.fitLimit(width: width), boxes: boxes)
    }

    /// `narrowSetup(_:width:boxes:)` for the width whose `_LayoutUnit.fitLimit` is `fit`.
    @inline(__always)
    static func narrowSetup(_ storage: ShapedStorage, fit: Int64, boxes: Bool)
        -> (bound: Int64, flat: Double, lineBoxes: LineBoxes?, strutAscent: Float, strutDescent: Float) {
        let head = storage.head
        return (fit == .max ? Int64.max / 4 : fit, boxes ? 0 : head.pointee.fixedLineHeight ?? head.pointee.strutHeight,
                boxes ? LineBoxes(storage) : nil,
                Float(head.pointee.strutBox.ascent), Float(head.pointee.strutBox.descent))
    }
}
