/// The bulk loop of the wrapping fast path: runs of ASCII letters and digits and of wide
/// letters (ideographs, kana, Hangul syllables), the spaces and line feeds between them,
/// stepped a run (or a wide letter) at a time with the line's state in registers.
///
/// `runFast` calls it after a character that starts such a run. It takes only what the fast
/// path's pair table settles the same way whatever came before:
/// - inside a run of ASCII letters and digits (AL, NU): no opportunity (LB23, LB25, LB28);
/// - between two wide letters (ID, H2, H3, not emoji): an opportunity (LB31), unless keep-all
///   drops it;
/// - after such a run, a tail of ASCII `.,:;!?/-` (IS, EX, SY, HY): joined to it (LB13,
///   LB21);
/// - after a tail, a run of ASCII letters and digits: the pair of the tail's last character
///   and the run's first decides, as in `runFast` (`FastBreakClass.action`; SY before NU
///   joins inside a number only, LB25), so URLs and paths go through a run at a time;
/// - after spaces that follow a run (or its tail), before a run: an opportunity (SP ÷, LB18).
///   No rule that looks back across spaces (LB14-LB17) reads AL, NU, ID, IS, EX, SY or HY
///   before them;
/// - a line feed after a run (or its tail) and before a run: a mandatory break after it (LB6,
///   LB5); spaces between it and the run indent the next line: a segment without content,
///   then an opportunity (LB18).
/// After spaces or a line feed, another cluster the fast path walks as an ID (an emoji
/// cluster, a flag) counts as a run when a space, a line feed, a tail character or the end
/// of the text follows it (`_BulkWrap.idCluster`): nothing breaks before those (LB7, LB6,
/// LB13, LB21), so no pair that reads it as an ID rather than a letter comes up.
/// At anything else it stops before the step it cannot decide (the spaces, the tail, the line
/// feed or the character are left untaken) and hands back the state `runFast` would have had
/// there: the pending segment ends with a run, whose class is `last`.
extension LineWrapper {
    /// Where the bulk loop handed back to `runFast`, and the pending segment there.
    struct BulkExit {
        var offset: Int
        var segmentStart: Int
        /// Units of the pending segment; it ends with a run, so all of them are content.
        var units: Int
        /// The class the segment ends with: `FastBreakClass.al`, `.nu` or `.id`.
        var last: UInt8
        var stopped: Bool
    }

    /// Runs the bulk loop from `start`, just after a run (ASCII letters and digits, or a wide
    /// letter) of class `last` that ends the pending segment `[segmentStart, start)` of
    /// `units` units, all content. `table` is the per-scalar table (`ScalarTable.withTable`'s), `actions`
    /// `FastBreakClass.actions`', `kinds` `_BulkByte.kinds`.
    @inline(never)
    mutating func runBulk(at start: Int, segmentStart: Int, units: Int, last: UInt8, table: UnsafeBufferPointer<UInt16>,
                          actions: UnsafePointer<UInt8>, kinds: UnsafePointer<UInt8>, lineCount: inout Int,
                          stop: ((Int) -> Bool)?) -> BulkExit {
        if recordedOpportunities == nil {
            return _BulkWrap.loop(&self, recording: false, at: start, segmentStart: segmentStart, units: units, last: last,
                                  table: table, actions: actions, kinds: kinds, lineCount: &lineCount, stop: stop)
        }
        return _BulkWrap.loop(&self, recording: true, at: start, segmentStart: segmentStart, units: units, last: last,
                              table: table, actions: actions, kinds: kinds, lineCount: &lineCount, stop: stop)
    }
}

/// The bulk loop itself, on the wrapper's state (`LineWrapper.runBulk` calls it).
enum _BulkWrap {
    typealias BulkExit = LineWrapper.BulkExit

