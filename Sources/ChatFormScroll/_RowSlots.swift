/// The row cache's measurements by id, kept side by side in one array (a removal moves the
/// last one into the gap), so that a relay of every measured row walks them in place, in
/// memory order: a dictionary's values are reached through an accessor that moves each one
/// out and back.
struct _RowSlots<ID: Hashable & Sendable>: Sendable, Sequence {
    /// Where each id's row is in `rows`.
    private var slots: [ID: Int] = [:]
    /// The id of each row, by position.
    private var ids: [ID] = []
    /// The rows.
    private var rows: [CachedRow] = []

    /// The number of rows.
    @inline(__always)
    var count: Int { rows.count }

    /// Row `id`, or nil; setting nil removes it.
    ///
    /// - Complexity: O(1) on average.
    subscript(id: ID) -> CachedRow? {
        get {
            guard let slot = slots[id] else { return nil }
            return rows[slot]
        }
        set {
            guard let newValue else {
                _ = removeValue(forKey: id)
                return
            }
            if let slot = slots[id] {
                rows[slot] = newValue
            } else {
                slots[id] = rows.count
                ids.append(id)
                rows.append(newValue)
            }
        }
    }

    /// Row `id`'s width and whether its lines are pending, read in place (no copy of the
    /// row, which would retain everything its layouts hold); nil when absent.
    ///
    /// - Complexity: O(1) on average.
    @inline(__always)
    func widthAndPending(of id: ID) -> (width: Double, linesPending: Bool)? {
        guard let slot = slots[id] else { return nil }
        return (rows[slot].measurement.width, rows[slot].measurement.linesPending)
    }

    /// Removes row `id` and returns it (nil when absent); the last row takes its place.
    ///
    /// - Complexity: O(1) on average.
    mutating func removeValue(forKey id: ID) -> CachedRow? {
        guard let slot = slots.removeValue(forKey: id) else { return nil }
        let last = rows.count - 1
        if slot != last {
            rows.swapAt(slot, last)
            ids.swapAt(slot, last)
            slots[ids[slot]] = slot
        }
        ids.removeLast()
        return rows.removeLast()
    }

    /// Has `body` change row `id` in place (no copy, no removal and insertion); nil when
    /// the row is absent.
    ///
    /// - Complexity: O(1) on average, plus `body`.
    @inline(__always)
    mutating func modify<R, E: Error>(_ id: ID, _ body: (inout CachedRow) throws(E) -> R) throws(E) -> R? {
        guard let slot = slots[id] else { return nil }
        return try rows.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<CachedRow>) throws(E) -> R in
            try body(&buffer[slot])
        }
    }

    /// Makes room for `capacity` rows.
    mutating func reserveCapacity(_ capacity: Int) {
        slots.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
        rows.reserveCapacity(capacity)
    }

    /// Has `body` change each row in place, in memory order, with its id; stops at the first
    /// error. The memory of the row `prefetchDistance` places ahead (its items and prepared
    /// text, scattered on the heap: `_RelayHints`) that a relay to `width` reads is asked for
    /// while `body` works on this one, so that a walk of rows out of the caches waits for
    /// memory once, not at every row.
    ///
    /// - Complexity: O(count) calls.
    mutating func updateEach<E: Error>(prefetchDistance: Int, forWidth width: Double,
                                       _ body: (ID, inout CachedRow) throws(E) -> Void) throws(E) {
        let ids = self.ids
        try rows.withUnsafeMutableBufferPointer { (buffer: inout UnsafeMutableBufferPointer<CachedRow>) throws(E) in
            let n = buffer.count
            for k in 0..<Swift.min(prefetchDistance, n) { buffer[k].hints.prefetch(forWidth: width) }
            for k in 0..<n {
                if prefetchDistance > 0 && k &+ prefetchDistance < n { buffer[k &+ prefetchDistance].hints.prefetch(forWidth: width) }
                try body(ids[k], &buffer[k])
            }
        }
    }

    /// The rows with their ids, in memory order.
    func makeIterator() -> some IteratorProtocol<(key: ID, value: CachedRow)> {
        zip(ids, rows).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
    }
}
