/// The slots of an open-addressing hash table whose entries are kept in an array of their
/// own, in insertion order: a slot holds an entry's index + 1 (0: empty), found by probing
/// linearly from the entry's 64-bit hash. The tables built on it (`ClusterDecisionTable`,
/// `RunCache`) keep their keys flat and compare them in place, so a lookup allocates
/// nothing.
struct _EntrySlots {
    private var slots: [Int32] = []

    /// Whether there are no slots (none made yet, or all let go).
    var isEmpty: Bool { slots.isEmpty }

    /// The number of slots (0, or a power of two).
    var capacity: Int { slots.count }

    /// The first entry on `hash`'s probe for which `matches` holds, or nil with the empty
    /// slot where an entry of that hash goes. The slots must not be empty.
    ///
    /// - Complexity: O(1) expected at a load of at most one half.
    @inline(__always)
    func find(_ hash: UInt64, _ matches: (Int) -> Bool) -> (entry: Int?, slot: Int) {
        let mask = slots.count - 1
        var p = Int(truncatingIfNeeded: hash) & mask
        while slots[p] != 0 {
            let e = Int(slots[p]) - 1
            if matches(e) { return (e, p) }
            p = (p + 1) & mask
        }
        return (nil, p)
    }

    /// Keeps entry `entry` in `slot`, an empty slot `find` gave.
    @inline(__always)
    mutating func put(_ entry: Int, at slot: Int) { slots[slot] = Int32(entry + 1) }

    /// `capacity` slots (a power of two), the entries of `hashes` (in entry order) in them.
    mutating func rebuild(capacity: Int, hashes: some Sequence<UInt64>) {
        slots = [Int32](repeating: 0, count: capacity)
        for (k, hash) in hashes.enumerated() { put(k, at: find(hash) { _ in false }.slot) }
    }

    /// Empties every slot; with `keepingCapacity`, the slots stay (empty), else they go.
    mutating func removeAll(keepingCapacity: Bool) {
        if keepingCapacity && !slots.isEmpty {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            slots = []
        }
    }
}
