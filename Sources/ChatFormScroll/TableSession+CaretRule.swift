import ChatFormGeometry

/// Whether a table's state keeps the caret rule of SPEC §5.2: what a drawing of a frame
/// marks green or red, and what a caret-visibility test asserts.
public enum CaretRuleVerdict: Sendable, Hashable {
    /// Nothing is focused (or the focused row is not measured): the rule has nothing to check.
    case noCaret
    /// The caret, grown by the margin above and below (never past the content's top or
    /// end), lies inside the visible band; or, when that is taller than the band, the
    /// caret's line lies inside it at the band's top (or the offset is clamped there).
    case kept
    /// The rule is broken; the string says how (content y ranges).
    case broken(String)

    /// Whether the rule holds (`noCaret` counts as holding).
    public var holds: Bool {
        if case .broken = self { return false }
        return true
    }
}

extension TableSession {
    /// The caret rule's verdict for the state as it is now (SPEC §5.2).
    ///
    /// The rule applies after a change that must reveal the caret (an edit, a caret move,
    /// focusing, a keyboard frame, a resize); after the user scrolls the caret may leave
    /// the band, so callers ask only where the rule applies. Inside a field past its line
    /// limit the caret must also lie inside the field's window.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caretRuleVerdict: CaretRuleVerdict {
        guard let c = caret else { return .noCaret }
        let bounds = offsetBounds, offset = viewport.offset
        let window = editor.placement(in: cache, width: viewport.size.width)?.window
        return CaretVisibility.verdict(caret: c.rect, margin: configuration.caretMargin, band: viewport.visibleBand,
                                       contentHeight: cache.heights.totalHeight,
                                       clamped: Swift.abs(offset - bounds.upperBound) < 1e-6 || Swift.abs(offset - bounds.lowerBound) < 1e-6,
                                       window: window)
    }
}
