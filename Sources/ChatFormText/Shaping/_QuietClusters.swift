/// The break walk's loop for its common clusters (`PreparedBreaks.walk`): one or three
/// bytes (ASCII, Hangul, CJK), safe to break before, plain or hanging white space, a line
/// perhaps ending before each (an entry with no trim, edge or mandatory break). A function
/// of its own, called by the walk at each run of them, so that its few values stay in
/// registers: inside the walk's general loop, with many values live, its pointers were
/// reloaded at each cluster.
struct _QuietClusters {
    /// The shaper's cluster starts, the itemizer's opportunity bytes (one a boundary), the
    /// unsafe-to-break codes and the advances (one a byte): read with no bound tested,
    /// below `end`.
    let clusters: UnsafePointer<Int32>
    let answers: UnsafePointer<UInt8>
    let unsafe: UnsafePointer<UInt8>
    let advances: UnsafePointer<Int32>
    /// Where the loop stops: no cluster it takes ends at or past it (the smallest of the
    /// text's length and the advance and unsafe columns' counts).
    let end: Int
    /// The boundary advances it writes (`PreparedBreaks.x`).
    let xs: UnsafeMutablePointer<Int64>

    /// The walk's state where the loop takes it up and hands it back.
    struct State {
        /// The byte where the next cluster starts, and its boundary.
        var i: Int, count: Int
        /// The boundary where the content of a line ending at `count` ends.
        var contentEnd: Int
        /// The advance from the text's start to `count`, and every advance or'ed together.
        var x: Int64, advanceBits: Int64
        /// The largest content advance of an entry so far, and the number of entries.
        var maxContentX: Int64, breakCount: Int
    }

    /// Takes the common clusters from `s` on (`loop`), writing their boundaries' advances
    /// and entries into `b`'s columns, and leaves `s` at the first that is not one for the
    /// walk's general loop: where the content ends and the largest content advance are
    /// found after the loop, not kept in it. The boundary `s.count` is past the text's
    /// start, and the content ends there: the cluster before is neither white space, a
    /// tab, a line terminator nor a soft hyphen. The flags of the boundaries the loop
    /// takes are already in `b` (`PreparedBreaks.walk` writes them before its loop).
    ///
    /// - Complexity: O(clusters taken).
    @inline(__always)
    func take(_ s: inout State, into b: PreparedBreaks) {
        typealias Flags = ShapedText.Flags
        let start = s.count, firstEntry = s.breakCount
        let steps = b.steps.baseAddress!, flags = b.flags.baseAddress!
        assert(start > 0 && flags[start &- 1] & Flags.kinds == 0, "the quiet loop starts where the content ends")
        var cursor = (b.entries.baseAddress! + firstEntry, steps + firstEntry)
        let (count, x, advanceBits) = loop(boundary: start, x: s.x, advanceBits: s.advanceBits, entries: &cursor)
        guard count != start else { return }
        (s.count, s.x, s.advanceBits) = (count, x, advanceBits)
        s.i = Int(clusters[count])
        s.breakCount = cursor.1 - steps   // (a shift: a step is 16 bytes, an entry 20)
        // The content ends past the last cluster that is not white space.
        s.contentEnd = count
        while s.contentEnd > start && flags[s.contentEnd &- 1] & Flags.hanging != 0 { s.contentEnd &-= 1 }
        // The largest content advance: with no negative advance so far the advances rise,
        // and so do the entries' content ends: the last entry's.
        if s.breakCount != firstEntry {
            if advanceBits >= 0 {
                s.maxContentX = Swift.max(s.maxContentX, steps[s.breakCount &- 1].contentX)
            } else {
                for k in firstEntry..<s.breakCount { s.maxContentX = Swift.max(s.maxContentX, steps[k].contentX) }
            }
        }
    }

    /// Takes the clusters from boundary `count` (where the walk's advance is `x` and its
    /// advances or'ed together `advanceBits`) on while they are common ones,
    /// writing each boundary's advance and, where a line may end, an entry and its step at
    /// `entries` (as `BreakEntryWriter.entry` would: no trim, edge or mandatory break,
    /// both pointers moved past them); returns where it stopped, at the first cluster that
    /// is not one (or ends at `end`): that boundary and the two values above.
    ///
    /// The content ends after each cluster that is not white space, so an entry's content
    /// ends at a boundary the loop took (not unsafe, after no soft hyphen): its entry flags
    /// are 0, its content's advance that boundary's.
    ///
    /// Each cluster's start byte is read from `clusters` (as its end is), not carried from
    /// the cluster before: one value fewer live, so that only two of the columns' pointers
    /// are read again from the stack at each cluster, not three (53,803 -> 53,590
    /// instructions a chat message).
    ///
    /// - Complexity: O(clusters taken).
    @inline(never)
    private func loop(boundary count: Int, x: Int64, advanceBits: Int64,
                      entries: inout (UnsafeMutablePointer<BreakEntry>, UnsafeMutablePointer<StepDraft>))
        -> (count: Int, x: Int64, advanceBits: Int64) {
        typealias Flags = ShapedText.Flags
        // Its columns as values of its own: read through `self`, each was read again after
        // every store (a store through a pointer might change `self`, as far as the compiler knows).
        let clusters = clusters, answers = answers, unsafe = unsafe, advances = advances, end = end, xs = xs
        var count = count, contentEnd = count, x = x, advanceBits = advanceBits
        var (entry, step) = entries
        // The text's last cluster goes the general way too, so that one test of each
        // cluster's end serves as the loop's (each start is below the end tested).
        while true {
            let i = Int(clusters[count]), e = Int(clusters[count &+ 1]), answer = answers[count]
            guard e < end && (e &- i) | 2 == 3   // one byte or three
                && answer & (Flags.kinds & ~Flags.hanging) == 0 && unsafe[i] == 0 else { break }
            xs[count] = x
            if answer & Flags.opens != 0 {
                entry.initialize(to: BreakEntry(contentEnd: Int32(truncatingIfNeeded: contentEnd), endTrim: 0, flags: 0))
                step.initialize(to: StepDraft(contentX: xs[contentEnd], boundary: Int32(truncatingIfNeeded: count)))
                entry += 1
                step += 1
            }
            var advance = Int64(advances[i])
            if e != i &+ 1 { advance &+= Int64(advances[i &+ 1]) &+ Int64(advances[i &+ 2]) }
            advanceBits |= advance
            x &+= advance
            count &+= 1
            if answer & Flags.hanging == 0 { contentEnd = count }
        }
        entries = (entry, step)
        return (count, x, advanceBits)
    }
}
