import ChatFormText

/// Laying a measured row out again at another width from its items' prepared texts (real
/// fonts: no shaping), with the lines made now or, for a row out of view, only its height
/// now and its lines when they are needed.
extension RowMeasurement {
    /// What a text item's prepared text gives at the row's current width when its lines
    /// are not made yet: enough for the table's heights and a row's frame.
    struct PendingLines: Sendable {
        /// The width the lines are to be made at (the row's content width).
        var width: Double
        /// The number of lines there.
        var lineCount: Int
        /// The height of the whole text there.
        var height: Double
    }

    /// Lays the row out again at `width` from its items' prepared texts (see
    /// `relaysWithoutShaping`), as `measure` would at that width, and returns its height.
    /// Without `makingLines`, each text item's height and line count are tallied from its
    /// prepared text and its lines are left to be made when needed (`makePendingLines`,
    /// or on reading `Item.layout`); a row with a line clamp has its lines made anyway (the
    /// clamp is cut from them).
    ///
    /// - Complexity: O(break opportunities + lines) of the row's text items: no shaping;
    ///   no allocation without `makingLines`.
    mutating func relay(toWidth width: Double, makingLines: Bool = true) throws(TextLayoutError) -> Double {
        precondition(relaysWithoutShaping, "relay of a row without prepared texts")
        let contentWidth = Self.contentWidth(of: style, in: width)
        let makingLines = makingLines || style.lineClamp != nil
        var y = 0.0
        var pending = false
        for k in items.indices {
            // In place (a copy of an item retains all its layout holds).
            pending = try items[k].relay(at: y, contentWidth: contentWidth, makingLines: makingLines, lineClamp: style.lineClamp) || pending
            y += items[k].height
        }
        self.width = width
        self.contentWidth = contentWidth
        linesPending = pending
        height = Swift.min(style.maxHeight, Swift.max(style.minHeight, y + style.padding.vertical))
        return height
    }

    /// Makes the lines of every item whose lines are pending, at the width its height was
    /// tallied at: the same lines, heights and offsets as a fresh layout there.
    ///
    /// - Complexity: O(break opportunities + lines) of those items.
    mutating func makePendingLines() throws(TextLayoutError) {
        guard linesPending else { return }
        for k in items.indices {
            guard let pendingLines = items[k].pendingLines, let prepared = items[k].preparedText else { continue }
            let layout = try prepared.layout(width: pendingLines.width)
            items[k].layout = layout
        }
        linesPending = false
    }
}

extension RowMeasurement.Item {
    /// Moves the item to `y` and, if it has a prepared text, lays it out again at
    /// `contentWidth` (see `RowMeasurement.relay`); returns whether its lines are left pending.
    @inline(__always)
    fileprivate mutating func relay(at y: Double, contentWidth: Double, makingLines: Bool,
                                    lineClamp: Int?) throws(TextLayoutError) -> Bool {
        self.y = y
        if !makingLines, let oneLine, oneLine.fits(width: contentWidth) {
            // A text on one line at this width: its measure without reading the prepared
            // text (which `oneLine` implies the item has).
            pendingLines = RowMeasurement.PendingLines(width: contentWidth, lineCount: 1, height: oneLine.height)
            height = Swift.min(oneLine.height, maxVisibleHeight)
            return true
        }
        guard let prepared = storedLayout?.shapedText else { return false }
        if makingLines {
            // Made before the old layout goes, so a failure leaves the item as it was.
            let layout = try prepared.layout(width: contentWidth)
            height = Swift.min(layout.height, maxVisibleHeight)
            self.layout = layout
            try applyLineClamp(lineClamp)
            return false
        }
        let (lineCount, textHeight) = try prepared.measure(width: contentWidth)
        // The old layout stays as it is: it holds the prepared text.
        pendingLines = RowMeasurement.PendingLines(width: contentWidth, lineCount: lineCount, height: textHeight)
        height = Swift.min(textHeight, maxVisibleHeight)
        return true
    }
}
