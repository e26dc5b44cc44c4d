import Testing
@testable import ChatFormText

/// `ShapedRuns.hasClusters(partitioning:)`, the check that a shaper's cluster boundaries
/// rise from 0 to the text's length before a text is prepared from them: it works in 32
/// bits, where a difference with a negative value could wrap round and look like a rise.
@Suite("Shaped runs partition")
struct ShapedRunsPartitionTests {
    static func runs(_ clusters: [Int32]) -> ShapedRuns {
        ShapedRuns(runs: [], advances: [], unsafeToBreak: [], faces: [], clusters: clusters)
    }

    /// The model: every boundary above the one before it, from 0 to `count`.
    static func model(_ clusters: [Int32], _ count: Int) -> Bool {
        guard clusters.first == 0, clusters.last.map(Int.init) == count else { return false }
        return zip(clusters, clusters.dropFirst()).allSatisfy { $0 < $1 }
    }

    @Test func risingBoundariesPartition() {
        #expect(Self.runs([0]).hasClusters(partitioning: 0))
        #expect(Self.runs([0, 1, 4, 5, 8, 9, 12, 13, 14, 15]).hasClusters(partitioning: 15))
        #expect(Self.runs([0, Int32.max]).hasClusters(partitioning: Int(Int32.max)))
    }

    @Test func flatFallingOrWrongEndsDoNot() {
        #expect(!Self.runs([]).hasClusters(partitioning: 0))
        #expect(!Self.runs([1, 2]).hasClusters(partitioning: 2))
        #expect(!Self.runs([0, 3, 3, 5]).hasClusters(partitioning: 5))
        #expect(!Self.runs([0, 4, 3, 5]).hasClusters(partitioning: 5))
        #expect(!Self.runs([0, 2, 4]).hasClusters(partitioning: 5))
    }

    /// A negative boundary after a positive one: its difference wraps round in 32 bits
    /// (10 - (Int32.min + 5) is negative there), and every other difference of the first
    /// text below is negative too: only the or'ed values tell it does not rise.
    @Test func negativeBoundariesDoNotWrapIntoARise() {
        #expect(!Self.runs([0, 10, Int32.min + 5, 3, 20]).hasClusters(partitioning: 20))
        #expect(!Self.runs([0, 5, Int32.min + 3, 10]).hasClusters(partitioning: 10))
        #expect(!Self.runs([0, -2, Int32.max - 1, Int32.max]).hasClusters(partitioning: Int(Int32.max)))
        #expect(!Self.runs([0, Int32.min, 7]).hasClusters(partitioning: 7))
    }

    /// Seeded boundaries of every sort, many lengths (the vectorized loop's tails), held
    /// against the model.
    @Test func seededBoundariesMatchTheModel() {
        var state: UInt64 = 0x2323
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var partitions = 0
        for _ in 0..<2_000 {
            let length = Int(next() % 40) + 1
            var clusters: [Int32] = [0]
            for _ in 1..<length {
                switch next() % 16 {
                case 0: clusters.append(Int32(truncatingIfNeeded: next()))                  // anything
                case 1: clusters.append(clusters[clusters.count - 1])                        // flat
                default: clusters.append(clusters[clusters.count - 1] &+ (Int32(next() % 4) &+ 1))
                }
            }
            let count = next() % 8 == 0 ? Int(next() % 100) : Int(clusters[clusters.count - 1])
            let expected = Self.model(clusters, count)
            if expected { partitions += 1 }
            #expect(Self.runs(clusters).hasClusters(partitioning: count) == expected, "\(clusters) \(count)")
        }
        #expect(partitions > 100)
    }

    /// Boundaries known to rise (`clustersRise`, the itemizer's) keep the claim only until
    /// `clusters` changes, in place or whole: boundaries changed after are checked whole.
    @Test func boundariesKnownToRiseAreCheckedAgainOnceChanged() {
        func claimed(_ clusters: [Int32]) -> ShapedRuns {
            ShapedRuns(runs: [], advances: [], unsafeToBreak: [], faces: [], clusters: clusters, opportunities: [],
                       hyphenAdvance: 0, lineEndTrims: [:], clustersRise: true)
        }
        #expect(claimed([0, 2, 3, 5]).hasClusters(partitioning: 5))
        #expect(!claimed([0, 2, 3, 5]).hasClusters(partitioning: 6))
        // Changed in place (an element, an append, through a buffer) or whole: not rising now.
        var element = claimed([0, 2, 3, 5])
        element.clusters[2] = 2
        var appended = claimed([0, 2, 3, 5])
        appended.clusters.removeLast()
        appended.clusters.append(contentsOf: [2, 5])
        var buffer = claimed([0, 2, 3, 5])
        buffer.clusters.withUnsafeMutableBufferPointer { $0[1] = 3 }
        var whole = claimed([0, 2, 3, 5])
        whole.clusters = [0, 3, 3, 5]
        for runs in [element, appended, buffer, whole] {
            #expect(!runs.clustersRise)
            #expect(!runs.hasClusters(partitioning: 5), "\(runs.clusters)")
        }
        #expect(!Self.runs([0, 3, 3, 5]).clustersRise)
    }
}
