/// The rows a relay of every measured row changed (`RowCache.relayAll`): gathered in memory
/// order, then put in row order for the prefix sums and the scroll anchor by a radix sort.
///
/// The memory order is the order rows were measured in: for a chat scrolled through, a
/// screen's rows ascending, screen after screen descending. The standard library's sort
/// extends short runs by insertion, about 450 instructions a row there (callgrind, 1,000
/// rows); a radix sort of the row indices, a byte a pass, takes O(rows) whatever the order.
struct _RelaidRows {
    /// A row re-laid: its index, its new height and the change in its height.
    typealias Row = (row: Int, height: Double, delta: Double)

    /// The rows, in the order they were appended until `sortByRow`.
    private(set) var rows: [Row] = []

    /// Room for `capacity` rows.
    init(capacity: Int) { rows.reserveCapacity(capacity) }

    /// Adds row `row` (not negative).
    @inline(__always)
    mutating func append(row: Int, height: Double, delta: Double) {
        assert(row >= 0)
        rows.append((row, height, delta))
    }

    /// Puts the rows in increasing row order, rows with one index in the order appended
    /// (stable): a least significant digit radix sort, a byte of the index a pass, as many
    /// passes as the largest index has bytes; none when the rows are in order already.
    ///
    /// - Complexity: O(rows × bytes of the largest index + 256 a pass).
    mutating func sortByRow() {
        var largest = 0, sorted = true
        for k in rows.indices {
            largest = Swift.max(largest, rows[k].row)
            if k > 0 && rows[k - 1].row > rows[k].row { sorted = false }
        }
        guard !sorted else { return }
        let passes = (Int.bitWidth - largest.leadingZeroBitCount + 7) / 8
        var other = [Row](repeating: (0, 0, 0), count: rows.count)
        rows.withUnsafeMutableBufferPointer { a in
            other.withUnsafeMutableBufferPointer { b in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { starts in
                    var from = a, to = b
                    for pass in 0..<passes {
                        let shift = 8 * pass
                        starts.initialize(repeating: 0)
                        for row in from { starts[(row.row &>> shift) & 255] &+= 1 }
                        // Each digit's first place: the counts summed before it.
                        var sum = 0
                        for d in 0..<256 {
                            let n = starts[d]
                            starts[d] = sum
                            sum &+= n
                        }
                        for row in from {
                            let d = (row.row &>> shift) & 255
                            to[starts[d]] = row
                            starts[d] &+= 1
                        }
                        swap(&from, &to)
                    }
                    // After an odd number of passes the rows are in `other`.
                    if passes % 2 == 1 { _ = a.update(fromContentsOf: b) }
                }
            }
        }
    }
}
