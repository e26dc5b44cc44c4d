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

/// A leaf of the `RowList` tree: up to `maxLeaf` rows as a struct of arrays (ids scanned on
/// their own), and the arena index of its parent (`-1` for the root).
@usableFromInline
struct _RowLeaf<ID, Element> {
    @usableFromInline
    var ids: [ID] = []
    @usableFromInline
    var elements: [Element] = []
    @usableFromInline
    var parent: Int32 = -1

    @inlinable init() {}
}

/// An internal node of the `RowList` tree: arena indices of its children (leaves when the
/// node is at level 1, internal nodes above), the number of rows under each child, and the
/// arena index of its parent (`-1` for the root).
@usableFromInline
struct _RowInner: Sendable {
    @usableFromInline
    var children: [Int32] = []
    @usableFromInline
    var counts: [Int] = []
    @usableFromInline
    var parent: Int32 = -1

    @inlinable init() {}
}

extension _RowLeaf: Sendable where ID: Sendable, Element: Sendable {}
