import ChatFormText

/// What a table keeps for a measured row: its measurement, its fields' inner scroll
/// offsets, and when it was last used (for eviction).
struct CachedRow: Sendable {
    /// The row's text layouts and height at one width.
    var measurement: RowMeasurement
    /// The inner scroll offset of each item past its line limit, by item index.
    var innerOffsets: [Int: Double] = [:]
    /// The row cache's clock when the row was last measured or edited.
    var stamp: UInt64 = 0
    /// The row's index when last stored and where its memory lies, for a relay of every
    /// measured row (see `_RelayHints`).
    var hints = _RelayHints()

    /// `measurement`, with the inner offsets of `previous` (the row at another width or
    /// before an edit) kept within their new ranges.
    init(measurement: RowMeasurement, keepingInnerOffsetsOf previous: CachedRow?) {
        self.measurement = measurement
        if let previous { innerOffsets = previous.innerOffsets }
        clampInnerOffsets()
    }

    /// Keeps each inner offset within `0...maxInnerOffset` of its item (dropping those of
    /// items the row no longer has).
    ///
    /// - Complexity: O(items with an inner offset × items).
    private mutating func clampInnerOffsets() {
        guard !innerOffsets.isEmpty else { return }
        var clamped: [Int: Double] = [:]
        for item in measurement.items {
            if let inner = innerOffsets[item.index] {
                clamped[item.index] = Swift.min(Swift.max(0, inner), item.maxInnerOffset)
            }
        }
        innerOffsets = clamped
    }

    /// The measurement laid out again at `width` from its prepared texts, inner offsets
    /// kept within their new ranges; returns the row's height. Without `makingLines`, the
    /// lines are left to be made when needed (see `RowMeasurement.relay`).
    ///
    /// - Complexity: O(lines of the row's text items): no shaping.
    mutating func relay(toWidth width: Double, makingLines: Bool = true) throws(TextLayoutError) -> Double {
        let height = try measurement.relay(toWidth: width, makingLines: makingLines)
        // (Tested here: most rows have no inner offset, and the call was not inlined.)
        if !innerOffsets.isEmpty { clampInnerOffsets() }
        return height
    }

    /// `relay(toWidth:makingLines: false)` for a row that relays without shaping and is not
    /// at `width` yet; returns its index (from its hints while they hold at `epoch`, else
    /// row `id`'s in `source`, kept in the hints) and its old and new heights, or nil for any
    /// other row or one no longer in `source` (left as it is). (Inlined: called once a row
    /// from `RowCache.relayAll`'s generic code, out of line it cost 40 instructions a row.)
    @inline(__always)
    mutating func relayLeavingLines<ID>(toWidth width: Double, id: ID, in source: any RowSource<ID>,
                                        epoch: UInt64) throws(TextLayoutError) -> (index: Int, old: Double, new: Double)? {
        guard measurement.relaysWithoutShaping, measurement.width != width else { return nil }
        if hints.epoch != epoch {
            // (Looked up here, not through a closure the caller makes: one capturing the
            // source copied the existential at every row.)
            guard let i = source.index(of: id) else { return nil }
            hints.row = i
            hints.epoch = epoch
        }
        let old = measurement.height
        return (hints.row, old, try relay(toWidth: width, makingLines: false))
    }

    /// Item `index`'s live document (the focused field's edit buffer), if it has one.
    func document(ofItem index: Int) -> TextDocument? { measurement.item(at: index)?.document }

    /// `body` on item `index`'s live document with the item's top (below the row's padding)
    /// and visible height, or nil when the item has no live document. The document is read
    /// where it lies, moved out of the items and back: read out of the array for a call it
    /// would be copied, its storage retained and released (at every keystroke, for the caret
    /// rule and the check for marked text).
    ///
    /// - Complexity: O(items) plus `body`.
    mutating func withDocument<R>(ofItem index: Int, _ body: (_ document: TextDocument, _ y: Double, _ height: Double) -> R) -> R? {
        guard let k = measurement.position(ofItem: index), let document = measurement.items[k].document.take() else { return nil }
        let result = body(document, measurement.items[k].y, measurement.items[k].height)
        measurement.items[k].document = consume document
        return result
    }

    /// Applies `change` to item `index`'s live document in place, then recomputes the row's
    /// height; the document stays even when `change` throws (which must leave it unchanged).
    ///
    /// - Returns: what `change` returned, or nil when the item has no live document.
    /// - Complexity: O(items) plus the change.
    mutating func editDocument<R>(ofItem index: Int,
                                  _ change: (inout TextDocument) throws(TextLayoutError) -> R) throws(TextLayoutError) -> R? {
        // Taken out of the measurement so the buffer has one owner and edits in place.
        guard var document = measurement.takeDocument(ofItem: index) else { return nil }
        // Put back on both paths without a `defer`, which would copy it.
        let result: R
        do { result = try change(&document) } catch {
            measurement.setDocument(consume document, ofItem: index, style: measurement.style)
            throw error
        }
        measurement.setDocument(consume document, ofItem: index, style: measurement.style)
        return result
    }

    /// Turns item `index`'s laid-out text into a live document (same lines, same height),
    /// which edits in place. An item that already has one keeps it.
    ///
    /// - Returns: false when the item has no text.
    /// - Complexity: O(the item's text).
    mutating func makeDocument(ofItem index: Int, metrics: any TextMetrics,
                               options: TextLayoutOptions) throws(TextLayoutError) -> Bool {
        guard let item = measurement.item(at: index) else { return false }
        if item.document != nil { return true }
        guard let layout = item.layout else { return false }
        let document = try TextDocument(text: layout.text, width: measurement.contentWidth, metrics: metrics,
                                        options: measurement.style.textOptions(options))
        measurement.setDocument(document, ofItem: index, style: measurement.style)
        return true
    }
}