    /// The bulk loop, specialized by `recording` (a constant in each caller) so that the loop
    /// without it calls nothing but where a line ends.
    ///
    /// The line's x is counted in units from `origin` (`lineX` where the loop began or the
    /// line last ended): `x` is the end of what the line holds, hanging spaces included. A
    /// segment fits when `x` plus its content units is at most `budget`, the most units that
    /// `origin` plus units times the unit keeps within `limit`: the sums are of integers
    /// (`FastCellUnit`), so this is the ICU path's comparison, exactly. The line's content
    /// end is `x` less the spaces before the pending segment (the last segment taken ends
    /// with them; it has content, so `x` is 0 only when no segment was taken).
    @inline(__always)
    static func loop(_ w: inout LineWrapper, recording: Bool, at start: Int, segmentStart segStart: Int, units: Int, last: UInt8,
                     table tableBuffer: UnsafeBufferPointer<UInt16>, actions: UnsafePointer<UInt8>, kinds: UnsafePointer<UInt8>,
                     lineCount: inout Int, stop: ((Int) -> Bool)?) -> BulkExit {
        let table = tableBuffer.baseAddress!
        let base = w.bytes.baseAddress!
        let textEnd = base + w.bytes.count
        let unit = w.fastUnit!.unit
        let wide = w.fastUnit!.wide
        let keepAll = w.keepAll
        var origin = w.lineX
        var budget = Int.min   // found at the first step of a line that needs it (see below)
        var budgetOnEmptyLine = w.bulkBudgetOnEmptyLine
        var x = 0
        var p = base + start
        var seg = base + segStart
        var pending = units    // the pending segment's units: it ends with a run, all content

        /// Whether a wide letter (a fast ID that is East Asian wide, a keep-all letter, not an
        /// emoji) of three UTF-8 bytes starts at `q`.
        @inline(__always) func isWideLetter(_ q: UnsafePointer<UInt8>) -> Bool { _BulkByte.isWideLetter(q, table: table) }

        /// The end of the run of ASCII letters and digits from `q`.
        @inline(__always) func runEnd(from q: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
            var q = q
            while q < textEnd && kinds[Int(q[0])] >= _BulkByte.letter { q += 1 }
            return q
        }

        if last != FastBreakClass.id {
            // The ASCII run goes on.
            p = runEnd(from: p)
            pending &+= p - (base + start)
        }
        loop: while p < textEnd {
            // The next opportunity (`end`) and the segment it ends (`stepFull` units with its
            // spaces, `stepContent` without), and the run after it (to `next`, `runUnits`).
            let end: UnsafePointer<UInt8>
            var hard = false
            let next: UnsafePointer<UInt8>   // the end of the run after the opportunity
            var lead = 0   // after a line feed, the spaces before the run that indent the next line
            let runUnits: Int
            var stepFull = pending
            var stepContent = pending
            if p[-1] >= 0x80 && isWideLetter(p) {
                // After a wide letter, a wide letter: an opportunity before it (LB31), unless
                // keep-all drops it.
                if keepAll {
                    pending &+= wide
                    p += 3
                    continue
                }
                var fits = x &+ pending
                while fits <= budget {
                    x = fits
                    if recording { w.recordedOpportunities!.append((p - base, false)) }
                    seg = p
                    pending = wide
                    p += 3
                    guard p < textEnd && isWideLetter(p) else { continue loop }
                    fits = x &+ wide
                }
                stepFull = pending
                stepContent = pending
                end = p
                next = p + 3
                runUnits = wide
            } else {
                // A tail of IS, EX, SY and HY, then spaces, a line feed, or (after a tail) a
                // run of ASCII letters and digits.
                var t = p
                while kinds[Int(t[0])] == _BulkByte.punctuation {
                    t += 1
                    guard t < textEnd else { break loop }
                }
                var e = t + 1
                switch t[0] {
                case 0x20: while e < textEnd && e[0] == 0x20 { e += 1 }
                case 0x0A: hard = true
                default:
                    guard t > p && kinds[Int(t[0])] >= _BulkByte.letter,
                          let joins = tailJoins(p, t, table: table, actions: actions, kinds: kinds) else { break loop }
                    if joins {
                        // No opportunity: the run after the tail goes on the pending segment.
                        let j = runEnd(from: t + 1)
                        pending &+= j - p
                        p = j
                        continue
                    }
                    e = t   // an opportunity after the tail, before the run
                }
                guard e < textEnd else { break loop }
                end = e
                // The run after it; without one, runFast decides.
                if kinds[Int(e[0])] >= _BulkByte.letter {
                    let j = runEnd(from: e + 1)
                    next = j
                    runUnits = j - e
                } else if isWideLetter(e) {
                    next = e + 3
                    runUnits = wide
                } else if e[0] >= 0xC0 && e > t, let c = idCluster(w.bytes, fast: w.fastUnit!, at: e - base, table: tableBuffer, kinds: kinds) {
                    next = e + c.length
                    runUnits = c.units
                } else if hard && e[0] == 0x20, let r = indentedRun(w.bytes, fast: w.fastUnit!, at: e - base, table: tableBuffer, kinds: kinds) {
                    // Spaces that indent the next line: a segment without content, which the
                    // line always takes (as `fastBreak` does), then an opportunity (LB18).
                    lead = r.lead
                    next = e + r.end
                    runUnits = r.units
                } else {
                    break loop
                }
                stepContent = pending &+ (t - p)
                stepFull = hard ? stepContent : stepContent &+ (e - t)   // a line feed takes no width
                if !hard && x &+ stepContent <= budget {
                    x &+= stepFull
                    if recording { w.recordedOpportunities!.append((e - base, false)) }
                    seg = e
                    pending = runUnits
                    p = next
                    continue
                }
            }
            if budget == Int.min && !hard {
                // The first step of the loop or of a line: find the budget, and take the step
                // again (nothing has changed).
                budget = origin == 0 ? emptyLineBudget(&w, &budgetOnEmptyLine, unit: unit) : unitBudget(from: origin, unit: unit, limit: w.limit)
                continue
            }
            if !hard && seg - base > w.lineStart {
                // The segment does not fit after what the line holds: the line ends before
                // it, and it starts the next one (breakLine), when it fits there.
                if stepContent <= emptyLineBudget(&w, &budgetOnEmptyLine, unit: unit) {
                    if recording { w.recordedOpportunities!.append((end - base, false)) }
                    if x > 0 { w.lineContentX = origin + Double(x - _BulkByte.spaces(before: seg)) * unit }
                    w.emit(end: seg - base, terminator: 0)
                    w.lineStart = seg - base
                    origin = 0
                    budget = budgetOnEmptyLine
                    x = stepFull
                    // (`lineCount`, the lines `stop` has been asked about, is left behind
                    // while the lines start before `firstStopAsked`: the check after a line
                    // asks `asksStop` again, which says no there, and line starts only rise.)
                    if let stop, w.asksStop(w.lineStart) {
                        lineCount = w.lines.count
                        if stop(w.lineStart) {
                            w.lineX = Double(x) * unit
                            w.lineContentX = Double(stepContent) * unit
                            w.segmentStart = end - base
                            return BulkExit(offset: end - base, segmentStart: end - base, units: 0, last: FastBreakClass.al, stopped: true)
                        }
                    }
                    seg = end
                    pending = runUnits
                    p = next
                    continue
                }
            }
            // A line feed ends the segment, or it does not fit even on an empty line.
            if lineEnd(&w, start: seg - base, end: end - base, full: stepFull, content: stepContent, hard: hard,
                           x: origin + Double(x) * unit, contentX: x > 0 ? origin + Double(x - _BulkByte.spaces(before: seg)) * unit : nil,
                           unit: unit, lineCount: &lineCount, stop: stop) {
                return BulkExit(offset: end - base, segmentStart: end - base, units: 0, last: FastBreakClass.al, stopped: true)
            }
            origin = w.lineX
            budget = Int.min
            x = lead   // the spaces that indent the line, taken
            seg = end + lead
            if recording && lead > 0 { w.recordedOpportunities!.append((seg - base, false)) }
            pending = runUnits
            p = next
        }
        w.lineX = origin + Double(x) * unit
        if x > 0 { w.lineContentX = origin + Double(x - _BulkByte.spaces(before: seg)) * unit }
        w.segmentStart = seg - base
        // The segment ends with the run before `p`.
        let last: UInt8 = p[-1] >= 0x80 ? FastBreakClass.id
            : kinds[Int(p[-1])] == _BulkByte.digit ? FastBreakClass.nu : FastBreakClass.al
        return BulkExit(offset: p - base, segmentStart: seg - base, units: pending, last: last, stopped: false)
    }

