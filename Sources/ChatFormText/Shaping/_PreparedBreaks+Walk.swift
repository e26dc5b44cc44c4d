/// The walk over a shaped text's grapheme clusters that makes its boundary table and its
/// break entries in one pass (see `PreparedBreaks`).
extension PreparedBreaks {
    /// The boundary table of `bytes` (offsets, advances from the text's start, flags) and
    /// where lines may end with where their content ends, from the shaper's clusters,
    /// advances and unsafe-to-break codes and the browser's break opportunities.
    ///
    /// - Complexity: O(n).
    static func build(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, shaped: ShapedRuns,
                      rules: BreakRules) -> PreparedBreaks {
        // The browser's break rules, asked at each grapheme boundary on the same walk.
        var breaker = BrowserLineBreaks.Walker(bytes: bytes, iterators: iterators, keepAll: rules.keepAll,
                                               breakAll: rules.breakAll, ideographs: rules.locale == nil)
        // The shaper's cluster boundaries (checked to partition the text): one boundary a
        // cluster's start and one for the end, so every column is at most that long. The
        // walk writes straight into the columns, all in one allocation.
        let capacity = Swift.max(shaped.clusters.count, 1)
        var b = PreparedBreaks(capacity: capacity)
        let walked = walk(bytes, shaped, rules: rules, breaker: &breaker, into: b)
        if walked.insideGlyphs {
            shaped.unsafeToBreak.withUnsafeBufferPointer { shareGlyphAdvances(b, count: walked.count, unsafe: $0) }
        }
        b.offsets = UnsafeMutableBufferPointer(rebasing: b.offsets[..<walked.count])
        b.x = UnsafeMutableBufferPointer(rebasing: b.x[..<walked.count])
        b.flags = UnsafeMutableBufferPointer(rebasing: b.flags[..<walked.count])
        b.breaks = UnsafeMutableBufferPointer(rebasing: b.breaks[..<walked.breakCount])
        b.contentEnds = UnsafeMutableBufferPointer(rebasing: b.contentEnds[..<walked.breakCount])
        b.hasTabs = walked.hasTabs
        b.hasNegativeAdvance = walked.hasNegativeAdvance
        return b
    }

