/// What the styled line walk (`ItemLineSum`) reads at a break entry, besides its `LineStep`:
/// where its content ends on the scale of the items' rounded widths, and for the line that
/// starts where the entry breaks, the item it crosses first and what the scan past it
/// compares with (so starting a line looks nothing up). A prepared text keeps one per break
/// entry and one more for the text's start (`ShapedColumns.itemSteps`).
struct ItemStep: Sendable {
    /// The rounded widths of the items before the one its content ends in, plus its
    /// advance in that item (1/65536 pixel). A line whose content crosses items from `a` on
    /// is as wide as its piece of the first rounded, plus `roundedX` at its end less the
    /// rounded widths before the item after `a`, rounded: one subtraction, as for plain text.
    var roundedX: Int64
    /// For a line starting at this entry's boundary: the rounded widths before the first
    /// item starting after it, less the line's piece of its first item rounded up (the
    /// line's width to an entry `k` past that item is `roundedX[k] - crossingBase`, rounded
    /// up; it fits when `roundedX[k] <= crossingBase + width`).
    var crossingBase: Int64
    /// The index of the first item starting after this entry's boundary (`items.count`
    /// when none does).
    var nextItem: Int32
    /// That item's `ItemStart.firstStep` (the entry count when there is no such item).
    var split: Int32

    /// Whether its advances fit a `NarrowItemStep`.
    var fitsNarrow: Bool {
        roundedX >= Int64(Int32.min) && roundedX <= Int64(Int32.max)
            && crossingBase >= Int64(Int32.min) && crossingBase <= Int64(Int32.max)
    }
}

/// An `ItemStep` of a text whose indices are narrow and whose rounded advances fit `Int32`
/// (`ShapedColumns.narrowItemSteps`): 12 bytes.
struct NarrowItemStep {
    var roundedX: Int32
    var crossingBase: Int32
    var nextItem: UInt16
    var split: UInt16

    init(_ step: ItemStep) {
        roundedX = Int32(truncatingIfNeeded: step.roundedX)
        crossingBase = Int32(truncatingIfNeeded: step.crossingBase)
        nextItem = UInt16(truncatingIfNeeded: step.nextItem)
        split = UInt16(truncatingIfNeeded: step.split)
    }
}

/// A prepared text's item steps read as `ItemStep`s: the styled walk is specialized for
/// narrow and wide ones (`ShapedColumns.narrowItemSteps`). Valid while their storage lives.
protocol ItemStepReader {
    subscript(k: Int) -> ItemStep { get }
    /// `self[k].roundedX` alone (what the scan past a line's first item reads).
    func roundedX(_ k: Int) -> Int64
}

/// Narrow item steps (`NarrowItemStep`).
struct NarrowItemSteps: ItemStepReader {
    let base: UnsafePointer<NarrowItemStep>

    @inline(__always)
    subscript(k: Int) -> ItemStep {
        let n = base[k]
        return ItemStep(roundedX: Int64(n.roundedX), crossingBase: Int64(n.crossingBase), nextItem: Int32(n.nextItem),
                        split: Int32(n.split))
    }

    @inline(__always)
    func roundedX(_ k: Int) -> Int64 { Int64(base[k].roundedX) }
}

/// Wide item steps (`ItemStep`).
struct WideItemSteps: ItemStepReader {
    let base: UnsafePointer<ItemStep>

    @inline(__always)
    subscript(k: Int) -> ItemStep { base[k] }

    @inline(__always)
    func roundedX(_ k: Int) -> Int64 { base[k].roundedX }
}

extension NarrowItemSteps {
    /// How many entries past the previous line's span `LineBreaker.measureStyled` guesses a
    /// line's end past its first item (the scan moves on or back from it).
    @inline(__always) static var guessLead: Int { 2 }

    /// The last entry of `split..<end` whose `roundedX` is at most `threshold` (`split - 1`
    /// when none is), where `roundedX` only grows along `split..<end`: looked for from
    /// `guess` (in `split..<end`), on by 4 then by 1, or back by 1.
    ///
    /// The order holds along a stretch of plain entries (`LineStep.nextComplex`): their
    /// content ends only grow, and an entry's `roundedX` grows with its content end, within
    /// an item by its advances (none negative: else a text has no item steps,
    /// `PreparedBreaks.itemSteps`) and across an item start because the item before it adds
    /// its width rounded up, at least what its last piece added.
    ///
    /// - Complexity: O(1 + |the result − `guess`|).
    @inline(__always)
    func lastCrossing(from split: Int, guess: Int, end: Int, threshold: Int64) -> Int {
        assert(split <= guess && guess < end)
        if roundedX(split) > threshold { return split &- 1 }
        var lo = guess
        if roundedX(lo) <= threshold {
            while lo &+ 4 < end && roundedX(lo &+ 4) <= threshold { lo &+= 4 }
            while lo &+ 1 < end && roundedX(lo &+ 1) <= threshold { lo &+= 1 }
        } else {
            // (The entry at `split` fits: this stops there at the latest.)
            repeat { lo &-= 1 } while roundedX(lo) > threshold
        }
        return lo
    }
}
