/// The wrapping fast path: break opportunities between characters of `FastBreakClass`es are
/// decided without ICU, and their clusters measured without buffering.
///
/// It starts only at a break opportunity (the text's start, or one ICU reported and the
/// wrapper accepted) followed by a fast character, with no segment pending. From there it
/// walks scalars while they stay fast, deciding each break from the pair of classes
/// (`FastBreakClass.action`), and lays whole segments out as the slow path would. When a
/// scalar it cannot decide comes, it hands back to the ICU path at the start of the segment
/// it was walking (a boundary, where ICU's answers do not depend on what came before), or,
/// when a space before that scalar guarantees an opportunity, right there.
extension LineWrapper {
    /// Runs the fast path from `start` (see the type's comment for when it may) and returns
    /// the boundary where the ICU path resumes with no segment pending, or `stopped` when
    /// `stop` asked to end the run.
    mutating func runFast(from start: Int, stop: ((Int) -> Bool)?) -> (offset: Int, stopped: Bool) {
        let fast = fastUnit!
        let n = bytes.count
        let base = bytes.baseAddress!
        let keepAll = self.keepAll
        let count = FastBreakClass.count
        let kinds = _BulkByte.kinds
        return ScalarTable.withTable { table in
            FastBreakClass.actions.withUnsafeBufferPointer { actions in
                var i = start
                var segStart = start
                var full = 0        // units of the pending segment, hanging spaces included
                var content = 0     // units up to its last content character
                var hasContent = false
                var previous = FastBreakClass.slow
                var inNumber = false
                var previousLetter = false
                var beforeSpaces = FastBreakClass.slow
                var lineCount = lines.count
                let hangulUniform = FastBreakClass.hangulSyllablesAreUniform
                let recording = recordedOpportunities != nil
                let unit = fast.unit
                while i < n {
                    let b0 = base[i]
                    var cls: UInt8
                    var units = 1
                    var length = 1
                    var letter: Bool
                    var hangul = false
                    var ideograph = false
                    if b0 < 0x80 {
                        let bits = table[Int(b0)]
                        cls = UInt8(truncatingIfNeeded: bits >> 12)
                        letter = bits & (1 << 7) != 0
                    } else if b0 &- 0xEA < 4 && hangulUniform
                                && UTF8Scalar.decode(bytes, at: i).scalar &- 0xAC00 < 11172 {
                        // A precomposed Hangul syllable (U+AC00-U+D7A3): H2/H3, wide, a
                        // keep-all letter, not an emoji (checked once per process).
                        cls = FastBreakClass.id
                        letter = true
                        units = fast.wide
                        length = 3
                        hangul = true
                    } else {
                        let c = ScalarProperties.fastCluster(bytes, at: i, table: table, fast: fast)
                        cls = c.cls
                        length = c.length
                        units = c.units
                        letter = ScalarProperties(bits: c.bits).isKeepAllLetter
                        ideograph = ScalarProperties.isPlainWideLetter(c.bits) && cls == FastBreakClass.id
                    }
                    if i != start {
                        var action = actions[Int(previous) * count + Int(cls)]
                        if action == FastBreakClass.Action.joinsInNumber.rawValue {
                            action = inNumber ? FastBreakClass.Action.noBreak.rawValue : FastBreakClass.Action.breaks.rawValue
                        }
                        if previous == FastBreakClass.sp {
                            // Rules that look back across spaces, to the last other character.
                            if beforeSpaces == FastBreakClass.open {
                                // LB14: OP SP* ×
                                action = cls >= FastBreakClass.al ? FastBreakClass.Action.noBreak.rawValue
                                    : FastBreakClass.Action.exit.rawValue
                            } else if beforeSpaces == FastBreakClass.quotation && cls == FastBreakClass.open {
                                action = FastBreakClass.Action.noBreak.rawValue  // LB15: QU SP* × OP
                            } else if cls == FastBreakClass.nonstarter
                                        && (beforeSpaces == FastBreakClass.close || beforeSpaces == FastBreakClass.closePunctuation) {
                                action = FastBreakClass.Action.noBreak.rawValue  // LB16: (CL|CP) SP* × NS
                            } else if cls == FastBreakClass.slowAfterSpaceBreaks
                                        && (beforeSpaces == FastBreakClass.close || beforeSpaces == FastBreakClass.closePunctuation) {
                                action = FastBreakClass.Action.exit.rawValue
                            } else if cls == FastBreakClass.infixSeparator {
                                // ICU breaks before an IS that follows a space and precedes a
                                // number (UAX #14 later wrote it as LB15c): look one ahead.
                                let next = i + 1 < n ? base[i + 1] : 0x20
                                if next >= 0x80 || next &- 0x30 < 10 { action = FastBreakClass.Action.exit.rawValue }
                            }
                        }
                        if action == FastBreakClass.Action.breaks.rawValue {
                            let hard = previous == FastBreakClass.lf
                            // Keep-all reads the first scalar of the clusters on both sides.
                            let dropped = keepAll && !hard && previousLetter && letter
                            if !dropped {
                                let stopped = fastBreak(start: segStart, end: i, full: full, content: content, hasContent: hasContent,
                                                        hard: hard, unit: unit, recording: recording, stop: stop, lineCount: &lineCount)
                                if stopped { return (i, true) }
                                segStart = i
                                full = 0
                                content = 0
                                hasContent = false
                                if cls < FastBreakClass.al { return (i, false) }
                            }
                        } else if action != FastBreakClass.Action.noBreak.rawValue {
                            if b0 == 0xEF && ScalarProperties.isKeycapTail(base, i, n) {
                                // Not at a keycap (U+FE0F U+20E3 after an ASCII digit, # or *): one
                                // cluster, met by its neighbours as its base (LB9), as wide as it is.
                                let end = i + 6
                                if end < n && base[end] >= 0x80 {
                                    switch ScalarProperties.of(UTF8Scalar.decode(bytes, at: end).scalar).graphemeBreak {
                                    case .extend, .zwj, .spacingMark: return (segStart, false)   // the cluster goes on
                                    default: break
                                    }
                                }
                                let cells = CellWidth.of(bytes, i - 1, end, ambiguousWidth: fast.ambiguous)
                                full += (fast.wide == 1 ? (cells == 0 ? 0 : 1) : cells) - 1   // the base counted 1
                                content = full
                                i = end
                                continue
                            }
                            return (segStart, false)
                        }
                    } else if cls < FastBreakClass.al {
                        return (start, false)  // an emoji cluster the fast path does not take
                    }
                    if cls == FastBreakClass.sp {
                        full += 1
                    } else if cls != FastBreakClass.lf {
                        full += units
                        content = full
                        hasContent = true
                    }
                    inNumber = cls == FastBreakClass.nu
                        || (inNumber && (cls == FastBreakClass.infixSeparator || cls == FastBreakClass.symbol))
                    if cls == FastBreakClass.hyphen
                        && (i == start || previous == FastBreakClass.sp || previous == FastBreakClass.lf) {
                        previous = FastBreakClass.initialHyphen
                    } else {
                        previous = cls
                    }
                    previousLetter = letter
                    if cls != FastBreakClass.sp { beforeSpaces = cls }
                    i += length
                    if hangul || ideograph || (b0 < 0x80 && (cls == FastBreakClass.al || cls == FastBreakClass.nu)) {
                        if b0 < 0x80 {
                            // A run of ASCII letters and digits (AL, NU): no opportunity inside
                            // (LB23, LB25, LB28), one unit each.
                            var j = i
                            while j < n && kinds[Int(base[j])] >= _BulkByte.letter { j &+= 1 }
                            if j > i {
                                full &+= j &- i
                                content = full
                                previous = kinds[Int(base[j &- 1])] == _BulkByte.digit ? FastBreakClass.nu : FastBreakClass.al
                                beforeSpaces = previous
                                inNumber = previous == FastBreakClass.nu
                                i = j
                            }
                        }
                        if i < n && _BulkByte.mayContinue(base, i, n, kinds) {
                            // Spaces, a line feed, a wide letter or a tail of IS and EX before
                            // them: the bulk loop takes the runs that follow
                            // (LineWrapper+Bulk.swift) and hands back the state it leaves.
                            // (The segment ends with the run: its units are all content.)
                            let exit = runBulk(at: i, segmentStart: segStart, units: full, last: previous, table: table,
                                               actions: actions.baseAddress!, kinds: kinds, lineCount: &lineCount, stop: stop)
                            if exit.stopped { return (exit.offset, true) }
                            i = exit.offset
                            segStart = exit.segmentStart
                            full = exit.units
                            content = exit.units
                            previous = exit.last
                            beforeSpaces = exit.last
                            inNumber = exit.last == FastBreakClass.nu
                        }
                    }
                }
                // ICU reports the end of the text as a boundary.
                finishFastSegment(start: segStart, end: n, full: full, content: content,
                                  hasContent: hasContent, hard: previous == FastBreakClass.lf, unit: fast.unit)
                if let stop, lines.count != lineCount, asksStop(lines[lines.count - 1].end), stop(lines[lines.count - 1].end) {
                    return (n, true)
                }
                return (n, false)
            }
        }
    }