    /// Room for `capacity` boundaries and break entries in each column, in one allocation
    /// (the caller deallocates `memory`): the widest elements first, so each column is
    /// aligned.
    init(capacity: Int) {
        var end = 0
        func place<T>(_: T.Type) -> Int {
            let at = (end + MemoryLayout<T>.alignment - 1) & ~(MemoryLayout<T>.alignment - 1)
            end = at + capacity * MemoryLayout<T>.stride
            return at
        }
        let stepsAt = place(StepDraft.self), xAt = place(Int64.self), entriesAt = place(BreakEntry.self)
        let boxKeysAt = place(UInt64.self)
        let offsetsAt = place(Int32.self), breaksAt = place(Int32.self), endsAt = place(Int32.self)
        let flagsAt = place(UInt8.self)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: end, alignment: 8)
        self.memory = memory
        func column<T>(_ at: Int, _: T.Type) -> UnsafeMutableBufferPointer<T> {
            UnsafeMutableBufferPointer(start: (memory + at).bindMemory(to: T.self, capacity: capacity), count: capacity)
        }
        steps = column(stepsAt, StepDraft.self)
        x = column(xAt, Int64.self)
        boxKeys = column(boxKeysAt, UInt64.self)
        entries = column(entriesAt, BreakEntry.self)
        offsets = column(offsetsAt, Int32.self)
        breaks = column(breaksAt, Int32.self)
        contentEnds = column(endsAt, Int32.self)
        flags = column(flagsAt, UInt8.self)
    }

    /// `walk(_:_:rules:breaker:into:)` over `shaped`'s columns.
    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, _ shaped: ShapedRuns, rules: BreakRules,
                             breaker: inout BrowserLineBreaks.Walker, into out: PreparedBreaks)
        -> (count: Int, breakCount: Int, hasTabs: Bool, hasNegativeAdvance: Bool, insideGlyphs: Bool) {
        let answered = usesOpportunities(shaped, rules)
        return shaped.clusters.withUnsafeBufferPointer { clusters in
            shaped.advances.withUnsafeBufferPointer { advances in
                shaped.unsafeToBreak.withUnsafeBufferPointer { unsafe in
                    shaped.runs.withUnsafeBufferPointer { runs in
                        shaped.opportunities.withUnsafeBufferPointer { opportunities in
                            walk(bytes, WalkInput(clusters: clusters, advances: advances, unsafe: unsafe, runs: runs,
                                                  opportunities: answered ? opportunities : nil),
                                 rules: rules, breaker: &breaker, into: out)
                        }
                    }
                }
            }
        }
    }

    /// What the walk reads, besides the text.
    struct WalkInput {
        var clusters: UnsafeBufferPointer<Int32>
        var advances: UnsafeBufferPointer<Int32>
        var unsafe: UnsafeBufferPointer<UInt8>
        var runs: UnsafeBufferPointer<ShapedRun>
        /// The itemizer's opportunities, one a cluster boundary, when the walk reads them
        /// instead of asking the break rules (`usesOpportunities`).
        var opportunities: UnsafeBufferPointer<UInt8>?
    }

    /// One pass over the clusters: each boundary's flags (mandatory break, unsafe to break,
    /// the kind of cluster starting there), its advance from the start, and at each place a
    /// line may end (an opportunity as `breaker` finds it, or a mandatory break) its entry
    /// (the boundary and where the content before it ends: trailing spaces, tabs and the
    /// line's break hang past the edge, as pre-wrap lets them). It writes into `out`'s
    /// boundary columns and break entries, each as long as the boundaries can be.
    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, _ input: WalkInput, rules: BreakRules,
                             breaker: inout BrowserLineBreaks.Walker, into out: PreparedBreaks)
        -> (count: Int, breakCount: Int, hasTabs: Bool, hasNegativeAdvance: Bool, insideGlyphs: Bool) {
        typealias Flags = ShapedText.Flags
        let n = bytes.count
        let everywhere = rules.anywhere, breaksLetters = rules.breaksLetters
        let clusters = input.clusters, advances = input.advances, unsafe = input.unsafe
        let runs = input.runs
        let answered = input.opportunities
        let table = ScalarTable.shared
        let advanceEnd = advances.count, unsafeEnd = unsafe.count
        var last: UInt32 = 0, lastLast: UInt32 = 0   // the two scalars before boundary i
        var runIndex = 0     // runs, to find where each starts
        var ci = 0
        var i = 0
        var x: Int64 = 0
        var count = 0, breakCount = 0
        var previousKind: UInt8 = 0
        var contentEnd = 0
        var hasTabs = false, hasNegativeAdvance = false, insideGlyphs = false
        while true {
            var f: UInt8 = previousKind == Flags.terminator ? Flags.hard : 0
            // The scalar starting at i (none at the end).
            let (scalar, length) = i < n ? UTF8Scalar.decode(bytes, at: i) : (0, 0)
            // Whether a line may end here (kept as a break entry, not as a flag).
            var opportunity = false
            if let answered {
                opportunity = answered[ci] != 0
            } else if i > 0 && i < n && breaker.breaks(at: i, lastLast: lastLast, last: last, current: scalar, length: length) {
                opportunity = true
            }
            // `line-break: anywhere`: every boundary but before a soft hyphen.
            if everywhere && i > 0 && i < n && !(bytes[i] == 0xC2 && i + 1 < n && bytes[i + 1] == 0xAD) {
                opportunity = true
            }
            if i > 0 && i < n && i < unsafeEnd && unsafe[i] != 0 {
                if unsafe[i] == 2 { insideGlyphs = true }
                while runIndex < runs.count && runs[runIndex].range.upperBound <= i { runIndex += 1 }
                // A run's start is safe to break (each run is shaped on its own).
                if !(runIndex < runs.count && runs[runIndex].range.lowerBound == i) {
                    f |= unsafe[i] == 2 ? Flags.unsafe | Flags.insideGlyph : Flags.unsafe
                }
            }
            // No line ends inside an Arabic glyph (a ligature such as lam-alef), which the
            // modes that break between letters would otherwise allow.
            if breaksLetters && f & Flags.insideGlyph != 0 && BreakRules.keepsGlyph(UTF8Scalar.decode(bytes, at: i).scalar) {
                opportunity = false
            }
            if count > 0 {
                if previousKind & (Flags.hanging | Flags.terminator | Flags.tab) == 0 { contentEnd = count }
                if opportunity || f & Flags.hard != 0 || i == n {
                    out.breaks[breakCount] = Int32(truncatingIfNeeded: count)
                    out.contentEnds[breakCount] = Int32(truncatingIfNeeded: contentEnd)
                    breakCount += 1
                }
            }
            if i == n {
                out.offsets[count] = Int32(truncatingIfNeeded: i)
                out.x[count] = x
                out.flags[count] = f
                count += 1
                break
            }
            ci += 1
            let e = Int(clusters[ci])
            let b0 = bytes[i]
            var kind: UInt8 = 0
            if b0 < 0x80 {
                switch b0 {
                case 0x09: kind = Flags.tab; hasTabs = true
                case 0x20: if e == i + 1 { kind = Flags.hanging }
                case 0x0A, 0x0B, 0x0C, 0x0D: kind = Flags.terminator
                default: break
                }
            } else {
                if scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029 {
                    kind = Flags.terminator
                } else if scalar == 0xAD && i + length == e {
                    f |= Flags.softHyphen
                } else if i + length == e {
                    let properties = scalar < UInt32(table.count) ? ScalarProperties(bits: table[Int(scalar)])
                        : ScalarProperties.of(scalar)
                    if properties.isHangingWhitespace { kind = Flags.hanging }
                }
            }
            out.offsets[count] = Int32(truncatingIfNeeded: i)
            out.x[count] = x
            out.flags[count] = f | kind
            count += 1
            if kind != Flags.tab && kind != Flags.terminator {
                var j = i
                let end = Swift.min(e, advanceEnd)
                var advance: Int64 = 0
                while j < end { advance &+= Int64(advances[j]); j += 1 }
                if advance < 0 { hasNegativeAdvance = true }
                x &+= advance
            }
            // The scalars before the next boundary, for the rules (not asked when answered).
            if answered == nil {
                BrowserLineBreaks.scalarsBefore(e, cluster: i, first: scalar, length: length, in: bytes,
                                                last: &last, lastLast: &lastLast)
            }
            previousKind = kind
            i = e
        }
        return (count, breakCount, hasTabs, hasNegativeAdvance, insideGlyphs)
    }

    /// A glyph cluster spanning several grapheme clusters (a ligature, a reordered
    /// syllable) has its whole advance on its first one; share it out evenly so a caret
    /// inside it moves, as browsers place carets inside ligatures. Sums across the glyph
    /// cluster are unchanged, and its inner boundaries are unsafe, so line widths are not.
    private static func shareGlyphAdvances(_ out: PreparedBreaks, count: Int, unsafe: UnsafeBufferPointer<UInt8>) {
        let offsets = out.offsets, x = out.x
        var g = 1
        while g < count - 1 {
            let offset = Int(offsets[g])
            guard offset < unsafe.count, unsafe[offset] == 2 else { g += 1; continue }
            let first = g - 1
            var last = g
            while last < count - 1 && Int(offsets[last]) < unsafe.count && unsafe[Int(offsets[last])] == 2 { last += 1 }
            // Grapheme clusters first..<last share the advance from boundary first to last.
            let total = x[last] - x[first]
            let parts = Int64(last - first)
            for k in (first + 1)..<last { x[k] = x[first] + total * Int64(k - first) / parts }
            g = last + 1
        }
    }
}
