/// The caret's x on a large paragraph's line without a window layout: the line's bytes are
/// copied from the rope into a temporary buffer and walked cluster by cluster as
/// `_MeasuredLine` walks them, with each cluster boundary decided from the two scalars around
/// it (`isPlainBoundary`) instead of ICU. A line where that does not decide a boundary, or an
/// aligned line, is answered by the window (`window(lines:)`), as before.
extension _LargeParagraph {
    /// The x of the boundary `offset` on line `index` under `text-align: start`, as the
    /// line's window layout answers `caretX(onLine: 0, at:)`; nil when the paragraph is
    /// aligned otherwise or a cluster boundary before `offset` needs ICU.
    ///
    /// - Complexity: O(log n + the line's length up to `offset`).
    func plainCaretX(onLine index: Int, at offset: Int) -> Double? {
        guard options.modes.textAlign == .start else { return nil }
        let line = lines[index]
        let count = line.end - line.start
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(count, 1)) { buffer -> Double? in
            rope.copyBytes(line.start..<line.end, to: buffer)
            return plainCaretX(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[0..<count]), line: line, at: offset)
        }
    }

    /// What `LineLayout.lineModelClampedCaretX(onLine:at:)` answers for line `index` of a
    /// left-to-right paragraph under `text-align: start` when the line holds no right-to-left
    /// character (no bidi line, no empty right-to-left line: the plain caret x, clamped to
    /// the width), from one lookup of the line and one copy of its bytes (the general path
    /// looks the line up four times and copies its bytes twice, for the bidi check and for
    /// the walk); nil where that path must answer (another direction or alignment, a line
    /// that needs bidi, a boundary that needs ICU).
    ///
    /// - Complexity: O(log n + the line's length).
    func plainClampedCaretX(onLine index: Int, at offset: Int) -> Double? {
        guard options.direction == .ltr, options.modes.textAlign == .start else { return nil }
        let line = lines[index]
        let count = line.end - line.start
        let x = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(count, 1)) { buffer -> Double? in
            rope.copyBytes(line.start..<line.end, to: buffer)
            let b = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[0..<count])
            if TextItemizer.needsBidi(b, 0..<(line.contentEnd - line.start)) { return nil }
            return plainCaretX(b, line: line, at: offset)
        }
        guard let x else { return nil }
        return width.isFinite ? Swift.min(x, Swift.max(width, line.width)) : x
    }

    /// The walk of `plainCaretX(onLine:at:)` over `b`, the bytes of `line`.
    ///
    /// - Complexity: O(the line's length up to `offset`).
    private func plainCaretX(_ b: UnsafeBufferPointer<UInt8>, line: LineFragment, at offset: Int) -> Double? {
        let count = b.count
        // The walk stops at the first boundary at or past the offset, at most the content end.
        let target = Swift.min(Swift.max(offset - line.start, 0), line.contentEnd - line.start)
        let measurer = measurer
        // Printable ASCII in cells of a whole width: one cluster and one cell a byte when
        // ASCII follows (integral advances: the sum is exact, as the walk's).
        let unit = FastCellUnit(measurer)?.unit
        var x = 0.0
        var i = 0
        while i < target {
            if let unit, b[i] &- 0x20 <= 0x5E, i + 1 == count || b[i + 1] < 0x80 {
                x += unit
                i += 1
                continue
            }
            let e = UTF8Scalar.endOfScalar(startingAt: i, in: b)
            // A line ends on a cluster boundary; inside it, ICU decides what is not plain.
            guard e == count || Self.isPlainBoundary(b, at: e) else { return nil }
            x = b[i] == 0x09 ? measurer.tabStop(after: x) : x + measurer.advance(b, i, e)
            i = e
        }
        return x
    }
}
