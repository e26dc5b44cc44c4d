/// A break entry's `LineStep` while preparing, with its line box (see `ShapedColumns`).
struct StepDraft {
    var contentX: Int64
    var boundary: Int32
    var nextComplex: Int32 = 0
    var nextBoxChange: Int32 = 0
    var boxAscent: Float = 0
    var boxDescent: Float = 0
}

extension ShapedTextHeader {
    /// What the header holds besides the counts and the columns' places.
    struct Scalars {
        var text: String
        var shaper: any TextShaper
        var options: TextLayoutOptions
        var textOpeningRound: Int64
        var runs: [ShapedRun]
        var faces: [FontBoxMetrics]
        var hasTabs: Bool
        var hyphenAdvance: Int64
        var usesFallbackFonts: Bool
        var hasSeveralLevels: Bool
        var isLeftToRight: Bool
        var strutBox: (ascent: Double, descent: Double)
        var fixedLineHeight: Double?
    }
}

extension PreparedBreaks {
    /// The prepared text in one allocation: the header, then the columns (`ShapedColumns`),
    /// each integer as narrow as the text allows. With `boxes`, each entry's line box.
    ///
    /// - Complexity: O(boundaries + entries).
    func pack(_ s: ShapedTextHeader.Scalars, entries: [BreakEntry], steps: [StepDraft], boxes: Bool,
              items: [ItemStart], roundedX: [Int64]) -> ShapedStorage {
        let boundaryCount = offsets.count
        let narrowIndices = boundaryCount <= Int(UInt16.max) && (offsets.last ?? 0) <= Int32(UInt16.max)
        var narrowX = true
        for v in x where v < Int64(Int32.min) || v > Int64(Int32.max) { narrowX = false; break }
        for step in steps where step.contentX < Int64(Int32.min) || step.contentX > Int64(Int32.max) { narrowX = false; break }
        // The distinct line boxes (at most one an entry: their indices fit the index width).
        var boxTable: [(ascent: Float, descent: Float)] = []
        var boxIndex: [Int32] = []
        if boxes {
            boxIndex.reserveCapacity(steps.count)
            for step in steps {
                if let k = boxTable.firstIndex(where: { $0.ascent == step.boxAscent && $0.descent == step.boxDescent }) {
                    boxIndex.append(Int32(k))
                } else {
                    boxIndex.append(Int32(boxTable.count))
                    boxTable.append((step.boxAscent, step.boxDescent))
                }
            }
        }
        var extras: [EntryExtra] = []
        for (k, e) in entries.enumerated() where e.endTrim != 0 || e.openingRound != 0 {
            extras.append(EntryExtra(entry: Int32(k), endTrim: e.endTrim, openingRound: e.openingRound))
        }
        let columns = ShapedColumns(boundaryCount: boundaryCount, stepCount: steps.count, narrowX: narrowX,
                                    narrowIndices: narrowIndices, extraCount: extras.count,
                                    boxCount: boxes ? boxTable.count : nil, runCount: s.runs.count, itemCount: items.count,
                                    roundedXCount: roundedX.count)
        let header = ShapedTextHeader(
            text: s.text, shaper: s.shaper, options: s.options, lastBoundary: boundaryCount - 1, entryCount: entries.count,
            textOpeningRound: s.textOpeningRound, faces: s.faces, hasTabs: s.hasTabs,
            hyphenAdvance: s.hyphenAdvance, usesFallbackFonts: s.usesFallbackFonts, hasSeveralLevels: s.hasSeveralLevels,
            isLeftToRight: s.isLeftToRight, isItemized: !items.isEmpty,
            strutHeight: s.strutBox.ascent + s.strutBox.descent, strutBox: s.strutBox,
            fixedLineHeight: s.fixedLineHeight, columns: columns)
        return ShapedStorage.make(header) { base in
            let c = columns
            if c.narrowSteps {
                let stepsOut = base.assumingMemoryBound(to: NarrowLineStep.self)
                for (k, step) in steps.enumerated() {
                    stepsOut[k] = NarrowLineStep(contentX: Int32(truncatingIfNeeded: step.contentX),
                                                 boundary: UInt16(truncatingIfNeeded: step.boundary),
                                                 nextComplex: UInt16(truncatingIfNeeded: step.nextComplex))
                }
            } else {
                let stepsOut = base.assumingMemoryBound(to: LineStep.self)
                for (k, step) in steps.enumerated() {
                    stepsOut[k] = LineStep(contentX: step.contentX, boundary: step.boundary, nextComplex: step.nextComplex)
                }
            }
            Self.write(roundedX, to: base + Int(c.roundedX))
            Self.write(items, to: base + Int(c.items))
            Self.write(s.runs.map(PackedRun.init), to: base + Int(c.runs))
            Self.write(extras, to: base + Int(c.extras))
            Self.write(flags, to: base + Int(c.flags))
            Self.write(entries.map(\.flags), to: base + Int(c.entryFlags))
            if narrowX { Self.write(x.map { Int32(truncatingIfNeeded: $0) }, to: base + Int(c.x)) } else { Self.write(x, to: base + Int(c.x)) }
            let contentEnds = entries.map(\.contentEnd)
            Self.writeIndices(offsets, to: base + Int(c.offsets), narrow: narrowIndices)
            Self.writeIndices(contentEnds, to: base + Int(c.contentEnds), narrow: narrowIndices)
            if boxes {
                Self.write(boxTable.map { [$0.ascent, $0.descent] }.flatMap { $0 }, to: base + Int(c.boxes))
                Self.writeIndices(boxIndex, to: base + Int(c.boxIndices), narrow: narrowIndices)
                Self.writeIndices(steps.map(\.nextBoxChange), to: base + Int(c.boxChanges), narrow: narrowIndices)
            }
        }
    }

    private static func write<T>(_ values: [T], to p: UnsafeMutableRawPointer) {
        guard !values.isEmpty else { return }
        values.withUnsafeBufferPointer { v in
            p.copyMemory(from: UnsafeRawPointer(v.baseAddress!), byteCount: v.count * MemoryLayout<T>.stride)
        }
    }

    private static func writeIndices(_ values: [Int32], to p: UnsafeMutableRawPointer, narrow: Bool) {
        if narrow { write(values.map { UInt16(truncatingIfNeeded: $0) }, to: p) } else { write(values, to: p) }
    }
}
