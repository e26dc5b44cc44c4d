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
