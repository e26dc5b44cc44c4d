/// A break entry's `LineStep` while preparing, with its line box (see `ShapedColumns`).
struct StepDraft {
    var contentX: Int64
    var boundary: Int32
    var nextComplex: Int32 = 0
    var nextBoxChange: Int32 = 0
    var boxAscent: Float = 0
    var boxDescent: Float = 0
    /// The box's index in the table of distinct boxes (`pack`).
    var box: Int32 = 0

    /// The box's two floats as one key (0 is never -0 here: a part within the strut is 0).
    var boxKey: UInt64 { UInt64(boxAscent.bitPattern) << 32 | UInt64(boxDescent.bitPattern) }
}

extension PreparedBreaks {
    /// The prepared text in one allocation: `header`, its counts and the columns' places
    /// filled in, then the columns (`ShapedColumns`), each integer as narrow as the text
    /// allows. With `boxes`, each entry's line box. `extraCount` is the number of entries
    /// with an extra (`markComplex`'s answer).
    ///
    /// - Complexity: O(boundaries + entries × distinct line boxes).
    func pack(_ header: consuming ShapedTextHeader, runs: [ShapedRun], boxes: Bool, items: [ItemStart], itemSteps: [ItemStep],
              extraCount: Int) -> ShapedStorage {
        let steps = UnsafeBufferPointer(self.steps), entries = UnsafeBufferPointer(self.entries)
        let offsets = UnsafeBufferPointer(self.offsets), x = UnsafeBufferPointer(self.x), flags = self.flags
        let boundaryCount = offsets.count
        let narrowIndices = boundaryCount <= Int(UInt16.max) && (offsets.last ?? 0) <= Int32(UInt16.max)
        // Without a negative advance the advances rise from 0: the last and the largest
        // content end's (a hyphen past the last) tell.
        let fits = { (v: Int64) in v >= Int64(Int32.min) && v <= Int64(Int32.max) }
        let narrowX = hasNegativeAdvance ? x.allSatisfy(fits) && steps.allSatisfy { fits($0.contentX) }
            : fits(x[x.count - 1]) && fits(maxContentX)
        // The distinct line boxes (at most one an entry: their indices fit the index width).
        // (Written in the scratch's room for them, one an entry; each step's index noted.)
        var boxCount = 0
        if boxes {
            let table = boxKeys.baseAddress!, steps = self.steps
            // (Neighbouring steps mostly share a box: the last one found is tried first.)
            var lastKey: UInt64 = 0, lastIndex: Int32 = -1
            for k in 0..<steps.count {
                let key = steps[k].boxKey
                if key != lastKey || lastIndex < 0 {
                    var i = 0
                    while i < boxCount && table[i] != key { i += 1 }
                    if i == boxCount { table[i] = key; boxCount += 1 }
                    lastKey = key
                    lastIndex = Int32(truncatingIfNeeded: i)
                }
                steps[k].box = lastIndex
            }
        }
        let columns = ShapedColumns(boundaryCount: boundaryCount, stepCount: steps.count, narrowX: narrowX,
                                    narrowIndices: narrowIndices, extraCount: extraCount,
                                    boxCount: boxes ? boxCount : nil, runCount: runs.count, itemCount: items.count,
                                    itemStepCount: itemSteps.count, narrowItemSteps: itemSteps.allSatisfy(\.fitsNarrow))
        header.lastBoundary = boundaryCount - 1
        header.entryCount = entries.count
        header.isItemized = !items.isEmpty
        header.columns = columns
        header.measureKind = LineBreaker.plainMeasureKind(header, lastStepBoundary: steps.last.map { Int($0.boundary) })
        return ShapedStorage.make(header) { base in
            let c = columns
            func at<T>(_ offset: Int32, _: T.Type) -> UnsafeMutablePointer<T> { (base + Int(offset)).assumingMemoryBound(to: T.self) }
            let n = steps.count
            do {
                if c.narrowSteps {
                    let out = base.assumingMemoryBound(to: NarrowLineStep.self)
                    for k in 0..<n {
                        out[k] = NarrowLineStep(contentX: Int32(truncatingIfNeeded: steps[k].contentX),
                                                boundary: UInt16(truncatingIfNeeded: steps[k].boundary),
                                                nextComplex: UInt16(truncatingIfNeeded: steps[k].nextComplex))
                    }
                } else {
                    let out = base.assumingMemoryBound(to: LineStep.self)
                    for k in 0..<n {
                        out[k] = LineStep(contentX: steps[k].contentX, boundary: steps[k].boundary, nextComplex: steps[k].nextComplex)
                    }
                }
                if boxes {
                    let table = at(c.boxes, (ascent: Float, descent: Float).self)
                    for k in 0..<boxCount {
                        let key = boxKeys[k]
                        table[k] = (Float(bitPattern: UInt32(truncatingIfNeeded: key >> 32)), Float(bitPattern: UInt32(truncatingIfNeeded: key)))
                    }
                    for k in 0..<n {
                        Self.put(steps[k].box, at: base + Int(c.boxIndices), k, narrow: narrowIndices)
                        Self.put(steps[k].nextBoxChange, at: base + Int(c.boxChanges), k, narrow: narrowIndices)
                    }
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
            do {
                let flagsOut = at(c.entryFlags, UInt8.self)
                let extras = at(c.extras, EntryExtra.self)
                var e = 0
                for k in 0..<entries.count {
                    let entry = entries[k]
                    var f = entry.flags
                    if entry.endTrim != 0 || entry.openingRound != 0 || entry.hangingEdge != 0 {
                        extras[e] = EntryExtra(entry: Int32(k), endTrim: entry.endTrim, openingRound: entry.openingRound,
                                               hangingEdge: entry.hangingEdge)
                        e += 1
                        f |= BreakEntry.hasExtra
                    }
                    flagsOut[k] = f
                    Self.put(entry.contentEnd, at: base + Int(c.contentEnds), k, narrow: narrowIndices)
                }
            }
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

    /// Writes index `value` as element `k` of an index column (`UInt16` when `narrow`).
    @inline(__always)
    private static func put(_ value: Int32, at column: UnsafeMutableRawPointer, _ k: Int, narrow: Bool) {
        if narrow {
            column.storeBytes(of: UInt16(truncatingIfNeeded: value), toByteOffset: k &* 2, as: UInt16.self)
        } else {
            column.storeBytes(of: value, toByteOffset: k &* 4, as: Int32.self)
        }
    }
}