    /// A break opportunity at `end` ends the pending fast segment `[start, end)` (`full`
    /// units with its hanging spaces, `content` without): on the line when it fits and no
    /// mandatory break ends it (the common case), else through `finishFastSegment`. The step
    /// of runFast's per-character loop (the bulk loop has its own, in units: LineWrapper+Bulk.swift).
    ///
    /// - Returns: whether `stop` asked to end the run at a line the step ended.
    @inline(__always)
    private mutating func fastBreak(start: Int, end: Int, full: Int, content: Int, hasContent: Bool, hard: Bool,
                                    unit: Double, recording: Bool, stop: ((Int) -> Bool)?, lineCount: inout Int) -> Bool {
        let contentX = lineX + Double(content) * unit
        if !hard && (!hasContent || contentX <= limit) {
            if recording { recordedOpportunities?.append((end, false)) }
            lineX += Double(full) * unit
            if hasContent { lineContentX = contentX }
            segmentStart = end
        } else {
            finishFastSegment(start: start, end: end, full: full, content: content, hasContent: hasContent, hard: hard, unit: unit)
        }
        guard stop != nil, lines.count != lineCount else { return false }
        lineCount = lines.count
        guard asksStop(lines[lineCount - 1].end), let stop else { return false }
        return stop(lines[lineCount - 1].end)
    }

