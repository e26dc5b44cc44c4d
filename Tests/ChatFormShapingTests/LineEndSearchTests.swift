import Testing
import ChatFormTesting
@testable import ChatFormText

/// The search for a line's end (`NarrowLineSteps.lastFit`, 8 steps at a compare, and
/// `WideLineSteps.lastFit`, one at a time) held to a scan of every entry: seeded stretches
/// of growing content ends, with entries past the stretch that do and do not fit, guesses
/// far before and after the answer, thresholds past `Int32`'s range; and the 64 bytes past
/// the narrow steps that the compare reads, kept in every prepared text's storage.
@Suite("Line-end search")
struct LineEndSearchTests {
    /// The last entry of `j..<end` at most `threshold`, entry by entry.
    func scan(_ x: [Int32], _ j: Int, _ end: Int, _ threshold: Int64) -> Int {
        var lo = j
        while lo + 1 < end && Int64(x[lo + 1]) <= threshold { lo += 1 }
        return lo
    }

    @Test func sameEntryAsAScan() {
        var rng = SplitMix64(seed: 8080)
        var compared = 0, farOn = 0, farBack = 0
        for _ in 0..<3000 {
            let n = Int(rng.next() % 90) + 1
            // Content ends grow along stretches; each stretch starts over lower.
            var x: [Int32] = []
            var stretchEnds: [Int] = []
            var v: Int32 = Int32(truncatingIfNeeded: Int64(rng.next() % 2000)) - 1000
            for k in 0..<n {
                if k > 0 && rng.next() % 12 == 0 {
                    stretchEnds.append(k)
                    v -= Int32(rng.next() % 3000)
                }
                v += Int32(rng.next() % 400)
                x.append(v)
            }
            stretchEnds.append(n)
            // The steps, then the 64 bytes the narrow compare may read past the last (as
            // `ShapedColumns` keeps them), filled with content ends that would fit.
            let narrow = UnsafeMutableRawPointer.allocate(byteCount: ShapedColumns.narrowStepsEnd(n), alignment: 8)
            let wide = UnsafeMutableRawPointer.allocate(byteCount: n * MemoryLayout<LineStep>.stride, alignment: 8)
            defer { narrow.deallocate(); wide.deallocate() }
            for k in 0..<(n + 8) {
                let step = NarrowLineStep(contentX: k < n ? x[k] : Int32.min + 1, boundary: UInt16(k), nextComplex: 0)
                narrow.storeBytes(of: step, toByteOffset: k * 8, as: NarrowLineStep.self)
                if k < n {
                    wide.storeBytes(of: LineStep(contentX: Int64(x[k]), boundary: Int32(k)), toByteOffset: k * 16, as: LineStep.self)
                }
            }
            let narrowSteps = NarrowLineSteps(base: UnsafeRawPointer(narrow)), wideSteps = WideLineSteps(base: UnsafeRawPointer(wide))
            for _ in 0..<20 {
                let j = Int(rng.next() % UInt64(n))
                let end = stretchEnds.first { $0 > j }!
                // Anywhere in the stretch, or near its end (a long line before a short one).
                let guess = rng.next() % 2 == 0 ? j + Int(rng.next() % UInt64(end - j)) : Swift.max(j, end - 1 - Int(rng.next() % 4))
                // From the entry at `j` (which must fit) to past every one, or past `Int32`.
                let spread = Int64(rng.next() % (rng.next() % 2 == 0 ? 3000 : 40_000))
                let threshold = rng.next() % 50 == 0 ? Int64(Int32.max) + spread : Int64(x[j]) + spread
                let expected = scan(x, j, end, threshold)
                #expect(narrowSteps.lastFit(from: j, guess: guess, end: end, threshold: threshold) == expected,
                        "n \(n) j \(j) end \(end) guess \(guess) threshold \(threshold)")
                #expect(wideSteps.lastFit(from: j, guess: guess, end: end, threshold: threshold) == expected)
                if expected > guess + 12 { farOn += 1 }
                if expected < guess - 12 { farBack += 1 }
                compared += 1
            }
        }
        #expect(compared == 60_000)
        // Answers more than a compare away from the guess, both ways.
        #expect(farOn > 500 && farBack > 500, "\(farOn) \(farBack)")
    }

    /// Every text of narrow steps has 64 bytes after them, and its cache slot (written by
    /// whichever thread first reshapes an edge) lies past those.
    @Test func narrowStepsHaveTheirSlack() throws {
        var rng = SplitMix64(seed: 8081)
        let shaper = FakeShaper()
        var narrow = 0
        for length in 0..<60 {
            var text = ""
            for k in 0..<length {
                if k > 0 { text += " " }
                text += ["a", "ok", "漢", "w"][Int(rng.next() % 4)]
            }
            let prepared = try ShapedText(text: text, shaper: shaper)
            let c = prepared.storage.head.pointee.columns
            guard c.narrowSteps else { continue }
            narrow += 1
            let end = ShapedColumns.narrowStepsEnd(Int(c.stepCount))
            #expect(Int(c.byteCount) >= end && Int(c.cacheSlot) >= end, "\(length) words")
        }
        #expect(narrow == 60)
    }
}
