/// The ordered rows of a table or chat transcript, each with a caller-given stable identity.
///
/// Rows are addressed both by index (`0..<count`) and by id. Inserting anywhere (appending new
/// messages, prepending older ones, inserting in the middle), removing, moving, and finding a
/// row's index from its id all cost O(log n), so a transcript of a million messages never
/// renumbers rows the way an array plus an `[ID: Int]` dictionary would.
///
/// ```swift
/// var rows = RowList<String, Message>()
/// try rows.append(id: "m2", element: latest)
/// try rows.prepend(contentsOf: [("m0", oldest), ("m1", older)])   // older messages loaded
/// rows.index(of: "m2")                     // 2
/// rows[0].id                               // "m0"
/// try rows.updateElement(for: "m1") { $0.text += " (edited)" }
/// let (index, _) = try rows.remove(id: "m0")                       // index 0
/// ```
///
/// Pair it with `HeightIndex`, which is addressed by the same row indices: `index(of:)` turns
/// an id into the index at which to insert, resize or remove the row's height.
///
/// **Storage.** A B+-tree whose leaves hold up to 64 rows (ids and elements as two arrays) and
/// whose internal nodes hold up to 32 children with the row count under each. Nodes live in two
/// arenas and refer to each other (and to their parent) by `Int32` index. A dictionary maps
/// each id to its leaf; a row's index is its position in that leaf plus the counts to the left
/// of the path from the leaf to the root. Rows moved between leaves by a split, merge or
/// rebalance have their dictionary entries updated, O(64) per such event.
///
/// **Complexity.** Costs below are in n, the number of rows; "O(log n)" walks one root-to-leaf
/// path and scans at most 64 entries of a leaf and 32 of each internal node on it.
///
/// **Value semantics.** `RowList` is a value type made of arrays and a dictionary, so copies
/// share storage. The first mutation of a shared copy copies the dictionary and the node
/// arenas: O(n) once, then O(log n) per operation again.
///
/// **Errors.** Mutations validate their input and throw `RowListError` (leaving the list
/// unchanged): a duplicate id, an unknown id, an index or range out of bounds. Queries taking a
/// row index trap on an out-of-range index, like `Array`'s subscript; queries taking an id
/// return `nil` for an unknown id.
public struct RowList<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    /// The tree of rows and the id → leaf dictionary.
    @usableFromInline
    var _tree: _RowTree<ID, Element>

    /// An empty list.
    /// - Complexity: O(1).
    @inlinable
    public init() {
        self.init(_limits: .standard)
    }

    /// An empty list with the given node capacities (tests use tiny ones to get deep trees).
    @inlinable
    init(_limits limits: _RowListLimits) {
        _tree = _RowTree(limits: limits)
    }

    /// A list of the given rows, in order.
    /// - Throws: `RowListError.duplicateID` (nothing is built).
    /// - Complexity: O(k) for k rows.
    @inlinable
    public init(_ rows: some Sequence<(ID, Element)>) throws(RowListError<ID>) {
        self.init()
        try insert(contentsOf: rows, at: 0)
    }

    // MARK: Summary

    /// The number of rows.
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { _tree.leafOf.count }

    /// True when the list has no rows.
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { _tree.leafOf.isEmpty }

    // MARK: Rows by index

    /// The id and element of row `index`.
    /// - Precondition: `0 <= index < count`.
    /// - Complexity: O(log n).
    @inlinable
    public subscript(index: Int) -> (id: ID, element: Element) {
        let (leaf, offset) = _checkedLocate(index)
        let l = Int(leaf)
        return (_tree.leaves[l].keys[offset], _tree.leaves[l].values[offset])
    }

    /// The id of row `index`.
    /// - Precondition: `0 <= index < count`.
    /// - Complexity: O(log n).
    @inlinable
    public func id(at index: Int) -> ID {
        let (leaf, offset) = _checkedLocate(index)
        return _tree.leaves[Int(leaf)].keys[offset]
    }

    /// The element of row `index`.
    /// - Precondition: `0 <= index < count`.
    /// - Complexity: O(log n).
    @inlinable
    public func element(at index: Int) -> Element {
        let (leaf, offset) = _checkedLocate(index)
        return _tree.leaves[Int(leaf)].values[offset]
    }

    @inlinable
    func _checkedLocate(_ index: Int) -> (leaf: Int32, offset: Int) {
        precondition(index >= 0 && index < count, "row \(index) out of range for \(count) rows")
        return _tree.locate(index, insertion: false)
    }

    // MARK: Rows by id

    /// Whether a row has this id.
    /// - Complexity: O(1) (one hash lookup).
    @inlinable
    public func contains(_ id: ID) -> Bool {
        _tree.leafOf[id] != nil
    }

    /// The current index of the row with this id, or `nil` if there is none.
    /// - Complexity: O(log n): a hash lookup, a scan of one leaf, and one step per level up to
    ///   the root, adding the row counts to the left.
    @inlinable
    public func index(of id: ID) -> Int? {
        guard let leaf = _tree.leafOf[id] else { return nil }
        return _tree.rowsBefore(leaf: leaf) + _tree.leaves[Int(leaf)].keys.firstIndex(of: id)!
    }

    /// The element of the row with this id, or `nil` if there is none.
    /// - Complexity: O(1): a hash lookup and a scan of one leaf (at most 64 ids).
    @inlinable
    public func element(for id: ID) -> Element? {
        guard let leaf = _tree.leafOf[id] else { return nil }
        let l = Int(leaf)
        return _tree.leaves[l].values[_tree.leaves[l].keys.firstIndex(of: id)!]
    }

    // MARK: Memory

    /// Approximate bytes held by the list: the node arenas, every array buffer actually
    /// allocated (32-byte array headers, capacity × stride) and the dictionary's buckets (a
    /// power of two holding `capacity / 0.75`, key + value stride plus one bit each). Memory
    /// owned by the ids and elements themselves (string buffers, class instances) and malloc
    /// bookkeeping are not included; storage shared between copies is counted for each copy.
    /// - Complexity: O(n / 64): visits every node.
    @inlinable
    public var memoryFootprint: Int {
        func buffer<T>(_ array: [T]) -> Int {
            array.capacity > 0 ? 32 + array.capacity * MemoryLayout<T>.stride : 0
        }
        var bytes = MemoryLayout<RowList>.size
        bytes += buffer(_tree.leaves) + buffer(_tree.inners) + buffer(_tree.freeLeaves) + buffer(_tree.freeInners)
        for leaf in _tree.leaves { bytes += buffer(leaf.keys) + buffer(leaf.values) }
        for inner in _tree.inners { bytes += buffer(inner.keys) + buffer(inner.values) }
        if _tree.leafOf.capacity > 0 {
            var buckets = 1
            while buckets * 3 / 4 < _tree.leafOf.capacity { buckets *= 2 }
            let stride = MemoryLayout<ID>.stride + MemoryLayout<Int32>.stride
            bytes += 64 + buckets * stride + buckets / 8
        }
        return bytes
    }
}

