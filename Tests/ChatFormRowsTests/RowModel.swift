@testable import ChatFormRows
import Testing

/// The naive model: an array of rows, offsets by a running sum.
struct RowModel {
    var rows: [(height: Double, measured: Bool)] = []

    var prefix: [Double] {
        var sums = [0.0]
        sums.reserveCapacity(rows.count + 1)
        for row in rows { sums.append(sums[sums.count - 1] + row.height) }
        return sums
    }

    /// Rows whose end is at or before y: the first index i with prefix[i + 1] > y.
    static func rowsEnding(atOrBefore y: Double, _ prefix: [Double]) -> Int {
        var i = 0
        while i + 1 < prefix.count && prefix[i + 1] <= y { i += 1 }
        return i
    }
}

/// Checks every observable of `index` against `model`.
func expectMatches(
    _ index: HeightIndex, _ model: RowModel, rng: inout SplitMix64,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    index._checkInvariants()
    let rows = model.rows
    let n = rows.count
    let prefix = model.prefix
    let total = prefix[n]
    #expect(index.count == n, sourceLocation: sourceLocation)
    #expect(index.totalHeight == total, sourceLocation: sourceLocation)
    #expect(index.measuredCount == rows.filter(\.measured).count, sourceLocation: sourceLocation)
    guard index.count == n else { return }
    var mismatches = 0
    for i in 0..<n {
        if index.height(at: i) != rows[i].height || index.isMeasured(at: i) != rows[i].measured
            || index.heightAndMeasured(at: i) != (rows[i].height, rows[i].measured)
            || index.offset(ofRow: i) != prefix[i] {
            mismatches += 1
        }
    }
    #expect(mismatches == 0, "rows differing from the model", sourceLocation: sourceLocation)
    #expect(index.offset(ofRow: n) == total, sourceLocation: sourceLocation)

    // row(atOffset:) at boundaries, just around them, random offsets and the extremes.
    var probes: [Double] = [-1, -.infinity, .infinity, 0, total, total + 1, total.nextDown]
    for _ in 0..<16 { probes.append(Double.random(in: -5...(total + 5), using: &rng)) }
    for _ in 0..<8 where n > 0 {
        let b = prefix[rng.int(0...n)]
        probes += [b, b.nextUp, b.nextDown, b + 0.25, b - 0.25]
    }
    for y in probes {
        let got = index.row(atOffset: y)
        if n == 0 {
            #expect(got == nil, sourceLocation: sourceLocation)
            continue
        }
        // Definition: first row whose [start, end) holds y; clamps below 0 and past the end.
        var expected: Int
        if y < 0 {
            expected = 0
        } else if let r = (0..<n).first(where: { prefix[$0] <= y && y < prefix[$0 + 1] }) {
            expected = r
        } else {
            expected = n - 1
        }
        if y >= total { expected = n - 1 }
        #expect(got == expected, "row(atOffset: \(y))", sourceLocation: sourceLocation)
        // The same row in one walk, with its offset.
        let found = index.rowAndOffset(atOffset: y)
        #expect(found?.row == expected && found?.offset == prefix[expected], "rowAndOffset(atOffset: \(y))",
                sourceLocation: sourceLocation)
    }

    // rows(intersecting:) = rows with end > minY and start < maxY (or <= for closed bands).
    for _ in 0..<12 {
        var a = rng.chance(0.5) && n > 0 ? prefix[rng.int(0...n)] : Double.random(in: -5...(total + 5), using: &rng)
        var b = rng.chance(0.5) && n > 0 ? prefix[rng.int(0...n)] : Double.random(in: -5...(total + 5), using: &rng)
        if a > b { swap(&a, &b) }
        let halfOpen = index.rows(intersecting: a..<b)
        let expectedOpen = (0..<n).filter { prefix[$0 + 1] > a && prefix[$0] < b }
        if expectedOpen.isEmpty {
            #expect(halfOpen.isEmpty, "rows(intersecting: \(a)..<\(b))", sourceLocation: sourceLocation)
        } else {
            #expect(Array(halfOpen) == expectedOpen, "rows(intersecting: \(a)..<\(b))", sourceLocation: sourceLocation)
        }
        let closed = index.rows(intersecting: a...b)
        let expectedClosed = (0..<n).filter { prefix[$0 + 1] > a && prefix[$0] <= b }
        if expectedClosed.isEmpty {
            #expect(closed.isEmpty, "rows(intersecting: \(a)...\(b))", sourceLocation: sourceLocation)
        } else {
            #expect(Array(closed) == expectedClosed, "rows(intersecting: \(a)...\(b))", sourceLocation: sourceLocation)
        }
    }

    // Unmeasured rows in random index ranges.
    for _ in 0..<4 {
        let lo = rng.int(0...n)
        let hi = rng.int(lo...n)
        let expected = (lo..<hi).filter { !rows[$0].measured }
        #expect(index.firstUnmeasured(in: lo..<hi) == expected.first, sourceLocation: sourceLocation)
        let ranges = index.unmeasuredRanges(in: lo..<hi)
        #expect(ranges.flatMap { Array($0) } == expected, sourceLocation: sourceLocation)
        // Maximal: consecutive reported ranges never touch.
        for (r1, r2) in zip(ranges, ranges.dropFirst()) {
            #expect(r1.upperBound < r2.lowerBound, sourceLocation: sourceLocation)
        }
    }
}
