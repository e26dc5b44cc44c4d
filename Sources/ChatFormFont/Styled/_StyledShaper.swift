import ChatFormText
import Synchronization

/// The shaper behind a `StyledText`: the paragraph itemized once and its runs shaped once,
/// a stretch of spans in one font and letter spacing at a time (a range of the whole text,
/// with its own `FontStack`), joined into one `ShapedRuns` so the
/// plain prepared text (`ShapedText`) breaks and wraps the whole paragraph. Face indices
/// are the paragraph's: 0 is the paragraph font's primary face (the strut), then each
/// (stack, face) pair as first used, then one per attachment. Each face's box is given with
/// the line height already applied (line gap 0), so the prepared text unites boxes as it
/// does for fallback fonts.
struct StyledShaper: TextShaper {
    let paragraph: FontStack
    /// The paragraph's stack with the letter spacing of the spans holding tabs, where they
    /// agree (a tab stop counts its element's spacing in each space; see `FontStack.tabStop`).
    var tabs: FontStack
    /// The strut's line height (the paragraph's primary face, the line height applied).
    let lineHeight: Double
    /// Per face: the stack that shaped it and its index there; nil for an attachment.
    let sources: [Source?]
    /// What was added to the shaped advances (letter spacing, edges, attachments), by
    /// UTF-8 offset, ascending: reshaping a line's edge adds it back.
    let extraOffsets: [Int32]
    let extraAmounts: [Int32]

    struct Source: Sendable {
        var stack: FontStack
        var face: Int
        /// Whether optional ligatures are on (off in letter-spaced spans).
        var ligatures = true
        /// While preparing, what `Faces` finds it by (`Faces.key`: the message's stack
        /// index, the face there, ligatures off).
        var key = 0
    }

    // MARK: TextShaper

    /// Text shaped in the paragraph's font (what a prepared styled text asks of its shaper
    /// after preparing: the ellipsis, drawn in the block's font). The paragraph itself is
    /// shaped by `prepare`, a stretch of spans at a time.
    func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns { try paragraph.shape(text) }

    func advance(of range: Range<Int>, in text: String, run: ShapedRun) -> Int64 {
        var total = extra(in: range)
        if run.face < sources.count, let source = sources[run.face] {
            var local = run
            local.face = source.face
            total += source.stack.advance(of: range, in: text, run: local, ligatures: source.ligatures)
        }
        return total
    }

    /// The sum of what was added to the advances of bytes `range`.
    func extra(in range: Range<Int>) -> Int64 {
        var lo = 0, hi = extraOffsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(extraOffsets[mid]) < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var total: Int64 = 0
        while lo < extraOffsets.count && Int(extraOffsets[lo]) < range.upperBound {
            total += Int64(extraAmounts[lo])
            lo += 1
        }
        return total
    }

    var fixedLineHeight: Double? { nil }   // the faces' boxes carry it
    func tabStop(afterFixed x: Int64) -> Int64 { tabs.tabStop(afterFixed: x) }
    func tabStop(after x: Double) -> Double { tabs.tabStop(after: x) }
    func advance(of cluster: GraphemeCluster) -> Double { paragraph.advance(of: cluster) }

    // MARK: Preparing

