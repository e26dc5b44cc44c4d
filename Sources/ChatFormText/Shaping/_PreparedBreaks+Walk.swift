/// The walk over a shaped text's grapheme clusters that makes its boundary table and its
/// break entries in one pass (see `PreparedBreaks`).
extension PreparedBreaks {
    /// What the walk found besides the columns: the number of boundaries and of break
    /// entries, facts about the text, and the largest content advance of an entry (before
    /// glyph advances are shared out).
    typealias Walked = (count: Int, breakCount: Int, hasTabs: Bool, hasTerminators: Bool, hasNegativeAdvance: Bool,
                        insideGlyphs: Bool, maxContentX: Int64)

    /// The boundary table of `bytes` (offsets, advances from the text's start, flags) and
    /// where lines may end with where their content ends, from the shaper's clusters,
    /// advances and unsafe-to-break codes and the browser's break opportunities.
    ///
    /// - Complexity: O(n).
    static func build(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, shaped: ShapedRuns,
                      rules: BreakRules, scratch: ShapedRunsScratch) -> PreparedBreaks {
        // The shaper's cluster boundaries (checked to partition the text): one boundary a
        // cluster's start and one for the end, so every column is at most that long. The
        // walk writes straight into the columns, all in one allocation, each break entry
        // (its `BreakEntry` and `StepDraft`) as it finds it.
        let capacity = Swift.max(shaped.clusters.count, 1)
        var b = PreparedBreaks(capacity: capacity, scratch: scratch)
        let writer = BreakEntryWriter(hyphenAdvance: shaped.hyphenAdvance, lineEndTrims: shaped.lineEndTrims,
                                      hangingEdges: shaped.lineEndHangingEdges)
        // The boundaries' offsets are the clusters' (the walk steps from one cluster's start
        // to the next, 0 to the text's end), copied at once: the walk does not write them,
        // one value fewer live in its loop.
        shaped.clusters.withUnsafeBufferPointer { clusters in
            if let from = clusters.baseAddress { b.offsets.baseAddress!.initialize(from: from, count: clusters.count) }
        }
        let walked = walk(bytes, shaped, rules: rules, iterators: iterators, into: b, writer)
        assert(walked.count == shaped.clusters.count && shaped.clusters.first == 0, "offsets copied are the walk's boundaries")
        b.offsets = UnsafeMutableBufferPointer(rebasing: b.offsets[..<walked.count])
        b.x = UnsafeMutableBufferPointer(rebasing: b.x[..<walked.count])
        b.flags = UnsafeMutableBufferPointer(rebasing: b.flags[..<walked.count])
        b.entries = UnsafeMutableBufferPointer(rebasing: b.entries[..<walked.breakCount])
        b.steps = UnsafeMutableBufferPointer(rebasing: b.steps[..<walked.breakCount])
        b.hasTabs = walked.hasTabs
        b.hasTerminators = walked.hasTerminators
        b.hasNegativeAdvance = walked.hasNegativeAdvance
        b.maxContentX = walked.maxContentX
        if walked.insideGlyphs {
            shaped.unsafeToBreak.withUnsafeBufferPointer { shareGlyphAdvances(b, count: walked.count, unsafe: $0) }
            // The content ends' advances moved with the shared ones.
            for k in 0..<walked.breakCount {
                let hyphen = b.entries[k].flags & BreakEntry.hyphenated != 0 ? writer.hyphenAdvance : 0
                b.steps[k].contentX = b.x[Int(b.entries[k].contentEnd)] + hyphen
            }
        }
        // Only a mandatory break (after a line terminator), a trim or a hanging edge makes an
        // extra: most texts have none, and no pass to look for them.
        if b.hasTerminators || !writer.writesPlainEntries { b.countExtras() }
        return b
    }

