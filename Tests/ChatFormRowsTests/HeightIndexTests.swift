@testable import ChatFormRows
import Testing

@Suite("HeightIndex edge cases")
struct HeightIndexEdgeTests {
    @Test func emptyIndex() throws {
        var index = HeightIndex()
        index._checkInvariants()
        #expect(index.count == 0 && index.isEmpty)
        #expect(index.totalHeight == 0)
        #expect(index.measuredCount == 0)
        #expect(index.offset(ofRow: 0) == 0)
        #expect(index.row(atOffset: 0) == nil)
        #expect(index.row(atOffset: -3) == nil)
        #expect(index.rows(intersecting: 0..<100) == 0..<0)
        #expect(index.rows(intersecting: -10...100) == 0..<0)
        #expect(index.firstUnmeasured(in: 0..<0) == nil)
        #expect(index.unmeasuredRanges(in: 0..<0).isEmpty)
        #expect(throws: HeightIndexError.indexOutOfRange(0, count: 0)) { try index.remove(at: 0) }
        #expect(throws: HeightIndexError.indexOutOfRange(0, count: 0)) { try index.setHeight(1, at: 0) }
        #expect(throws: HeightIndexError.indexOutOfRange(1, count: 0)) { try index.insert(height: 1, at: 1) }
        #expect(throws: HeightIndexError.indexOutOfRange(0, count: 0)) { try index.move(from: 0, to: 0) }
        try index.removeSubrange(0..<0)
        #expect(index == HeightIndex())
        let empty = try HeightIndex(estimatedRows: 0, height: 44)
        #expect(empty.count == 0)
    }

    @Test func documentationExample() throws {
        var index = try HeightIndex(estimatedRows: 1_000_000, height: 44)
        #expect(index._runs().count == 31)
        try index.setHeight(120, at: 10)
        #expect(index.offset(ofRow: 11) == 560)
        #expect(index.row(atOffset: 500) == 10)
        #expect(index.rows(intersecting: 0..<800) == 0..<17)
        #expect(index.firstUnmeasured(in: 0..<17) == 0)
    }

    @Test func zeroHeightRowsAreSkipped() throws {
        // Rows:     0    1     2    3    4    5
        // Heights:  0   10     0    0    5    0
        // Offsets:  0    0    10   10   10   15 | total 15
        let index = try HeightIndex(heights: [0, 10, 0, 0, 5, 0])
        index._checkInvariants()
        #expect(index.totalHeight == 15)
        #expect((0...6).map { index.offset(ofRow: $0) } == [0, 0, 10, 10, 10, 15, 15])
        #expect(index.row(atOffset: -1) == 0)      // clamp above the top: row 0 even at zero height
        #expect(index.row(atOffset: 0) == 1)       // row 0 is empty; row 1 holds y = 0
        #expect(index.row(atOffset: 9.99) == 1)
        #expect(index.row(atOffset: 10) == 4)      // rows 2 and 3 are empty at y = 10
        #expect(index.row(atOffset: 14.5) == 4)
        #expect(index.row(atOffset: 15) == 5)      // y >= total: last row
        #expect(index.row(atOffset: .infinity) == 5)
        #expect(index.rows(intersecting: 0..<10) == 1..<2)
        #expect(index.rows(intersecting: 0..<10.5) == 1..<5)   // empty rows at 10 lie inside
        #expect(index.rows(intersecting: 10..<15) == 4..<5)
        #expect(index.rows(intersecting: 0...10) == 1..<5)
        #expect(index.rows(intersecting: 15..<20).isEmpty)
        #expect(index.rows(intersecting: 5..<5).isEmpty)

        let allZero = try HeightIndex(heights: [0, 0, 0])
        #expect(allZero.row(atOffset: 0) == 2)
        #expect(allZero.row(atOffset: -1) == 0)
        #expect(allZero.rows(intersecting: 0..<1).isEmpty)
    }

