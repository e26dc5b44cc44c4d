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
    /// The paragraph's text (what `runs` shape).
    let text: String
    let runs: ShapedRuns
    let paragraph: FontStack
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
    }

    // MARK: TextShaper

    /// The paragraph's runs; any other text (the ellipsis of a clamp, which takes the
    /// block's style) is shaped in the paragraph's font.
    func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns {
        text == self.text ? runs : try paragraph.shape(text)
    }

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
    var lineHeight: Double { runs.faces[0].lineSpacing }
    func tabStop(afterFixed x: Int64) -> Int64 { paragraph.tabStop(afterFixed: x) }
    func tabStop(after x: Double) -> Double { paragraph.tabStop(after: x) }
    func advance(of cluster: GraphemeCluster) -> Double { paragraph.advance(of: cluster) }

    // MARK: Preparing

    /// The joined text, the shaper and each element's offset (the text's length last).
    static func prepare(_ elements: [StyledElement], style: ParagraphStyle) throws(StyledTextError)
        -> (text: String, shaper: StyledShaper, offsets: [Int]) {
        let paragraph = try StackCache.shared.stack(style.font, locale: style.locale, lineHeight: style.lineHeight)
        // The joined text and each element's offset; validation.
        var text = ""
        var offsets: [Int] = []
        offsets.reserveCapacity(elements.count + 1)
        var n = 0
        var stacks: [FontStack?] = []
        stacks.reserveCapacity(elements.count)
        var seen: [(spec: FontSpec, stack: FontStack)] = []
        for (i, element) in elements.enumerated() {
            offsets.append(n)
            switch element {
            case .span(let span):
                let s = span.style
                guard Self.isSpacing(s.letterSpacing), Self.isSpacing(s.edges.start), Self.isSpacing(s.edges.end) else {
                    throw .invalidSpacing(element: i)
                }
                if s.font == style.font {
                    stacks.append(paragraph)
                } else if let known = seen.first(where: { $0.spec == s.font }) {
                    stacks.append(known.stack)   // a few fonts a message: no lock, no hashing
                } else {
                    let stack = try StackCache.shared.stack(s.font, locale: style.locale, lineHeight: .normal)
                    seen.append((s.font, stack))
                    stacks.append(stack)
                }
                text += span.text
                n += span.text.utf8.count
            case .attachment(let a):
                guard a.width.isFinite, a.height.isFinite, a.width >= 0, a.height >= 0, a.width <= 4096, a.height <= 4096,
                      a.baselineOffset.isFinite, abs(a.baselineOffset) <= 4096 else { throw .invalidAttachment(element: i) }
                guard Self.isSpacing(a.edges.start), Self.isSpacing(a.edges.end) else { throw .invalidSpacing(element: i) }
                stacks.append(nil)
                text += "\u{FFFC}"
                n += 3
            }
            guard n <= Int(Int32.max) else { throw .layout(.textTooLong(bytes: n)) }
        }
        offsets.append(n)

        // Itemized once over the whole text (bidi levels, scripts, clusters), each font
        // stretch shaped as a range of it, the text around as context, as a browser does.
        let segmented: (items: [TextItem], clusters: [Int32])
        do { segmented = try TextItemizer.segment(text) } catch { throw .layout(error) }
        let (items, clusters) = segmented
        var out = ShapingOutput(count: n)
        defer { out.deallocate() }
        var runs: [ShapedRun] = []
        var extraOffsets: [Int32] = []
        var extraAmounts: [Int32] = []
        var faces = Faces(paragraph: paragraph, lineHeight: style.lineHeight)
        var whole = text
        whole.withUTF8 { bytes in
            // Each element's stretch end (an element index), found once.
            let ends = Self.stretchEnds(elements, stacks: stacks)
            let commonFallback = Self.commonFallback(items, stretches: Self.stretches(ends, stacks: stacks, offsets: offsets),
                                                     bytes: bytes)
            var item = 0      // the item holding the current element's start
            var spaced = 0    // the item holding the cluster letter spacing is asked of
            var i = 0
            while i < elements.count {
                let start = offsets[i]
                while item + 1 < items.count && items[item].range.upperBound <= start { item += 1 }
                guard let stack = stacks[i] else {
                    // An attachment: one cluster, one run, its own box, at the level around it.
                    guard case .attachment(let a) = elements[i] else { i += 1; continue }
                    let amount = Int32(((a.width + a.edges.start + a.edges.end) * 65536).rounded())
                    out.advances[start] = amount
                    extraOffsets.append(Int32(start))
                    extraAmounts.append(amount)
                    let face = faces.attachment(a)
                    let level = item < items.count ? items[item].bidiLevel : 0
                    runs.append(ShapedRun(range: start..<(start + 3), face: face, bidiLevel: level, script: 0x5A79_7979, item: item))
                    i += 1
                    continue
                }
                // A stretch of spans in one font, shaped as one range of the text.
                // (Letter spacing is part of a browser's font: spans spaced apart are shaped
                // apart, and optional ligatures are off where it is not zero.)
                let spacing = Self.letterSpacing(elements[i])
                let j = ends[i]
                let ligatures = spacing == 0
                let end = offsets[j]
                guard end > start else { i = j; continue }
                let shaped = stack.shape(bytes, range: start..<end, items: items, clusters: clusters,
                                         ligatures: ligatures, commonFallback: commonFallback, into: &out)
                let boxes = stack.state.boxes()
                for run in shaped {
                    var run = run
                    run.face = faces.face(stack: stack, local: run.face, localBoxes: boxes, ligatures: ligatures)
                    runs.append(run)
                }
                // Letter spacing after every cluster, edges on the first and last.
                for e in i..<j {
                    guard case .span(let span) = elements[e] else { continue }
                    let s0 = offsets[e], s1 = offsets[e + 1]
                    guard s1 > s0 else { continue }
                    let spacing = Int32((span.style.letterSpacing * 65536).rounded())
                    let startEdge = Int32((span.style.edges.start * 65536).rounded())
                    let endEdge = Int32((span.style.edges.end * 65536).rounded())
                    if spacing == 0 && startEdge == 0 && endEdge == 0 { continue }
                    // The span's HarfBuzz clusters (as shaped: a byte inside one is marked 2
                    // in `unsafe`), its start first. Chromium adds letter spacing after each
                    // cluster of its shaping result, which in Indic scripts is finer than a
                    // grapheme cluster (a half form's consonant: `प्त` is two).
                    var lastClusterStart = s0
                    var at = s0
                    while at < s1 {
                        while spaced < items.count - 1 && items[spaced].range.upperBound <= at { spaced += 1 }
                        var amount = spacing != 0 && Self.takesLetterSpacing(bytes, at, script: items[spaced].script) ? spacing : 0
                        if at == s0 { amount &+= startEdge }
                        if amount != 0 {
                            out.advances[at] &+= amount
                            Self.addExtra(&extraOffsets, &extraAmounts, at, amount)
                        }
                        var next = at + 1
                        while next < s1 && out.unsafe[next] == 2 { next += 1 }
                        // The end edge goes after the last cluster that is not a collapsible
                        // space: a space ending the span hangs at a line end, and the
                        // inline box's end padding stays on the line before it (the box's
                        // last fragment ends there; `box-decoration-break: slice`).
                        if at == s0 || !(next == at + 1 && bytes[at] == 0x20) { lastClusterStart = at }
                        at = next
                    }
                    if endEdge != 0 {
                        out.advances[lastClusterStart] &+= endEdge
                        Self.addExtra(&extraOffsets, &extraAmounts, lastClusterStart, endEdge)
                    }
                }
                i = j
            }
        }
        var result = ShapedRuns(runs: runs, advances: Array(out.advances[0..<n]), unsafeToBreak: Array(out.unsafe[0..<n]),
                                faces: faces.boxes, clusters: clusters)
        // Inline items a browser rounds on their own: each element, each change of bidi level.
        var itemStarts: [Int32] = []
        var previousLevel: UInt8? = nil
        var e = 1
        for run in runs {
            while e < offsets.count - 1 && offsets[e] <= run.range.lowerBound {
                if offsets[e] > 0 && offsets[e] < n && (itemStarts.last.map { Int($0) < offsets[e] } ?? true) { itemStarts.append(Int32(offsets[e])) }
                e += 1
            }
            if let level = previousLevel, level != run.bidiLevel, run.range.lowerBound > 0,
               itemStarts.last.map({ Int($0) < run.range.lowerBound }) ?? true {
                itemStarts.append(Int32(run.range.lowerBound))
            }
            previousLevel = run.bidiLevel
        }
        while e < offsets.count - 1 {
            if offsets[e] > 0 && offsets[e] < n && (itemStarts.last.map { Int($0) < offsets[e] } ?? true) { itemStarts.append(Int32(offsets[e])) }
            e += 1
        }
        result.roundedItemStarts = itemStarts
        result.lineEndTrims = out.endTrims
        result.hyphenAdvance = paragraph.state.hyphenAdvance
        let shaper = StyledShaper(text: text, runs: result, paragraph: paragraph, sources: faces.sources,
                                  extraOffsets: extraOffsets, extraAmounts: extraAmounts)
        return (text, shaper, offsets)
    }

    static func isSpacing(_ v: Double) -> Bool { v.isFinite && abs(v) <= 4096 }

    /// A span's letter spacing (0 for an attachment).
    static func letterSpacing(_ element: StyledElement) -> Double {
        if case .span(let span) = element { return span.style.letterSpacing }
        return 0
    }

    /// Whether letter spacing goes after the cluster starting at `at` in a run of `script`,
    /// as Chromium applies it: never after a character that is drawn as nothing (a default
    /// ignorable, a joiner, U+FFFC, form feed, carriage return), and in a cursive script
    /// (Arabic, Syriac, N'Ko, Mongolian, Mandaic, Phags-pa, Hanifi Rohingya: letters that
    /// join) only after white space (space, tab, line feed, no-break space).
    static func takesLetterSpacing(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, script: UInt32) -> Bool {
        let c = bytes[at]
        if c < 0x80 {
            if c == 0x0C || c == 0x0D { return false }
            return !cursiveScripts.contains(script) || c == 0x20 || c == 0x09 || c == 0x0A
        }
        let scalar = UTF8Scalar.decode(bytes, at: at).0
        if scalar == 0xFFFC { return false }
        if let s = Unicode.Scalar(scalar), s.properties.isDefaultIgnorableCodePoint { return false }
        return !cursiveScripts.contains(script) || scalar == 0xA0
    }

    /// Arab, Syrc, Nkoo, Mong, Mand, Phag, Rohg.
    static let cursiveScripts: Set<UInt32> = [0x4172_6162, 0x5379_7263, 0x4E6B_6F6F, 0x4D6F_6E67, 0x4D61_6E64, 0x5068_6167, 0x526F_6867]

    /// Adds an amount at `offset`, keeping the offsets ascending and each once (offsets
    /// mostly arrive ascending; a span's end edge may go before its trailing spaces).
    static func addExtra(_ offsets: inout [Int32], _ amounts: inout [Int32], _ offset: Int, _ amount: Int32) {
        var k = offsets.count
        while k > 0 && Int(offsets[k - 1]) > offset { k -= 1 }
        if k > 0 && Int(offsets[k - 1]) == offset {
            amounts[k - 1] &+= amount
        } else {
            offsets.insert(Int32(offset), at: k)
            amounts.insert(amount, at: k)
        }
    }

    /// The paragraph's faces and their boxes, the line height applied.
    struct Faces {
        let paragraph: FontStack
        let lineHeight: FontStack.LineHeight
        var boxes: [FontBoxMetrics]
        var sources: [Source?]
        /// By stack and ligatures (off: the index's lowest bit), the paragraph's index of each face.
        var ids: [ObjectIdentifier: [Int: Int]] = [:]

        init(paragraph: FontStack, lineHeight: FontStack.LineHeight) {
            self.paragraph = paragraph
            self.lineHeight = lineHeight
            let primary = paragraph.primaryFaces[0].box
            boxes = [Self.applied(primary, lineHeight)]
            sources = [Source(stack: paragraph, face: 0)]
            ids[ObjectIdentifier(paragraph.state)] = [0 << 1: 0]
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

        /// The paragraph's index for face `local` of `stack`.
        mutating func face(stack: FontStack, local: Int, localBoxes: [FontBoxMetrics], ligatures: Bool = true) -> Int {
            let key = ObjectIdentifier(stack.state)
            let slot = local << 1 | (ligatures ? 0 : 1)
            if let known = ids[key]?[slot] { return known }
            let own = local < localBoxes.count ? localBoxes[local] : stack.primaryFaces[0].box
            var box: FontBoxMetrics
            switch lineHeight {
            case .normal:
                // The span's inline box (its primary font) and the glyphs' font, on one baseline.
                let a = Self.applied(own, .normal), b = Self.applied(stack.primaryFaces[0].box, .normal)
                box = FontBoxMetrics(ascent: Swift.max(a.ascent, b.ascent), descent: Swift.max(a.descent, b.descent), lineGap: 0)
            case .fixed:
                // Only the inline box's own font counts with a fixed line height.
                box = Self.applied(stack.primaryFaces[0].box, lineHeight)
            }
            boxes.append(box)
            sources.append(Source(stack: stack, face: local, ligatures: ligatures))
            ids[key, default: [:]][slot] = boxes.count - 1
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

    private let stacks = Mutex<[Key: FontStack]>([:])

    func stack(_ spec: FontSpec, locale: String, lineHeight: FontStack.LineHeight) throws(StyledTextError) -> FontStack {
        let key = Key(spec: spec, locale: locale, lineHeight: lineHeight)
        if let hit = stacks.withLock({ $0[key] }) { return hit }
        let made: FontStack
        do { made = try FontStack(spec: spec, lineHeight: lineHeight, locale: locale) } catch { throw .font(error) }
        return stacks.withLock { s in
            if let raced = s[key] { return raced }
            if s.count >= Self.limit { s.removeAll(keepingCapacity: true) }
            s[key] = made
            return made
        }
    }
}