    /// Room for `capacity` boundaries and break entries in each column, in one block of
    /// `scratch`'s walk memory (the caller gives `memory` back:
    /// `ShapedRunsScratch.giveBackWalkMemory`), each column placed at its elements'
    /// alignment (`place`).
    init(capacity: Int, scratch: ShapedRunsScratch) {
        var end = 0
        func place<T>(_: T.Type) -> Int {
            let at = (end + MemoryLayout<T>.alignment - 1) & ~(MemoryLayout<T>.alignment - 1)
            end = at + capacity * MemoryLayout<T>.stride
            return at
        }
        let stepsAt = place(StepDraft.self), xAt = place(Int64.self), entriesAt = place(BreakEntry.self)
        let stepBoxesAt = place(StepBox.self), boxKeysAt = place(UInt64.self)
        let offsetsAt = place(Int32.self), boxIndicesAt = place(Int32.self)
        let flagsAt = place(UInt8.self)
        let memory = scratch.takeWalkMemory(bytes: end)
        self.memory = memory
        func column<T>(_ at: Int, _: T.Type) -> UnsafeMutableBufferPointer<T> {
            UnsafeMutableBufferPointer(start: (memory + at).bindMemory(to: T.self, capacity: capacity), count: capacity)
        }
        steps = column(stepsAt, StepDraft.self)
        x = column(xAt, Int64.self)
        stepBoxes = column(stepBoxesAt, StepBox.self).baseAddress!
        boxKeys = column(boxKeysAt, UInt64.self).baseAddress!
        boxIndices = column(boxIndicesAt, Int32.self).baseAddress!
        entries = column(entriesAt, BreakEntry.self)
        offsets = column(offsetsAt, Int32.self)
        flags = column(flagsAt, UInt8.self)
    }