    /// The joined text, its shaping, the shaper and each element's offset (the text's length last).
    static func prepare(_ elements: [StyledElement], style: ParagraphStyle) throws(StyledTextError)
        -> (text: String, shaped: ShapedRuns, shaper: StyledShaper, offsets: [Int]) {
        let paragraph = try StackCache.shared.stack(style.font, locale: style.locale, lineHeight: style.lineHeight)
        // Each element's offset and plan (its stack, spacing and edges, read once); validation.
        var offsets: [Int] = []
        offsets.reserveCapacity(elements.count + 1)
        var plans: [ElementPlan] = []
        plans.reserveCapacity(elements.count)
        // The message's stacks, the paragraph's first: a few fonts a message, so a span's
        // font is found by comparison, without a lock or hashing.
        var stacks: [FontStack] = []
        var specs: [FontSpec] = []
        stacks.reserveCapacity(4)
        specs.reserveCapacity(4)
        stacks.append(paragraph)
        specs.append(style.font)
        // Each element read in place, what is needed taken out of it before anything is
        // appended or thrown (reading a span out of its element while doing so, or
        // appending its text, cost a copy of the span: a retain and a release of its text
        // and font).
        var n = 0
        for i in elements.indices {
            offsets.append(n)
            var k = -1, spacing = 0.0, edges = InlineEdges(start: 0, end: 0), count = 3
            var newFont: FontSpec? = nil
            switch elements[i] {
            case .span(let span):
                // (The style read in place and the fonts compared in a loop: a copy of the
                // style and a closure over it cost retains and releases each span.)
                spacing = span.style.letterSpacing
                edges = span.style.edges
                count = span.text.utf8.count
                k = 0
                while k < specs.count && !Self.isSameFont(specs[k], span.style.font) { k += 1 }
                if k == specs.count { newFont = span.style.font }
            case .attachment(let a):
                guard a.width.isFinite, a.height.isFinite, a.width >= 0, a.height >= 0, a.width <= 4096, a.height <= 4096,
                      a.baselineOffset.isFinite, abs(a.baselineOffset) <= 4096 else { throw .invalidAttachment(element: i) }
                guard Self.isSpacing(a.edges.start), Self.isSpacing(a.edges.end) else { throw .invalidSpacing(element: i) }
            }
            if k >= 0 {
                guard Self.isSpacing(spacing), Self.isSpacing(edges.start), Self.isSpacing(edges.end) else {
                    throw .invalidSpacing(element: i)
                }
            }
            if let newFont {
                stacks.append(try StackCache.shared.stack(newFont, locale: style.locale, lineHeight: .normal))
                specs.append(newFont)
            }
            plans.append(ElementPlan(stack: k, letterSpacing: spacing, edges: edges))
            n += count
            guard n <= Int(Int32.max) else { throw .layout(.textTooLong(bytes: n)) }
        }
        offsets.append(n)
        var text = StyledElement.joinedText(elements, bytes: n)

        // Itemized once over the whole text (bidi levels, scripts, clusters), each font
        // stretch shaped as a range of it, the text around as context, as a browser does.
        // Into this thread's spare arrays, as a plain paragraph's shaping (`FontStack.shape`):
        // the prepared text gives them back once packed.
        let scratch = ShapedRunsScratch.forCurrentThread()
        let segmented: (items: [TextItem], clusters: [Int32], opportunities: [UInt8])
        do {
            segmented = try TextItemizer.segmentWithOpportunities(text, direction: style.direction, scratch: scratch)
        } catch {
            throw .layout(error)
        }
        let (items, clusters, opportunities) = segmented
        // Shaped into the scratch arrays taken here (the prepared text gives them back once packed).
        var advances = scratch.takeAdvances(zeroed: n)
        var unsafeCodes = scratch.takeUnsafeToBreak(zeroed: n)
        var runs = scratch.takeRuns(capacity: ShapedRunsScratch.runCapacity(bytes: n, items: items.count + elements.count))
        var extras = Extras()
        var hangingEdges: [Int32: Int32] = [:]
        var endTrims: [Int32: Int32] = [:]
        var tabSpacing = 0.0
        var faces = Faces(paragraph: paragraph, lineHeight: style.lineHeight)
        text.withUTF8 { bytes in
            advances.withUnsafeMutableBufferPointer { advances in
                unsafeCodes.withUnsafeMutableBufferPointer { unsafe in
                    var out = ShapingOutput(advances: advances, unsafe: unsafe)
                    Self.shapeStretches(elements, plans, offsets: offsets, stacks: stacks, bytes: bytes, items: items,
                                        clusters: clusters, opportunities: opportunities, into: &out, runs: &runs, faces: &faces, extras: &extras,
                                        hangingEdges: &hangingEdges)
                    endTrims = out.endTrims
                    tabSpacing = Self.tabSpacing(plans, offsets: offsets, bytes: bytes)
                }
            }
        }
        scratch.keep(items: items)   // shaped: the next text's itemizer writes into them
        // The itemizer's boundaries rise (`clustersRise`: the prepared text does not check them again).
        var result = ShapedRuns(runs: runs, advances: advances, unsafeToBreak: unsafeCodes, faces: faces.boxes,
                                clusters: clusters, opportunities: opportunities,
                                hyphenAdvance: paragraph.state.hyphenAdvance, lineEndTrims: endTrims, clustersRise: true)
        result.roundedItemStarts = Self.roundedItemStarts(runs, offsets: offsets)
        result.lineEndHangingEdges = hangingEdges
        let shaper = StyledShaper(paragraph: paragraph, tabs: paragraph.spaced(tabSpacing),
                                  lineHeight: faces.boxes[0].lineSpacing, sources: faces.sources,
                                  extraOffsets: extras.offsets, extraAmounts: extras.amounts)
        return (text, result, shaper, offsets)
    }

    static func isSpacing(_ v: Double) -> Bool { v.isFinite && abs(v) <= 4096 }