    /// `finishSegment` for a segment of fast characters whose widths are already summed.
    @inline(__always)
    mutating func finishFastSegment(start: Int, end: Int, full: Int, content: Int, hasContent: Bool,
                                            hard: Bool, unit: Double) {
        recordedOpportunities?.append((end, hard))
        let contentWidth = Double(content) * unit
        let fullWidth = Double(full) * unit
        var contentX = hasContent ? lineX + contentWidth : lineX
        var fullX = lineX + fullWidth
        if lineStart < start && hasContent && contentX > limit {
            breakLine(at: start)
            contentX = contentWidth
            fullX = fullWidth
        }
        if hasContent && contentX > limit {
            // Too wide even for an empty line: break between clusters.
            let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
            var i = start
            while i < end {
                let e = walker.clusterEnd(at: i)
                switch bytes[i] {
                case 0x20: place(Pending(start: i, end: e, advance: measurer.advance(bytes, i, e), kind: .hanging))
                case 0x0A: place(Pending(start: i, end: e, advance: 0, kind: .terminator))
                default: place(Pending(start: i, end: e, advance: measurer.advance(bytes, i, e), kind: .content))
                }
                i = e
            }
        } else {
            lineX = fullX
            if hasContent { lineContentX = contentX }
        }
        if hard {
            emit(end: end, terminator: 1)  // the fast path's only mandatory break is LF
            lineStart = end
            lineX = 0
            lineContentX = 0
        }
        segmentStart = end
    }
}