    /// A line the bulk loop ends: the line's state (`x`, and `contentX` unless no segment was
    /// taken since it was last read) written back, then `finishFastSegment`.
    ///
    /// - Returns: whether `stop` asked to end the run at a line the step ended.
    @inline(never)
    private static func lineEnd(_ w: inout LineWrapper, start: Int, end: Int, full: Int, content: Int, hard: Bool, x: Double, contentX: Double?,
                                      unit: Double, lineCount: inout Int, stop: ((Int) -> Bool)?) -> Bool {
        w.lineX = x
        if let contentX { w.lineContentX = contentX }
        w.finishFastSegment(start: start, end: end, full: full, content: content, hasContent: true, hard: hard, unit: unit)
        guard stop != nil, w.lines.count != lineCount else { return false }
        lineCount = w.lines.count
        guard w.asksStop(w.lines[lineCount - 1].end), let stop else { return false }
        return stop(w.lines[lineCount - 1].end)
    }

    /// The unit budget of an empty line, found once a wrapper (`bulkBudgetOnEmptyLine`) and
    /// kept in `local` during a run of the loop.
    @inline(__always)
    private static func emptyLineBudget(_ w: inout LineWrapper, _ local: inout Int, unit: Double) -> Int {
        if local == Int.min {
            local = unitBudget(from: 0, unit: unit, limit: w.limit)
            w.bulkBudgetOnEmptyLine = local
        }
        return local
    }

