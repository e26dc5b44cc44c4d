extension HeightIndex {
    /// The tallest row [1e18]: `Int.max` rows of it still sum to a finite total height.
    public static var maximumHeight: Double { 1e18 }

    /// `height`, checked (within `0...maximumHeight`) and with `-0.0` normalised to `0`.
    static func _validated(_ height: Double) throws(HeightIndexError) -> Double {
        guard height.isFinite, height >= 0, height <= maximumHeight else { throw .invalidHeight(height) }
        return height == 0 ? 0 : height
    }

    func _checkRow(_ row: Int) throws(HeightIndexError) {
        guard row >= 0 && row < count else { throw .indexOutOfRange(row, count: count) }
    }

    func _checkPosition(_ position: Int) throws(HeightIndexError) {
        guard position >= 0 && position <= count else {
            throw .indexOutOfRange(position, count: count)
        }
    }

    /// Runs `body` on the leaf holding `row` after copying the shared part of its path, then
    /// restores summaries, fill bounds and the root. O(log n).
    mutating func _mutateLeaf<R>(
        atRow row: Int, insertion: Bool, _ body: (_HeightNode, Int) -> R
    ) -> R {
        let limits = _limits
        if !isKnownUniquelyReferenced(&_root) { _root = _root.copy(limits) }
        let result = _root.mutateLeaf(atRow: row, insertion: insertion, limits, body)
        while _root.size > limits.maxSize(level: _root.level) {
            let maxSize = limits.maxSize(level: _root.level)
            let pieces = _root.split(into: (_root.size + maxSize - 1) / maxSize, limits)
            _root = _HeightNode(level: _root.level + 1, children: ([_root] + pieces)[...], limits: limits)
        }
        while !_root.isLeaf && _root.children.count == 1 {
            _root = _root.children[0]
        }
        return result
    }

    /// Inserts prepared run entries before row `position`. O(k + log n) for k entries.
    mutating func _insertEntries(heights: [Double], runs: [UInt16], at position: Int) {
        if heights.isEmpty { return }
        let limits = _limits
        _mutateLeaf(atRow: position, insertion: true) { leaf, local in
            leaf.leafInsert(heights: heights, runs: runs, atRow: local, limits)
        }
    }

    // MARK: Changing rows

    /// Sets the height of row `row` and whether it is measured. Changing one row inside a
    /// run splits that run into at most three entries.
    /// - Throws: `HeightIndexError.invalidHeight` or `.indexOutOfRange` (index unchanged).
    /// - Complexity: O(log n).
    public mutating func setHeight(_ height: Double, at row: Int, measured: Bool = true) throws(HeightIndexError) {
        let h = try Self._validated(height)
        try _checkRow(row)
        _mutateLeaf(atRow: row, insertion: false) { leaf, local in
            var cursor = _HeightNode._Cursor()
            leaf.leafSet(row: local, height: h, measured: measured, cursor: &cursor)
        }
    }

    /// Sets the heights of several rows and whether they are measured, in one pass: the
    /// rows of one leaf are set together and each touched leaf's path is updated once (a
    /// width change re-laying every measured row of a table). A row given twice takes its
    /// last height.
    /// - Throws: `HeightIndexError.invalidHeight` or `.indexOutOfRange` (checked before
    ///   anything changes; the index is unchanged).
    /// - Complexity: O(k) for k rows in increasing order (O(k log k) in any other), plus
    ///   O(log n + leaf size) for each leaf touched.
    public mutating func setHeights(_ updates: [(row: Int, height: Double)], measured: Bool = true) throws(HeightIndexError) {
        var sorted: [(row: Int, height: Double)] = []
        sorted.reserveCapacity(updates.count)
        for update in updates {
            try _checkRow(update.row)
            sorted.append((update.row, try Self._validated(update.height)))
        }
        if zip(sorted, sorted.dropFirst()).contains(where: { $0.row >= $1.row }) {
            // Stable, so a row given twice keeps its updates in order (the last one wins).
            sorted = sorted.enumerated().sorted { ($0.element.row, $0.offset) < ($1.element.row, $1.offset) }.map(\.element)
        }
        var k = 0
        while k < sorted.count {
            let first = sorted[k].row
            k = _mutateLeaf(atRow: first, insertion: false) { leaf, local in
                let leafStart = first - local, leafEnd = first - local + leaf.count
                var j = k
                var cursor = _HeightNode._Cursor()
                while j < sorted.count && sorted[j].row < leafEnd {
                    leaf.leafSet(row: sorted[j].row - leafStart, height: sorted[j].height, measured: measured, cursor: &cursor)
                    j += 1
                }
                return j
            }
        }
    }

    // MARK: Inserting rows

    /// Inserts one row before row `position` (`position == count` appends).
    /// - Throws: `HeightIndexError.invalidHeight` or `.indexOutOfRange` (index unchanged).
    /// - Complexity: O(log n).
    public mutating func insert(height: Double, measured: Bool = true, at position: Int) throws(HeightIndexError) {
        try insert(repeating: height, count: 1, measured: measured, at: position)
    }

    /// Inserts `count` rows of one height and flag before row `position`, stored as runs
    /// (typically a block of estimated rows). A run next to an equal run joins it.
    /// - Throws: `HeightIndexError.invalidHeight`, `.negativeCount` or `.indexOutOfRange`.
    /// - Complexity: O(log n + count / 32,767).
    public mutating func insert(
        repeating height: Double, count rowCount: Int, measured: Bool = false, at position: Int
    ) throws(HeightIndexError) {
        let h = try Self._validated(height)
        guard rowCount >= 0 else { throw .negativeCount(rowCount) }
        try _checkPosition(position)
        if rowCount == 0 { return }
        var heights: [Double] = []
        var runs: [UInt16] = []
        var remaining = rowCount
        while remaining > 0 {
            let length = Swift.min(remaining, _limits.maxRun)
            heights.append(h)
            runs.append(_Run.make(length, measured: measured))
            remaining -= length
        }
        _insertEntries(heights: heights, runs: runs, at: position)
    }

    /// Inserts rows with the given heights, all with the same flag, before row `position`.
    /// Consecutive equal heights are stored as one run.
    /// - Throws: `HeightIndexError.invalidHeight` (checked before anything is inserted) or
    ///   `.indexOutOfRange`.
    /// - Complexity: O(k + log n) for k heights.
    @inlinable
    public mutating func insert(
        contentsOf newHeights: some Sequence<Double>, measured: Bool = true, at position: Int
    ) throws(HeightIndexError) {
        // Gathered where the sequence's type is known (this body is specialized in the
        // caller's module), then stored by a function that is not generic. A generic call
        // across the module boundary would look the sequence's iterator up at run time: on
        // the first call in a process that scans every protocol conformance of the program
        // (about 700,000 instructions, in the first keystroke that splits a paragraph).
        try _insert(gathered: Array(newHeights), measured: measured, at: position)
    }

    /// `insert(contentsOf:measured:at:)` of gathered heights, turned into runs in place.
    ///
    /// - Complexity: O(k + log n) for k heights.
    @usableFromInline
    mutating func _insert(gathered heights: consuming [Double], measured: Bool, at position: Int) throws(HeightIndexError) {
        try _checkPosition(position)
        var runs: [UInt16] = []
        runs.reserveCapacity(heights.count)
        let maxRun = _limits.maxRun
        var entries = 0
        for k in heights.indices {
            let h = try Self._validated(heights[k])
            if entries > 0, heights[entries - 1] == h, _Run.length(runs[entries - 1]) < maxRun {
                runs[entries - 1] = _Run.make(_Run.length(runs[entries - 1]) + 1, measured: measured)
            } else {
                heights[entries] = h
                runs.append(_Run.make(1, measured: measured))
                entries += 1
            }
        }
        heights.removeLast(heights.count - entries)
        _insertEntries(heights: heights, runs: runs, at: position)
    }

    /// Appends one row.
    /// - Throws: `HeightIndexError.invalidHeight`.
    /// - Complexity: O(log n).
    public mutating func append(height: Double, measured: Bool = true) throws(HeightIndexError) {
        try insert(repeating: height, count: 1, measured: measured, at: count)
    }

    /// Appends rows with the given heights, all with the same flag.
    /// - Throws: `HeightIndexError.invalidHeight` (nothing appended).
    /// - Complexity: O(k + log n) for k heights.
    @inlinable
    public mutating func append(contentsOf heights: some Sequence<Double>, measured: Bool = true) throws(HeightIndexError) {
        try insert(contentsOf: heights, measured: measured, at: count)
    }

    /// Inserts one row before row 0 (older messages loaded at the top of a chat).
    /// - Throws: `HeightIndexError.invalidHeight`.
    /// - Complexity: O(log n).
    public mutating func prepend(height: Double, measured: Bool = true) throws(HeightIndexError) {
        try insert(repeating: height, count: 1, measured: measured, at: 0)
    }

    // MARK: Removing and moving rows

    /// Removes row `row` and returns its height and flag.
    /// - Throws: `HeightIndexError.indexOutOfRange` (index unchanged).
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func remove(at row: Int) throws(HeightIndexError) -> (height: Double, measured: Bool) {
        try _checkRow(row)
        let removed = (height(at: row), isMeasured(at: row))
        try removeSubrange(row..<(row + 1))
        return removed
    }

    /// Removes the rows in `range`, one leaf's worth at a time.
    /// - Throws: `HeightIndexError.rangeOutOfBounds` (index unchanged).
    /// - Complexity: O((1 + e / 128) · log n) for e run entries covered (at most k for k rows;
    ///   a run of estimates counts once).
    public mutating func removeSubrange(_ range: Range<Int>) throws(HeightIndexError) {
        guard range.lowerBound >= 0 && range.upperBound <= count else {
            throw .rangeOutOfBounds(range, count: count)
        }
        if range.count == count {
            removeAll()
            return
        }
        var remaining = range.count
        let start = range.lowerBound
        while remaining > 0 {
            let toRemove = remaining
            let removed = _mutateLeaf(atRow: start, insertion: false) { leaf, local in
                let n = Swift.min(toRemove, leaf.count - local)
                leaf.leafRemove(row: local, rowCount: n)
                return n
            }
            remaining -= removed
        }
    }

    /// Removes every row.
    /// - Complexity: O(1) (the old nodes are released, O(n / 128)).
    public mutating func removeAll() {
        _root = _HeightNode(leafHeights: [], runs: [], limits: _limits)
    }

    /// Moves row `source` so that it ends up at index `destination` (both in `0..<count`),
    /// keeping its height and flag; rows in between shift by one, as with
    /// `remove(at: source)` followed by `insert(…, at: destination)`.
    /// - Throws: `HeightIndexError.indexOutOfRange` (index unchanged).
    /// - Complexity: O(log n).
    public mutating func move(from source: Int, to destination: Int) throws(HeightIndexError) {
        try _checkRow(source)
        try _checkRow(destination)
        if source == destination { return }
        let (h, measured) = try remove(at: source)
        try insert(repeating: h, count: 1, measured: measured, at: destination)
    }
}
