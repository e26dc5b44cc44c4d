/// The walks down a `HeightIndex` tree: to a row's entry, to the rows before an offset, and
/// over the unmeasured runs of a range; and the walks over a whole subtree (its footprint,
/// its run entries).
extension _HeightNode {
    /// The bytes this node and every node under it hold (`ownFootprint` summed). O(nodes).
    var subtreeFootprint: Int {
        var bytes = ownFootprint
        for child in children { bytes += child.subtreeFootprint }
        return bytes
    }

    /// Appends the run entries of this subtree, in row order: (height, measured, row
    /// count). O(entries).
    func appendRuns(to result: inout [(height: Double, measured: Bool, length: Int)]) {
        if isLeaf {
            for e in runs.indices {
                let run = runs[e]
                result.append((heights[e], _Run.isMeasured(run), _Run.length(run)))
            }
        } else {
            for child in children { child.appendRuns(to: &result) }
        }
    }

    /// The leaf and entry holding `row` (which must be in `0..<count`), and the row's place in it. O(log n).
    func entry(containing row: Int) -> (leaf: _HeightNode, entry: Int, offset: Int) {
        var node = self
        var r = row
        while !node.isLeaf {
            var i = 0
            while r >= node.children[i].count {
                r -= node.children[i].count
                i += 1
            }
            node = node.children[i]
        }
        let (e, k) = node.locate(r)
        return (node, e, k)
    }

    /// The rows lying before `y` — those ending at or before it (`countingEnds`), or those
    /// starting before it — and the offset of the first row not counted. O(log n).
    @inline(__always)
    func rows(before y: Double, countingEnds: Bool) -> (rows: Int, offset: Double) {
        // A row ending at `y` lies before it; a row starting at `y` does not.
        @inline(__always) func before(_ edge: Double) -> Bool { countingEnds ? edge <= y : edge < y }
        var node = self
        var rows = 0
        var acc = 0.0
        while !node.isLeaf {
            let children = node.children
            var i = 0
            while i < children.count, before(acc + children[i].height) {
                acc += children[i].height
                rows += children[i].count
                i += 1
            }
            if i == children.count { return (rows, acc) }
            node = children[i]
        }
        let found = node.leafRows(before: y, countingEnds: countingEnds, from: 0, rows: rows, offset: acc)
        return (found.rows, found.offset)
    }

    /// `rows(before: lower, countingEnds: true).rows` and `rows(before: upper, countingEnds:
    /// false).rows` for `lower < upper`: the rows intersecting a band. When the second walk
    /// would go down the first one's path (a band inside one leaf, as the rows in view
    /// mostly are), it goes on from where the first one stopped in the leaf, with the same
    /// sums in the same order, so the same answers; else it walks again. O(log n).
    func rows(endingAtOrBefore lower: Double, startingBefore upper: Double) -> (lower: Int, upper: Int) {
        var node = self
        var rows = 0
        var acc = 0.0
        var samePath = true
        while !node.isLeaf {
            let children = node.children
            var i = 0
            while i < children.count, acc + children[i].height <= lower {
                acc += children[i].height
                rows += children[i].count
                i += 1
            }
            if i == children.count { return (rows, self.rows(before: upper, countingEnds: false).rows) }
            // The walk to `upper` passes the same children before `i` (they end at or
            // before `lower`) and stops at `i` too when it ends at or past `upper`.
            if acc + children[i].height < upper { samePath = false }
            node = children[i]
        }
        let low = node.leafRows(before: lower, countingEnds: true, from: 0, rows: rows, offset: acc)
        guard samePath else { return (low.rows, self.rows(before: upper, countingEnds: false).rows) }
        // The entries before the one `lower` stopped in end at or before it, so before `upper`.
        let high = node.leafRows(before: upper, countingEnds: false, from: low.entry, rows: low.rowsBefore, offset: low.offsetBefore)
        return (low.rows, high.rows)
    }

    /// The leaf part of `rows(before:countingEnds:)`, from entry `start`, which begins at
    /// `offset` after `rows` rows: the rows before `y`, the offset of the first row not
    /// counted, and the entry the scan stopped in with the rows and offset before it.
    @inline(__always)
    func leafRows(before y: Double, countingEnds: Bool, from start: Int, rows: Int, offset: Double)
        -> (rows: Int, offset: Double, entry: Int, rowsBefore: Int, offsetBefore: Double) {
        @inline(__always) func before(_ edge: Double) -> Bool { countingEnds ? edge <= y : edge < y }
        let shift = countingEnds ? 1 : 0   // a row's end is its successor's start
        let runs = self.runs, heights = self.heights
        var rows = rows
        var acc = offset
        var e = start
        while e < runs.count {
            let length = _Run.length(runs[e])
            let h = heights[e]
            let end = acc + h * Double(length)
            if before(end) {
                acc = end
                rows += length
                e += 1
                continue
            }
            if h == 0 { return (rows, acc, e, rows, acc) }
            // q = rows of this run lying before y, checked with the offset formula.
            var q = HeightIndex._clampedQuotient((y - acc) / h, length)
            while q > 0, !before(acc + h * Double(q - 1 + shift)) { q -= 1 }
            while q < length, before(acc + h * Double(q + shift)) { q += 1 }
            return (rows + q, acc + h * Double(q), e, rows, acc)
        }
        return (rows, acc, e, rows, acc)
    }

    /// Calls `body` with the part inside `range` of every unmeasured run entry overlapping
    /// this subtree (whose first row is `base`), until `body` returns false; returns false
    /// then.
    func walkUnmeasured(base: Int, _ range: Range<Int>, _ body: (Range<Int>) -> Bool) -> Bool {
        let node = self
        if node.measured == node.count { return true }
        if base + node.count <= range.lowerBound || base >= range.upperBound { return true }
        var start = base
        if node.isLeaf {
            for e in node.runs.indices {
                let run = node.runs[e]
                let end = start + _Run.length(run)
                if !_Run.isMeasured(run) {
                    let lo = Swift.max(start, range.lowerBound)
                    let hi = Swift.min(end, range.upperBound)
                    if lo < hi, !body(lo..<hi) { return false }
                }
                start = end
                if start >= range.upperBound { break }
            }
        } else {
            for child in node.children {
                if !child.walkUnmeasured(base: start, range, body) { return false }
                start += child.count
                if start >= range.upperBound { break }
            }
        }
        return true
    }
}

extension HeightIndex {
    /// `value` rounded down and clamped to `0...limit` (NaN → 0): a first guess that the
    /// callers correct with the exact offset formula. (Truncation, not `floor`, so the
    /// module needs no libm.)
    static func _clampedQuotient(_ value: Double, _ limit: Int) -> Int {
        guard value > 0 else { return 0 }
        if value >= Double(limit) { return limit }
        return Int(value)
    }
}
