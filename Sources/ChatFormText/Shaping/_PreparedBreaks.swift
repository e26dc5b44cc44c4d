/// A text's break table as preparing makes it (SPEC §2.1): each grapheme boundary's offset,
/// advance from the text's start and flags, the places a line may end and where their
/// content ends; then the storage wrapping reads (`ShapedStorage`: break entries, line
/// steps, line boxes, and for styled text the table of inline items rounded on their own).
struct PreparedBreaks {
    /// The boundary columns (`count` each) and the break entries (`entries`, `steps`), as
    /// the walk writes them: all in one block (`memory`: the thread's walk memory, or memory
    /// of the walk's own when that is lent or too short, `ShapedRunsScratch.takeWalkMemory`),
    /// which `storage` gives back once the prepared text is packed.
    var offsets: UnsafeMutableBufferPointer<Int32>
    var x: UnsafeMutableBufferPointer<Int64>
    var flags: UnsafeMutableBufferPointer<UInt8>
    var entries: UnsafeMutableBufferPointer<BreakEntry>
    var steps: UnsafeMutableBufferPointer<StepDraft>
    /// Where there are line boxes (room for one an entry in each): each step's box
    /// (`_SegmentBoxes.unite`), the distinct boxes (`StepBox.key`) and each step's index
    /// among them (`pack`). (Pointers, not buffers: the whole struct fits 128 bytes, which
    /// the compiler copies without calling `memcpy`.)
    let stepBoxes: UnsafeMutablePointer<StepBox>
    let boxKeys: UnsafeMutablePointer<UInt64>
    let boxIndices: UnsafeMutablePointer<Int32>
    let memory: UnsafeMutableRawPointer
    var hasTabs = false
    /// Whether a cluster is a line terminator (so a boundary may be a mandatory break).
    var hasTerminators = false
    /// Whether a cluster's advance is negative (a negative letter spacing): `x` then
    /// goes back somewhere.
    var hasNegativeAdvance = false
    /// The number of entries with an extra (`EntryExtra`: an end trim, an opening round or a
    /// hanging edge), counted before `pack` so that it sizes the storage first
    /// (`countExtras`).
    var extraCount: Int32 = 0
    /// The largest content advance of an entry (`StepDraft.contentX`; with `x`, what tells
    /// whether the advances fit 32 bits).
    var maxContentX: Int64 = 0

