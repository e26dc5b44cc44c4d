/// Capacities of one `RowList` tree.
///
/// The public list always uses `.standard`; tests shrink the limits so that a few hundred
/// rows already build a tree several levels deep.
@usableFromInline
struct _RowListLimits: Sendable, Equatable {
    /// Most rows in one leaf. A non-root leaf holds at least half of this.
    @usableFromInline
    var maxLeaf: Int
    /// Most children of one internal node. A non-root internal node holds at least half.
    @usableFromInline
    var maxFanout: Int

    /// Leaves of 64 rows, internal nodes of 32 children: a million rows are 4 levels deep.
    @usableFromInline
    static let standard = _RowListLimits(maxLeaf: 64, maxFanout: 32)

    @inlinable
    func maxSize(level: Int) -> Int { level == 0 ? maxLeaf : maxFanout }
    @inlinable
    func minSize(level: Int) -> Int { level == 0 ? maxLeaf / 2 : maxFanout / 2 }
}

/// A node of the `RowList` tree: two parallel arrays (a struct of arrays, so that keys are
/// scanned on their own) and the arena index of its parent (`-1` for the root). A leaf
/// (`_RowLeaf`) holds up to `maxLeaf` rows: its keys are the row ids, its values the
/// elements. An internal node (`_RowInner`) holds the arena indices of its children (leaves
/// when the node is at level 1, internal nodes above) as keys and the number of rows under
/// each child as values.
@usableFromInline
struct _RowNode<Key, Value> {
    @usableFromInline
    var keys: [Key] = []
    @usableFromInline
    var values: [Value] = []
    @usableFromInline
    var parent: Int32 = -1

    @inlinable init() {}

    /// An empty node whose arrays hold `capacity` entries without growing.
    @inlinable init(reserving capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Removes entries `range` and returns them. O(size).
    @inlinable
    mutating func take(_ range: Range<Int>) -> (keys: [Key], values: [Value]) {
        // Copy out first: a live slice would keep the buffer shared and force a copy.
        let taken = (keys: Array(keys[range]), values: Array(values[range]))
        keys.removeSubrange(range)
        values.removeSubrange(range)
        return taken
    }

    /// Inserts entries at `position`. O(size + inserted).
    @inlinable
    mutating func insert(_ entries: (keys: [Key], values: [Value]), at position: Int) {
        keys.insert(contentsOf: entries.keys, at: position)
        values.insert(contentsOf: entries.values, at: position)
    }

    /// Reallocates the arrays at `capacity` when they hold more than twice that (a bulk
    /// insertion left them much larger than needed). O(size).
    @inlinable
    mutating func trim(toCapacity capacity: Int) {
        guard keys.capacity > 2 * capacity else { return }
        keys = Self.reallocated(keys, capacity: capacity)
        values = Self.reallocated(values, capacity: capacity)
    }

    /// A copy of `array` in a new buffer of `capacity` (or its count, if larger). O(count).
    @inlinable
    static func reallocated<T>(_ array: [T], capacity: Int) -> [T] {
        var copy: [T] = []
        copy.reserveCapacity(Swift.max(capacity, array.count))
        copy.append(contentsOf: array)
        return copy
    }
}

/// A leaf: row ids (keys) and elements (values).
@usableFromInline
typealias _RowLeaf<ID, Element> = _RowNode<ID, Element>

/// An internal node: children (keys) and the rows under each (values).
@usableFromInline
typealias _RowInner = _RowNode<Int32, Int>

extension _RowNode: Sendable where Key: Sendable, Value: Sendable {}
