/// A break entry's `LineStep` while preparing, before `pack` finds its `nextComplex`
/// (its line box, where there are line boxes, is in `PreparedBreaks.stepBoxes`).
struct StepDraft {
    var contentX: Int64
    var boundary: Int32
}

/// A line step as a prepared text keeps it (`NarrowLineStep` or `LineStep`), made from its
/// draft and its `nextComplex` as `pack` writes it.
protocol PackedLineStep {
    init(_ draft: StepDraft, nextComplex: Int32)
}

extension NarrowLineStep: PackedLineStep {
    @inline(__always)
    init(_ draft: StepDraft, nextComplex: Int32) {
        self.init(contentX: Int32(truncatingIfNeeded: draft.contentX), boundary: UInt16(truncatingIfNeeded: draft.boundary),
                  nextComplex: UInt16(truncatingIfNeeded: nextComplex))
    }
}

extension LineStep: PackedLineStep {
    @inline(__always)
    init(_ draft: StepDraft, nextComplex: Int32) {
        self.init(contentX: draft.contentX, boundary: draft.boundary, nextComplex: nextComplex)
    }
}

extension PreparedBreaks {
    /// The prepared text in one allocation: `header`, its counts and the columns' places
    /// filled in, then the columns (`ShapedColumns`), each integer as narrow as the text
    /// allows. With `boxes`, each entry's line box (`stepBoxes`, which `_SegmentBoxes.unite`
    /// wrote). `countExtras` marked and counted the entries with an extra (`extraCount`) after
    /// the walk, where a text may have any (none marked: none counted), so the
    /// storage is sized first and the entries' columns written in two passes
    /// (`_EntryPacking.entries`; their boxes in another, `_EntryPacking.boxes`).
    /// `header` makes the header (its counts, columns and measure kind are set here), in the
    /// storage (`ShapedStorage.make`).
    ///
    /// - Complexity: O(boundaries + entries × distinct line boxes).
    func pack(_ header: () -> ShapedTextHeader, runs: [ShapedRun], boxes: Bool, items: [ItemStart],
              itemSteps: [ItemStep]) -> ShapedStorage {
        let steps = UnsafeBufferPointer(self.steps)
        let offsets = UnsafeBufferPointer(self.offsets), x = UnsafeBufferPointer(self.x), flags = self.flags
        let boundaryCount = offsets.count
        let narrowIndices = boundaryCount <= Int(UInt16.max) && (offsets.last ?? 0) <= Int32(UInt16.max)
        // Without a negative advance the advances rise from 0: the last and the largest
        // content end's (a hyphen past the last) tell.
        let fits = { (v: Int64) in v >= Int64(Int32.min) && v <= Int64(Int32.max) }
        let narrowX = hasNegativeAdvance ? x.allSatisfy(fits) && steps.allSatisfy { fits($0.contentX) }
            : fits(x[x.count - 1]) && fits(maxContentX)
        // The distinct line boxes (at most one an entry: their indices fit the index width),
        // written in the scratch's room for them, and each step's index in `boxIndices`; the
        // index of the strut's box (0), -1 where no step has it.
        var boxCount = 0, strutIndex: Int32 = -1
        if boxes {
            let table = boxKeys, keys = stepBoxes, indices = boxIndices
            // (Neighbouring steps mostly share a box: the last one found is tried first. No
            // key has every bit set, two NaN parts: a part is 0 or a number past the strut.)
            var lastKey = UInt64.max, lastIndex: Int32 = -1
            for k in 0..<steps.count {
                let key = keys[k].key
                assert(key != .max, "a step's box key with both parts NaN: the search's first key")
                if key != lastKey {
                    var i = 0
                    while i < boxCount && table[i] != key { i += 1 }
                    if i == boxCount {
                        table[i] = key
                        boxCount += 1
                        if key == 0 { strutIndex = Int32(truncatingIfNeeded: i) }
                    }
                    lastKey = key
                    lastIndex = Int32(truncatingIfNeeded: i)
                }
                indices[k] = lastIndex
            }
        }
        let columns = ShapedColumns(boundaryCount: boundaryCount, stepCount: steps.count, narrowX: narrowX,
                                    narrowIndices: narrowIndices, extraCount: Int(extraCount),
                                    boxCount: boxes ? boxCount : nil, runCount: runs.count, itemCount: items.count,
                                    itemStepCount: itemSteps.count, narrowItemSteps: itemSteps.allSatisfy(\.fitsNarrow))
        let lastStepBoundary = steps.last.map { Int($0.boundary) }
        let made = { () -> ShapedTextHeader in
            var h = header()
            h.lastBoundary = boundaryCount - 1
            h.entryCount = steps.count
            h.isItemized = !items.isEmpty
            h.columns = columns
            h.measureKind = LineBreaker.plainMeasureKind(h, lastStepBoundary: lastStepBoundary)
            return h
        }
        return ShapedStorage.make(columns, header: made) { base in
            let c = columns
            func at<T>(_ offset: Int32, _: T.Type) -> UnsafeMutablePointer<T> { (base + Int(offset)).assumingMemoryBound(to: T.self) }
            if c.narrowSteps {
                _EntryPacking.entries(self, to: base, c, items: items, NarrowLineStep.self, UInt16.self)
            } else if narrowIndices {
                _EntryPacking.entries(self, to: base, c, items: items, LineStep.self, UInt16.self)
            } else {
                _EntryPacking.entries(self, to: base, c, items: items, LineStep.self, Int32.self)
            }
            if boxes {
                if narrowIndices {
                    _EntryPacking.boxes(self, to: base, c, strutIndex: strutIndex, UInt16.self)
                } else {
                    _EntryPacking.boxes(self, to: base, c, strutIndex: strutIndex, Int32.self)
                }
                let table = at(c.boxes, (ascent: Float, descent: Float).self)
                for k in 0..<boxCount {
                    let key = boxKeys[k]
                    table[k] = (Float(bitPattern: UInt32(truncatingIfNeeded: key >> 32)), Float(bitPattern: UInt32(truncatingIfNeeded: key)))
                }
            }
            if c.narrowItemSteps {
                let out = at(c.itemSteps, NarrowItemStep.self)
                for (k, step) in itemSteps.enumerated() { out[k] = NarrowItemStep(step) }
            } else {
                Self.write(itemSteps, to: at(c.itemSteps, ItemStep.self))
            }
            Self.write(items, to: at(c.items, ItemStart.self))
            at(c.flags, UInt8.self).update(from: flags.baseAddress!, count: flags.count)
            let runsOut = at(c.runs, PackedRun.self)
            for (k, run) in runs.enumerated() { runsOut[k] = PackedRun(run) }
            if narrowX {
                let out = at(c.x, Int32.self)
                for k in 0..<x.count { out[k] = Int32(truncatingIfNeeded: x[k]) }
            } else {
                at(c.x, Int64.self).update(from: x.baseAddress!, count: x.count)
            }
            if narrowIndices {
                let out = at(c.offsets, UInt16.self)
                for k in 0..<offsets.count { out[k] = UInt16(truncatingIfNeeded: offsets[k]) }
            } else {
                at(c.offsets, Int32.self).update(from: offsets.baseAddress!, count: offsets.count)
            }
        }
    }

