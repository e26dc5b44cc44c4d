import ChatFormText
import Synchronization

/// The shaper behind a `StyledText`: the paragraph's runs shaped once, a stretch of spans
/// in one font at a time, each with its own `FontStack`, joined into one `ShapedRuns` so the
/// plain prepared text (`ShapedText`) breaks and wraps the whole paragraph. Face indices
/// are the paragraph's: 0 is the paragraph font's primary face (the strut), then each
/// (stack, face) pair as first used, then one per attachment. Each face's box is given with
/// the line height already applied (line gap 0), so the prepared text unites boxes as it
/// does for fallback fonts.
struct StyledShaper: TextShaper {
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
    }

    // MARK: TextShaper

    func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns { runs }

    func advance(of range: Range<Int>, in text: String, run: ShapedRun) -> Int64 {
        var total = extra(in: range)
        if run.face < sources.count, let source = sources[run.face] {
            var local = run
            local.face = source.face
            total += source.stack.advance(of: range, in: text, run: local)
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
        for (i, element) in elements.enumerated() {
            offsets.append(n)
            switch element {
            case .span(let span):
                let s = span.style
                guard Self.isSpacing(s.letterSpacing), Self.isSpacing(s.edges.start), Self.isSpacing(s.edges.end) else {
                    throw .invalidSpacing(element: i)
                }
                stacks.append(s.font == style.font ? paragraph
                              : try StackCache.shared.stack(s.font, locale: style.locale, lineHeight: .normal))
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

        var advances = [Int32](repeating: 0, count: n)
        var unsafe = [UInt8](repeating: 0, count: n)
        var runs: [ShapedRun] = []
        var clusters: [Int32] = [0]
        var clustersUsable = true
        var trims: [Int32: Int32] = [:]
        var extraOffsets: [Int32] = []
        var extraAmounts: [Int32] = []
        var faces = Faces(paragraph: paragraph, lineHeight: style.lineHeight)
        var itemBase = 0
        var i = 0
        while i < elements.count {
            let start = offsets[i]
            guard let stack = stacks[i] else {
                // An attachment: one cluster, one run, its own box.
                guard case .attachment(let a) = elements[i] else { i += 1; continue }
                let amount = Int32(((a.width + a.edges.start + a.edges.end) * 65536).rounded())
                advances[start] = amount
                extraOffsets.append(Int32(start))
                extraAmounts.append(amount)
                let face = faces.attachment(a)
                runs.append(ShapedRun(range: start..<(start + 3), face: face, bidiLevel: 0, script: 0x5A79_7979, item: itemBase))
                itemBase += 1
                clusters.append(Int32(start + 3))
                i += 1
                continue
            }
            // A stretch of spans in one font, shaped as one text.
            var j = i + 1
            while j < elements.count, let next = stacks[j], next.state === stack.state { j += 1 }
            let end = offsets[j]
            if end > start {
                let piece = String(Substring(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: start)..<text.utf8.index(text.utf8.startIndex, offsetBy: end)]))
                let shaped: ShapedRuns
                do { shaped = try stack.shape(piece) } catch { throw .layout(error) }
                for k in 0..<shaped.advances.count {
                    advances[start + k] = shaped.advances[k]
                    unsafe[start + k] = shaped.unsafeToBreak[k]
                }
                var maxItem = -1
                for run in shaped.runs {
                    let face = faces.face(stack: stack, local: run.face, localBoxes: shaped.faces)
                    runs.append(ShapedRun(range: (run.range.lowerBound + start)..<(run.range.upperBound + start), face: face,
                                          bidiLevel: run.bidiLevel, script: run.script, item: run.item + itemBase))
                    maxItem = Swift.max(maxItem, run.item)
                }
                itemBase += maxItem + 1
                for (offset, trim) in shaped.lineEndTrims { trims[offset + Int32(start)] = trim }
                let local = shaped.clusters
                if local.count >= 2 && local.first == 0 && Int(local.last!) == end - start {
                    for c in local.dropFirst() { clusters.append(c + Int32(start)) }
                    // A stretch starting with a character that joins the one before it
                    // (a combining mark, a joiner) is not a grapheme boundary of the
                    // whole text: let the prepared text find the clusters itself.
                    if start > 0, Self.mayJoinPrevious(piece) { clustersUsable = false }
                } else {
                    clustersUsable = false
                }
                // Letter spacing after every cluster, edges on the first and last.
                var c = 0   // index into `local`
                for e in i..<j {
                    guard case .span(let span) = elements[e] else { continue }
                    let s0 = offsets[e] - start, s1 = offsets[e + 1] - start
                    guard s1 > s0 else { continue }
                    let spacing = Int32((span.style.letterSpacing * 65536).rounded())
                    let startEdge = Int32((span.style.edges.start * 65536).rounded())
                    let endEdge = Int32((span.style.edges.end * 65536).rounded())
                    if spacing == 0 && startEdge == 0 && endEdge == 0 { continue }
                    while c < local.count && Int(local[c]) < s0 { c += 1 }
                    var lastClusterStart = s0
                    var k = c
                    while k < local.count && Int(local[k]) < s1 {
                        let at = Int(local[k])
                        var amount = spacing
                        if at == s0 { amount &+= startEdge }
                        if amount != 0 {
                            advances[start + at] &+= amount
                            Self.addExtra(&extraOffsets, &extraAmounts, start + at, amount)
                        }
                        lastClusterStart = at
                        k += 1
                    }
                    if endEdge != 0 {
                        advances[start + lastClusterStart] &+= endEdge
                        Self.addExtra(&extraOffsets, &extraAmounts, start + lastClusterStart, endEdge)
                    }
                }
            }
            i = j
        }
        // Clusters that do not partition the text are replaced by ICU's when it is prepared.
        var result = ShapedRuns(runs: runs, advances: advances, unsafeToBreak: unsafe, faces: faces.boxes,
                                clusters: clustersUsable && Int(clusters.last!) == n ? clusters : [])
        result.lineEndTrims = trims
        result.hyphenAdvance = paragraph.state.hyphenAdvance
        let shaper = StyledShaper(runs: result, paragraph: paragraph, sources: faces.sources,
                                  extraOffsets: extraOffsets, extraAmounts: extraAmounts)
        return (text, shaper, offsets)
    }

    static func isSpacing(_ v: Double) -> Bool { v.isFinite && abs(v) <= 4096 }

    /// Appends an amount at `offset` (offsets arrive ascending, the same one at most twice).
    static func addExtra(_ offsets: inout [Int32], _ amounts: inout [Int32], _ offset: Int, _ amount: Int32) {
        if let last = offsets.last, Int(last) == offset {
            amounts[amounts.count - 1] &+= amount
        } else {
            offsets.append(Int32(offset))
            amounts.append(amount)
        }
    }

    /// Whether `piece` starts with a scalar that may extend the grapheme cluster before it.
    static func mayJoinPrevious(_ piece: String) -> Bool {
        guard let first = piece.unicodeScalars.first else { return false }
        if first.value < 0x300 { return false }
        let p = first.properties
        return p.isGraphemeExtend || first.value == 0x200D || p.generalCategory == .spacingMark
            || (0x1F1E6...0x1F1FF).contains(first.value) || (0x1160...0x11FF).contains(first.value)
            || (0xD7B0...0xD7FF).contains(first.value) || p.isEmojiModifier
    }

    /// The paragraph's faces and their boxes, the line height applied.
    struct Faces {
        let paragraph: FontStack
        let lineHeight: FontStack.LineHeight
        var boxes: [FontBoxMetrics]
        var sources: [Source?]
        var ids: [ObjectIdentifier: [Int: Int]] = [:]

        init(paragraph: FontStack, lineHeight: FontStack.LineHeight) {
            self.paragraph = paragraph
            self.lineHeight = lineHeight
            let primary = paragraph.primaryFaces[0].box
            boxes = [Self.applied(primary, lineHeight)]
            sources = [Source(stack: paragraph, face: 0)]
            ids[ObjectIdentifier(paragraph.state)] = [0: 0]
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
        mutating func face(stack: FontStack, local: Int, localBoxes: [FontBoxMetrics]) -> Int {
            let key = ObjectIdentifier(stack.state)
            if let known = ids[key]?[local] { return known }
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
            sources.append(Source(stack: stack, face: local))
            ids[key, default: [:]][local] = boxes.count - 1
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
