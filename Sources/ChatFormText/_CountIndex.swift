import ChatFormRows

/// Whole counts with their prefix sums, where entries come and go: a text document's
/// visual lines, UTF-8 bytes and mandatory breaks per unit. A `HeightIndex` (a B+-tree:
/// finding, changing, inserting and removing an entry are O(log n)) read and written in
/// counts, with the names of `_PrefixSums`, the Fenwick tree a rope or a line store keeps
/// for entries that seldom come and go.
///
/// ```swift
/// var bytes = _CountIndex([3, 0, 4])
/// bytes.prefix(2)                        // 3
/// bytes.index(containing: 3)             // 2 (entry 1 holds nothing)
/// bytes.replaceSubrange(0..<1, with: [1, 1])   // [1, 1, 0, 4]
/// ```
struct _CountIndex: Sendable {
    private var tree: HeightIndex

    /// - Complexity: O(n).
    init(_ counts: some Sequence<Int>) {
        tree = try! HeightIndex(heights: counts.lazy.map { Double($0) })
    }

    /// The number of entries.
    var count: Int { tree.count }

    /// The sum of all entries.
    var total: Int { Int(tree.totalHeight) }

    /// Entry `i`.
    func value(at i: Int) -> Int { Int(tree.height(at: i)) }

    /// The sum of entries `0..<i`.
    ///
    /// - Complexity: O(log n).
    func prefix(_ i: Int) -> Int { Int(tree.offset(ofRow: i)) }

    /// The entry whose `[prefix(i), prefix(i + 1))` holds `offset` (an offset past the end
    /// gives the last entry); nil when there are none.
    ///
    /// - Complexity: O(log n).
    func index(containing offset: Int) -> Int? { tree.row(atOffset: Double(offset)) }

    /// `index(containing:)` and that entry's prefix, in one descent.
    ///
    /// - Complexity: O(log n).
    func indexAndPrefix(containing offset: Int) -> (index: Int, prefix: Int)? {
        tree.rowAndOffset(atOffset: Double(offset)).map { ($0.row, Int($0.offset)) }
    }

    /// Sets entry `i` to `value` (≥ 0).
    ///
    /// - Complexity: O(log n).
    mutating func set(_ value: Int, at i: Int) {
        // A keystroke mostly leaves a unit's line and break counts as they were.
        if tree.height(at: i) == Double(value) { return }
        try! tree.setHeight(Double(value), at: i)
    }

    /// Replaces entries `range` with `new`, changing entries in place where it can.
    ///
    /// - Complexity: O((range.count + new.count) log n).
    mutating func replaceSubrange(_ range: Range<Int>, with new: some Collection<Int>) {
        tree.replaceRows(range, with: new.lazy.map { Double($0) })
    }
}

extension HeightIndex {
    /// Replaces rows `range` with rows of `heights`, measured, resizing rows in place where
    /// it can.
    ///
    /// - Complexity: O((range.count + heights.count) log n).
    mutating func replaceRows(_ range: Range<Int>, with heights: some Collection<Double>) {
        var row = range.lowerBound
        var k = heights.startIndex
        while row < range.upperBound && k != heights.endIndex {
            if height(at: row) != heights[k] { try! setHeight(heights[k], at: row) }
            row += 1
            heights.formIndex(after: &k)
        }
        if row < range.upperBound {
            try! removeSubrange(row..<range.upperBound)
        } else if k != heights.endIndex {
            try! insert(contentsOf: heights[k...], at: row)
        }
    }
}