    private static func write<T>(_ values: [T], to p: UnsafeMutablePointer<T>) {
        values.withUnsafeBufferPointer { v in
            if let source = v.baseAddress { p.update(from: source, count: v.count) }
        }
    }
}

/// The writing of a prepared text's break entries into its storage (`PreparedBreaks.pack`),
/// specialized for the widths of its steps and indices.
enum _EntryPacking {
    /// Writes `b`'s entries' columns to the storage at `base` laid out as `c`, in two passes:
    /// from the last entry back, each `Step` (with `nextComplex`, the first entry at or after
    /// it that wrapping must look at closely) and its extra (`EntryExtra`s from the last:
    /// `extraCount` says where they end); then from the first entry on, its flags and
    /// content end. For styled text, the first entry
    /// whose content crosses an item start that is not safe to break (`items`) is looked at
    /// closely too: its item's width is not the prepared advances.
    ///
    /// - Complexity: O(entries + items).
    @inline(__always)
    static func entries<Step: PackedLineStep, Index: FixedWidthInteger>(
        _ b: PreparedBreaks, to base: UnsafeMutableRawPointer, _ c: ShapedColumns, items: [ItemStart], _: Step.Type, _: Index.Type
    ) {
        let steps = b.steps.baseAddress!, entries = b.entries.baseAddress!, flags = b.flags.baseAddress!
        let n = b.steps.count
        let stepsOut = base.assumingMemoryBound(to: Step.self)
        let flagsOut = (base + Int(c.entryFlags)).assumingMemoryBound(to: UInt8.self)
        let contentEnds = (base + Int(c.contentEnds)).assumingMemoryBound(to: Index.self)
        let extras = (base + Int(c.extras)).assumingMemoryBound(to: EntryExtra.self)
        // The entries whose content is the first to cross an item start that is not safe to
        // break, marked first (a mark the storage does not keep).
        for item in items where Int(item.firstStep) < n && flags[Int(item.boundary)] & ShapedText.Flags.unsafe != 0 {
            entries[Int(item.firstStep)].flags |= BreakEntry.crossesUnsafeItem
        }
        let examined = BreakEntry.hard | BreakEntry.boundaryUnsafe | BreakEntry.contentEndUnsafe | BreakEntry.hyphenated
            | BreakEntry.crossesUnsafeItem
        var following = Int32(truncatingIfNeeded: n)
        var e = Int(b.extraCount)
        // Two passes, each with few pointers live (one loop writing the three columns kept
        // its pointers and `following` on the stack). Back from the last entry: its step,
        // with `nextComplex`, and its extra. An entry is looked at closely when its flags
        // say so or its content's advance falls below the entry before's (`falls`, found by
        // the caller: entry 0 has none before it, so the loop reads no bound).
        @inline(__always)
        func pack(_ k: Int, falls: Bool) {
            let step = steps[k]
            let f = entries[k].flags
            if _slowPath(f & BreakEntry.hasExtra != 0) {
                let entry = entries[k]
                e -= 1
                extras[e] = EntryExtra(entry: Int32(truncatingIfNeeded: k), endTrim: entry.endTrim,
                                       openingRound: entry.openingRound, hangingEdge: entry.hangingEdge)
                if entry.endTrim | entry.hangingEdge != 0 { following = Int32(truncatingIfNeeded: k) }
            }
            if f & examined != 0 || falls { following = Int32(truncatingIfNeeded: k) }
            stepsOut[k] = Step(step, nextComplex: following)
        }
        var k = n - 1
        while k > 0 {
            pack(k, falls: steps[k].contentX < steps[k - 1].contentX)
            k -= 1
        }
        if n > 0 { pack(0, falls: false) }
        assert(e == 0, "the walk counted every extra")
        // Then its flags (without the mark) and its content end.
        for k in 0..<n {
            let entry = entries[k]
            flagsOut[k] = entry.flags & ~BreakEntry.crossesUnsafeItem
            contentEnds[k] = Index(truncatingIfNeeded: entry.contentEnd)
        }
    }

