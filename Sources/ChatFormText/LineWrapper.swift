/// Greedy first-fit wrapping over ICU's break opportunities (SPEC §2).
///
/// One pass over the grapheme clusters; break opportunities are pulled from ICU as the
/// walk reaches them, and an opportunity that falls inside a cluster is ignored, so lines
/// always break on cluster boundaries. The clusters since the last opportunity (a
/// "segment") wait in a buffer until the next opportunity decides where they go:
/// - if the segment's content (not its trailing hanging white space) fits after what the
///   line holds, it joins the line;
/// - else the line ends before it and the segment starts the next line;
/// - a segment that does not fit even on an empty line is broken between clusters
///   (`overflow-wrap: break-word`); its last piece shares its line with what follows.
/// A segment that grows past the width while still buffered is placed cluster by cluster
/// as it arrives, so memory stays bounded on a single 10 MB word.
///
/// Most chat text never reaches this loop: after an accepted opportunity followed by a
/// character the fast path knows, `runFast` (LineWrapper+FastPath.swift) decides breaks and
/// lays segments out without ICU, and hands back here only where ICU must decide.
struct LineWrapper {
    enum Kind: UInt8 { case content, hanging, tab, terminator }

    struct Pending {
        var start: Int
        var end: Int
        var advance: Double
        var kind: Kind
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let iterators: BreakIterators
    let measurer: Measurer
    let keepAll: Bool
    /// The available width plus a tolerance for floating-point sums.
    let limit: Double

    private(set) var lines: [LineFragment] = []
    /// When set, every accepted break opportunity (offset, mandatory) is recorded here, for
    /// differential tests (`_TextWrapping.breakOpportunities`).
    var recordedOpportunities: [(offset: Int, hard: Bool)]? = nil

    var lineStart = 0
    var lineX = 0.0
    var lineContentX = 0.0

    var segment: [Pending] = []
    var segmentStart = 0
    var streaming = false
    var nextCheck = 256
    /// The cell advance unit when sums of advances are exact (see `fastUnit`), else nil and
    /// the fast path is off.
    let fastUnit: FastCellUnit?
    /// The bulk loop's unit budget of an empty line (`_BulkWrap.unitBudget(from: 0, …)`),
    /// found once a wrapper; `Int.min` until then.
    var bulkBudgetOnEmptyLine = Int.min
    /// The first line start `run(from:stop:)` asks its `stop` about [0]: a caller that knows
    /// no line starting before it can be where the run stops (a rewrap's lines up to the end
    /// of the edit) saves the closure's call for each of them.
    var firstStopAsked = 0

    /// `fastPath: false` asks ICU for every opportunity (the reference the fast path is
    /// held to).
    /// `recycling` hands in the arrays of a wrapper before (`recyclables`), emptied here and
    /// refilled without allocating while they are large enough. It is consumed and its
    /// arrays moved, not copied: a second reference to them while they are emptied would make
    /// `removeAll(keepingCapacity:)` allocate fresh ones.
    init(bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, measurer: Measurer,
         width: Double, keepAll: Bool, fastPath: Bool = true, recycling: consuming Recyclables? = nil) {
        self.bytes = bytes
        self.iterators = iterators
        self.measurer = measurer
        self.keepAll = keepAll
        self.limit = width.isFinite ? width + max(1, width) * 1e-9 : .infinity
        self.fastUnit = fastPath ? FastCellUnit(measurer) : nil
        if var recycled = recycling.take() {
            swap(&lines, &recycled.lines)
            swap(&segment, &recycled.segment)
            lines.removeAll(keepingCapacity: true)
            segment.removeAll(keepingCapacity: true)
        }
        // Room for a line's pending pieces (24 × 32 bytes): within glibc's per-thread cache
        // of small blocks (up to 1,032 bytes), so a keystroke's rewrap reuses the block the
        // last one freed. At 64 (2 KiB) the block came from the heap's shared bins or its top:
        // the first keystroke into a newly focused chat message took a page fault there about
        // every other time (about 4 µs each, under load), and every keystroke paid ~200
        // instructions more for it.
        segment.reserveCapacity(24)
    }

    /// A wrapper's arrays, for the next wrapper to fill (a large paragraph's rewraps).
    struct Recyclables {
        var lines: [LineFragment] = []
        var segment: [Pending] = []
    }

    /// The wrapper's arrays, taken out of it: its lines (what it wrapped) and its segment buffer.
    mutating func takeRecyclables() -> Recyclables {
        defer { lines = []; segment = [] }
        return Recyclables(lines: lines, segment: segment)
    }