    @Test("y exactly on row boundaries", arguments: [1.0, 0.25, 44, 17.75])
    func boundaries(height: Double) throws {
        var index = try HeightIndex(estimatedRows: 100, height: height)
        try index.setHeight(height * 3, at: 50)
        for i in 0..<100 {
            let top = index.offset(ofRow: i)
            let expectedTop = Double(i) * height + (i > 50 ? 2 * height : 0)
            #expect(top == expectedTop)
            #expect(index.row(atOffset: top) == i)
            if i > 0 { #expect(index.row(atOffset: top.nextDown) == i - 1) }
            #expect(index.rows(intersecting: top..<(top + index.height(at: i))) == i..<(i + 1))
        }
        #expect(index.row(atOffset: index.totalHeight) == 99)
        #expect(index.rows(intersecting: index.totalHeight..<(index.totalHeight + 1)) == 100..<100)
    }

    @Test func badHeightsAreRefused() throws {
        var index = try HeightIndex(heights: [10, 20, 30])
        let before = index
        for bad in [-1, -0.5, Double.nan, .infinity, -.infinity, -Double.leastNonzeroMagnitude] {
            #expect(throws: HeightIndexError.invalidHeight(bad)) { try index.setHeight(bad, at: 1) }
            #expect(throws: HeightIndexError.invalidHeight(bad)) { try index.append(height: bad) }
            #expect(throws: HeightIndexError.invalidHeight(bad)) { try index.insert(contentsOf: [5, bad], at: 0) }
            #expect(throws: HeightIndexError.invalidHeight(bad)) { try HeightIndex(estimatedRows: 10, height: bad) }
        }
        #expect(throws: HeightIndexError.negativeCount(-1)) {
            try index.insert(repeating: 1, count: -1, at: 0)
        }
        #expect(throws: HeightIndexError.indexOutOfRange(-1, count: 3)) { try index.setHeight(1, at: -1) }
        #expect(throws: HeightIndexError.indexOutOfRange(3, count: 3)) { try index.move(from: 3, to: 0) }
        #expect(throws: HeightIndexError.rangeOutOfBounds(2..<4, count: 3)) { try index.removeSubrange(2..<4) }
        #expect(index == before)
        index._checkInvariants()
        // -0.0 is a valid zero height, stored as +0.
        try index.setHeight(-0.0, at: 0)
        #expect(index.height(at: 0) == 0 && index.height(at: 0).sign == .plus)
        index._checkInvariants()
    }

    @Test func estimatesAreRunsAndSplitLazily() throws {
        var index = try HeightIndex(estimatedRows: 100_000, height: 44)
        #expect(index._runs().count == 4)            // 100,000 rows in runs of at most 32,767
        #expect(index.measuredCount == 0)
        try index.setHeight(50, at: 70_000)
        #expect(index._runs().count == 6)            // one run split around the measured row
        #expect(index.isMeasured(at: 70_000) && !index.isMeasured(at: 69_999))
        #expect(index.heightAndMeasured(at: 70_000) == (50, true) && index.heightAndMeasured(at: 69_999) == (44, false))
        try index.setHeight(44, at: 10, measured: false) // already so: no change
        #expect(index._runs().count == 6)
        // Appending estimates of the same height joins the last run.
        var chat = HeightIndex()
        for _ in 0..<1_000 { try chat.append(height: 44, measured: false) }
        #expect(chat._runs().count == 1 && chat.count == 1_000)
        chat._checkInvariants()
    }

    @Test func moveKeepsHeightsAndFlags() throws {
        var index = try HeightIndex(heights: [1, 2, 3, 4, 5])
        try index.setHeight(30, at: 2, measured: false)
        try index.move(from: 2, to: 4)
        #expect((0..<5).map { index.height(at: $0) } == [1, 2, 4, 5, 30])
        #expect(!index.isMeasured(at: 4) && index.measuredCount == 4)
        try index.move(from: 4, to: 0)
        #expect((0..<5).map { index.height(at: $0) } == [30, 1, 2, 4, 5])
        index._checkInvariants()
    }

    @Test func unmeasuredRangesSkipMeasuredRows() throws {
        var index = try HeightIndex(estimatedRows: 50, height: 20)
        for i in 10..<40 { try index.setHeight(25, at: i) }
        #expect(index.unmeasuredRanges(in: 0..<50) == [0..<10, 40..<50])
        #expect(index.unmeasuredRanges(in: 5..<45) == [5..<10, 40..<45])
        #expect(index.firstUnmeasured(in: 10..<40) == nil)
        #expect(index.firstUnmeasured(in: 12..<50) == 40)
    }
}

@Suite("HeightIndex copy-on-write")
struct HeightIndexCopyOnWriteTests {
    @Test("mutating a copy leaves the original unchanged", arguments: [0, 1, 2] as [Int])
    func copyIsIndependent(limitsIndex: Int) throws {
        let limits = HeightIndexRandomTests.limits[limitsIndex]
        var original = HeightIndex(_limits: limits)
        var model = RowModel()
        for i in 0..<2_000 {
            let h = Double(i % 37) / 2
            try original.append(height: h, measured: i % 3 != 0)
            model.rows.append((h, i % 3 != 0))
        }
        var copy = original
        try copy.setHeight(999, at: 1_000)
        try copy.removeSubrange(0..<500)
        try copy.insert(repeating: 7, count: 3_000, at: 10)
        try copy.move(from: 0, to: 100)
        var rng = SplitMix64(seed: 7)
        expectMatches(original, model, rng: &rng)
        copy._checkInvariants()
        #expect(copy.count == 4_500)
        #expect(copy != original)

        // And the other way round: the copy does not see later edits of the original.
        let frozen = copy
        original.removeAll()
        try original.append(height: 1)
        #expect(copy == frozen && copy.count == 4_500)
    }
}

