import ChatFormText

/// The focused field's editing state, and what editing asks of its live document: caret
/// checks, caret moves, cluster steps, and the caret's place in the content, computed here
/// once for the caret, the caret rule and the marked text's underline.
///
/// The live document itself stays in the field's row measurement (`CachedRow`), where
/// renderers read it; the editor says what to do with it and where the caret is.
struct FieldEditor<ID: Hashable & Sendable>: Sendable {
    /// The focused field, its caret, its selection's anchor and the goal x of vertical moves.
    var focus: Focus<ID>?

    /// The caret of `focus` in the field's own text, and its line.
    struct LocalCaret {
        /// The field's measured item.
        var item: RowMeasurement.Item
        /// The field's live document.
        var document: TextDocument
        /// The caret rectangle in the document's coordinates.
        var rect: Rect
        /// The caret's line index in the document.
        var line: Int
    }

    /// Checks that `offset` is a caret position in `document`.
    ///
    /// - Throws: `.invalidCaret` for an offset outside the text or inside a grapheme cluster.
    static func check(_ offset: Int, in document: TextDocument) throws(ScrollError) {
        do { try document.validate(offset) } catch {
            throw .invalidCaret(offset: offset, length: document.utf8Count, reason: error.description)
        }
    }

    /// `focus` with its caret moved by `movement` in `document` (any selection collapsed).
    ///
    /// - Complexity: O(log n + the caret line's length).
    static func moving(_ focus: Focus<ID>, _ movement: CaretMove, in document: TextDocument,
                       order: CaretMovementOrder) throws(ScrollError) -> Focus<ID> {
        let selection = focus.selection
        var goalX: Double? = nil
        var position = focus.caret
        do {
            switch movement {
            case .left, .right:
                // One grapheme in the configured order (in mixed-direction text, visually if
                // asked); a selection collapses to its start or end.
                let forward = movement == .right
                position = selection.isEmpty
                    ? try document.position(movingHorizontallyFrom: position, by: forward ? 1 : -1, order: order)
                    : TextPosition(offset: forward ? selection.upperBound : selection.lowerBound)
            case .up, .down:
                let moved = try document.position(movingVerticallyFrom: position, by: movement == .up ? -1 : 1, goalX: focus.goalX)
                position = moved.position
                goalX = moved.goalX
            case .lineStart:
                position = try document.lineStart(for: position)
            case .lineEnd:
                position = try document.lineEnd(for: position)
            case .documentStart:
                position = TextPosition(offset: 0)
            case .documentEnd:
                position = TextPosition(offset: document.utf8Count)
            }
        } catch {
            throw .layout(error.description)
        }
        return Focus(field: focus.field, caret: position, anchor: position.offset, goalX: goalX)
    }

    /// The offset `count` grapheme clusters after (or before) `offset` in `document`,
    /// stopping at the text's ends.
    ///
    /// - Complexity: O(count clusters, at most the text).
    static func clusterBoundary(from offset: Int, count: Int, forward: Bool, in document: TextDocument) throws(ScrollError) -> Int {
        var offset = offset
        var left = count
        do {
            while left > 0 && (forward ? offset < document.utf8Count : offset > 0) {
                offset = forward ? try document.offset(after: offset) : try document.offset(before: offset)
                left -= 1
            }
        } catch {
            throw .layout(error.description)
        }
        return offset
    }

    /// The caret at `position` in `field`'s live document in `entry`, or nil when the
    /// field has no live document there.
    ///
    /// - Complexity: O(log n + the caret line's length).
    static func localCaret(at position: TextPosition, item index: Int, in entry: CachedRow) -> LocalCaret? {
        guard let item = entry.measurement.item(at: index), let document = item.document,
              let placed = try? document.caretPlacement(for: position) else { return nil }
        return LocalCaret(item: item, document: document, rect: placed.rect, line: placed.line)
    }

    /// `rect`, in the coordinates of `item`'s text, placed in the content: below the row's
    /// top `rowY` and padding, at the item's place, after the item's inner scroll. The one
    /// formula for the caret and the marked text.
    static func contentRect(_ rect: Rect, item: RowMeasurement.Item, in entry: CachedRow, rowY: Double) -> Rect {
        let style = entry.measurement.style
        let inner = entry.innerOffsets[item.index] ?? 0
        return Rect(x: style.padding.left + rect.minX, y: rowY + style.padding.top + item.y + rect.minY - inner,
                    width: rect.width, height: rect.height)
    }
}
