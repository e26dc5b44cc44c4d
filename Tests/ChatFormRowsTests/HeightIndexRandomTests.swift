@testable import ChatFormRows
import Testing

/// Seeded random operation sequences checked after every operation against `RowModel`.
@Suite("HeightIndex against a naive model")
struct HeightIndexRandomTests {
    /// Tiny capacities give deep trees, many splits and merges, and runs capped at a few rows.
    static let limits: [_Limits] = [
        _Limits(maxLeaf: 4, maxFanout: 4, maxRun: 3),
        _Limits(maxLeaf: 7, maxFanout: 5, maxRun: 20),
        _Limits.standard,
    ]

    @Test("random operations", arguments: [1, 2, 3, 42, 1_234, 987_654] as [UInt64], 0..<3)
    func randomOperations(seed: UInt64, limitsIndex: Int) throws {
        var rng = SplitMix64(seed: seed &* 31 &+ UInt64(limitsIndex))
        var index = HeightIndex(_limits: Self.limits[limitsIndex])
        var model = RowModel()
        let operations = 1_000
        var deepest = 0
        for _ in 0..<operations {
            let n = model.rows.count
            let growing = n < 200
            switch rng.int(0...13) {
            case 0...1 where growing:
                // One row anywhere.
                let h = rng.height()
                let measured = rng.chance(0.5)
                let at = rng.int(0...n)
                try index.insert(height: h, measured: measured, at: at)
                model.rows.insert((h, measured), at: at)
            case 2 where growing:
                // A run of rows of one height (usually estimates).
                let h = rng.chance(0.3) ? 44 : rng.height()
                let measured = rng.chance(0.2)
                let k = rng.int(0...40)
                let at = rng.int(0...n)
                try index.insert(repeating: h, count: k, measured: measured, at: at)
                model.rows.insert(contentsOf: Array(repeating: (h, measured), count: k), at: at)
            case 3 where growing:
                // A batch of heights, some repeated.
                let measured = rng.chance(0.5)
                let hs = (0..<rng.int(0...30)).map { _ in rng.chance(0.3) ? 10 : rng.height() }
                let at = rng.int(0...n)
                if hs.count % 2 == 0 {
                    try index.insert(contentsOf: hs, measured: measured, at: at)
                } else {
                    // A lazy sequence, as a document's counts arrive (gathered by the
                    // inlinable part of the insertion).
                    try index.insert(contentsOf: hs.lazy.map { $0 * 1 }[...].lazy.filter { _ in true }, measured: measured, at: at)
                }
                model.rows.insert(contentsOf: hs.map { ($0, measured) }, at: at)
            case 4 where growing:
                let h = rng.height()
                if rng.chance(0.5) {
                    try index.append(height: h, measured: false)
                    model.rows.append((h, false))
                } else {
                    try index.prepend(height: h, measured: true)
                    model.rows.insert((h, true), at: 0)
                }
            case 5...6 where n > 0:
                let at = rng.int(0...(n - 1))
                let removed = try index.remove(at: at)
                let expected = model.rows.remove(at: at)
                #expect(removed.height == expected.height && removed.measured == expected.measured)
            case 7 where n > 0:
                let lo = rng.int(0...n)
                let hi = rng.chance(0.1) ? n : rng.int(lo...min(n, lo + 60))
                try index.removeSubrange(lo..<hi)
                model.rows.removeSubrange(lo..<hi)
            case 8 where n > 0:
                let from = rng.int(0...(n - 1))
                let to = rng.int(0...(n - 1))
                try index.move(from: from, to: to)
                let row = model.rows.remove(at: from)
                model.rows.insert(row, at: to)
            case 11 where n > 0:
                // Several rows at once (a width change), in any order, a row sometimes twice:
                // as if set one by one in the order given.
                let measured = rng.chance(0.7)
                let updates = (0..<rng.int(1...40)).map { _ in
                    let at = rng.int(0...(n - 1))
                    return (row: at, height: rng.chance(0.2) ? model.rows[at].height : rng.height())
                }
                try index.setHeights(updates, measured: measured)
                for update in updates { model.rows[update.row] = (update.height, measured) }
                #expect(throws: HeightIndexError.indexOutOfRange(n, count: n)) { try index.setHeights([(0, 1), (n, 1)]) }
            case 9...10 where n > 0:
                // Measure (or re-estimate) one row; sometimes to the value it already has.
                let at = rng.int(0...(n - 1))
                let measured = rng.chance(0.7)
                let h = rng.chance(0.2) ? model.rows[at].height : rng.height()
                try index.setHeight(h, at: at, measured: measured)
                model.rows[at] = (h, measured)
            case 12:
                // Bad input is refused and changes nothing.
                let bad: [Double] = [-1, -.ulpOfOne, .nan, .infinity, -.infinity]
                let h = bad[rng.int(0...(bad.count - 1))]
                #expect(throws: HeightIndexError.self) { try index.insert(height: h, at: rng.int(0...n)) }
                #expect(throws: HeightIndexError.indexOutOfRange(n, count: n)) { try index.setHeight(1, at: n) }
                #expect(throws: HeightIndexError.self) { try index.insert(contentsOf: [1, 2, h], at: 0) }
                #expect(throws: HeightIndexError.rangeOutOfBounds(0..<(n + 1), count: n)) {
                    try index.removeSubrange(0..<(n + 1))
                }
            default:
                // Copy-on-write: mutate a copy, the original must not move.
                let snapshot = index
                var copy = index
                let h = rng.height()
                try copy.insert(height: h, at: rng.int(0...n))
                if n > 0 { try copy.setHeight(h + 1, at: rng.int(0...(n - 1))) }
                if n > 2 { try copy.removeSubrange(0..<2) }
                copy._checkInvariants()
                #expect(index == snapshot)
            }
            expectMatches(index, model, rng: &rng)
            deepest = max(deepest, index._root.level)
        }
        if limitsIndex == 0 {
            // The tiny limits must have produced a real tree, or the test proves little.
            #expect(deepest >= 3)
        }
    }
}