    /// `walk(_:_:answers:into:_:)` over `shaped`'s columns, with the itemizer's answers
    /// where they serve alone (the default rules: the walk then has no rule to ask), else
    /// the break rules' (`RuleAnswers`).
    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, _ shaped: ShapedRuns, rules: BreakRules,
                             iterators: BreakIterators, into out: PreparedBreaks, _ writer: BreakEntryWriter) -> Walked {
        let answered = usesOpportunities(shaped, rules)
        return shaped.clusters.withUnsafeBufferPointer { clusters in
            shaped.advances.withUnsafeBufferPointer { advances in
                shaped.unsafeToBreak.withUnsafeBufferPointer { unsafe in
                    shaped.runs.withUnsafeBufferPointer { runs in
                        shaped.opportunities.withUnsafeBufferPointer { opportunities in
                            let input = BreakWalkInput(clusters: clusters, advances: advances, unsafe: unsafe, runs: runs)
                            if answered && !rules.anywhere {
                                var answers = ItemizerAnswers(opportunities: opportunities)
                                return walk(bytes, input, answers: &answers, into: out, writer)
                            }
                            // The browser's break rules, asked at each grapheme boundary on the same walk.
                            let breaker = BrowserLineBreaks.Walker(bytes: bytes, iterators: iterators, keepAll: rules.keepAll,
                                                                   breakAll: rules.breakAll, ideographs: rules.locale == nil)
                            var answers = RuleAnswers(opportunities: answered ? opportunities : nil, breaker: breaker,
                                                      anywhere: rules.anywhere, breaksLetters: rules.breaksLetters)
                            return walk(bytes, input, answers: &answers, into: out, writer)
                        }
                    }
                }
            }
        }
    }

    /// One pass over the clusters: each boundary's flags (mandatory break, unsafe to break,
    /// the kind of cluster starting there), its advance from the start, and at each place a
    /// line may end (an opportunity as `answers` give it, or a mandatory break) its entry
    /// (the boundary and where the content before it ends: trailing spaces, tabs and the
    /// line's break hang past the edge, as pre-wrap lets them), written as it is found
    /// (by `writer`). It writes into `out`'s advance and flag columns and break entries, each
    /// as long as the boundaries can be; `out`'s offsets are the clusters' already (`build`).
    ///
    /// Specialized for each kind of `answers`: the default rules' walk reads a byte a
    /// boundary and has no rule code in its loop, and takes the common clusters (one or
    /// three bytes, safe to break before, no tab, line terminator or soft hyphen) in a
    /// function of their own (`_QuietClusters`) with few values live, when no entry has a
    /// trim or a hanging edge.
    private static func walk<Answers: BoundaryAnswers>(_ bytes: UnsafeBufferPointer<UInt8>, _ input: BreakWalkInput,
                                                       answers: inout Answers, into out: PreparedBreaks,
                                                       _ writer: BreakEntryWriter) -> Walked {
        typealias Flags = ShapedText.Flags
        let n = bytes.count
        let everywhere = answers.anywhere, breaksLetters = answers.breaksLetters
        let clusters = input.clusters, advances = input.advances, unsafe = input.unsafe
        let runs = input.runs
        let advanceEnd = advances.count, unsafeEnd = Swift.min(unsafe.count, n)
        var runIndex = 0     // runs, to find where each starts
        var i = 0
        var x: Int64 = 0
        var count = 0, breakCount = 0
        var previousKind: UInt8 = 0
        var contentEnd = 0
        var maxContentX: Int64 = 0
        // Every cluster's kind and every advance or'ed together (a tab among them, a
        // negative one), and whether a boundary lies inside a glyph: fewer values live in the loop.
        var kinds: UInt8 = 0, advanceBits: Int64 = 0, insideGlyphs = false
        // The common clusters' loop (`_QuietClusters`), where the answers are the itemizer's
        // bytes alone and every entry a plain one: it reads every column below `quietEnd`.
        let quietEnd = Swift.min(n, advanceEnd, unsafeEnd)
        let quietLoop = writer.writesPlainEntries && quietEnd > 0 ? answers.quietBytes.map { quiet in
            // Its boundaries' flags first, for every boundary but the text's end, in one pass
            // the compiler vectorizes (the general loop writes its own over them): each
            // cluster's kind where the loop takes it, white space that hangs or none.
            for k in 0..<Swift.min(quiet.count, clusters.count - 1) { out.flags[k] = quiet[k] & Flags.hanging }
            return _QuietClusters(clusters: clusters.baseAddress!, answers: quiet.baseAddress!, unsafe: unsafe.baseAddress!,
                                  advances: advances.baseAddress!, end: quietEnd, xs: out.x.baseAddress!)
        } : nil
        while i < n {
            if let quietLoop, i > 0 && previousKind == 0 && out.flags[count &- 1] & Flags.softHyphen == 0 {
                // The common clusters in a loop of their own, from a boundary where the content
                // ends (after no white space, tab, line terminator or soft hyphen); what it
                // meets first that is not one goes the general way below. The content ends
                // after each cluster that is not white space, so the loop keeps no previous
                // kind: it is read back after.
                var s = _QuietClusters.State(i: i, count: count, contentEnd: count, x: x, advanceBits: advanceBits,
                                             maxContentX: maxContentX, breakCount: breakCount)
                quietLoop.take(&s, into: out)
                if s.count != count {
                    (i, count, contentEnd, x, advanceBits, maxContentX, breakCount) =
                        (s.i, s.count, s.contentEnd, s.x, s.advanceBits, s.maxContentX, s.breakCount)
                    previousKind = out.flags[count &- 1]
                }
            }
            var f: UInt8 = previousKind == Flags.terminator ? Flags.hard : 0
            let e = Int(clusters[count &+ 1])
            let b0 = bytes[i]
            // The kind of cluster starting at i (and whether it is a soft hyphen), and
            // whether a line may end here (kept as a break entry, not as a flag).
            let answer = answers.answer(bytes, at: i, boundary: count, end: e)
            let k = answer & Flags.kinds
            var opportunity = answer & Flags.opens != 0
            f |= k & Flags.softHyphen
            let kind = k & ~Flags.softHyphen
            kinds |= kind
            if i > 0 {
                // `line-break: anywhere`: every boundary but before a soft hyphen.
                if everywhere && !(b0 == 0xC2 && i + 1 < n && bytes[i + 1] == 0xAD) { opportunity = true }
                if i < unsafeEnd, unsafe[i] != 0 {
                    let u = unsafe[i]
                    if u == 2 { insideGlyphs = true }
                    while runIndex < runs.count && runs[runIndex].range.upperBound <= i { runIndex += 1 }
                    // A run's start is safe to break (each run is shaped on its own).
                    if !(runIndex < runs.count && runs[runIndex].range.lowerBound == i) {
                        f |= u == 2 ? Flags.unsafe | Flags.insideGlyph : Flags.unsafe
                    }
                }
                // No line ends inside an Arabic glyph (a ligature such as lam-alef), which the
                // modes that break between letters would otherwise allow.
                if breaksLetters && f & Flags.insideGlyph != 0 && BreakRules.keepsGlyph(UTF8Scalar.decode(bytes, at: i).scalar) {
                    opportunity = false
                }
            }
            // (Written on every path through this loop: the quiet boundaries' flags written
            // before the walk hold only where the quiet loop takes them.)
            out.x[count] = x
            out.flags[count] = f | kind
            if count > 0 {
                if previousKind & (Flags.hanging | Flags.terminator | Flags.tab) == 0 { contentEnd = count }
                if opportunity || f & Flags.hard != 0 {
                    maxContentX = Swift.max(maxContentX, writer.entry(breakCount, boundary: count, contentEnd: contentEnd, in: out))
                    breakCount &+= 1
                }
            }
            count &+= 1
            if kind != Flags.tab && kind != Flags.terminator {
                var advance: Int64
                if e == i &+ 1 && i < advanceEnd {
                    advance = Int64(advances[i])
                } else if e == i &+ 3 && e <= advanceEnd {
                    // A 3-byte scalar alone (Hangul, CJK), without the loop.
                    advance = Int64(advances[i]) &+ Int64(advances[i &+ 1]) &+ Int64(advances[i &+ 2])
                } else {
                    advance = 0
                    var j = i
                    let end = Swift.min(e, advanceEnd)
                    while j < end { advance &+= Int64(advances[j]); j += 1 }
                }
                advanceBits |= advance
                x &+= advance
            }
            previousKind = kind
            i = e
        }
        // The text's end: a boundary, and where the last line ends.
        out.x[count] = x
        out.flags[count] = previousKind == Flags.terminator ? Flags.hard : 0
        if count > 0 {
            if previousKind & (Flags.hanging | Flags.terminator | Flags.tab) == 0 { contentEnd = count }
            maxContentX = Swift.max(maxContentX, writer.entry(breakCount, boundary: count, contentEnd: contentEnd, in: out))
            breakCount += 1
        }
        count += 1
        return (count: count, breakCount: breakCount, hasTabs: kinds & Flags.tab != 0, hasTerminators: kinds & Flags.terminator != 0,
                hasNegativeAdvance: advanceBits < 0, insideGlyphs: insideGlyphs, maxContentX: maxContentX)
    }

    /// Writes each mandatory break's opening round (`openingRound`), and marks (`hasExtra`)
    /// and counts (`extraCount`) the entries with an extra, so that `pack` sizes the storage
    /// first.
    ///
    /// - Complexity: O(entries + the white space opening paragraphs).
    private mutating func countExtras() {
        var extras: Int32 = 0
        for k in 0..<entries.count {
            if entries[k].flags & BreakEntry.hard != 0 {
                entries[k].openingRound = Int32(Self.openingRound(self, from: Int(steps[k].boundary)))
            }
            if entries[k].needsExtra {
                entries[k].flags |= BreakEntry.hasExtra
                extras += 1
            }
        }
        extraCount = extras
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

/// What `PreparedBreaks`'s walk reads, besides the text.
struct BreakWalkInput {
    var clusters: UnsafeBufferPointer<Int32>
    var advances: UnsafeBufferPointer<Int32>
    var unsafe: UnsafeBufferPointer<UInt8>
    var runs: UnsafeBufferPointer<ShapedRun>
}

/// Where `PreparedBreaks`'s walk finds, at each grapheme boundary, the kind of the cluster
/// starting there and whether a line may end there: one byte, as the itemizer's
/// opportunities hold them (`_ClusterFlags.opens` and `_ClusterFlags.kinds`).
protocol BoundaryAnswers {
    /// `line-break: anywhere` (`BreakRules.anywhere`): the walk adds every boundary.
    var anywhere: Bool { get }
    /// `BreakRules.breaksLetters`.
    var breaksLetters: Bool { get }
    /// The itemizer's opportunity bytes when they are the whole answer (one a boundary: no
    /// rule adds to them): the walk's loop for the common clusters (those with no kind but
    /// white space that hangs, `_QuietClusters`) reads these bytes itself. Nil when a rule
    /// answers too: every boundary is then asked through `answer`.
    var quietBytes: UnsafeBufferPointer<UInt8>? { get }
    /// The byte for boundary `count` (at byte `i`, never the text's end), before the
    /// cluster `i..<e`; asked once a boundary, in order.
    mutating func answer(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, boundary count: Int, end e: Int) -> UInt8
}

/// The itemizer's answers alone (`PreparedBreaks.usesOpportunities`, without
/// `line-break: anywhere`): a byte read a boundary, no scalar decoded.
struct ItemizerAnswers: BoundaryAnswers {
    let opportunities: UnsafeBufferPointer<UInt8>
    var anywhere: Bool { false }
    var breaksLetters: Bool { false }
    var quietBytes: UnsafeBufferPointer<UInt8>? { opportunities }

    @inline(__always)
    func answer(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, boundary count: Int, end e: Int) -> UInt8 {
        opportunities[count]
    }
}

/// Any rules: the itemizer's answers when the walk may read them (`line-break: anywhere`
/// only adds to them), else each cluster decoded and the break rules asked.
struct RuleAnswers: BoundaryAnswers {
    /// The itemizer's opportunities, one a cluster boundary, when they are the rules' answers.
    let opportunities: UnsafeBufferPointer<UInt8>?
    var breaker: BrowserLineBreaks.Walker
    let anywhere: Bool
    let breaksLetters: Bool
    /// (Rules may add opportunities: every cluster takes the general loop.)
    var quietBytes: UnsafeBufferPointer<UInt8>? { nil }
    /// The two scalars before the boundary asked next, for the rules.
    private var last: UInt32 = 0, lastLast: UInt32 = 0

    init(opportunities: UnsafeBufferPointer<UInt8>?, breaker: BrowserLineBreaks.Walker, anywhere: Bool, breaksLetters: Bool) {
        self.opportunities = opportunities
        self.breaker = breaker
        self.anywhere = anywhere
        self.breaksLetters = breaksLetters
    }

    @inline(__always)
    mutating func answer(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, boundary count: Int, end e: Int) -> UInt8 {
        typealias Flags = ShapedText.Flags
        if let opportunities { return opportunities[count] }
        let (scalar, length) = UTF8Scalar.decode(bytes, at: i)
        let kind = Flags.kind(of: scalar, length: length, at: i, end: e)
        let opens = i > 0 && breaker.breaks(at: i, lastLast: lastLast, last: last, current: scalar, length: length)
        // The scalars before the next boundary.
        BrowserLineBreaks.scalarsBefore(e, cluster: i, first: scalar, length: length, in: bytes, last: &last, lastLast: &lastLast)
        return opens ? kind | Flags.opens : kind
    }
}

/// What a break entry reads of the shaping besides the boundary columns, and the writing of
/// one into `PreparedBreaks`'s entries as its walk finds it.
struct BreakEntryWriter {
    /// `ShapedRuns.hyphenAdvance`, `lineEndTrims` and `lineEndHangingEdges`.
    let hyphenAdvance: Int64
    let lineEndTrims: [Int32: Int32]
    let hangingEdges: [Int32: Int32]
    /// Whether either table has an entry (asked once, not at each entry).
    private let hasTrims: Bool, hasHangingEdges: Bool

    init(hyphenAdvance: Int64, lineEndTrims: [Int32: Int32], hangingEdges: [Int32: Int32]) {
        self.hyphenAdvance = hyphenAdvance
        self.lineEndTrims = lineEndTrims
        self.hangingEdges = hangingEdges
        hasTrims = !lineEndTrims.isEmpty
        hasHangingEdges = !hangingEdges.isEmpty
    }

    /// Whether every entry is a plain one (as `_QuietClusters` writes them) unless its
    /// boundary is a mandatory break or unsafe: no line-end trim or hanging edge anywhere.
    var writesPlainEntries: Bool { !hasTrims && !hasHangingEdges }

    /// Writes break entry `k` of `b`: a line may end at `boundary`, its content ending at
    /// boundary `ce` (both written, with every boundary before them); its content's
    /// advance from the text's start.
    @inline(__always)
    func entry(_ k: Int, boundary: Int, contentEnd ce: Int, in b: PreparedBreaks) -> Int64 {
        typealias Flags = ShapedText.Flags
        let flags = b.flags, offsets = b.offsets, x = b.x
        var f: UInt8 = 0
        let bf = flags[boundary]
        if bf & Flags.hard != 0 { f |= BreakEntry.hard }
        if bf & Flags.unsafe != 0 { f |= BreakEntry.boundaryUnsafe }
        // (The text's end is never unsafe: no test that `ce` is not the last boundary.)
        if flags[ce] & Flags.unsafe != 0 { f |= BreakEntry.contentEndUnsafe }
        // A line ending at a soft hyphen shows a hyphen.
        let hyphenated = hyphenAdvance != 0 && ce > 0 && flags[ce - 1] & Flags.softHyphen != 0
        if hyphenated { f |= BreakEntry.hyphenated }
        // A flush closing mark: the break directly follows it (or its line break does).
        var endTrim: Int32 = 0
        if hasTrims && (boundary == ce || (bf & Flags.hard != 0 && ce == boundary - 1)) {
            endTrim = lineEndTrims[offsets[ce]] ?? 0
        }
        let contentX = x[ce] &+ (hyphenated ? hyphenAdvance : 0)
        var entry = BreakEntry(contentEnd: Int32(truncatingIfNeeded: ce), endTrim: endTrim, flags: f)
        // An inline box's end edge after the white space hanging at this line's end.
        if hasHangingEdges && boundary > ce { entry.hangingEdge = hangingEdges[offsets[ce]] ?? 0 }
        (b.entries.baseAddress! + k).initialize(to: entry)
        (b.steps.baseAddress! + k).initialize(to: StepDraft(contentX: contentX, boundary: Int32(truncatingIfNeeded: boundary)))
        return contentX
    }
}
