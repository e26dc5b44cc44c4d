/// Each segment's line box while preparing (`PreparedBreaks`): which faces' boxes reach past
/// the strut between two places a line may end, so that wrapping unites boxes from the line
/// steps without looking at runs.
enum _SegmentBoxes {
    /// Writes each step's line box to `boxes` (one a step), so wrapping unites boxes without
    /// looking at runs: the parts of it reaching past the `strut` (0 where the strut holds it,
    /// as a line's box is the strut's united with its segments', so that segments alike in
    /// that share one box).
    ///
    /// A segment's box is that of the runs it overlaps (one holding an empty segment, a line
    /// break alone, counts unless the segment is at its start), and only a run whose face
    /// reaches past the strut changes a box: so where the runs are in order (each starting
    /// at or after the end of the one before, the last reaching the text's end), the walk
    /// goes over those runs and writes the steps they overlap, the steps passed over once in
    /// all; any other runs are searched a step at a time (`searching`), with the same
    /// result (the order checked on the walk: at the first run out of order the search
    /// starts over). Without `terminators` (no cluster is a line terminator: `flags` has
    /// none), a segment ends at its step's boundary, no flag read.
    ///
    /// - Complexity: O(steps + runs).
    static func unite(_ stepBoxes: UnsafeMutableBufferPointer<StepBox>, steps: UnsafeBufferPointer<StepDraft>,
                      offsets: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>, terminators: Bool,
                      runs: [ShapedRun], faces: [FontBoxMetrics], strut: (ascent: Double, descent: Double)) {
        guard !steps.isEmpty else { return }
        let strutAscent = Float(strut.ascent), strutDescent = Float(strut.descent)
        // Each face's box as a step keeps it: a part within the strut is 0, and so is the
        // primary font's (the largest of a segment's faces' parts, each rounded to `Float`,
        // is the part of the largest: rounding keeps the order).
        let walked = withUnsafeTemporaryAllocation(of: (ascent: Float, descent: Float).self, capacity: faces.count) { boxes in
            for f in 0..<faces.count {
                let box = faces[f].box(lineHeight: faces[f].lineSpacing)
                let ascent = Float(Swift.max(box.ascent, 0)), descent = Float(Swift.max(box.descent, 0))
                boxes[f] = f == 0 ? (0, 0) : (ascent > strutAscent ? ascent : 0, descent > strutDescent ? descent : 0)
            }
            return runs.withUnsafeBufferPointer { runs in
                // (Two copies of the walk: without terminators, a segment's end reads no flag.)
                terminators
                    ? inOrder(stepBoxes, steps: steps, offsets: offsets, flags: flags, terminators: true, runs: runs,
                              boxes: UnsafeBufferPointer(boxes))
                    : inOrder(stepBoxes, steps: steps, offsets: offsets, flags: flags, terminators: false, runs: runs,
                              boxes: UnsafeBufferPointer(boxes))
            }
        }
        if !walked {
            searching(stepBoxes, steps: steps, offsets: offsets, flags: flags, runs: runs, faces: faces, strut: strut)
        }
    }

