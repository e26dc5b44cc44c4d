import ChatFormText

/// Where a change reaches more than one part: the offset's bounds (the scroll state's
/// viewport, the row cache's content height, a pinned row), the caret rule (the editor's
/// caret, the scroll state's band), rows that changed height (anchoring, stick-to-bottom,
/// a pinned row) and keyboard frames. Measuring rows as they come into view is in
/// `TableSession+Measuring.swift`.
extension TableSession {
    // MARK: Offset bounds

    /// The offsets SPEC §4 allows: the content's top to its end, or to a pinned row's top.
    var offsetBounds: ClosedRange<Double> {
        cache.offsetBounds(scroll, alignment: configuration.contentAlignment, pinned: pinnedRow)
    }

    /// `offset` clamped to the offsets SPEC §4 allows.
    func clampedOffset(_ offset: Double) -> Double { ScrollState.clamped(offset, to: offsetBounds) }

    /// Clamps the offset (SPEC §4), except while a drag overscrolls or its spring-back
    /// runs: then the offset may lie past the bounds.
    mutating func clampOffset() { scroll.clamp(to: offsetBounds) }

    // MARK: Rows that changed

    /// After rows changed: keep a pinned row at the band's top, follow the end when the
    /// transcript was there and the last row changed, measure what came into view, and
    /// apply the caret rule (SPEC §5.2: after every row height change). `focusedIndex` is the
    /// focused row's index as `focusedRow` finds it after the rows changed: nil when no field
    /// is focused or its row is gone. Rows measured here do not move it.
    mutating func rowsDidChange(wasAtBottom: Bool, grewLastRow: Bool, focusedIndex: Int?) throws(ScrollError) {
        if pinnedRow != nil {
            try applyPin()
        } else if grewLastRow && wasAtBottom && configuration.stickToBottom {
            try followBottom()
        } else {
            clampOffset()
            try settle(anchor: nil)
        }
        if let focusedIndex { try revealCaret(row: focusedIndex) }
        if isAtBottom { unreadCount = 0 }
    }

    /// Row `index` changed in the source (its text, content or clamp): measures it again
    /// with anchoring, then applies what follows a change of rows.
    mutating func rowDidChange(at index: Int) throws(ScrollError) {
        let wasAtBottom = isAtBottom
        try remeasure(row: index)
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: index == cache.rowCount - 1, focusedIndex: focusedRow)
    }

    /// Scrolls to the end, measuring the rows that come into view until the end is exact.
    mutating func followBottom() throws(ScrollError) {
        scroll.springBack = nil
        for _ in 0..<64 {
            viewport.offset = offsetBounds.upperBound
            var changed = false
            for i in cache.rows(in: viewport) where !isMeasured(row: i) {
                changed = try measure(row: i) != 0 || changed
            }
            if !changed { break }
        }
        viewport.offset = offsetBounds.upperBound
        evictCaches()
        unreadCount = 0
    }

    /// Puts the pinned row's top at the band's top; lets go once the content below it
    /// fills the band.
    mutating func applyPin() throws(ScrollError) {
        guard let id = pinnedRow, let i = cache.source.index(of: id) else { pinnedRow = nil; return }
        if !isMeasured(row: i) { _ = try measure(row: i) }
        viewport.offset = cache.heights.offset(ofRow: i) - viewport.topInset
        try settle(anchor: id)
        if cache.heights.totalHeight - cache.heights.offset(ofRow: i) >= viewport.bandHeight {
            pinnedRow = nil
            clampOffset()
        }
    }

    // MARK: The caret rule

    /// The focused row's index, or nil when nothing is focused or its row is gone.
    @inline(__always)
    var focusedRow: Int? { editor.focusedRow(in: cache) }

    /// Applies the caret rule (see `revealCaret(row:)`) to the focused row, if any.
    @inline(__always)   // a function of its own, unspecialized, looks the table's metadata up again
    mutating func revealCaret() throws(ScrollError) {
        guard let i = focusedRow else { return }
        try revealCaret(row: i)
    }

    /// Applies the caret rule to the focused row at index `i` (as `focusedRow` found it):
    /// first inside a field that scrolls past its line limit, then for the table — scroll
    /// as little as needed so the caret grown by the margin lies in the visible band (the
    /// margin never reaches past the content), then clamp.
    mutating func revealCaret(row i: Int) throws(ScrollError) {
        guard let field = focus?.field else { return }
        assert(cache.rowIndex(of: field.row) == i, "a stale index for the focused row")
        // The rule applies from now on, also to the frames of a keyboard drag that began
        // with the caret out of view.
        scroll.keyboardInteraction.drag?.revealsCaret = true
        let margin = configuration.caretMargin
        // The reveal reads the row in place and leaves it as it is when the row is not
        // measured at the width: only then (or without a caret to place) is it looked up again.
        var revealed = try editor.revealInField(&cache, width: viewport.size.width, margin: margin, row: i)
        if revealed == nil && !isMeasured(row: i) {
            try remeasure(row: i)
            revealed = try editor.revealInField(&cache, width: viewport.size.width, margin: margin, row: i)
        }
        guard let rect = revealed else { return }
        scroll.reveal(rect, margin: margin, contentHeight: cache.heights.totalHeight, bounds: offsetBounds)
        try settle(anchor: field.row)
    }

    /// Whether the caret rule would leave the offset where it is (true when nothing is focused).
    var isCaretRevealed: Bool {
        guard let c = caret else { return true }
        let target = scroll.offset(revealing: c.rect, margin: configuration.caretMargin, contentHeight: cache.heights.totalHeight)
        return Swift.abs(clampedOffset(target) - viewport.offset) < 1e-9
    }

    // MARK: Keyboard frames

    /// Decides whether the content follows the keyboard's next move, by the policy.
    mutating func setLift(showing: Bool) {
        scroll.setLift(policy: configuration.keyboardPolicy, showing: showing, isAtBottom: isAtBottom)
    }

    /// Brings the keyboard's overlap up to date at `now`, lifts or lowers the content with
    /// it as decided when the keyboard started moving (by as much as the bottom inset
    /// moved, so content that follows keeps its distance to the keyboard), clamps, and
    /// reveals the caret (during an interactive drag only if it was revealed when the drag
    /// began).
    mutating func applyFrame() throws(ScrollError) {
        scroll.applySpringBack(at: now, bounds: offsetBounds)
        let moved = scroll.applyKeyboard(at: now)
        clampOffset()
        guard moved else { return }
        try settle(anchor: nil)
        if scroll.keyboardInteraction.drag?.revealsCaret ?? true { try revealCaret() }
    }
}