@Suite("HeightIndex at a million rows")
struct HeightIndexScaleTests {
    @Test func millionEstimatedRowsMeasuredAtScatteredPlaces() throws {
        let n = 1_000_000
        let estimate = 44.0
        var index = try HeightIndex(estimatedRows: n, height: estimate)
        #expect(index.count == n && index.totalHeight == Double(n) * estimate)
        #expect(index.memoryFootprint < 4_096)

        // Measure every 997th row to estimate + (i % 13) quarter points.
        var rng = SplitMix64(seed: 99)
        var measured: [(row: Int, delta: Double)] = []
        for row in stride(from: 3, to: n, by: 997) {
            let delta = Double(row % 13) / 4
            try index.setHeight(estimate + delta, at: row)
            measured.append((row, delta))
        }
        index._checkInvariants()
        #expect(index.measuredCount == measured.count)

        // Arithmetic expectation: offset(i) = i * 44 + sum of deltas of measured rows before i.
        var deltaPrefix = [0.0]
        for m in measured { deltaPrefix.append(deltaPrefix[deltaPrefix.count - 1] + m.delta) }
        func expectedOffset(_ row: Int) -> Double {
            // Measured rows before `row`: rows 3, 1000, 1997, … < row.
            let before = row <= 3 ? 0 : (row - 3 + 996) / 997
            return Double(row) * estimate + deltaPrefix[min(before, measured.count)]
        }
        #expect(index.totalHeight == expectedOffset(n))
        var probes = (0..<3_000).map { _ in rng.int(0...(n - 1)) }
        probes += measured.prefix(200).flatMap { [$0.row - 1, $0.row, $0.row + 1] }
        probes += [0, n - 1]
        for row in probes {
            let top = expectedOffset(row)
            #expect(index.offset(ofRow: row) == top)
            #expect(index.row(atOffset: top) == row)
            #expect(index.row(atOffset: top + index.height(at: row) / 2) == row)
        }
        #expect(index.rows(intersecting: expectedOffset(500_000)..<(expectedOffset(500_000) + 800)) ==
                500_000..<(500_000 + Int((800 / estimate).rounded(.up))))
        #expect(index.firstUnmeasured(in: 3..<4) == nil)
        #expect(index.firstUnmeasured(in: 3..<5) == 4)

        // Older messages arrive at the top: every offset moves by the inserted height.
        try index.insert(repeating: 30, count: 1_000, measured: false, at: 0)
        try index.removeSubrange(250_000..<260_000)
        index._checkInvariants()
        #expect(index.count == n + 1_000 - 10_000)
        #expect(index.offset(ofRow: 1_000 + 100_000) == 30_000 + expectedOffset(100_000))
    }

    @Test func millionMeasuredRowsStayCompact() throws {
        let n = 1_000_000
        let heights = (0..<n).map { Double(20 + ($0 * 7919) % 300) / 4 }
        let index = try HeightIndex(heights: heights)
        index._checkInvariants()
        #expect(index.count == n && index.measuredCount == n)
        let bytesPerRow = Double(index.memoryFootprint) / Double(n)
        #expect(bytesPerRow <= 16, "bytes per measured row: \(bytesPerRow)")
        var sum = 0.0
        for (i, h) in heights.enumerated() {
            if i % 50_000 == 0 { #expect(index.offset(ofRow: i) == sum) }
            sum += h
        }
        #expect(index.totalHeight == sum)

        // A bulk insert in the middle and a wide removal, checked against array edits.
        var edited = index
        var model = heights
        let batch = (0..<100_000).map { Double($0 % 17) }
        try edited.insert(contentsOf: batch, measured: false, at: 500_000)
        model.insert(contentsOf: batch, at: 500_000)
        try edited.removeSubrange(100_000..<400_000)
        model.removeSubrange(100_000..<400_000)
        edited._checkInvariants()
        #expect(edited.count == model.count)
        #expect(edited.measuredCount == n - 300_000)
        var top = 0.0
        for (i, h) in model.enumerated() {
            if i % 10_007 == 0 {
                #expect(edited.offset(ofRow: i) == top)
                #expect(edited.height(at: i) == h)
            }
            top += h
        }
        #expect(edited.totalHeight == top)
        #expect(index.count == n)   // the original is untouched
    }
}
