/// Each segment's line box while preparing (`PreparedBreaks`): which faces' boxes reach past
/// the strut between two places a line may end, so that wrapping unites boxes from the line
/// steps without looking at runs.
enum _SegmentBoxes {
    /// Writes each step's line box, so wrapping unites boxes without looking at runs: the parts
    /// of it reaching past the `strut` (0 where the strut holds it, as a line's box is the
    /// strut's united with its segments', so that segments alike in that share one box).
    static func unite(_ steps: UnsafeMutableBufferPointer<StepDraft>, offsets: UnsafeMutableBufferPointer<Int32>,
                      flags: UnsafeMutableBufferPointer<UInt8>, runs: [ShapedRun], faces: [FontBoxMetrics],
                      strut: (ascent: Double, descent: Double)) {
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
                    steps[k].boxAscent = Float(ascent) > strutAscent ? Float(ascent) : 0
                    steps[k].boxDescent = Float(descent) > strutDescent ? Float(descent) : 0
                    previous = e
                }
            }
        }
    }

}
