import Testing
import ChatFormTesting
@testable import ChatFormText

/// What `LineBreaker.measureStyled` relies on to look for a line's end past its first item
/// from a guess (`NarrowItemSteps.lastCrossing`): along a stretch of plain entries
/// (`LineStep.nextComplex`) the item steps' `roundedX` only grows, held on seeded styled
/// texts whose items start inside words and whose advances carry fractions of a pixel, by at
/// least the advances between the entries' content ends (an item rounded down, or to the
/// nearest unit, would break that); and the search itself held to a scan of every entry.
@Suite("Item-step order")
struct ItemStepOrderTests {
    @Test func roundedXGrowsAlongAStretch() throws {
        var rng = SplitMix64(seed: 3307)
        var pairs = 0, acrossItems = 0, texts = 0
        for _ in 0..<200 {
            let text = (rng.next() % 5 == 0 ? " " : "") + fakeMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: ItemizingFakeShaper(seed: rng.next()))
            let c = prepared.storage.head.pointee.columns
            guard c.itemStepCount != 0 else { continue }
            texts += 1
            let base = prepared.storage.base
            let steps = LineSteps(base: base, isNarrow: c.narrowSteps)
            let n = Int(c.stepCount)
            // (One item step an entry, and one for the text's start.)
            #expect(Int(c.itemStepCount) == n + 1)
            func roundedX(_ k: Int) -> Int64 {
                c.narrowItemSteps
                    ? Int64((base + Int(c.itemSteps)).assumingMemoryBound(to: NarrowItemStep.self)[k].roundedX)
                    : (base + Int(c.itemSteps)).assumingMemoryBound(to: ItemStep.self)[k].roundedX
            }
            func nextItem(_ k: Int) -> Int32 {
                c.narrowItemSteps
                    ? Int32((base + Int(c.itemSteps)).assumingMemoryBound(to: NarrowItemStep.self)[k].nextItem)
                    : (base + Int(c.itemSteps)).assumingMemoryBound(to: ItemStep.self)[k].nextItem
            }
            for k in 0..<n where k + 1 < Int(steps[k].nextComplex) {
                #expect(roundedX(k) <= roundedX(k + 1), "\(text.debugDescription): entries \(k), \(k + 1) of \(n)")
                // (It grows at least by the advances between the content ends: each item
                // crossed adds its width rounded up. An item rounded down would fail here.)
                #expect(roundedX(k + 1) - roundedX(k) >= steps[k + 1].contentX - steps[k].contentX,
                        "\(text.debugDescription): entries \(k), \(k + 1) of \(n)")
                if nextItem(k) != nextItem(k + 1) { acrossItems += 1 }
                pairs += 1
            }
            withExtendedLifetime(prepared) {}
        }
        #expect(texts > 150 && pairs > 2000 && acrossItems > 500, "\(texts) \(pairs) \(acrossItems)")
    }

    @Test func lastCrossingIsAScan() {
        var rng = SplitMix64(seed: 3308)
        var compared = 0, none = 0, farOn = 0, farBack = 0
        for _ in 0..<2000 {
            let n = Int(rng.next() % 60) + 1
            var x: [NarrowItemStep] = []
            var v = Int32(truncatingIfNeeded: Int64(rng.next() % 2000)) - 1000
            for _ in 0..<n {
                v += Int32(rng.next() % 4) == 0 ? 0 : Int32(rng.next() % 400)
                x.append(NarrowItemStep(ItemStep(roundedX: Int64(v), crossingBase: 0, nextItem: 0, split: 0)))
            }
            x.withUnsafeBufferPointer { buffer in
                let steps = NarrowItemSteps(base: buffer.baseAddress!)
                for _ in 0..<20 {
                    let split = Int(rng.next() % UInt64(n))
                    let guess = split + Int(rng.next() % UInt64(n - split))
                    let threshold = Int64(x[split].roundedX) + Int64(rng.next() % 6000) - 500
                    var expected = split - 1
                    while expected + 1 < n && Int64(x[expected + 1].roundedX) <= threshold { expected += 1 }
                    #expect(steps.lastCrossing(from: split, guess: guess, end: n, threshold: threshold) == expected,
                            "n \(n) split \(split) guess \(guess) threshold \(threshold)")
                    if expected < split { none += 1 }
                    if expected > guess + 4 { farOn += 1 }
                    if expected >= split && expected < guess - 4 { farBack += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared == 40_000 && none > 1000 && farOn > 1000 && farBack > 1000, "\(none) \(farOn) \(farBack)")
    }
}
