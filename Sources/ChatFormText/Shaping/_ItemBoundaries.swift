#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a prepared text's inline items start, as Blink makes them: each item's piece of a
/// line is rounded up to a layout unit on its own, in the line's width, in its fit and in
/// the caret's boxes (SPEC §2.1). One rule for all three: `PreparedBreaks.storage` keeps
/// these starts as the text's items (`ShapedText.items`), which the line walk sums
/// (`ItemLineSum`) and the caret model cuts its runs at (`LineLayout.bidiLine`).
enum _ItemBoundaries {
    /// The UTF-8 offsets (ascending, inside the text) where an item rounded on its own starts:
    /// - the shaper's (`ShapedRuns.roundedItemStarts`: a styled paragraph's elements and
    ///   bidi runs);
    /// - in a plain text of several bidi levels without tabs, each change of level (Blink's
    ///   `InlineNode::SegmentBidiRuns` splits its one text item there; a tab is an item of its
    ///   own, which the engine's tab stops do not model, so such a line is rounded once);
    /// - after each grapheme holding a zero width non-joiner (U+200C): Blink makes the
    ///   joiner an item of its own ("so that it can prevent kerning",
    ///   `IsControlItemCharacter`), so the text before it and the text after it are rounded
    ///   apart; the joiner has no advance, so the item may as well start after its grapheme.
    ///   Only with `joiners` (white space preserved: Blink's collapsing append makes no
    ///   control items).
    ///
    /// `bytes` is the text, `boundaries` its grapheme boundaries (UTF-8 offsets, from 0 to its
    /// length); `oneLevel` tells that every run has the first one's level (the caller has
    /// looked: the runs are not walked again for changes of level).
    ///
    /// - Complexity: O(n + runs).
    static func starts(_ shaped: ShapedRuns, bytes: UnsafeBufferPointer<UInt8>, boundaries: UnsafeBufferPointer<Int32>,
                       hasTabs: Bool, oneLevel: Bool, joiners splitsAtJoiners: Bool = true) -> [Int32] {
        let n = bytes.count
        var joiners: [Int32] = []
        // U+200C is E2 80 8C in UTF-8: its lead byte found by `memchr` (most messages have
        // none, and ASCII text never has one).
        if splitsAtJoiners, n >= 3, let base = bytes.baseAddress {
            let start = UnsafeRawPointer(base)
            var from = 0
            var b = 0
            while from < n - 2, let hit = memchr(start + from, 0xE2, n - 2 - from) {
                let i = start.distance(to: UnsafeRawPointer(hit))
                if bytes[i + 1] == 0x80 && bytes[i + 2] == 0x8C {
                    // The first grapheme boundary past the joiner.
                    while b < boundaries.count && Int(boundaries[b]) <= i + 2 { b += 1 }
                    if b < boundaries.count && Int(boundaries[b]) < n && joiners.last != boundaries[b] { joiners.append(boundaries[b]) }
                }
                from = i + 1
            }
        }
        var levels: [Int32] = []
        if shaped.roundedItemStarts.isEmpty && !hasTabs && !oneLevel, let first = shaped.runs.first {
            var level = first.bidiLevel
            for run in shaped.runs where run.bidiLevel != level {
                if run.range.lowerBound > 0 && run.range.lowerBound < n { levels.append(Int32(run.range.lowerBound)) }
                level = run.bidiLevel
            }
        }
        let given = shaped.roundedItemStarts.isEmpty ? levels : shaped.roundedItemStarts
        if joiners.isEmpty { return given }
        if given.isEmpty { return joiners }
        return merged(given, joiners)
    }

    /// Two ascending lists as one, each offset once.
    static func merged(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next = j >= b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
            if result.last != next { result.append(next) }
            if i < a.count && a[i] == next { i += 1 }
            if j < b.count && b[j] == next { j += 1 }
        }
        return result
    }
}
