/// Non-negative integers with their prefix sums in a Fenwick tree: the sum before entry i,
/// the entry holding an offset, and changing one entry are O(log n); inserting or removing
/// entries rebuilds the tree from there on, O(n - i). The rope and the line store keep one per leaf or chunk
/// (n = bytes / 4 KiB or lines / 512), where entries change on every keystroke and are
/// added or removed only when a leaf or chunk splits or merges.
///
/// ```swift
/// var sums = _PrefixSums([3, 0, 4])
/// sums.prefix(2)                 // 3
/// sums.index(containing: 3)      // 2 (entry 1 holds nothing)
/// sums.set(5, at: 0)             // sums.total == 9
/// ```
struct _PrefixSums: Sendable, Equatable {
    private(set) var values: [Int]
    /// 1-based Fenwick tree: `tree[k]` sums `values[(k - lowbit(k))..<k]`.
    private var tree: [Int]
    /// The sum of all entries.
    private(set) var total: Int

    /// - Complexity: O(n).
    init(_ values: some Sequence<Int>) {
        self.values = Array(values)
        self.values.reserveCapacity(Self.headroom(self.values.count))
        tree = []
        tree.reserveCapacity(Self.headroom(self.values.count) + 1)
        total = 0
        rebuild(from: 0)
    }

    /// The capacity to give `count` entries that will grow by splits: a quarter more, so
    /// that the arrays' doubling does not fall on an ordinary keystroke soon after a build.
    static func headroom(_ count: Int) -> Int { count + count / 4 + 8 }

    /// The number of entries.
    var count: Int { values.count }

    /// Entry `i`.
    func value(at i: Int) -> Int { values[i] }

    /// The sum of entries `0..<i`.
    ///
    /// - Complexity: O(log n).
    func prefix(_ i: Int) -> Int {
        var sum = 0
        var k = i
        while k > 0 {
            sum += tree[k]
            k &= k - 1
        }
        return sum
    }

    /// The entry whose `[prefix(i), prefix(i + 1))` holds `offset`: the number of entries
    /// ending at or before it (entries of 0 hold nothing), clamped to the last entry; nil
    /// when there are none.
    ///
    /// - Complexity: O(log n).
    func index(containing offset: Int) -> Int? {
        guard !values.isEmpty else { return nil }
        var position = 0, left = offset
        var step = 1
        while step * 2 <= values.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= values.count && tree[next] <= left {
                position = next
                left -= tree[next]
            }
            step >>= 1
        }
        return Swift.min(position, values.count - 1)
    }

    /// Sets entry `i` to `value`.
    ///
    /// - Complexity: O(log n).
    mutating func set(_ value: Int, at i: Int) {
        precondition(value >= 0, "prefix sums hold non-negative entries")
        let delta = value - values[i]
        if delta == 0 { return }
        values[i] = value
        total += delta
        var k = i + 1
        while k < tree.count {
            tree[k] += delta
            k += k & -k
        }
    }

    /// Replaces entries `range` with `new`.
    ///
    /// - Complexity: O(log n) for each entry when the count stays, else O(n - range's start)
    ///   (the tree is rebuilt from the first entry that moved).
    mutating func replaceSubrange(_ range: Range<Int>, with new: some Collection<Int>) {
        if new.count == range.count {
            for (i, value) in zip(range, new) { set(value, at: i) }
            return
        }
        values.replaceSubrange(range, with: new)
        rebuild(from: range.lowerBound)
    }

    /// Appends `new`.
    ///
    /// - Complexity: O(new entries + log n).
    mutating func append(contentsOf new: some Sequence<Int>) {
        let from = values.count
        values.append(contentsOf: new)
        rebuild(from: from)
    }

    /// Rebuilds the tree for entries `from...` when entries before `from` kept their values
    /// and places: a node covering only those is still right; a node at or past `from` is
    /// set from its entries in one pass (each node adds itself to its parent), after the
    /// nodes left of `from` whose parents lie past it (those on `prefix(from)`'s path) have
    /// added themselves. A split leaf or chunk near the end of a long paragraph then costs
    /// the entries after it, not all of them, and a tight loop over each.
    private mutating func rebuild(from start: Int) {
        let n = values.count
        let head = start == 0 ? 0 : prefix(start)
        if tree.count > n + 1 { tree.removeLast(tree.count - n - 1) }
        if tree.count < n + 1 { tree.append(contentsOf: repeatElement(0, count: n + 1 - tree.count)) }
        var tail = 0
        values.withUnsafeBufferPointer { values in
            tree.withUnsafeMutableBufferPointer { tree in
                var k = start + 1
                while k <= n {
                    let value = values[k - 1]
                    precondition(value >= 0, "prefix sums hold non-negative entries")
                    tree[k] = value
                    tail &+= value
                    k += 1
                }
                var j = start
                while j > 0 {
                    let parent = j + (j & -j)
                    if parent <= n { tree[parent] &+= tree[j] }
                    j &= j - 1
                }
                k = start + 1
                while k <= n {
                    let parent = k + (k & -k)
                    if parent <= n { tree[parent] &+= tree[k] }
                    k += 1
                }
            }
        }
        total = head + tail
    }
}