    /// Reserves the lines of a whole text of 4 KiB or more, so that the array does not grow
    /// by copies as they come (every line so far copied at each doubling): room for a line
    /// every half line width of bytes (a full line of ASCII holds a line width of bytes, one
    /// of 3-byte wide letters one and a half). Text of shorter lines (mandatory breaks, long
    /// words) may outgrow it once; reserved pages never written are not touched. Text
    /// measured otherwise (`fastUnit` nil) keeps the array's own growth.
    mutating func reserveLinesForWholeText() {
        guard bytes.count >= 4096, let unit = fastUnit?.unit else { return }
        let bytesPerLine = (limit / unit / 2).rounded(.down)
        let estimate = bytesPerLine >= 1 ? Double(bytes.count) / bytesPerLine + 16 : Double(bytes.count) + 1
        lines.reserveCapacity(Int(Swift.min(estimate, Double(bytes.count) + 1)))
    }

    /// Wraps from `start` (a line start of a previous layout, or 0) to the end of the text,
    /// or until `stop` says a line start reached is one the caller already knows.
    mutating func run(from start: Int = 0, stop: ((Int) -> Bool)? = nil) {
        let n = bytes.count
        lineStart = start
        segmentStart = start
        let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
        var i = start
        var lastLineCount = lines.count
        var opportunity: (offset: Int, hard: Bool)?
        if startsOnFastPath(start) {
            // Text (or a line) starts at a boundary: begin on the fast path.
            let resume = runFast(from: start, stop: stop)
            if resume.stopped { return }
            i = resume.offset
            opportunity = i < n ? iterators.lineBreak(following: i, in: bytes) : nil
            lastLineCount = lines.count
        } else {
            opportunity = start == 0 ? iterators.nextLineBreak(in: bytes) : iterators.lineBreak(following: start, in: bytes)
        }
        while i < n {
            let e = walker.clusterEnd(at: i)
            let b0 = bytes[i]
            var kind = Kind.content
            var keepAllLetter = false
            if b0 < 0x80 {
                switch b0 {
                case 0x09: kind = .tab
                case 0x20: kind = e == i + 1 ? .hanging : .content  // a space with marks is content
                case 0x0A, 0x0B, 0x0C, 0x0D: kind = .terminator
                default: keepAllLetter = keepAll && ScalarProperties.of(UInt32(b0)).isKeepAllLetter
                }
            } else {
                let (scalar, length) = UTF8Scalar.decode(bytes, at: i)
                if scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029 {
                    kind = .terminator
                } else {
                    let props = ScalarProperties.of(scalar)
                    if props.isHangingWhitespace && i + length == e { kind = .hanging }
                    keepAllLetter = keepAll && props.isKeepAllLetter
                }
            }
            let advance: Double
            switch kind {
            case .content, .hanging: advance = measurer.advance(bytes, i, e)
            case .tab, .terminator: advance = 0
            }
            let cluster = Pending(start: i, end: e, advance: advance, kind: kind)
            if streaming { place(cluster) } else { buffer(cluster) }

            while let o = opportunity, o.offset < e { opportunity = iterators.nextLineBreak(in: bytes) }
            if let o = opportunity, o.offset == e {
                var accept = true
                if keepAll && !o.hard && keepAllLetter && e < n {
                    // Drop the opportunity between two letters with nothing between them.
                    let after: ScalarProperties
                    if bytes[e] < 0x80 { after = .of(UInt32(bytes[e])) } else { after = .of(UTF8Scalar.decode(bytes, at: e).scalar) }
                    accept = !after.isKeepAllLetter
                }
                if accept {
                    recordedOpportunities?.append(o)
                    finishSegment(end: e, hard: o.hard)
                    if fastUnit != nil && e < n && ScalarProperties.fastClass(bytes, at: e) >= FastBreakClass.al {
                        // An opportunity followed by a fast character: ICU restarts here too.
                        if let stop, lines.count != lastLineCount, asksStop(lines[lines.count - 1].end), stop(lines[lines.count - 1].end) {
                            return
                        }
                        let resume = runFast(from: e, stop: stop)
                        if resume.stopped { return }
                        i = resume.offset
                        lastLineCount = lines.count
                        // ICU stands at e; `resume.offset` is a boundary at or after e.
                        opportunity = i == e ? iterators.nextLineBreak(in: bytes)
                            : (i < n ? iterators.lineBreak(following: i, in: bytes) : nil)
                        continue
                    }
                }
                opportunity = iterators.nextLineBreak(in: bytes)
            }
            i = e
            if let stop, lines.count != lastLineCount {
                lastLineCount = lines.count
                if asksStop(lines[lines.count - 1].end), stop(lines[lines.count - 1].end) { return }
            }
        }
        if !segment.isEmpty || streaming { finishSegment(end: n, hard: false) }
        if lineStart < n {
            emit(end: n, terminator: 0)
        } else if lines.isEmpty || lines[lines.count - 1].isHard {
            lines.append(LineFragment(start: n, end: n, width: 0, terminatorLength: 0))
        }
    }