    /// The inline items a browser rounds on their own, by where they start: each element
    /// (but the first), each change of bidi level (`offsets`: each element's start, the
    /// text's length last).
    static func roundedItemStarts(_ runs: [ShapedRun], offsets: [Int]) -> [Int32] {
        let n = offsets[offsets.count - 1]
        var starts: [Int32] = []
        starts.reserveCapacity(offsets.count + 2)
        var last = -1          // the last start written
        var previousLevel = -1 // the bidi level of the run before
        var e = 1
        func add(_ start: Int) {
            if start > last {
                starts.append(Int32(start))
                last = start
            }
        }
        for run in runs {
            while e < offsets.count - 1 && offsets[e] <= run.range.lowerBound {
                if offsets[e] > 0 && offsets[e] < n { add(offsets[e]) }
                e += 1
            }
            if previousLevel >= 0 && previousLevel != Int(run.bidiLevel) && run.range.lowerBound > 0 { add(run.range.lowerBound) }
            previousLevel = Int(run.bidiLevel)
        }
        while e < offsets.count - 1 {
            if offsets[e] > 0 && offsets[e] < n { add(offsets[e]) }
            e += 1
        }
        return starts
    }

    /// The letter spacing of the spans holding tabs (0 where they differ): looked for only
    /// in a paragraph spaced apart.
    static func tabSpacing(_ plans: [ElementPlan], offsets: [Int], bytes: UnsafeBufferPointer<UInt8>) -> Double {
        guard plans.contains(where: { $0.spacing != 0 }) else { return 0 }
        var seen: Double? = nil
        for e in plans.indices where plans[e].stack >= 0 && bytes[offsets[e]..<offsets[e + 1]].contains(0x09) {
            seen = seen == nil || seen == plans[e].letterSpacing ? plans[e].letterSpacing : 0
        }
        return seen ?? 0
    }

    /// `a == b`, the numbers compared before the family lists (spans in a bold or a code
    /// font differ from the body's there).
    @inline(__always)
    static func isSameFont(_ a: FontSpec, _ b: FontSpec) -> Bool {
        a.size == b.size && a.weight == b.weight && a.italic == b.italic && a.families == b.families
    }

    /// What preparing reads of an element, taken out of it once (copying a span out of its
    /// element retains its text and font).
    struct ElementPlan {
        /// The index of its stack among the message's (the paragraph's is 0); -1 for an attachment.
        var stack: Int
        var letterSpacing: Double
        /// Letter spacing and the edges in 1/65536 pixel.
        var spacing: Int32
        var startEdge: Int32
        var endEdge: Int32

        init(stack: Int, letterSpacing: Double, edges: InlineEdges) {
            self.stack = stack
            self.letterSpacing = letterSpacing
            spacing = _LetterSpacing.fixed(letterSpacing)
            startEdge = edges.start == 0 ? 0 : Int32((edges.start * 65536).rounded())
            endEdge = edges.end == 0 ? 0 : Int32((edges.end * 65536).rounded())
        }
    }

    /// What was added to the shaped advances (letter spacing, edges, attachments) by UTF-8
    /// offset, ascending, each offset once.
    struct Extras {
        var offsets: [Int32] = []
        var amounts: [Int32] = []

        /// Adds an amount at `offset` (offsets mostly arrive ascending; a span's end edge may
        /// go before its trailing spaces).
        mutating func add(_ offset: Int, _ amount: Int32) {
            if offsets.isEmpty {
                offsets.reserveCapacity(16)
                amounts.reserveCapacity(16)
            }
            var k = offsets.count
            while k > 0 && Int(offsets[k - 1]) > offset { k -= 1 }
            if k > 0 && Int(offsets[k - 1]) == offset {
                amounts[k - 1] &+= amount
            } else if k == offsets.count {
                offsets.append(Int32(offset))
                amounts.append(amount)
            } else {
                offsets.insert(Int32(offset), at: k)
                amounts.insert(amount, at: k)
            }
        }
    }

    /// The paragraph's faces and their boxes, the line height applied.
    struct Faces {
        let paragraph: FontStack
        let lineHeight: FontStack.LineHeight
        var boxes: [FontBoxMetrics]
        var sources: [Source?]

        init(paragraph: FontStack, lineHeight: FontStack.LineHeight) {
            self.paragraph = paragraph
            self.lineHeight = lineHeight
            let primary = paragraph.state.primaries[0].box
            // Room for a few faces made once (a literal and then more room is two allocations).
            boxes = []
            sources = []
            boxes.reserveCapacity(8)
            sources.reserveCapacity(8)
            boxes.append(Self.applied(primary, lineHeight))
            sources.append(Source(stack: paragraph, face: 0))
        }

