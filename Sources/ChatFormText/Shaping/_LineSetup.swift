/// What every line walk over a prepared text reads before its first line, at one width: the
/// fit limit and how line heights are found. One value for `LineBreaker.plainLines` and
/// `LineBreaker.forEachLine`, so that the two walks cannot drift apart (SPEC §2, §2.1).
struct LineSetup {
    /// The widest content a line fits (`_LayoutUnit.fitLimit`), `.max` where lines do not
    /// wrap (`white-space: nowrap` and `pre` end lines only at mandatory breaks).
    let fit: Int64
    /// Every line's height, where it does not depend on the line: the shaper's fixed line
    /// height, or the strut when no fallback font reaches out of it.
    let uniform: Double?
    /// The line boxes to unite, where `uniform` is nil (nil where the text has none).
    let boxes: LineBoxes?
    /// The strut's box, the least a line unites its boxes with.
    let strutAscent: Float
    let strutDescent: Float

    /// The set-up for `storage`'s text at `width` pixels (read through its header: no copy
    /// of it, no reference counting).
    @inline(__always)
    init(_ storage: ShapedStorage, width: Double) {
        let head = storage.head
        fit = head.pointee.options.modes.whiteSpace.wraps ? _LayoutUnit.fitLimit(width: width) : .max
        let fixed = head.pointee.fixedLineHeight
        uniform = fixed ?? (head.pointee.usesFallbackFonts ? nil : head.pointee.strutHeight)
        boxes = uniform == nil && head.pointee.columns.hasBoxes ? LineBoxes(storage) : nil
        strutAscent = Float(head.pointee.strutBox.ascent)
        strutDescent = Float(head.pointee.strutBox.descent)
    }
}
