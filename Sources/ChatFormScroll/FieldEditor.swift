import ChatFormText

/// The focused field's editing state, and what editing asks of its live document: caret
/// checks, caret moves, selections, cluster steps, marked text, and the caret's place in
/// the content, computed in one place (`FieldEditor+Caret.swift`) for the caret, its
/// rectangles, the selection, the marked text's underline and the caret rule.
///
/// The live document itself stays in the field's row measurement (`CachedRow`), where
/// renderers read it; the editor says what to do with it and where the caret is. The
/// table hands it the row cache for each question.
struct FieldEditor<ID: Hashable & Sendable>: Sendable {
    /// The focused field, its caret, its selection's anchor and the goal x of vertical moves.
    var focus: Focus<ID>?

    /// The focus.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    func requireFocus() throws(ScrollError) -> Focus<ID> {
        guard let focus else { throw .noFocus }
        return focus
    }

    /// Moves the caret by `movement` in the focused field's `document` (collapsing any
    /// selection).
    ///
    /// - Complexity: O(log n + the caret line's length).
    mutating func move(_ movement: CaretMove, in document: TextDocument, order: CaretMovementOrder) throws(ScrollError) {
        focus = try Self.moving(try requireFocus(), movement, in: document, order: order)
    }

    /// Selects `anchor..<caret` (either order; an empty range puts the caret there) in the
    /// focused field's `document`, the caret at `affinity`.
    ///
    /// - Throws: `.invalidCaret` for an offset outside the text or inside a grapheme cluster.
    mutating func select(anchor: Int, caret: Int, affinity: TextAffinity = .downstream,
                         in document: TextDocument) throws(ScrollError) {
        var focus = try requireFocus()
        try Self.check(anchor, in: document)
        if caret != anchor { try Self.check(caret, in: document) }
        focus.caret = TextPosition(offset: caret, affinity: affinity)
        focus.anchor = anchor
        focus.goalX = nil
        self.focus = focus
    }

    /// Puts back the caret and selection of `kept` after the focused field's whole text was
    /// replaced by `document`'s, each moved to the text's end if past it and to the next
    /// grapheme boundary.
    mutating func restore(_ kept: Focus<ID>, in document: TextDocument) throws(ScrollError) {
        func snap(_ offset: Int) throws(ScrollError) -> Int {
            do { return try document.graphemeBoundary(atOrAfter: Swift.min(offset, document.utf8Count)) } catch {
                throw .layout(error.description)
            }
        }
        focus?.caret = TextPosition(offset: try snap(kept.caret.offset), affinity: kept.caret.affinity)
        focus?.anchor = try snap(kept.anchor)
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
}
