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