        @inline(__always)
        static func key(stack: Int, local: Int, ligatures: Bool) -> Int {
            stack << 33 | local << 1 | (ligatures ? 0 : 1)
        }

        /// A box as the line height makes it: (ascent, descent) with the leading split, as
        /// metrics with no line gap.
        static func applied(_ m: FontBoxMetrics, _ rule: FontStack.LineHeight) -> FontBoxMetrics {
            let h: Double
            switch rule {
            case .normal: h = m.lineSpacing
            case .fixed(let fixed): h = fixed
            }
            let b = m.box(lineHeight: h)
            return FontBoxMetrics(ascent: b.ascent, descent: b.descent, lineGap: 0)
        }

        /// The paragraph's index for face `local` of the message's stack `stacks[index]`.
        @inline(__always)
        mutating func face(_ stacks: [FontStack], index: Int, local: Int, ligatures: Bool = true) -> Int {
            let key = Self.key(stack: index, local: local, ligatures: ligatures)
            // The faces used, a few, searched in order by their sources' keys (an array of
            // keys of its own was an allocation a message more).
            for f in sources.indices where sources[f]?.key == key { return f }
            return added(stacks[index], key: key, local: local, ligatures: ligatures)
        }

        /// A new face: its box, its source.
        @inline(never)
        mutating func added(_ stack: FontStack, key: Int, local: Int, ligatures: Bool) -> Int {
            let primaries = stack.state.primaries
            let own: FontBoxMetrics
            if local < primaries.count {
                own = primaries[local].box
            } else {
                let registered = stack.state.boxes()   // a fallback face's (a lock and a copy)
                own = local < registered.count ? registered[local] : primaries[0].box
            }
            var box: FontBoxMetrics
            switch lineHeight {
            case .normal:
                // The span's inline box (its primary font) and the glyphs' font, on one baseline.
                let a = Self.applied(own, .normal), b = Self.applied(primaries[0].box, .normal)
                box = FontBoxMetrics(ascent: Swift.max(a.ascent, b.ascent), descent: Swift.max(a.descent, b.descent), lineGap: 0)
            case .fixed:
                // Only the inline box's own font counts with a fixed line height.
                box = Self.applied(primaries[0].box, lineHeight)
            }
            boxes.append(box)
            sources.append(Source(stack: stack, face: local, ligatures: ligatures, key: key))
            return boxes.count - 1
        }

        /// A new face for an attachment: its margin box on the baseline, raised by its offset.
        mutating func attachment(_ a: InlineAttachment) -> Int {
            boxes.append(FontBoxMetrics(ascent: a.height + a.baselineOffset, descent: -a.baselineOffset, lineGap: 0))
            sources.append(nil)
            return boxes.count - 1
        }
    }
}

/// Font stacks by (spec, locale, line height), shared by every styled text: a stack keeps
/// its fallback decisions, so making one per message would ask fontconfig again. Bounded.
final class StackCache: Sendable {
    static let shared = StackCache()
    static let limit = 256

    private struct Key: Hashable {
        var spec: FontSpec
        var locale: String
        var lineHeight: FontStack.LineHeight
    }

    private let stacks = Mutex<(all: [Key: FontStack], recent: [(key: Key, stack: FontStack)])>(([:], []))
    /// How many stacks last asked for are compared before the key is hashed (a chat asks for
    /// its few fonts over and over; comparing a spec whose families are the same array is
    /// a few instructions, hashing it hundreds).
    static let recentLimit = 8

    func stack(_ spec: FontSpec, locale: String, lineHeight: FontStack.LineHeight) throws(StyledTextError) -> FontStack {
        let key = Key(spec: spec, locale: locale, lineHeight: lineHeight)
        let hit = stacks.withLock { s -> FontStack? in
            for entry in s.recent where entry.key == key { return entry.stack }
            guard let stack = s.all[key] else { return nil }
            if s.recent.count >= Self.recentLimit { s.recent.removeFirst() }
            s.recent.append((key, stack))
            return stack
        }
        if let hit { return hit }
        let made: FontStack
        do { made = try FontStack(spec: spec, lineHeight: lineHeight, locale: locale) } catch { throw .font(error) }
        return stacks.withLock { s in
            if let raced = s.all[key] { return raced }
            if s.all.count >= Self.limit {
                s.all.removeAll(keepingCapacity: true)
                s.recent.removeAll()
            }
            s.all[key] = made
            return made
        }
    }
}
