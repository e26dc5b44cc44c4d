import ChatFormGeometry
import ChatFormText

/// Where the focused field's text lies in the content: the one place its caret, caret
/// rectangles, selection, marked text and tapped positions are turned from the document's
/// coordinates into the content's (below the row's top and padding, at the item's place,
/// after the item's inner scroll).
extension FieldEditor {
    /// The focused row's index in `cache`, or nil when nothing is focused or its row is gone.
    /// A change that applies the caret rule finds it once and hands it down (rows measured
    /// since do not move it): looking its id up again costs a call into the source.
    ///
    /// - Complexity: O(1) for the row the caret rule remembered, else the source's lookup.
    @inline(__always)   // as a call from unspecialized code it looks up RowCache<ID>'s metadata
    func focusedRow(in cache: RowCache<ID>) -> Int? {
        guard let field = focus?.field else { return nil }
        return cache.rowIndex(of: field.row)
    }

    /// The focused field placed in the content, or nil when nothing is focused or its row
    /// has no live document at `width`.
    ///
    /// - Complexity: O(log n + the row's items).
    func placement(in cache: RowCache<ID>, width: Double) -> FieldPlacement? {
        guard let i = focusedRow(in: cache) else { return nil }
        return placement(in: cache, width: width, row: i)
    }

    /// `placement(in:width:)` with the focused row at index `i`, as `focusedRow(in:)` found
    /// it (its id is not looked up again; debug builds check that it is still that row).
    ///
    /// - Complexity: O(log n + the row's items).
    func placement(in cache: RowCache<ID>, width: Double, row i: Int) -> FieldPlacement? {
        guard let field = focus?.field, let entry = cache.entry(ofRow: i, width: width) else { return nil }
        assert(cache.rowIndex(of: field.row) == i, "a stale index for the focused row")
        // The item's fields read in place: a copy of the item would retain its document's and
        // its layouts' storage.
        let items = entry.measurement.items
        guard let k = entry.measurement.position(ofItem: field.item), let document = items[k].document else { return nil }
        return FieldPlacement(row: i, itemIndex: field.item, itemY: items[k].y, itemHeight: items[k].height, document: document,
                              rowY: cache.rowOffset(i), padding: entry.measurement.style.padding,
                              inner: entry.innerOffsets[field.item] ?? 0)
    }

    /// Where the caret is, in content coordinates.
    ///
    /// - Complexity: O(log n + the caret line's length).
    func caret(in cache: RowCache<ID>, width: Double) -> CaretInfo<ID>? {
        guard let focus, let p = placement(in: cache, width: width),
              let placed = try? p.document.caretPlacement(for: focus.caret) else { return nil }
        return CaretInfo(field: focus.field, position: focus.caret, rect: p.content(placed.rect), line: placed.line)
    }

    /// The caret's primary and (at a direction boundary) secondary rectangles.
    ///
    /// - Complexity: O(log n + the caret line's length).
    func caretRects(in cache: RowCache<ID>, width: Double) -> CaretRects? {
        guard let focus, let p = placement(in: cache, width: width),
              let rects = try? p.document.caretRects(for: focus.caret) else { return nil }
        return CaretRects(primary: p.content(rects.primary), secondary: rects.secondary.map(p.content))
    }

    /// The selection's rectangles, one per visual run on each line.
    ///
    /// - Complexity: O(log n + the length of the lines the selection touches).
    func selectionRects(in cache: RowCache<ID>, width: Double) -> [Rect] {
        guard let focus, !focus.selection.isEmpty, let p = placement(in: cache, width: width),
              let rects = try? p.document.selectionRects(for: focus.selection) else { return [] }
        return rects.map(p.content)
    }

    /// The marked text with one rectangle per visual line it covers.
    ///
    /// - Complexity: O(log n + the lines the marked text covers).
    func markedText(in cache: RowCache<ID>, width: Double) -> MarkedTextInfo<ID>? {
        guard let focus, let p = placement(in: cache, width: width), let marked = p.document.markedText else { return nil }
        return MarkedTextInfo(field: focus.field, range: marked.range, selectedRange: marked.selectedRange,
                              text: (try? p.document.substring(marked.range)) ?? "",
                              rects: p.document.markedTextRects().map(p.content))
    }