    /// Prepares `text`, shaped as `shaped` by `shaper` (its clusters partition the text).
    ///
    /// - Throws: `.icu` if ICU fails.
    /// - Complexity: O(n).
    /// `breaking`, as long as `text`, is the text whose break opportunities and white space
    /// count (a collapsing white-space mode's; see `WhiteSpaceCollapse`), nil for `text`.
    /// The walk writes in memory `scratch` (this thread's) lends it (`takeWalkMemory(bytes:)`).
    static func storage(text: String, breaking: String? = nil, shaper: any TextShaper, options: TextLayoutOptions,
                        shaped: ShapedRuns, scratch: ShapedRunsScratch) throws(TextLayoutError) -> ShapedStorage {
        var breakingText = breaking ?? text
        let faces = shaped.faces.isEmpty ? [FontBoxMetrics(ascent: 0, descent: 0, lineGap: 0)] : shaped.faces
        // Lines are all the strut's height unless a face used reaches above or below it
        // (bold and italic of the primary family, a smaller code font, a fallback font
        // within the strut: every line box is the strut, as no union can grow it).
        let strutBox = faces[0].box(lineHeight: faces[0].lineSpacing)
        let usesFallbackFonts = shaped.runs.contains { run in
            guard run.face != 0 && run.face < faces.count else { return false }
            let b = faces[run.face].box(lineHeight: faces[run.face].lineSpacing)
            return b.ascent > strutBox.ascent || b.descent > strutBox.descent
        }
        let fixedLineHeight = shaper.fixedLineHeight
        let rules = BreakRules(options)
        let built: Result<PreparedBreaks, TextLayoutError> = breakingText.withUTF8 { bytes in
            do throws(ICUError) {
                let iterators = try rules.iterators()
                defer { iterators.giveBack() }
                // The rules are asked on the walk unless the itemizer has answered them.
                if !usesOpportunities(shaped, rules) { try iterators.setText(bytes) }
                guard rules.breakAll else {
                    return .success(build(bytes, iterators: iterators, shaped: shaped, rules: rules, scratch: scratch))
                }
                var split = shaped
                let splitting = BreakRules.splittingClusters(shaped.clusters, bytes)
                split.clusters = splitting.clusters
                var b = build(bytes, iterators: iterators, shaped: split, rules: rules, scratch: scratch)
                b.markSplitClusters(splitting.added)
                return .success(b)
            } catch {
                return .failure(.icu(error))
            }
        }
        let b = try built.get()
        defer { scratch.giveBackWalkMemory(b.memory) }
        if usesFallbackFonts && fixedLineHeight == nil {
            _SegmentBoxes.unite(UnsafeMutableBufferPointer(start: b.stepBoxes, count: b.steps.count), steps: UnsafeBufferPointer(b.steps),
                                offsets: b.offsets, flags: b.flags, terminators: b.hasTerminators, runs: shaped.runs, faces: faces,
                                strut: strutBox)
        }
        // Inline items rounded apart (`_ItemBoundaries`), and each step's place in their rounded sum.
        let entries = UnsafeBufferPointer(b.entries)
        // Whether every run has one level (the first's), asked once: the items and the header both want it.
        let firstLevel = shaped.runs.first?.bidiLevel ?? 0
        let oneLevel = !shaped.runs.contains { $0.bidiLevel != firstLevel }
        let itemStarts = breakingText.withUTF8 { _ItemBoundaries.starts(shaped, bytes: $0, boundaries: UnsafeBufferPointer(b.offsets),
                                                                         hasTabs: b.hasTabs, oneLevel: oneLevel,
                                                                         joiners: options.splitsAtJoiners) }
        let items = b.items(startingAt: itemStarts, entries)
        let itemSteps = b.itemSteps(items, entries, UnsafeBufferPointer(b.steps))
        let textOpeningRound = openingRound(b, from: 0)
        let isLeftToRight = oneLevel && firstLevel == 0
        return b.pack({
            ShapedTextHeader(text: text, shaper: shaper, options: options, textOpeningRound: textOpeningRound, faces: faces,
                             hasTabs: b.hasTabs, hyphenAdvance: shaped.hyphenAdvance, usesFallbackFonts: usesFallbackFonts,
                             isLeftToRight: isLeftToRight, strutBox: strutBox, fixedLineHeight: fixedLineHeight)
        }, runs: shaped.runs, boxes: usesFallbackFonts && fixedLineHeight == nil, items: items, itemSteps: itemSteps)
    }

    /// Whether the break walk reads `shaped.opportunities` (the itemizer's answers, one a
    /// grapheme boundary) rather than asking the break rules: they are there and the rules
    /// are the ones they were found with (`word-break: normal`, no `line-break` tailoring;
    /// `line-break: anywhere` only adds opportunities on the walk).
    static func usesOpportunities(_ shaped: ShapedRuns, _ rules: BreakRules) -> Bool {
        !rules.keepAll && !rules.breakAll && rules.locale == nil && !shaped.opportunities.isEmpty
            && shaped.opportunities.count == shaped.clusters.count
    }

    /// Flags `splitCluster` on `added`, the boundaries (by index) `word-break: break-all`
    /// added before a SARA AM (`BreakRules.splittingClusters`), where they lie inside a glyph
    /// cluster: one the shaper drew apart is a cluster like any other.
    ///
    /// - Complexity: O(added).
    mutating func markSplitClusters(_ added: [Int32]) {
        typealias Flags = ShapedText.Flags
        for k in added where flags[Int(k)] & Flags.insideGlyph != 0 { flags[Int(k)] |= Flags.splitCluster }
    }

