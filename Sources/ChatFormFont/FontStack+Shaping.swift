import ChatFormText

/// Where shaping a range of a paragraph writes: per byte of the whole paragraph, its
/// advance and its unsafe-to-break code (see `ShapedRuns`), with the line-end trims found
/// and whether a soft hyphen was seen.
struct ShapingOutput {
    let advances: UnsafeMutableBufferPointer<Int32>
    let unsafe: UnsafeMutableBufferPointer<UInt8>
    /// (Made by `init()`, not the empty literal: the literal's path cost ~44 instructions,
    /// twice a text.)
    var endTrims = [Int32: Int32]()
    var hasSoftHyphen = false
    /// Where the last range shaped ended: its end offset, the index of the item and of the
    /// cluster holding it, and the first common-fallback range not ending before it. A
    /// paragraph's ranges shaped in ascending order (a styled paragraph's stretches) start
    /// their search there instead of searching the whole paragraph again.
    var cursor = (offset: 0, item: 0, cluster: 0, common: 0)

    /// Writing into zeroed storage the caller owns (never deallocated here: the output only
    /// borrows it).
    init(advances: UnsafeMutableBufferPointer<Int32>, unsafe: UnsafeMutableBufferPointer<UInt8>) {
        self.advances = advances
        self.unsafe = unsafe
    }
}

extension FontStack {
    // MARK: TextShaper

    public func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns {
        try shape(text, direction: .ltr)
    }

    public func shape(_ text: String, direction: ParagraphDirection) throws(TextLayoutError) -> ShapedRuns {
        // Filled through pointers (the shaping helpers would otherwise pay for exclusivity
        // checks on captured arrays), straight into the arrays returned: the buffers of the
        // last text prepared on this thread when it gave them back.
        let scratch = ShapedRunsScratch.forCurrentThread()
        // One walk over the clusters: items, clusters and the default break opportunities.
        let (items, clusters, opportunities) = try TextItemizer.segmentWithOpportunities(text, direction: direction,
                                                                                          scratch: scratch)
        var text = text
        let n = text.utf8.count
        var advances = scratch.takeAdvances(zeroed: n)
        var unsafe = scratch.takeUnsafeToBreak(zeroed: n)
        var endTrims = [Int32: Int32]()
        var hasSoftHyphen = false
        let spacing = _LetterSpacing.fixed(letterSpacing)
        let runs = text.withUTF8 { bytes in
            advances.withUnsafeMutableBufferPointer { advances in
                unsafe.withUnsafeMutableBufferPointer { unsafe in
                    var out = ShapingOutput(advances: advances, unsafe: unsafe)
                    var runs = scratch.takeRuns(capacity: ShapedRunsScratch.runCapacity(bytes: n, items: items.count))
                    shape(bytes, range: 0..<n, items: items, clusters: clusters, ligatures: spacing == 0,
                          syllables: opportunities, into: &out, runs: &runs)
                    _LetterSpacing.apply(spacing, to: bytes, range: 0..<n, items: items, into: &out)
                    endTrims = out.endTrims
                    hasSoftHyphen = out.hasSoftHyphen
                    return runs
                }
            }
        }
        scratch.keep(items: items)
        return ShapedRuns(runs: runs, advances: advances, unsafeToBreak: unsafe, faces: state.boxes(), clusters: clusters,
                          opportunities: opportunities, hyphenAdvance: hasSoftHyphen ? state.hyphenAdvance : 0,
                          lineEndTrims: endTrims, clustersRise: true)
    }