    /// Whether the run of ASCII letters and digits at `t` joins the tail `[p, t)` before it
    /// (which follows a run): `runFast`'s decision from the pair of classes, with `inNumber`
    /// (a number, `NU (IS|SY)*`, goes on before a digit after SY: LB25) read from the run's
    /// last character and the tail. Nil where the pair is left to ICU (none of these is).
    @inline(__always)
    private static func tailJoins(_ p: UnsafePointer<UInt8>, _ t: UnsafePointer<UInt8>, table: UnsafePointer<UInt16>,
                                  actions: UnsafePointer<UInt8>, kinds: UnsafePointer<UInt8>) -> Bool? {
        @inline(__always) func cls(_ b: UInt8) -> UInt8 { UInt8(truncatingIfNeeded: table[Int(b)] >> 12) }
        switch actions[Int(cls(t[-1])) &* FastBreakClass.count &+ Int(cls(t[0]))] {
        case FastBreakClass.Action.noBreak.rawValue: return true
        case FastBreakClass.Action.breaks.rawValue: return false
        case FastBreakClass.Action.joinsInNumber.rawValue:
            guard kinds[Int(p[-1])] == _BulkByte.digit else { return false }
            var q = p
            while q < t {
                let c = cls(q[0])
                guard c == FastBreakClass.infixSeparator || c == FastBreakClass.symbol else { return false }
                q += 1
            }
            return true
        default: return nil
        }
    }

    /// The cluster at `i` (after spaces or a line feed, not ASCII, not a wide letter) when the
    /// loop takes it as a run: the fast path walks it as an ID or a flag (`fastCluster`: an
    /// emoji cluster, or one scalar), it is at least a unit wide, and a space, a line feed, a
    /// tail character or the text's end follows it. Its bytes and units; else nil.
    /// (The wrapper's text and unit passed, not the wrapper: a value parameter of the whole
    /// wrapper is copied for each call.)
    @inline(never)
    private static func idCluster(_ bytes: UnsafeBufferPointer<UInt8>, fast: FastCellUnit, at i: Int, table: UnsafeBufferPointer<UInt16>,
                                  kinds: UnsafePointer<UInt8>) -> (length: Int, units: Int)? {
        let c = ScalarProperties.fastCluster(bytes, at: i, table: table, fast: fast)
        guard c.cls == FastBreakClass.id || c.cls == FastBreakClass.flag, c.units > 0 else { return nil }
        let j = i + c.length
        if j < bytes.count {
            let k = kinds[Int(bytes[j])]
            guard k == _BulkByte.space || k == _BulkByte.lineFeed || k == _BulkByte.punctuation else { return nil }
        }
        return (c.length, c.units)
    }

    /// The run after the spaces that start at `i` (after a line feed): its start (`lead`
    /// bytes on), end (from `i`) and units, when a run the loop takes follows them (ASCII
    /// letters and digits, a wide letter, an `idCluster`); else nil.
    @inline(never)
    private static func indentedRun(_ bytes: UnsafeBufferPointer<UInt8>, fast: FastCellUnit, at i: Int, table: UnsafeBufferPointer<UInt16>,
                                    kinds: UnsafePointer<UInt8>) -> (lead: Int, end: Int, units: Int)? {
        var r = i
        while r < bytes.count && bytes[r] == 0x20 { r += 1 }
        guard r < bytes.count else { return nil }
        if kinds[Int(bytes[r])] >= _BulkByte.letter {
            var j = r + 1
            while j < bytes.count && kinds[Int(bytes[j])] >= _BulkByte.letter { j += 1 }
            return (r - i, j - i, j - r)
        }
        if _BulkByte.isWideLetter(bytes.baseAddress! + r, table: table.baseAddress!) {
            return (r - i, r + 3 - i, fast.wide)
        }
        if bytes[r] >= 0xC0, let c = idCluster(bytes, fast: fast, at: r, table: table, kinds: kinds) {
            return (r - i, r + c.length - i, c.units)
        }
        return nil
    }