/// What the fast path asks of a scalar's properties and of the bytes after it.
extension ScalarProperties {
    /// Whether `start` is certainly a break opportunity that no rule looks back across: a
    /// fast AL, NU or ID character after spaces that follow a fast character other than OP
    /// (SP ÷, LB18; of the rules reading back across spaces, LB14-LB17, only OP SP* × can
    /// apply before such a character). A line start there (an incremental rewrap's restart)
    /// can begin on the fast path, as after an opportunity ICU reported.
    static func startsAfterSpaces(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start > 0, start < bytes.count, bytes[start - 1] == 0x20 else { return false }
        let next = ScalarProperties.fastClass(bytes, at: start)
        guard next == FastBreakClass.al || next == FastBreakClass.nu || next == FastBreakClass.id else { return false }
        var i = start - 1
        while i > 0 && bytes[i] == 0x20 { i -= 1 }
        if bytes[i] == 0x20 { return false }
        while i > 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }   // the last scalar's first byte
        let previous = ScalarProperties.fastClass(bytes, at: i)
        return previous >= FastBreakClass.al && previous != FastBreakClass.open && previous != FastBreakClass.lf
    }

    /// What the fast path walks at the non-ASCII scalar starting at `i` (other than its
    /// Hangul shortcut): the scalar's properties (`bits`), its fast class and the bytes and
    /// units it takes; where an emoji cluster of a shape the fast path takes starts there
    /// (`emojiClusterEnd`), the whole cluster (`emojiCluster`).
    @inline(__always)
    static func fastCluster(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, table: UnsafeBufferPointer<UInt16>,
                            fast: FastCellUnit) -> (bits: UInt16, cls: UInt8, length: Int, units: Int) {
        let (scalar, l) = UTF8Scalar.decode(bytes, at: i)
        let bits = scalar < UInt32(table.count) ? table[Int(scalar)] : ScalarProperties.compute(scalar)
        let cls = FastBreakClass.decodeNonASCII(UInt8(truncatingIfNeeded: bits >> 12))
        let cells = bits & 3
        let units = cells == ScalarProperties.wide || bits & (1 << 2) != 0 ? fast.wide
            : cells == ScalarProperties.ambiguous ? fast.ambiguous : 1
        if bits & (1 << 4) != 0 || (bits >> 8) & 0xF == UInt16(GraphemeBreak.regionalIndicator.rawValue) {
            return emojiCluster(bytes, at: i, scalarEnd: i + l, bits: bits, cls: cls, units: units, table: table, fast: fast)
        }
        return (bits, cls, l, units)
    }

    /// `fastCluster` at an Extended_Pictographic scalar or a regional indicator: the whole
    /// emoji cluster where one starts there, met by its neighbours as an ID (a flag almost
    /// so: `FastBreakClass.flag`), as wide as its cells; else the scalar alone.
    @inline(never)
    private static func emojiCluster(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, scalarEnd: Int, bits: UInt16, cls: UInt8,
                                     units: Int, table: UnsafeBufferPointer<UInt16>,
                                     fast: FastCellUnit) -> (bits: UInt16, cls: UInt8, length: Int, units: Int) {
        let props = ScalarProperties(bits: bits)
        guard let end = emojiClusterEnd(bytes, first: props, firstClass: cls, at: scalarEnd, table: table) else {
            return (bits, cls, scalarEnd - i, units)
        }
        let cells = CellWidth.of(bytes, i, end, ambiguousWidth: fast.ambiguous)
        return (bits, props.isRegionalIndicator ? FastBreakClass.flag : FastBreakClass.id, end - i,
                fast.wide == 1 ? (cells == 0 ? 0 : 1) : cells)
    }

    /// Whether U+FE0F U+20E3 start at `i`, after an ASCII digit, `#` or `*` (which the fast
    /// path took as a character of its own).
    @inline(__always)
    static func isKeycapTail(_ base: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Bool {
        guard i + 6 <= n, base[i + 1] == 0xB8, base[i + 2] == 0x8F, base[i + 3] == 0xE2, base[i + 4] == 0x83,
              base[i + 5] == 0xA3 else { return false }
        let b = base[i - 1]
        return b &- 0x30 < 10 || b == 0x23 || b == 0x2A
    }

    /// The end of the emoji cluster whose first scalar (`first`, of fast class `firstClass`)
    /// ends at `j`, when it has a shape the fast path takes: an ID or EB base with VS16,
    /// skin tones and ZWJ-joined ID/EB bases; or a pair of regional indicators with no third
    /// after it. Nil for a lone base (walked as a plain character) and for anything else.
    /// The cluster's end is UAX #29's: the scalar after it must not extend it (GB9, GB9a).
    @inline(__always)
    fileprivate static func emojiClusterEnd(_ bytes: UnsafeBufferPointer<UInt8>, first: ScalarProperties, firstClass: UInt8, at start: Int,
                                 table: UnsafeBufferPointer<UInt16>) -> Int? {
        let n = bytes.count
        guard start < n, bytes[start] >= 0x80 else { return nil }
        func props(_ scalar: UInt32) -> ScalarProperties {
            ScalarProperties(bits: scalar < UInt32(table.count) ? table[Int(scalar)] : ScalarProperties.compute(scalar))
        }
        var j = start
        if first.isRegionalIndicator {
            let (s1, l1) = UTF8Scalar.decode(bytes, at: j)
            guard props(s1).isRegionalIndicator else { return nil }
            j += l1
        } else {
            guard firstClass == FastBreakClass.id else { return nil }
            while j < n && bytes[j] >= 0x80 {
                let (s, l) = UTF8Scalar.decode(bytes, at: j)
                if s == 0xFE0F || props(s).isEmojiModifier {
                    j += l
                } else if s == 0x200D {
                    guard j + l < n else { return nil }
                    let (t, tl) = UTF8Scalar.decode(bytes, at: j + l)
                    let p = props(t)
                    guard p.isExtendedPictographic && p.fastBreakClass == FastBreakClass.id else { return nil }
                    j += l + tl
                } else {
                    break
                }
            }
            if j == start { return nil }
        }
        if j < n && bytes[j] >= 0x80 {
            let next = props(UTF8Scalar.decode(bytes, at: j).scalar)
            switch next.graphemeBreak {
            case .extend, .zwj, .spacingMark, .regionalIndicator: return nil
            default: break
            }
        }
        return j
    }

    /// Whether a scalar's properties are those of a plain wide letter: East Asian wide, a
    /// keep-all letter, not an emoji (neither Extended_Pictographic nor emoji presentation).
    @inline(__always)
    static func isPlainWideLetter(_ bits: UInt16) -> Bool {
        bits & 3 == ScalarProperties.wide && bits & (1 << 7) != 0 && bits & (1 << 2 | 1 << 4) == 0
    }

    /// The fast break class of the scalar that starts at `i`.
    @inline(__always)
    static func fastClass(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt8 {
        let b0 = bytes[i]
        if b0 < 0x80 { return ScalarProperties.of(UInt32(b0)).fastBreakClass }
        return FastBreakClass.decodeNonASCII(ScalarProperties.of(UTF8Scalar.decode(bytes, at: i).scalar).fastBreakClass)
    }
}
