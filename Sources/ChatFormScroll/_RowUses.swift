/// The order a `RowCache`'s rows were last used in, for dropping the least recently used
/// measurements: a clock that stamps each use (a measurement or an edit) and the uses in
/// that order, as (id, stamp) pairs. A row's measurement carries the stamp of its last use
/// (`CachedRow.stamp`); a use whose stamp no longer matches its row's is stale and skipped.
struct _RowUses<ID: Hashable & Sendable>: Sendable {
    /// The stamp of the last use.
    private(set) var clock: UInt64 = 0
    /// The uses, oldest first; those before `head` are consumed.
    private var uses: [Use] = []
    private var head = 0

    /// One use of a row.
    private struct Use: Sendable {
        var id: ID
        var stamp: UInt64
    }

    /// The stamp the next use gets.
    @inline(__always)
    var nextStamp: UInt64 { clock &+ 1 }

    /// The uses recorded and not yet consumed by eviction (stale ones included).
    var pendingCount: Int { uses.count - head }

    /// Records a use of row `id` now and returns its stamp.
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func stamp(_ id: ID) -> UInt64 {
        let stamp = nextStamp
        record(id, stamp: stamp)
        return stamp
    }

    /// Records that row `id` was used at `stamp` (`nextStamp`, read before the use was
    /// known to happen), which becomes the clock. A row used again right after its last use
    /// (keystroke after keystroke in one field) moves that use's stamp: `uses` grows with
    /// the rows used in turn, not with every edit, so typing never reallocates it (a copy of
    /// the whole list, on fresh pages, inside a keystroke) and a long session in one field
    /// keeps it short.
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func record(_ id: ID, stamp: UInt64) {
        clock = stamp
        if uses.count > head, uses[uses.count - 1].id == id {
            uses[uses.count - 1].stamp = stamp
        } else {
            uses.append(Use(id: id, stamp: stamp))
        }
    }

    /// Makes room for `capacity` uses.
    mutating func reserveCapacity(_ capacity: Int) { uses.reserveCapacity(capacity) }

    /// Makes room for the use a focused field's first edit records (its later edits move
    /// that use's stamp in place) and for rows a few caret moves measure, so that no
    /// keystroke grows the list; grows it when fewer than 64 places are left.
    ///
    /// - Complexity: O(uses) when it grows (amortized O(1)), else O(1).
    mutating func reserveForEdits() {
        if uses.capacity - uses.count < 64 { uses.reserveCapacity(Swift.max(uses.count + 64, 2 * uses.count)) }
    }

    /// Drops the least recently used of `entries` until at most `limit` are left, never
    /// those of `keep` (queued again as if used now).
    ///
    /// - Complexity: O(1) amortized per use recorded.
    mutating func evict(_ entries: inout _RowSlots<ID>, downTo limit: Int, keeping keep: Set<ID>) {
        var kept: [Use] = []
        while entries.count > limit && head < uses.count {
            let use = uses[head]
            head += 1
            guard entries[use.id]?.stamp == use.stamp else { continue }   // used again since
            if keep.contains(use.id) { kept.append(use); continue }
            entries[use.id] = nil
        }
        uses.append(contentsOf: kept)
        if head > 1024 && head * 2 > uses.count {
            uses.removeFirst(head)
            head = 0
        }
    }
}