    /// The most units `u` for which `origin + u * unit <= limit` (the fit test of the ICU path
    /// and `fastBreak`), found exactly: an estimate by division (truncated), moved to the
    /// boundary by the comparison itself.
    private static func unitBudget(from origin: Double, unit: Double, limit: Double) -> Int {
        let room = limit - origin
        if room >= 0x1p52 { return Int.max >> 2 }   // wider than any text (infinite widths too)
        if room <= -0x1p52 { return -(Int.max >> 2) }
        var b = Int(room / unit)
        while origin + Double(b &+ 1) * unit <= limit { b &+= 1 }
        while origin + Double(b) * unit > limit { b &-= 1 }
        return b
    }
}

/// The bulk loop's kinds of a byte, and its test for a wide letter.
enum _BulkByte {
    static let other: UInt8 = 0
    static let space: UInt8 = 1
    /// ASCII IS, EX, SY and HY: `.`, `,`, `:`, `;`, `!`, `?`, `/`, `-` (none a keep-all
    /// letter).
    static let punctuation: UInt8 = 2
    static let lineFeed: UInt8 = 3
    /// The first byte of a 3-byte UTF-8 sequence (U+0800-U+FFFF).
    static let lead3: UInt8 = 4
    /// ASCII AL and NU, the run's bytes: every kind from `letter` up.
    static let letter: UInt8 = 8
    static let digit: UInt8 = 9

    /// `ScalarProperties` bits of a wide letter: cell class wide, a keep-all letter, neither
    /// emoji presentation nor Extended_Pictographic, fast class `id` (what `runFast` calls a
    /// plain wide ID letter).
    static let wideLetterMask: UInt16 = 0xF000 | 1 << 7 | 1 << 4 | 1 << 2 | 3
    static let wideLetterBits: UInt16 = UInt16(FastBreakClass.id) << 12 | 1 << 7 | ScalarProperties.wide

    /// The kind of each byte, from the fast classes of the ASCII scalars (made once, never
    /// freed).
    nonisolated(unsafe) static let kinds: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            var kind = other
            if b < 0x80 {
                let props = ScalarProperties.of(UInt32(b))
                switch props.fastBreakClass {
                case FastBreakClass.al where props.isKeepAllLetter: kind = letter
                case FastBreakClass.nu where props.isKeepAllLetter: kind = digit
                case FastBreakClass.sp: kind = space
                case FastBreakClass.lf: kind = lineFeed
                case FastBreakClass.infixSeparator, FastBreakClass.exclamation, FastBreakClass.symbol, FastBreakClass.hyphen:
                    if !props.isKeepAllLetter { kind = punctuation }
                default: break
                }
            } else if b & 0xF0 == 0xE0 {
                kind = lead3
            }
            table[b] = kind
        }
        return UnsafePointer(table)
    }()

    /// Whether a wide letter (a fast ID that is East Asian wide, a keep-all letter, not an
    /// emoji) of three UTF-8 bytes starts at `q` (which has three bytes, or a byte other than
    /// a 3-byte lead, before the text's end).
    @inline(__always)
    static func isWideLetter(_ q: UnsafePointer<UInt8>, table: UnsafePointer<UInt16>) -> Bool {
        let b0 = q[0]
        guard b0 & 0xF0 == 0xE0 else { return false }
        let s = Int(b0 & 0x0F) << 12 | Int(q[1] & 0x3F) << 6 | Int(q[2] & 0x3F)
        return table[s] & wideLetterMask == wideLetterBits
    }

    /// The spaces just before `p` (a segment's start, after a run and its tail).
    @inline(__always)
    static func spaces(before p: UnsafePointer<UInt8>) -> Int {
        var q = p
        while q[-1] == 0x20 { q -= 1 }
        return p - q
    }

    /// Whether the bulk loop can take a step at `i`, just after a run: spaces, a line feed, a
    /// 3-byte lead (a wide letter, perhaps), or a tail of IS, EX, SY and HY before a space, a
    /// line feed or a run of ASCII letters and digits. Elsewhere runFast goes on by itself,
    /// without the loop's call.
    @inline(__always)
    static func mayContinue(_ base: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ kinds: UnsafePointer<UInt8>) -> Bool {
        var k = kinds[Int(base[i])]
        guard k == punctuation else { return k != other && k < letter }
        var t = i &+ 1
        while t < n {
            k = kinds[Int(base[t])]
            if k != punctuation { return k == space || k == lineFeed || k >= letter }
            t &+= 1
        }
        return false
    }
}
