/// A prepared text that lays out on one line at every width from some width on, and what
/// `measure(width:)` gives there, kept by a caller apart from the text: a table re-laying
/// a chat's rows at a new width settles its short messages with one compare, without reading
/// their prepared texts (memory a walk of a thousand rows waits for).
///
/// Exact: `measure(width:)` at a width `fits` accepts gives one line and `height`. Made
/// only for the texts whose first line `measure` tallies from their line steps alone
/// (`PlainMeasureKind.uniform` or `.boxes`, every break entry plain, the last cluster
/// neither white space nor a line terminator): their one line holds at a width when the
/// last entry's content end does, and content ends only grow along the entries.
///
/// The type is public, its members `package` (hidden from the documentation, as
/// `UTF8Scalar`): Swift 6.3 serializes no `@inlinable` body of a member of a `package` type,
/// so `fits(width:)` was a call from the table's relay, ~27 instructions a row; a `package`
/// member of a public type is serialized and inlined.
@_documentation(visibility: package)
public struct OneLineMeasure: Sendable, Equatable {
    /// The least fit (a width's `_LayoutUnit.fitLimit`) the whole text fits on one line at:
    /// the last break entry's content end plus the opening white space's rounding.
    @usableFromInline let leastFit: Int64
    /// The height of the one line (the strut's or the fixed line height, or the union of
    /// every entry's line box with the strut).
    package let height: Double

    @usableFromInline init(leastFit: Int64, height: Double) {
        self.leastFit = leastFit
        self.height = height
    }

    /// Whether the text lays out on one line at `width` (false for an invalid width:
    /// `measure(width:)` throws there).
    ///
    /// - Complexity: O(1), without reading the text.
    @inlinable
    package func fits(width: Double) -> Bool {
        !width.isNaN && width > 0 && _LayoutUnit.fitLimit(width: width) >= leastFit
    }

    /// The narrowest width `fits` accepts: it accepts every width from there on and none
    /// below (0: every positive width), for a text narrower than 2^40 pixels.
    ///
    /// - Complexity: O(1).
    package var leastWidth: Double { _LayoutUnit.leastWidth(reaching: leastFit) }
}

extension OneLineMeasure {
    /// The one-line measure of `text`, or nil when `measure(width:)` does not tally its
    /// first line from its line steps alone (itemized text, tabs, no wrapping, wide steps, a
    /// complex break entry, a last cluster that is white space or a terminator).
    ///
    /// - Complexity: O(1), plus the line boxes' changes for a text whose lines are not all
    ///   struts.
    package init?(_ text: ShapedText) {
        let storage = text.storage
        let head = storage.head
        let kind = head.pointee.measureKind
        guard kind == .uniform || kind == .boxes else { return nil }
        // (Narrow steps: `plainMeasureKind` makes these kinds only for them. The last entry is
        // the text's end.)
        let n = Int(head.pointee.columns.stepCount)
        let steps = storage.base.assumingMemoryBound(to: NarrowLineStep.self)
        guard n > 0, Int(steps[0].nextComplex) == n else { return nil }
        let e = Int(steps[n &- 1].boundary)
        let flags = (storage.base + Int(head.pointee.columns.flags)).assumingMemoryBound(to: UInt8.self)
        typealias Flags = ShapedText.Flags
        guard flags[e &- 1] & (Flags.hanging | Flags.tab | Flags.terminator) == 0 else { return nil }
        let (_, flat, lineBoxes, strutAscent, strutDescent) = LineBreaker.narrowSetup(storage, fit: .max, boxes: kind == .boxes)
        var h = flat
        if let lineBoxes {
            let (ascent, descent) = lineBoxes.union(from: 0, through: n &- 1, strutAscent, strutDescent, narrow: true)
            h = Double(ascent) + Double(descent)
        }
        self.init(leastFit: Int64(steps[n &- 1].contentX) &+ head.pointee.textOpeningRound, height: h)
        withExtendedLifetime(storage) {}
    }
}
