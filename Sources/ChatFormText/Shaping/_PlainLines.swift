/// Where a line walk (`LineBreaker.forEachLine`) starts: the text's start, or the first line
/// `LineBreaker.plainLines`, `measureNarrow` or `measureStyled` could not end.
struct LineWalkStart {
    /// The line's start boundary and its advance from the text's start.
    var s = 0
    var sx: Int64 = 0
    /// The first break entry past `s`.
    var next = 0
    /// The break entry whose boundary is `s` (when `s` is not 0).
    var step = 0
    /// Whether the line starts at a break entry (not inside a word).
    var atBreak = true
}

extension LineBreaker {
    /// The common lines of a plain text, walked on their own (SPEC §2.1): from the text's
    /// start, each line that ends at a plain entry (`LineStep.nextComplex`) followed by a
    /// plain one that does not fit, or by none: the last entry that fits found from as many
    /// entries on as the previous line took (lines at one width take about as many), its
    /// height the union of the boxes it crosses. Nothing but the line steps, the advance at
    /// each line's start and the boxes is read, so a message of a chat, most of whose lines
    /// are such lines, is measured without the general walk's set-up; the first line this
    /// cannot end (nothing fits before it, or its end is a complex entry) is left in `start`
    /// for `forEachLine`, which lays it out the same way from there. Not for text with tabs
    /// (nor for styled text: `ItemLineSum`).
    ///
    /// Returns whether every line has been visited (or the visitor is done).
    ///
    /// - Complexity: O(lines + the entries each line's end is off from the previous line's
    ///   span), no allocation.
    @inline(never)
    static func plainLines<Visitor: LineVisitor>(_ text: ShapedText, width: Double, visitor: inout Visitor,
                                                 _ start: inout LineWalkStart) -> Bool {
        walkPlainLines(text, width: width, visitor: &visitor, &start)
    }

    /// `ShapedText.measure(width:)` of a plain text `measureNarrow` does not take
    /// (`PlainMeasureKind.general`, see `plainMeasureKind`): its lines walked by `plainLines` with
    /// the tally a local kept in registers (through `inout` or in a result in memory, each
    /// line's visit stored it), the rest, if any, by `forEachLine` out of line.
    ///
    /// - Complexity: O(break opportunities + lines), no allocation.
    @inline(__always)
    static func plainMeasure(_ text: ShapedText, width: Double) -> (lineCount: Int, height: Double) {
        var tally = HeightTally()
        var start = LineWalkStart()
        if walkPlainLines(text, width: width, visitor: &tally, &start) {
            tally.finish(text)
            return (tally.count, tally.height)
        }
        // (The walk visits a line at least from `start`, before the text's end: the last
        // line is one of its.)
        return measureRest(text, width: width, HeightTally(count: tally.count, height: tally.height), from: start)
    }

    /// `plainMeasure`'s lines from `start` on, where `plainLines` stopped.
    @inline(never)
    static func measureRest(_ text: ShapedText, width: Double, _ tally: HeightTally,
                                    from start: LineWalkStart) -> (lineCount: Int, height: Double) {
        var tally = tally
        LineBreaker(text: text).forEachLine(width: width, linear: false, PlainLineSum(), from: start, visitor: &tally)
        tally.finish(text)
        return (tally.count, tally.height)
    }

    @inline(__always)
    private static func walkPlainLines<Visitor: LineVisitor>(_ text: ShapedText, width: Double, visitor: inout Visitor,
                                                             _ start: inout LineWalkStart) -> Bool {
        let storage = text.storage
        let head = storage.head
        let last = head.pointee.lastBoundary
        if last == 0 || visitor.isDone { return true }
        if head.pointee.hasTabs { return false }
        // (The set-up made in each specialization: one shared stays on the stack.)
        let done = head.pointee.columns.narrowSteps
            ? lines(NarrowLineSteps(base: storage.base), text, width, visitor: &visitor, &start)
            : lines(WideLineSteps(base: storage.base), text, width, visitor: &visitor, &start)
        withExtendedLifetime(storage) {}
        return done
    }

    @inline(__always)
    private static func lines<Steps: LineStepReader, Visitor: LineVisitor>(_ steps: Steps, _ text: ShapedText, _ width: Double,
                                                                          visitor: inout Visitor, _ start: inout LineWalkStart) -> Bool {
        let setup = LineSetup(text.storage, width: width)
        let head = text.storage.head
        let last = head.pointee.lastBoundary
        let stepCount = Int(head.pointee.columns.stepCount)
        // (Narrow steps: narrow advances and indices, `ShapedColumns.narrowSteps`.)
        let x = RawPackedColumn<Int64, Int32>(text.storage, at: head.pointee.columns.x, narrow: Steps.isNarrow || head.pointee.columns.narrowX)
        // `forEachLine`'s fit and heights (`LineSetup`); the fit never reached by an advance
        // where lines do not wrap.
        let bound = setup.fit == .max ? Int64.max / 4 : setup.fit
        let strutAscent = setup.strutAscent, strutDescent = setup.strutDescent
        // Every line's height where it is not the union of its boxes (`LineSetup` has boxes
        // only where the height is not uniform): one test a line.
        let flat = setup.uniform ?? Double(strutAscent) + Double(strutDescent)
        // The loop made twice, with boxes and without: no test of them a line, fewer values
        // held across it.
        if let boxes = setup.boxes {
            return walk(boxes)
        }
        return walk(nil)

        @inline(__always)
        func walk(_ boxes: LineBoxes?) -> Bool {
        var j = 0
        var s = 0
        var sx: Int64 = 0
        var threshold = bound &- head.pointee.textOpeningRound
        var span = 0
        while true {
            let first = steps[j]
            let end = Int(first.nextComplex)
            if j >= end || first.contentX > threshold { break }
            // The last entry of `j..<end` that fits (content ends only grow along the stretch).
            let lo = steps.lastFit(from: j, guess: Swift.min(j &+ span, end &- 1), end: end, threshold: threshold)
            // The next entry is complex (a line that may end there, or whose width is not
            // the prepared advances'): the general walk decides.
            if lo &+ 1 == end && end != stepCount { break }
            span = lo &- j
            // (The strut's where no box reaches out of it, as in `forEachLine`.)
            var height = flat
            if let boxes {
                let (ascent, descent) = boxes.union(from: j, through: lo, strutAscent, strutDescent,
                                                    narrow: Steps.isNarrow || boxes.indices.isNarrow)
                height = Double(ascent) + Double(descent)
            }
            let step = steps[lo]
            // Its content is empty only where the line is hanging white space, whose advance
            // is not negative.
            let raw = step.contentX &- sx
            let e = Int(step.boundary)
            visitor.visit(text, s, e, raw > 0 ? _LayoutUnit.ceil(raw) : 0, false, height)
            s = e
            sx = x[e]
            threshold = sx &+ bound
            j = lo &+ 1
            if e >= last || visitor.isDone { return true }
        }
        if j > 0 { start = LineWalkStart(s: s, sx: sx, next: j, step: j - 1, atBreak: true) }
        return false
        }
    }
}