    /// `unite`'s walk over runs in order: every step's box set to 0, then raised by each
    /// run whose face's box (`boxes`, the parts past the strut) is not 0, over the steps it
    /// overlaps. False, the boxes left unfinished, when a run is empty or starts before the
    /// end of the one before, or the last does not reach the text's end (`searching` then
    /// writes every box): the order is checked on the same walk.
    ///
    /// - Complexity: O(steps + runs).
    @inline(__always)
    private static func inOrder(_ stepBoxes: UnsafeMutableBufferPointer<StepBox>, steps: UnsafeBufferPointer<StepDraft>,
                                offsets: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>,
                                terminators: Bool, runs: UnsafeBufferPointer<ShapedRun>,
                                boxes: UnsafeBufferPointer<(ascent: Float, descent: Float)>) -> Bool {
        // Every step's box starts at 0; the runs reaching past the strut raise those they overlap.
        stepBoxes.baseAddress!.initialize(repeating: StepBox(), count: steps.count)
        let stepCount = steps.count
        /// Where step `k`'s segment ends: its boundary, or before the line break ending it.
        @inline(__always)
        func segmentEnd(_ k: Int) -> Int {
            let e = Int(steps[k].boundary)
            return terminators && e > 0 && flags[e &- 1] & ShapedText.Flags.terminator != 0 ? Int(offsets[e &- 1]) : Int(offsets[e])
        }
        // The first step whose segment may reach into the next run, and its start.
        var k = 0
        var start = Int(offsets[0])
        var previousEnd = Int.min
        for run in runs {
            guard run.range.lowerBound >= previousEnd && !run.range.isEmpty else { return false }
            previousEnd = run.range.upperBound
            guard UInt(bitPattern: run.face) < UInt(boxes.count) else { continue }
            let box = boxes[run.face]
            if box.ascent == 0 && box.descent == 0 { continue }
            // Segments ending at or before the run's start do not reach it (nor the
            // next run's, which starts later).
            while k < stepCount && segmentEnd(k) <= run.range.lowerBound {
                start = Int(offsets[Int(steps[k].boundary)])
                k &+= 1
            }
            // Those from there starting before its end overlap it (their ends are past
            // its start: they rise).
            var j = k, s = start
            while j < stepCount && s < run.range.upperBound {
                // (Both parts written, each the larger: no branch.)
                let raised = stepBoxes[j]
                stepBoxes[j] = StepBox(ascent: box.ascent > raised.ascent ? box.ascent : raised.ascent,
                                       descent: box.descent > raised.descent ? box.descent : raised.descent)
                // The steps before the last one raised end before this run does, so at or
                // before the next run's start: the next search starts at the last.
                k = j
                start = s
                s = Int(offsets[Int(steps[j].boundary)])
                j &+= 1
            }
        }
        return runs.isEmpty || previousEnd >= Int(offsets[offsets.count - 1])
    }

    /// `unite`, each step's runs searched from the last step's.
    static func searching(_ stepBoxes: UnsafeMutableBufferPointer<StepBox>, steps: UnsafeBufferPointer<StepDraft>,
                          offsets: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>, runs: [ShapedRun],
                          faces: [FontBoxMetrics], strut: (ascent: Double, descent: Double)) {
        let strutAscent = Float(strut.ascent), strutDescent = Float(strut.descent)
        // Each face's box, worked out once (on the stack: a few faces).
        withUnsafeTemporaryAllocation(of: (ascent: Double, descent: Double).self, capacity: faces.count) { boxes in
            for f in 0..<faces.count { boxes[f] = faces[f].box(lineHeight: faces[f].lineSpacing) }
            runs.withUnsafeBufferPointer { runs in
                var previous = 0
                var r = 0
                for k in 0..<steps.count {
                    let segmentStart = Int(offsets[previous])
                    let e = Int(steps[k].boundary)
                    var segmentEnd = Int(offsets[e])
                    if e > 0 && flags[e - 1] & ShapedText.Flags.terminator != 0 { segmentEnd = Int(offsets[e - 1]) }
                    var ascent = 0.0, descent = 0.0
                    while r > 0 && runs[r].range.lowerBound > segmentStart { r -= 1 }
                    while r + 1 < runs.count && runs[r].range.upperBound <= segmentStart { r += 1 }
                    var q = r
                    while q < runs.count && runs[q].range.lowerBound < segmentEnd {
                        let face = runs[q].face
                        if face != 0 && face < faces.count {
                            ascent = Swift.max(ascent, boxes[face].ascent)
                            descent = Swift.max(descent, boxes[face].descent)
                        }
                        q += 1
                    }
                    stepBoxes[k] = StepBox(ascent: Float(ascent) > strutAscent ? Float(ascent) : 0,
                                           descent: Float(descent) > strutDescent ? Float(descent) : 0)
                    previous = e
                }
            }
        }
    }
}

/// A step's line box while preparing (`_SegmentBoxes.unite`): the parts of it reaching past
/// the strut, 0 where the strut holds it.
struct StepBox {
    var ascent: Float = 0
    var descent: Float = 0

    /// The box's two floats as one key (0 is never -0 here: a part within the strut is 0).
    var key: UInt64 { UInt64(ascent.bitPattern) << 32 | UInt64(descent.bitPattern) }
}
