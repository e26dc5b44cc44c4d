import Testing
@testable import ChatFormText

/// The per-thread buffers a prepared text gives back to its shaper (`ShapedRunsScratch`):
/// what is taken from them is zeroed and the taker's own, and no buffer past the cap stays.
@Suite("Shaped runs scratch")
struct ShapedRunsScratchTests {
    static func shaped(count: Int, value: Int32) -> ShapedRuns {
        let run = ShapedRun(range: 0..<count, face: 0, bidiLevel: 0, script: 0, item: 0)
        return ShapedRuns(runs: [run, run], advances: Array(repeating: value, count: count),
                          unsafeToBreak: Array(repeating: 2, count: count), faces: [], clusters: [0, Int32(count)])
    }

    @Test func takenArraysAreZeroedInTheKeptBuffers() {
        let scratch = ShapedRunsScratch.forCurrentThread()
        // Emptied first (this thread may have prepared a text before).
        _ = (scratch.takeAdvances(zeroed: 0), scratch.takeUnsafeToBreak(zeroed: 0), scratch.takeRuns(capacity: 0))
        var given = Self.shaped(count: 300, value: 7)
        let capacity = given.advances.capacity
        scratch.keep(&given)
        #expect(given.advances.isEmpty && given.unsafeToBreak.isEmpty && given.runs.isEmpty)
        let advances = scratch.takeAdvances(zeroed: 120)
        let unsafe = scratch.takeUnsafeToBreak(zeroed: 450)
        let runs = scratch.takeRuns(capacity: 3)
        #expect(advances == Array(repeating: 0, count: 120))
        #expect(advances.capacity == capacity)   // the kept buffer, not a new one
        #expect(unsafe == Array(repeating: 0, count: 450))
        #expect(runs.isEmpty && runs.capacity >= 3)
        // Taken once: the next taker gets a buffer of its own.
        #expect(scratch.takeAdvances(zeroed: 4) == [0, 0, 0, 0])
    }

    @Test func arraysStillHeldElsewhereAreNotWrittenThrough() {
        let scratch = ShapedRunsScratch.forCurrentThread()
        var given = Self.shaped(count: 64, value: 5)
        let held = given.advances
        scratch.keep(&given)
        let taken = scratch.takeAdvances(zeroed: 64)
        #expect(taken == Array(repeating: 0, count: 64))
        #expect(held == Array(repeating: 5, count: 64))
    }

    @Test func buffersPastTheCapAreNotKept() {
        let scratch = ShapedRunsScratch.forCurrentThread()
        _ = scratch.takeAdvances(zeroed: 0)
        var given = Self.shaped(count: ShapedRunsScratch.limit + 1, value: 1)
        scratch.keep(&given)
        #expect(given.advances.count == ShapedRunsScratch.limit + 1)   // left with the text
        #expect(scratch.takeAdvances(zeroed: 8).capacity < ShapedRunsScratch.limit)
    }

    /// The itemizer's items come from the kept buffer a shaper gave back (`keep(items:)`),
    /// the same items as `segment(_:direction:)` finds in an array of their own; a buffer
    /// still held elsewhere is not written through, and one past the cap is not kept.
    @Test func itemsAreTakenFromTheBufferGivenBack() throws {
        let scratch = ShapedRunsScratch.forCurrentThread()
        let texts = ["Hello, world", "", String(repeating: "ab 한 ", count: 40), "안녕하세요 여러분 hello",
                     "abc \u{05D0}\u{05D1} def 😀 ghi"]
        for text in texts {
            let own = try TextItemizer.segment(text, direction: .ltr).items
            scratch.keep(items: Array(repeating: TextItem(range: 0..<1, bidiLevel: 9, script: 9, isEmoji: true), count: 50))
            let taken = try TextItemizer.segmentWithOpportunities(text, direction: .ltr, scratch: scratch).items
            #expect(taken == own, "\(text)")
            if !own.isEmpty { #expect(taken.capacity >= 50, "\(text)") }   // the kept buffer, not a new one
        }
        // Taken once: the next text's items are in an array of their own.
        let items = try TextItemizer.segmentWithOpportunities("a b", direction: .ltr, scratch: scratch).items
        #expect(items.count == 1 && items.capacity < 50)
        // Given back while still held: the held items stay as they were.
        let held = try TextItemizer.segment("abc 한국어", direction: .ltr).items
        scratch.keep(items: held)
        let next = try TextItemizer.segmentWithOpportunities("xyz", direction: .ltr, scratch: scratch).items
        #expect(next == [TextItem(range: 0..<3, bidiLevel: 0, script: 0x4C61_746E, isEmoji: false)])
        #expect(held == (try TextItemizer.segment("abc 한국어", direction: .ltr).items))
        // Past the cap: not kept.
        _ = try TextItemizer.segmentWithOpportunities("a", direction: .ltr, scratch: scratch)
        scratch.keep(items: [TextItem](repeating: held[0], count: ShapedRunsScratch.runLimit + 1))
        #expect(try TextItemizer.segmentWithOpportunities("a", direction: .ltr, scratch: scratch).items.capacity
                < ShapedRunsScratch.runLimit)
    }

    /// The runs reserved up front: a run each 4 bytes for a short text, never more than the
    /// scratch keeps for a long one (a 1 MB paragraph grows its array as its runs come), and
    /// never fewer than two an item.
    @Test func runCapacityIsCappedAtWhatTheScratchKeeps() {
        let cap = ShapedRunsScratch.limit / 16
        #expect(ShapedRunsScratch.runCapacity(bytes: 200, items: 3) == 54)
        #expect(ShapedRunsScratch.runCapacity(bytes: 200, items: 40) == 84)
        #expect(ShapedRunsScratch.runCapacity(bytes: 1 << 20, items: 3) == cap)
        #expect(ShapedRunsScratch.runCapacity(bytes: Int(Int32.max), items: 5_000) == 10_004)
    }
}