    /// Shapes bytes `range` of a paragraph `bytes` whose items and grapheme cluster
    /// boundaries are `items` and `clusters` (found once over the whole paragraph), the
    /// paragraph around the range as HarfBuzz's context (Arabic joins across the range's
    /// ends, as in a browser shaping one inline element of a paragraph): the range's runs
    /// (faces are this stack's), its advances and codes written into `out`. Clusters inside
    /// `commonFallback` (ascending ranges) pick their fallback font as Common text does,
    /// whatever their item's script (see `StyledShaper.commonFallback`).
    ///
    /// - Complexity: O(range + log items) plus the shaping.
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, items: [TextItem], clusters: [Int32],
               into out: inout ShapingOutput) -> [ShapedRun] {
        var runs: [ShapedRun] = []
        runs.reserveCapacity(ShapedRunsScratch.runCapacity(bytes: range.count, items: items.count))
        shape(bytes, range: range, items: items, clusters: clusters, into: &out, runs: &runs)
        return runs
    }

    /// `shape(_:range:items:clusters:into:)`, the range's runs appended to `runs` (a styled
    /// paragraph shapes its stretches into one array). Without `ligatures`, optional
    /// ligatures are off. Without `shapesRuns`, only the runs are found (their faces
    /// chosen); the caller shapes them (`ShapingBuffer.shape(_:of:_:clusters:ligatures:into:)`).
    /// `syllables`, when it has a byte a boundary (the itemizer's opportunities for these
    /// `clusters`), flags the Hangul syllables alone (`ShapedRuns.syllableBit`): those
    /// are not decoded again.
    ///
    /// - Complexity: O(range + log items) plus the shaping.
    @inline(__always)
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, items: [TextItem], clusters: [Int32],
               ligatures: Bool = true, commonFallback: [Range<Int>] = [], shapesRuns: Bool = true,
               syllables: [UInt8] = [], into out: inout ShapingOutput, runs: inout [ShapedRun]) {
        var finding = RunFinding()
        shape(bytes, range: range, items: items, clusters: clusters, ligatures: ligatures, commonFallback: commonFallback,
              shapesRuns: shapesRuns, syllables: syllables, finding: &finding, into: &out, runs: &runs)
    }

    /// What finding a paragraph's runs reads of a stack and keeps for the next range of the
    /// paragraph shaped in it (a styled paragraph's stretches in one font, a dozen a chat
    /// message, each read the registry under its lock and asked a fallback face about its
    /// Hangul again).
    struct RunFinding {
        /// The registry's faces, read at the first fallback face.
        var registered: [FontFace] = []
        /// The last fallback face asked whether it keeps the Hangul syllables that follow
        /// (registry id, -1: none) and its answer: a paragraph's Hangul words, each a run
        /// between the primary font's spaces, are mostly in one face.
        var hangulFace = -1, hangulKept = false
        /// `ShapedRuns.syllableBit` (read once: a global of another module).
        let syllableBit = ShapedRuns.syllableBit
    }

    /// `shape(_:range:items:clusters:ligatures:commonFallback:shapesRuns:syllables:into:runs:)`,
    /// what it reads of the stack kept in `finding` for the paragraph's next range.
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, items: [TextItem], clusters: [Int32],
               ligatures: Bool, commonFallback: [Range<Int>], shapesRuns: Bool, syllables: [UInt8],
               finding: inout RunFinding, into out: inout ShapingOutput, runs: inout [ShapedRun]) {
        let firstRun = runs.count
        let flagsSyllables = syllables.count == clusters.count
        let syllableBit = finding.syllableBit
        // What `finding` kept, taken out (swapped: no reference counted) and given back at
        // the end: read through `finding` in the loop, plain prepare cost ~75 instructions
        // a text more.
        var registered: [FontFace] = []   // the registry's faces, read at the first fallback face
        swap(&registered, &finding.registered)
        var hangulFace = finding.hangulFace, hangulKept = finding.hangulKept
        defer {
            swap(&registered, &finding.registered)
            (finding.hangulFace, finding.hangulKept) = (hangulFace, hangulKept)
        }
        let state = self.state
        let drawsPrintable = state.drawsPrintableASCII
        let buffer = ShapingBuffer.forCurrentThread()
        let memo = buffer?.memo
        // A soft hyphen (U+00AD) is a grapheme cluster of its own (a control).
        var hasSoftHyphen = false
        // The runs found go to a buffer on the stack, appended to `runs` when it is full and
        // at the end (an append a run checked the array's uniqueness and room each time; 24
        // runs are 960 bytes: past 1,024 bytes the standard library first asks whether the
        // stack has room, a cost that made 32 runs slower). A flush copies the runs and then
        // writes over them without deinitializing them: `ShapedRun` is plain data.
        assert(_isPOD(ShapedRun.self), "the run buffer is reused without deinitializing its runs")
        withUnsafeTemporaryAllocation(of: ShapedRun.self, capacity: 24) { found in
            var foundCount = 0
            @inline(__always) func keep(_ run: ShapedRun) {
                if foundCount == found.count {
                    runs.append(contentsOf: UnsafeBufferPointer(rebasing: found[..<foundCount]))
                    foundCount = 0
                }
                found.initializeElement(at: foundCount, to: run)
                foundCount &+= 1
            }
            // Fonts per cluster, runs per item and font. The first item and cluster
            // reaching into the range, from the last range's end when this one follows it:
            var first = 0, ci = 0
            var common = 0   // the first of `commonFallback` not ending at or before p
            if out.cursor.offset <= range.lowerBound {
                first = out.cursor.item
                while first < items.count && items[first].range.upperBound <= range.lowerBound { first += 1 }
                ci = out.cursor.cluster
                while ci + 1 < clusters.count && Int(clusters[ci + 1]) <= range.lowerBound { ci += 1 }
                common = out.cursor.common
            } else {
                var hi = items.count
                while first < hi {
                    let mid = (first + hi) / 2
                    if items[mid].range.upperBound <= range.lowerBound { first = mid + 1 } else { hi = mid }
                }
                hi = clusters.count - 1
                while ci < hi {
                    let mid = (ci + hi + 1) / 2
                    if Int(clusters[mid]) <= range.lowerBound { ci = mid } else { hi = mid - 1 }
                }
            }
            var p = range.lowerBound
            var itemIndex = first
            while itemIndex < items.count && items[itemIndex].range.lowerBound < range.upperBound {
                let item = items[itemIndex]
                let itemEnd = Swift.min(item.range.upperBound, range.upperBound)
                // The script fallback is asked for: Common for an item's piece in
                // `commonFallback` (each such range is a whole piece of an item in the range).
                var fallbackScript = item.script
                if !commonFallback.isEmpty {
                    while common < commonFallback.count && commonFallback[common].upperBound <= p { common += 1 }
                    if common < commonFallback.count && commonFallback[common].lowerBound <= p {
                        fallbackScript = TextItemizer.commonScript
                    }
                }
                let languageCode = _FontStackState.fallbackLanguageCode(script: fallbackScript, default: state.defaultLanguageCode)
                var runStart = p
                var runFace = -1
                // The fallback face of the run so far, if it is one (unretained: `registered`
                // holds it, and copying a reference in this loop cost a retain and a release
                // at each change of face).
                var runFaceObject: Unmanaged<FontFace>? = nil
                while ci + 1 < clusters.count && Int(clusters[ci + 1]) <= p { ci += 1 }
                while p < itemEnd {
                    if runFace == 0 && bytes[p] < 0x80 {
                        // Printable ASCII the primary font draws, followed by ASCII (so a
                        // cluster of its own): the primary font's, nothing to decide. (Each
                        // byte is ASCII, the first checked here and the others as the byte
                        // after the one before: its bit alone answers.)
                        let skipped = p
                        if drawsPrintable {
                            // Eight printable ASCII bytes at a time (each drawn: each of them
                            // passes the test below), while ASCII follows them.
                            let base = UnsafeRawPointer(bytes.baseAddress!)
                            while p &+ 8 < itemEnd && bytes[p &+ 8] < 0x80
                                && Self.arePrintableASCII(base.loadUnaligned(fromByteOffset: p, as: UInt64.self)) {
                                p &+= 8
                            }
                        }
                        var b = bytes[p]
                        while p &+ 1 < itemEnd {
                            let next = bytes[p &+ 1]
                            guard next < 0x80 && state.drawsASCII(ascii: b) else { break }
                            p &+= 1
                            b = next
                        }
                        if p > skipped {
                            // Each byte skipped ended a cluster, so `p` starts cluster
                            // `ci + (p - skipped)` when `skipped` starts `ci`: one jump, not a
                            // step a byte (the boundaries ascend strictly, so finding `p`
                            // there proves it; else the steps below).
                            while ci + 1 < clusters.count && Int(clusters[ci + 1]) <= skipped { ci += 1 }
                            let jump = ci + (p - skipped)
                            if jump < clusters.count && Int(clusters[jump]) == p { ci = jump }
                        }
                        while ci + 1 < clusters.count && Int(clusters[ci + 1]) <= p { ci += 1 }
                    }
                    // `ci` is the last cluster starting at or before `p`: stepped to it at the
                    // item's start and after ASCII above, and by the step to the next cluster
                    // (or the syllables') else.
                    assert(Int(clusters[ci]) <= p && (ci + 1 == clusters.count || Int(clusters[ci + 1]) > p),
                           "the cluster walk lost its place")
                    if let sticky = runFaceObject, bytes[p] &- 0xEA < 4 {
                        // Hangul syllables (lead bytes EA–ED), each a cluster of its own, in a
                        // fallback face that draws them all and no family draws any: the
                        // run's face's, nothing to decide.
                        if hangulFace != runFace {
                            hangulKept = state.keepsHangulSyllables(sticky)
                            hangulFace = runFace
                        }
                        let start = p
                        if flagsSyllables {
                            // The itemizer's answer: a syllable alone is a cluster of 3 bytes,
                            // so the next one starts where it ends.
                            if hangulKept && Int(clusters[ci]) == p {
                                while p &+ 3 <= itemEnd && syllables[ci] & syllableBit != 0 {
                                    p &+= 3
                                    ci &+= 1
                                }
                            }
                        } else {
                            while hangulKept && p + 3 <= itemEnd && Int(clusters[ci]) == p && ci + 1 < clusters.count
                                && Int(clusters[ci + 1]) == p + 3 && UTF8Scalar.isHangulSyllable(bytes, at: p) {
                                p += 3
                                ci += 1
                            }
                        }
                        if p > start { continue }
                    }
                    // A cluster cut by the range's end is shaped up to it; one that is not
                    // ends where the next starts (`ci` stepped to it here, not by the search
                    // above).
                    let cs = p
                    var ce = itemEnd
                    if ci &+ 1 < clusters.count {
                        let next = Int(clusters[ci &+ 1])
                        if next <= itemEnd {
                            ce = next
                            ci &+= 1
                        }
                    }
                    p = ce
                    if ce == cs &+ 2 && bytes[cs] == 0xC2 && bytes[cs &+ 1] == 0xAD { hasSoftHyphen = true }
                    // The run's fallback face keeps what it draws (see `_FontStackState.face(forCluster:_:_:memo:emoji:script:languageCode:run:runFaceObject:)`).
                    let face = state.face(forCluster: bytes, cs, ce, memo: memo, emoji: item.isEmoji,
                                          script: fallbackScript, languageCode: languageCode, run: runFace,
                                          runFaceObject: runFaceObject)
                    if face != runFace {
                        if runFace >= 0 {
                            keep(ShapedRun(range: runStart..<cs, face: runFace, bidiLevel: item.bidiLevel,
                                           script: item.script, item: itemIndex))
                        }
                        runStart = cs
                        runFace = face
                        if face >= state.primaries.count {
                            // The registry only grows: read again only for a face found since.
                            if face >= registered.count { registered = state.faceList() }
                            runFaceObject = Unmanaged.passUnretained(registered[face])
                        } else {
                            runFaceObject = nil
                        }
                    }
                }
                if runFace >= 0 {
                    keep(ShapedRun(range: runStart..<itemEnd, face: runFace, bidiLevel: item.bidiLevel,
                                   script: item.script, item: itemIndex))
                }
                itemIndex += 1
            }
            if foundCount <= 2 {
                // A styled paragraph's stretch mostly finds a run or two: appended one by one
                // (`append(contentsOf:)` cost ~75 instructions a call, a dozen calls a message).
                for r in 0..<foundCount { runs.append(found[r]) }
            } else {
                runs.append(contentsOf: UnsafeBufferPointer(rebasing: found[..<foundCount]))
            }
            out.cursor = (offset: range.upperBound, item: Swift.max(first, itemIndex - 1), cluster: ci, common: common)
        }
        out.hasSoftHyphen = out.hasSoftHyphen || hasSoftHyphen
        guard shapesRuns else { return }
        buffer?.shape(runs[firstRun...], of: state, bytes, clusters: clusters, ligatures: ligatures,
                                                into: &out)
    }

    /// The runs of bytes `range` of a paragraph (`bytes`, its `items` and `clusters`), shaped
    /// after the ranges before it (`out.cursor`), when every byte is printable ASCII and the
    /// primary font draws all of it: each item's piece of the range in the primary font,
    /// appended to `runs`, what the full search
    /// (`shape(_:range:items:clusters:ligatures:commonFallback:shapesRuns:syllables:finding:into:runs:)`
    /// without shaping) finds there, each byte a cluster of its own that the primary font
    /// draws, whatever the script and the common-fallback ranges. False, with nothing
    /// written, otherwise. (A styled paragraph's stretches are short, a dozen a message:
    /// the full search's set-up cost ~500 instructions each.)
    ///
    /// - Complexity: O(range + the items in it).
    func printableRuns(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, items: [TextItem], clusters: [Int32],
                       into out: inout ShapingOutput, runs: inout [ShapedRun]) -> Bool {
        guard !range.isEmpty, range.upperBound <= bytes.count, out.cursor.offset <= range.lowerBound,
              state.drawsPrintableASCII else { return false }
        // Every byte printable ASCII: 8 at a time, then one by one.
        let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        var p = range.lowerBound
        while p &+ 8 <= range.upperBound {
            guard Self.arePrintableASCII(base.loadUnaligned(fromByteOffset: p, as: UInt64.self)) else { return false }
            p &+= 8
        }
        while p < range.upperBound {
            guard bytes[p] &- 0x20 < 0x5F else { return false }
            p &+= 1
        }
        // Each item's piece, from the item the last range ended in.
        var first = out.cursor.item
        while first < items.count && items[first].range.upperBound <= range.lowerBound { first += 1 }
        var item = first
        p = range.lowerBound
        while item < items.count && items[item].range.lowerBound < range.upperBound {
            let end = Swift.min(items[item].range.upperBound, range.upperBound)
            runs.append(ShapedRun(range: p..<end, face: 0, bidiLevel: items[item].bidiLevel, script: items[item].script,
                                  item: item))
            p = end
            item += 1
        }
        // The cursor where the search leaves it, but for the cluster when the range does not
        // both start and end one (then the cluster at its start: the next search steps on
        // from there), and the common-fallback range (the next search steps on from the one before).
        var ci = out.cursor.cluster
        while ci + 1 < clusters.count && Int(clusters[ci + 1]) <= range.lowerBound { ci += 1 }
        let jump = ci + range.count
        if ci < clusters.count && Int(clusters[ci]) == range.lowerBound && jump < clusters.count
            && Int(clusters[jump]) == range.upperBound {
            ci = jump
        }
        out.cursor = (offset: range.upperBound, item: Swift.max(first, item - 1), cluster: ci, common: out.cursor.common)
        return true
    }

    /// Whether each of the 8 bytes of `word` is printable ASCII (0x20-0x7E): none has its
    /// top bit; adding 0x60 to each (no carry leaves a byte below 0x80) sets it from 0x20
    /// up, adding 1 only at 0x7F.
    @inline(__always)
    static func arePrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        return word & high == 0 && (word &+ 0x6060_6060_6060_6060) & high == high
            && (word &+ 0x0101_0101_0101_0101) & high == 0
    }

    public func advance(of range: Range<Int>, in text: String, run: ShapedRun) -> Int64 {
        advance(of: range, in: text, run: run, ligatures: letterSpacing == 0, spacing: _LetterSpacing.fixed(letterSpacing))
    }

    /// `advance(of:in:run:)`, optional ligatures off without `ligatures`, `spacing` (1/65536
    /// px) after each cluster that takes letter spacing.
    func advance(of range: Range<Int>, in text: String, run: ShapedRun, ligatures: Bool, spacing: Int32 = 0) -> Int64 {
        var text = text
        let faces = state.faceList()
        guard run.face < faces.count, let buffer = ShapingBuffer.forCurrentThread() else { return 0 }
        var total: Int64 = 0
        text.withUTF8 { bytes in
            guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return }
            let face = faces[run.face]
            let halves = run.bidiLevel & 1 == 0 ? (face.hanKerning?.halves(bytes, range, before: nil, after: nil).halves ?? []) : []
            var spaced = Set<Int>()
            _ = buffer.shape(bytes, range: range, face: face, script: run.script,
                             rtl: run.bidiLevel & 1 == 1, language: state.language, halves: halves,
                             ligatures: ligatures) { cluster, advance, _ in
                let b = bytes[cluster]
                // Tabs and line breaks take no advance of their own (see ShapedText).
                if b == 0x09 || (b >= 0x0A && b <= 0x0D) { return }
                total += Int64(advance)
                if spacing != 0, spaced.insert(cluster).inserted, _LetterSpacing.takes(bytes, cluster, script: run.script) {
                    total += Int64(spacing)
                }
            }
        }
        return total
    }
}
