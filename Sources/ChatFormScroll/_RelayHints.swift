import CChatFormPrefetch
import ChatFormText

/// What a relay of every measured row (`RowCache.relayAll`) knows of a row before it reads
/// the row's scattered memory: the row's index when it was last stored, and where its items
/// and its first prepared text lie, to prefetch them a few rows ahead. The index holds
/// while no row was inserted or removed before it since (`RowCache.indexEpoch`); the
/// addresses are only hints, never read through (a stale one costs a wasted cache line).
struct _RelayHints: Sendable {
    /// The row's index when the hints were taken, valid while `epoch` is the cache's.
    var row = -1
    var epoch: UInt64 = 0
    /// The parts of the row's first text item a relay reads and writes: its front (offset,
    /// height, pending lines, one-line measure: `frontBytes` from `item`), its layout and the
    /// layout's prepared text.
    var item: UInt = 0
    var itemLayout: UInt = 0
    var itemPrepared: UInt = 0
    /// The first text item's prepared text (its header, line steps and columns) and its
    /// length (at most 1 KiB).
    var prepared: UInt = 0
    var preparedBytes: UInt32 = 0
    /// The length of the item's front from `item`, the part a relay reads and writes (kept
    /// here, beside `preparedBytes`, not read from the static `frontBytes`: that took a
    /// `swift_once` check a row).
    var frontBytes: UInt32 = 0
    /// The least viewport width from which a relay settles the first text item from its
    /// one-line measure (`RowMeasurement.Item.oneLine`) and reads neither its layout nor its
    /// prepared text, which are then not asked for; infinity when the item has no one-line
    /// measure or the row makes its lines at every relay (a line clamp). Within a rounding
    /// of the exact width (the row's padding is added to the measure's least width): a row
    /// at the very width may be asked for in vain or not asked for.
    var oneLineFrom = Double.infinity

    /// Where an item's layout and the layout's prepared text lie in the item, and how much
    /// of its front a relay reads and writes (through its one-line measure).
    private static let layoutOffset = MemoryLayout<RowMeasurement.Item>.offset(of: \.storedLayout) ?? 0
    private static let preparedOffset = layoutOffset + (MemoryLayout<TextLayout>.offset(of: \.shapedText) ?? 0)
    private static let frontBytes = UInt32((MemoryLayout<RowMeasurement.Item>.offset(of: \.oneLine) ?? 0)
                                           + MemoryLayout<OneLineMeasure?>.size)

    /// The hints of `measurement`, stored for row `row` at `epoch`.
    ///
    /// - Complexity: O(items).
    init(_ measurement: RowMeasurement, row: Int, epoch: UInt64) {
        self.row = row
        self.epoch = epoch
        measurement.items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress, let k = items.firstIndex(where: { $0.storedLayout?.shapedText != nil }),
                  let front = items[k].storedLayout?.shapedText?.wrapFront else { return }
            item = UInt(bitPattern: base + k)
            frontBytes = Self.frontBytes
            itemLayout = item + UInt(Self.layoutOffset)
            itemPrepared = item + UInt(Self.preparedOffset)
            prepared = front.address
            preparedBytes = UInt32(Swift.min(front.total, 1024))
            if measurement.style.lineClamp == nil, let oneLine = items[k].oneLine {
                // (`RowMeasurement.contentWidth`: never below the least content width.)
                let least = oneLine.leastWidth
                oneLineFrom = least <= RowMeasurement.minimumContentWidth ? 0 : least + measurement.style.padding.horizontal
            }
        }
    }

    init() {}

    /// Asks for the row's first text item (its front to be written) and, unless a relay to
    /// `width` settles it from its one-line measure, its layout and prepared text.
    @inline(__always)
    func prefetch(forWidth width: Double) {
        cfp_prefetch(item, frontBytes, 1)
        guard width < oneLineFrom else { return }
        cfp_prefetch(itemLayout, 16, 0)
        cfp_prefetch(itemPrepared, 8, 0)
        cfp_prefetch(prepared, preparedBytes, 0)
    }
}