/// Narrow bands (a viewport's rows) over indexes of mixed estimated runs and measured rows:
/// the one-walk `rows(intersecting:)` against the model and against its two walks apart.
@Suite("HeightIndex rows in a narrow band")
struct HeightIndexBandTests {
    @Test("one walk equals two walks and the model", arguments: [7, 23, 2_026] as [UInt64], 0..<3)
    func narrowBands(seed: UInt64, limitsIndex: Int) throws {
        var rng = SplitMix64(seed: seed)
        var index = HeightIndex(_limits: HeightIndexRandomTests.limits[limitsIndex])
        var model = RowModel()
        // Estimated runs with measured rows scattered over them, as a long chat gets.
        for _ in 0..<40 {
            let k = rng.int(1...300)
            let h = rng.chance(0.2) ? 0 : 3
            try index.insert(repeating: Double(h), count: k, measured: false, at: model.rows.count)
            model.rows.append(contentsOf: Array(repeating: (Double(h), false), count: k))
        }
        for _ in 0..<600 {
            let at = rng.int(0...(model.rows.count - 1))
            let h = rng.height()
            try index.setHeight(h, at: at, measured: true)
            model.rows[at] = (h, true)
        }
        let prefix = model.prefix
        let n = model.rows.count
        var sameLeaf = 0
        for _ in 0..<2_000 {
            let a = rng.chance(0.5) ? prefix[rng.int(0...n)] : Double.random(in: -2...(prefix[n] + 2), using: &rng)
            let b = a + (rng.chance(0.2) ? Double(rng.int(1...4)) / 4 : Double.random(in: 0.001...40, using: &rng))
            let band = index.rows(intersecting: a..<b)
            let lower = index._rowsEnding(atOrBefore: a)
            let apart = lower..<Swift.max(lower, index._rowsStarting(before: b))
            #expect(band == apart, "rows(intersecting: \(a)..<\(b))")
            let expected = (0..<n).filter { prefix[$0 + 1] > a && prefix[$0] < b }
            if expected.isEmpty {
                #expect(band.isEmpty, "rows(intersecting: \(a)..<\(b))")
            } else {
                #expect(Array(band) == expected, "rows(intersecting: \(a)..<\(b))")
            }
            if index._root.entry(containing: Swift.min(band.lowerBound, n - 1)).leaf
                === index._root.entry(containing: Swift.min(Swift.max(band.upperBound - 1, 0), n - 1)).leaf {
                sameLeaf += 1
            }
        }
        // Most bands lie inside one leaf with the standard limits (the one-walk case).
        if limitsIndex == 2 { #expect(sameLeaf > 1_000) }
    }
}