    /// Writes each of `b`'s entries' line box's index in `boxes` and its `nextBoxChange`, the next
    /// entry whose box a line uniting from here must take in: one that differs and is not the
    /// strut's (every box past the strut before it is this one: `LineBoxes.union`;
    /// `strutIndex` is the strut's box's index, -1 where no entry has it).
    ///
    /// - Complexity: O(entries).
    @inline(__always)
    static func boxes<Index: FixedWidthInteger>(_ b: PreparedBreaks, to base: UnsafeMutableRawPointer, _ c: ShapedColumns,
                                                strutIndex: Int32, _: Index.Type) {
        let indices = b.boxIndices, n = b.steps.count
        let indicesOut = (base + Int(c.boxIndices)).assumingMemoryBound(to: Index.self)
        let changes = (base + Int(c.boxChanges)).assumingMemoryBound(to: Index.self)
        var change = Int32(truncatingIfNeeded: n)
        var next = strutIndex   // the box of the entry after `k` (the strut's after the last)
        var k = n - 1
        while k >= 0 {
            let box = indices[k]
            if next != box && next != strutIndex { change = Int32(truncatingIfNeeded: k + 1) }
            indicesOut[k] = Index(truncatingIfNeeded: box)
            changes[k] = Index(truncatingIfNeeded: change)
            next = box
            k -= 1
        }
    }
}