    /// Whether `stop` is asked about the line starting at `start` (see `firstStopAsked`).
    @inline(__always)
    func asksStop(_ start: Int) -> Bool { start >= firstStopAsked }

    /// Whether `run(from: start)` begins on the fast path, without asking ICU for the first
    /// opportunity (a cold `following` call backs up to a safe point and walks forward).
    func startsOnFastPath(_ start: Int) -> Bool {
        start < bytes.count && fastUnit != nil && (start == 0 || ScalarProperties.startsAfterSpaces(bytes, at: start))
            && ScalarProperties.fastClass(bytes, at: start) >= FastBreakClass.al
    }

    // MARK: Segments

    mutating func buffer(_ cluster: Pending) {
        segment.append(cluster)
        if segment.count >= nextCheck {
            nextCheck *= 2
            let fromZero = measure(from: 0)
            if fromZero.hasContent && fromZero.contentX > limit {
                // Too wide for any line: break before it, then place clusters as they come.
                if lineStart < segmentStart { breakLine(at: segmentStart) }
                for c in segment { place(c) }
                segment.removeAll(keepingCapacity: true)
                streaming = true
            }
        }
    }

    mutating func finishSegment(end: Int, hard: Bool) {
        if !streaming {
            var m = measure(from: lineX)
            if lineStart < segmentStart && m.hasContent && m.contentX > limit {
                breakLine(at: segmentStart)
                m = measure(from: 0)
            }
            if m.hasContent && m.contentX > limit {
                for c in segment { place(c) }
            } else {
                lineX = m.fullX
                if m.hasContent { lineContentX = m.contentX }
            }
        }
        if hard {
            let terminator = segment.last.map { $0.kind == .terminator ? $0.end - $0.start : 0 } ?? 0
            emit(end: end, terminator: max(terminator, streaming ? lastTerminatorLength(end) : 0))
            lineStart = end
            lineX = 0
            lineContentX = 0
        }
        segment.removeAll(keepingCapacity: true)
        segmentStart = end
        streaming = false
        nextCheck = 256
    }

    /// In streaming mode the terminator was placed without buffering; find its length.
    private func lastTerminatorLength(_ end: Int) -> Int {
        guard end > 0 else { return 0 }
        if end >= 2 && bytes[end - 2] == 0x0D && bytes[end - 1] == 0x0A { return 2 }
        let start = UTF8Scalar.startOfScalar(endingAt: end, in: bytes)
        return UTF8Scalar.isMandatoryBreak(UTF8Scalar.decode(bytes, at: start).scalar) ? end - start : 0
    }

    func measure(from x0: Double) -> (contentX: Double, fullX: Double, hasContent: Bool) {
        var x = x0
        var contentX = x0
        var hasContent = false
        for c in segment {
            x = self.x(after: c, from: x)
            if c.kind == .content {
                contentX = x
                hasContent = true
            }
        }
        return (contentX, x, hasContent)
    }

    /// Places one cluster on the current line, breaking before it if it is content that
    /// does not fit and the line already holds something (break-word).
    mutating func place(_ c: Pending) {
        if c.kind == .content && lineX + c.advance > limit && lineStart < c.start { breakLine(at: c.start) }
        lineX = x(after: c, from: lineX)
        if c.kind == .content { lineContentX = lineX }
    }

    /// Where cluster `c` placed at `x` ends: content and hanging white space advance, a tab
    /// goes to the next tab stop, a line terminator takes no room.
    @inline(__always)
    private func x(after c: Pending, from x: Double) -> Double {
        switch c.kind {
        case .content, .hanging: x + c.advance
        case .tab: measurer.tabStop(after: x)
        case .terminator: x
        }
    }

    mutating func breakLine(at offset: Int) {
        emit(end: offset, terminator: 0)
        lineStart = offset
        lineX = 0
        lineContentX = 0
    }

    mutating func emit(end: Int, terminator: Int) {
        lines.append(LineFragment(start: lineStart, end: end, width: lineContentX, terminatorLength: terminator))
    }
}