// MARK: - Iteration

extension RowList: Sequence {
    /// Walks the rows in order, leaf by leaf.
    public struct Iterator: IteratorProtocol {
        @usableFromInline
        let _list: RowList
        @usableFromInline
        var _leaf: Int32
        @usableFromInline
        var _offset = 0
        /// Internal nodes from the root down to the current leaf's parent, with the slot taken.
        @usableFromInline
        var _path: [(node: Int32, slot: Int)] = []

        @inlinable
        init(_ list: RowList) {
            _list = list
            _leaf = list._tree.root
            _descendLeftmost(from: list._tree.root, level: list._tree.height)
        }

        @inlinable
        mutating func _descendLeftmost(from node: Int32, level: Int) {
            var node = node
            for _ in 0..<level {
                _path.append((node, 0))
                node = _list._tree.inners[Int(node)].keys[0]
            }
            _leaf = node
            _offset = 0
        }

        /// The next row, or `nil` after the last.
        /// - Complexity: O(1) amortized.
        @inlinable
        public mutating func next() -> (id: ID, element: Element)? {
            while _offset == _list._tree.leaves[Int(_leaf)].keys.count {
                // Climb to the first ancestor with a next child, then down its left edge.
                var level = 0
                while true {
                    guard let (node, slot) = _path.popLast() else { return nil }
                    level += 1
                    if slot + 1 < _list._tree.inners[Int(node)].keys.count {
                        _path.append((node, slot + 1))
                        _descendLeftmost(from: _list._tree.inners[Int(node)].keys[slot + 1], level: level - 1)
                        break
                    }
                }
            }
            let leaf = Int(_leaf)
            defer { _offset += 1 }
            return (_list._tree.leaves[leaf].keys[_offset], _list._tree.leaves[leaf].values[_offset])
        }
    }

    /// An iterator over the rows in order.
    /// - Complexity: O(log n); a full walk is O(n).
    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The number of rows.
    /// - Complexity: O(1).
    @inlinable
    public var underestimatedCount: Int { count }
}

extension RowList: Equatable where Element: Equatable {
    /// Two lists are equal when they hold the same ids with equal elements in the same order,
    /// however their trees are laid out.
    /// - Complexity: O(n).
    @inlinable
    public static func == (lhs: RowList, rhs: RowList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs) { $0.id == $1.id && $0.element == $1.element }
    }
}