    /// The inline items rounded on their own (styled text) starting at UTF-8 `starts`
    /// (ascending; those that are not grapheme boundaries are passed over): each one's
    /// boundary, the first entry whose content crosses it, and the rounded widths of the
    /// items before it. Empty for plain text.
    private func items(startingAt starts: [Int32], _ entries: UnsafeBufferPointer<BreakEntry>) -> [ItemStart] {
        guard !starts.isEmpty else { return [] }
        var result: [ItemStart] = []
        result.reserveCapacity(starts.count)
        var k = 0
        var step = 0
        var previous = 0
        var sum: Int64 = 0
        for o in starts {
            while k < offsets.count && offsets[k] < o { k += 1 }
            guard k < offsets.count - 1 && offsets[k] == o && k > previous else { continue }
            // The item before this one, whole: its prepared advance rounded up.
            sum += _LayoutUnit.ceil(x[k] - x[previous])
            while step < entries.count && Int(entries[step].contentEnd) <= k { step += 1 }
            result.append(ItemStart(boundary: Int32(k), firstStep: Int32(step), roundedBefore: sum))
            previous = k
        }
        return result
    }

    /// Each entry's `ItemStep` (styled text), and one more for the text's start: its content
    /// end on the rounded scale of the items, and for the line starting at its boundary the
    /// first item after that and what the scan past it compares with. Empty for plain text,
    /// and where an advance is negative (a negative letter spacing): a piece's rounding is
    /// then no longer a whole number of layout units added.
    private func itemSteps(_ items: [ItemStart], _ entries: UnsafeBufferPointer<BreakEntry>,
                           _ steps: UnsafeBufferPointer<StepDraft>) -> [ItemStep] {
        if items.isEmpty || hasNegativeAdvance { return [] }
        var result: [ItemStep] = []
        result.reserveCapacity(entries.count + 1)
        var item = -1   // the item holding the content end (-1: the first, starting at 0)
        var next = 0    // the first item starting after the entry's boundary
        // The line starting at `boundary`, whose first item after it is `next`.
        func start(_ boundary: Int, roundedX: Int64) -> ItemStep {
            guard next < items.count else {
                return ItemStep(roundedX: roundedX, crossingBase: 0, nextItem: Int32(next), split: Int32(entries.count))
            }
            let base = items[next].roundedBefore - _LayoutUnit.ceil(x[Int(items[next].boundary)] - x[boundary])
            return ItemStep(roundedX: roundedX, crossingBase: base, nextItem: Int32(next), split: items[next].firstStep)
        }
        let opening = start(0, roundedX: 0)
        for k in entries.indices {
            let ce = Int(entries[k].contentEnd)
            while item + 1 < items.count && Int(items[item + 1].boundary) < ce { item += 1 }
            let rounded = item < 0 ? x[ce] : items[item].roundedBefore + x[ce] - x[Int(items[item].boundary)]
            let boundary = Int(steps[k].boundary)
            while next < items.count && Int(items[next].boundary) <= boundary { next += 1 }
            result.append(start(boundary, roundedX: rounded))
        }
        result.append(opening)
        return result
    }

    /// White space that opens a paragraph is an item of its own in Chromium, its width
    /// rounded up to a layout unit apart from the rest of the line: what that adds (worked out
    /// for each mandatory break by `countExtras`, after the walk).
    static func openingRound(_ b: PreparedBreaks, from s: Int) -> Int64 {
        let last = b.offsets.count - 1
        var k = s
        while k < last && b.flags[k] & ShapedText.Flags.hanging != 0 { k += 1 }
        let lead = b.x[k] - b.x[s]
        return _LayoutUnit.ceil(lead) - lead
    }
}