    /// The position a tap at content `point` lands on in the focused field (its nearest
    /// line when outside the text).
    ///
    /// - Complexity: O(log n + the length of the line tapped).
    func position(atContentPoint point: Point, in cache: RowCache<ID>, width: Double) -> TextPosition? {
        guard let p = placement(in: cache, width: width) else { return nil }
        let origin = p.content(Rect(x: 0, y: 0, width: 0, height: 0))
        return p.document.position(at: Point(x: point.x - origin.minX, y: point.y - origin.minY))
    }

    /// The caret rule inside the field: a field past its line limit scrolls its own window
    /// to show the caret grown by `margin` (one without a limit drops any inner offset).
    ///
    /// `row` is the focused row's index, as `focusedRow(in:)` found it. The row's measurement
    /// and document are read and its inner offset written in place, in one look-up of the
    /// row (`placement` copies the row and the document, retaining what their storage holds).
    ///
    /// - Returns: the caret's rectangle in content coordinates after that scroll, or nil
    ///   when nothing focused is measured at `width`.
    /// - Complexity: O(log n + the caret line's length).
    func revealInField(_ cache: inout RowCache<ID>, width: Double, margin: Double, row i: Int) throws(ScrollError) -> Rect? {
        guard let focus else { return nil }
        assert(cache.rowIndex(of: focus.field.row) == i, "a stale index for the focused row")
        let index = focus.field.item, caret = focus.caret
        let rowY = cache.rowOffset(i)
        let revealed = try cache.modify(focus.field.row) { (entry: inout CachedRow) -> Rect? in
            guard entry.measurement.width == width else { return nil }
            let field = entry.withDocument(ofItem: index) { (document, y, height) -> (local: Rect, textHeight: Double, y: Double, height: Double)? in
                guard let local = try? document.caretPlacement(for: caret).rect else { return nil }
                return (local, document.height, y, height)
            }
            guard let (local, textHeight, itemY, height) = field ?? nil else { return nil }
            // The item's `maxInnerOffset` (the document is its text).
            let maxInner = RowMeasurement.Item.maxInnerOffset(textHeight: textHeight, height: height)
            var inner: Double? = nil
            if maxInner > 0 {
                let revealed = CaretVisibility.offset(revealing: local.minY...local.maxY, margin: margin,
                                                      offset: entry.innerOffsets[index] ?? 0,
                                                      bandTop: 0, bandHeight: height, bounds: 0...textHeight)
                inner = Swift.min(Swift.max(0, revealed), maxInner)
            }
            // Nothing to write when the field has no inner offset and needs none (most fields).
            if inner != nil || !entry.innerOffsets.isEmpty { entry.innerOffsets[index] = inner }
            return FieldPlacement.content(local, rowY: rowY, padding: entry.measurement.style.padding,
                                          itemY: itemY, inner: inner ?? 0)
        }
        guard let rect = revealed ?? nil else { return nil }
        // The next keystroke's look-ups of this row read these (until a row moves).
        cache.kept.remember(row: focus.field.row, at: i, offset: rowY)
        return rect
    }
}

/// The focused field in its measured row, placed in the content (not generic, so copying it
/// costs no metadata lookup on the keystroke path).
struct FieldPlacement {
    /// The row's index.
    var row: Int
    /// The field's item: its index in the row's stack, its top below the row's padding, and
    /// its visible height.
    var itemIndex: Int
    var itemY: Double
    var itemHeight: Double
    /// The field's live document.
    var document: TextDocument
    /// The row's top in the content.
    var rowY: Double
    /// The row's padding.
    var padding: EdgeInsets
    /// The item's inner scroll offset (0 when it does not scroll).
    var inner: Double

    /// The field's window in the content (its item's top to its bottom), where a field that
    /// scrolls past its line limit must show the caret.
    var window: ClosedRange<Double> {
        let top = rowY + padding.top + itemY
        return top...(top + itemHeight)
    }

    /// `rect`, in the document's coordinates, in the content's: the one formula.
    func content(_ rect: Rect) -> Rect { Self.content(rect, rowY: rowY, padding: padding, itemY: itemY, inner: inner) }

    /// `rect`, in the coordinates of a document at `itemY` below the padding of a row at
    /// `rowY`, scrolled by `inner`, in the content's.
    static func content(_ rect: Rect, rowY: Double, padding: EdgeInsets, itemY: Double, inner: Double) -> Rect {
        Rect(x: padding.left + rect.minX, y: rowY + padding.top + itemY + rect.minY - inner,
             width: rect.width, height: rect.height)
    }
}
