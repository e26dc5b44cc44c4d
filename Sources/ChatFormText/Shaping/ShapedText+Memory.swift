/// Where a prepared text lies in memory, for a caller that prefetches it ahead of laying it
/// out (a table re-laying every measured row at a new width walks a thousand of them).
extension ShapedText {
    /// The address of the storage (one allocation), the length of what wrapping reads
    /// first (its header and line steps) and the whole length (the columns after the
    /// steps: advances, offsets, flags, line boxes). Only a hint: valid while this text lives.
    ///
    /// - Complexity: O(1) (reads the header).
    package var wrapFront: (address: UInt, bytes: Int, total: Int) {
        let start = UInt(bitPattern: ObjectIdentifier(storage))
        let steps = Int(bitPattern: storage.base) - Int(bitPattern: start)
        let c = storage.head.pointee.columns
        let stepBytes = Int(c.stepCount) * (c.narrowSteps ? MemoryLayout<NarrowLineStep>.stride : MemoryLayout<LineStep>.stride)
        return (start, steps + stepBytes, steps + Int(c.byteCount))
    }
}
