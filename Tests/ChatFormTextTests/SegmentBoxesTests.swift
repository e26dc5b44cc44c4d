import Testing
import ChatFormTesting
@testable import ChatFormText

/// `_SegmentBoxes.unite` walks the runs that reach past the strut when the runs are in
/// order; it must write the boxes the search a step at a time (`searching`) writes, for runs
/// in order, with gaps, out of order or empty, segments ending in line breaks, and faces
/// within and past the strut.
@Suite("Segment boxes")
struct SegmentBoxesTests {
    /// A random text's boundaries (offsets rising from 0, some clusters line terminators),
    /// its break steps (ascending boundaries, the last one the text's end), runs and faces.
    struct Case {
        var offsets: [Int32]
        var flags: [UInt8]
        var steps: [Int32]
        var runs: [ShapedRun]
        var faces: [FontBoxMetrics]
    }

    static func makeCase(_ rng: inout SplitMix64) -> Case {
        let boundaryCount = Int.random(in: 1...40, using: &rng)
        var offsets: [Int32] = [0]
        for _ in 1..<boundaryCount { offsets.append(offsets.last! + Int32.random(in: 1...4, using: &rng)) }
        let n = Int(offsets.last!)
        let flags = (0..<boundaryCount).map { _ in UInt8.random(in: 0..<5, using: &rng) == 0 ? ShapedText.Flags.terminator : 0 }
        var steps = (1..<Swift.max(boundaryCount, 1)).filter { _ in Bool.random(using: &rng) }.map(Int32.init)
        if steps.last != Int32(boundaryCount - 1) { steps.append(Int32(boundaryCount - 1)) }
        let faces = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            FontBoxMetrics(ascent: Double(Int.random(in: 8...20, using: &rng)), descent: Double(Int.random(in: 2...8, using: &rng)),
                           lineGap: Double(Int.random(in: 0...3, using: &rng)))
        }
        // Runs covering the text in order, then (often) spoilt: a gap, an overlap, an empty
        // run, one cut short of the end, a face past the registry.
        var runs: [ShapedRun] = []
        var p = 0
        while p < n {
            let e = Swift.min(n, p + Int.random(in: 1...9, using: &rng))
            runs.append(ShapedRun(range: p..<e, face: Int.random(in: 0..<faces.count + 1, using: &rng) % (faces.count + (Bool.random(using: &rng) ? 1 : 0)),
                                  bidiLevel: 0, script: 0, item: 0))
            p = e
        }
        if !runs.isEmpty {
            let i = Int.random(in: 0..<runs.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: runs[i].range = runs[i].range.lowerBound + 1 > runs[i].range.upperBound ? runs[i].range
                : (runs[i].range.lowerBound + 1)..<runs[i].range.upperBound
            case 1: runs[i].range = Swift.max(0, runs[i].range.lowerBound - 2)..<runs[i].range.upperBound
            case 2: runs[i].range = runs[i].range.lowerBound..<runs[i].range.lowerBound
            case 3: runs.removeLast()
            case 4: runs.swapAt(i, runs.count - 1 - i)
            default: break
            }
        }
        return Case(offsets: offsets, flags: flags, steps: steps, runs: runs, faces: faces)
    }

    /// The boxes `body` writes for `c`'s steps (over boxes that are not 0: each path writes
    /// every step's).
    static func boxes(_ c: Case, strut: (ascent: Double, descent: Double),
                      _ body: (UnsafeMutableBufferPointer<StepBox>, UnsafeBufferPointer<StepDraft>,
                               UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<UInt8>) -> Void)
        -> [[Float]] {
        let steps = c.steps.map { StepDraft(contentX: 0, boundary: $0) }
        var boxes = [StepBox](repeating: StepBox(ascent: 99, descent: 99), count: steps.count)
        var offsets = c.offsets, flags = c.flags
        boxes.withUnsafeMutableBufferPointer { b in
            steps.withUnsafeBufferPointer { s in
                offsets.withUnsafeMutableBufferPointer { o in flags.withUnsafeMutableBufferPointer { f in body(b, s, o, f) } }
            }
        }
        return boxes.map { [$0.ascent, $0.descent] }
    }

    @Test func walkingTheRunsWritesWhatSearchingWrites() {
        var rng = SplitMix64(seed: 0x5E6B_0E5)
        var ordered = 0, reaching = 0
        for _ in 0..<4000 {
            let c = Self.makeCase(&rng)
            // (Whether a cluster is a line terminator, as the break walk tells `unite`: most
            // cases have one, short ones often none.)
            let terminators = c.flags.contains { $0 & ShapedText.Flags.terminator != 0 }
            let strut = (ascent: Double(Int.random(in: 8...16, using: &rng)), descent: Double(Int.random(in: 2...6, using: &rng)))
            let walked = Self.boxes(c, strut: strut) {
                _SegmentBoxes.unite($0, steps: $1, offsets: $2, flags: $3, terminators: terminators, runs: c.runs, faces: c.faces,
                                    strut: strut)
            }
            let searched = Self.boxes(c, strut: strut) {
                _SegmentBoxes.searching($0, steps: $1, offsets: $2, flags: $3, runs: c.runs, faces: c.faces, strut: strut)
            }
            #expect(walked == searched, "\(c)")
            if zip(c.runs, c.runs.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) { ordered += 1 }
            if searched.contains(where: { $0 != [0, 0] }) { reaching += 1 }
        }
        // Both paths and both answers were tried often.
        #expect(ordered > 1000 && ordered < 3900)
        #expect(reaching > 1000)
    }
}
