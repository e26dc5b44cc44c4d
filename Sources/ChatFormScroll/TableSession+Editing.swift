import ChatFormText

/// Caret movements of the editing session.
public enum CaretMove: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down, lineStart, lineEnd, documentStart, documentEnd
}

/// Focus, editing and caret visibility (SPEC §5.2).
///
/// Every edit re-lays out only the edited row, updates its height in the prefix sums (so
/// rows below move, rows above keep their place), clamps, and reveals the caret.
extension TableSession {
    // MARK: Fields

    /// The text of a field.
    public func text(of field: FieldRef<ID>) throws(ScrollError) -> String {
        let i = try requireIndex(field.row)
        switch source.row(at: i).content {
        case .text(let text, _) where field.item == 0:
            return text
        case .stack(let items) where items.indices.contains(field.item):
            if case .text(let text, _, _) = items[field.item].kind { return text }
        default:
            break
        }
        throw .notEditable("\(field.row)#\(field.item)")
    }

    /// The field named `name` inside a stacked row, or the row's own text for a text row.
    public func field(named name: String, inRow id: ID) -> FieldRef<ID>? {
        guard let i = source.index(of: id) else { return nil }
        if case .stack(let items) = source.row(at: i).content, let k = items.firstIndex(where: { $0.name == name }) {
            return FieldRef(row: id, item: k)
        }
        return nil
    }

    func isEditable(_ field: FieldRef<ID>) -> Bool {
        guard let i = source.index(of: field.row) else { return false }
        switch source.row(at: i).content {
        case .text(_, let editable): return editable && field.item == 0
        case .stack(let items):
            guard items.indices.contains(field.item), case .text(_, let editable, _) = items[field.item].kind else { return false }
            return editable
        case .fixed: return false
        }
    }

    /// Replaces a field's text and re-measures its row (with scroll anchoring if the row is
    /// above the first visible one). Works for labels and messages too.
    ///
    /// - Complexity: O(log n + the row's text).
    public mutating func setText(_ text: String, of field: FieldRef<ID>) throws(ScrollError) {
        let i = try requireIndex(field.row)
        var row = source.row(at: i)
        switch row.content {
        case .text(_, let editable) where field.item == 0:
            row.content = .text(text, editable: editable)
        case .stack(var items) where items.indices.contains(field.item):
            guard case .text(_, let editable, let maxLines) = items[field.item].kind else { throw .notEditable("\(field.row)#\(field.item)") }
            items[field.item].kind = .text(text, editable: editable, maxLines: maxLines)
            row.content = .stack(items)
        default:
            throw .notEditable("\(field.row)#\(field.item)")
        }
        source.replace(at: i, with: row)
        let wasAtBottom = isAtBottom
        try remeasure(row: i)
        try rowsDidChange(wasAtBottom: wasAtBottom, grewLastRow: i == rowCount - 1)
        if let focus, focus.field == field {
            // Keep the caret valid in the new text.
            let n = text.utf8.count
            let layout = try fieldLayout(field)
            let c = try snap(Swift.min(focus.caret.offset, n), in: layout)
            let a = try snap(Swift.min(focus.anchor, n), in: layout)
            self.focus = Focus(field: field, caret: TextPosition(offset: c, affinity: focus.caret.affinity), anchor: a, goalX: nil)
        }
    }

    mutating func fieldLayout(_ field: FieldRef<ID>) throws(ScrollError) -> TextLayout {
        let i = try requireIndex(field.row)
        if cache(ofRow: i) == nil { try remeasure(row: i) }
        guard let layout = cache(ofRow: i)?.measurement.item(at: field.item)?.layout else {
            throw .notEditable("\(field.row)#\(field.item)")
        }
        return layout
    }

    private func snap(_ offset: Int, in layout: TextLayout) throws(ScrollError) -> Int {
        do { return try layout.graphemeBoundary(atOrAfter: offset) } catch { throw .layout(error.description) }
    }

    // MARK: Focus

    /// Focuses an editable field with the caret at `caret` (a UTF-8 offset on a grapheme
    /// boundary), and reveals the caret.
    ///
    /// - Throws: `.unknownRow`, `.notEditable`, or `.invalidCaret` for an offset outside the
    ///   text or inside a grapheme cluster.
    public mutating func focus(_ field: FieldRef<ID>, caret: Int = 0) throws(ScrollError) {
        _ = try requireIndex(field.row)
        guard isEditable(field) else { throw .notEditable("\(field.row)#\(field.item)") }
        let layout = try fieldLayout(field)
        try check(caret, in: layout)
        focus = Focus(field: field, caret: TextPosition(offset: caret), anchor: caret, goalX: nil)
        try revealCaret()
    }

    /// Removes the focus (the caret is no longer kept visible).
    public mutating func blur() { focus = nil }

    private func check(_ offset: Int, in layout: TextLayout) throws(ScrollError) {
        do { try layout.validate(offset) } catch {
            throw .invalidCaret(offset: offset, length: layout.utf8Count, reason: error.description)
        }
    }

    func requireFocus() throws(ScrollError) -> Focus<ID> {
        guard let focus else { throw .noFocus }
        return focus
    }

    // MARK: Editing

    /// Types `text` at the caret, replacing the selection (a paste is the same).
    ///
    /// The caret ends after the inserted text; if the insertion joined a following
    /// cluster (a combining mark typed before a mark), it moves to that cluster's end.
    public mutating func type(_ text: String) throws(ScrollError) {
        let focus = try requireFocus()
        try replace(focus.selection, with: text)
    }

    /// Inserts a line feed at the caret.
    public mutating func newline() throws(ScrollError) { try type("\n") }

    /// Deletes the selection, or `count` grapheme clusters before the caret.
    public mutating func deleteBackward(_ count: Int = 1) throws(ScrollError) {
        let focus = try requireFocus()
        if !focus.selection.isEmpty { return try replace(focus.selection, with: "") }
        let layout = try fieldLayout(focus.field)
        var start = focus.caret.offset
        do { for _ in 0..<Swift.max(0, count) where start > 0 { start = try layout.offset(before: start) } } catch { throw .layout(error.description) }
        try replace(start..<focus.caret.offset, with: "")
    }

    /// Deletes the selection, or `count` grapheme clusters after the caret.
    public mutating func deleteForward(_ count: Int = 1) throws(ScrollError) {
        let focus = try requireFocus()
        if !focus.selection.isEmpty { return try replace(focus.selection, with: "") }
        let layout = try fieldLayout(focus.field)
        var end = focus.caret.offset
        do { for _ in 0..<Swift.max(0, count) where end < layout.utf8Count { end = try layout.offset(after: end) } } catch { throw .layout(error.description) }
        try replace(focus.caret.offset..<end, with: "")
    }

    private mutating func replace(_ range: Range<Int>, with inserted: String) throws(ScrollError) {
        let focus = try requireFocus()
        let old = try text(of: focus.field)
        let utf8 = old.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let to = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        let new = String(old[..<from]) + inserted + String(old[to...])
        try setText(new, of: focus.field)
        let layout = try fieldLayout(focus.field)
        let caret = try snap(range.lowerBound + inserted.utf8.count, in: layout)
        self.focus = Focus(field: focus.field, caret: TextPosition(offset: caret), anchor: caret, goalX: nil)
        try revealCaret()
    }

    // MARK: Caret moves

    /// Moves the caret (collapsing any selection) and reveals it.
    public mutating func move(_ movement: CaretMove) throws(ScrollError) {
        var focus = try requireFocus()
        let layout = try fieldLayout(focus.field)
        let selection = focus.selection
        var goalX: Double? = nil
        var position = focus.caret
        do {
            switch movement {
            case .left:
                position = selection.isEmpty ? TextPosition(offset: try layout.offset(before: position.offset)) : TextPosition(offset: selection.lowerBound)
            case .right:
                position = selection.isEmpty ? TextPosition(offset: try layout.offset(after: position.offset)) : TextPosition(offset: selection.upperBound)
            case .up, .down:
                let moved = try layout.position(movingVerticallyFrom: position, by: movement == .up ? -1 : 1, goalX: focus.goalX)
                position = moved.position
                goalX = moved.goalX
            case .lineStart:
                position = try layout.lineStart(for: position)
            case .lineEnd:
                position = try layout.lineEnd(for: position)
            case .documentStart:
                position = TextPosition(offset: 0)
            case .documentEnd:
                position = TextPosition(offset: layout.utf8Count)
            }
        } catch {
            throw .layout(error.description)
        }
        focus.caret = position
        focus.anchor = position.offset
        focus.goalX = goalX
        self.focus = focus
        try revealCaret()
    }

    /// Puts the caret at `offset` (a grapheme boundary) and reveals it.
    public mutating func setCaret(_ offset: Int, affinity: TextAffinity = .downstream) throws(ScrollError) {
        var focus = try requireFocus()
        try check(offset, in: try fieldLayout(focus.field))
        focus.caret = TextPosition(offset: offset, affinity: affinity)
        focus.anchor = offset
        focus.goalX = nil
        self.focus = focus
        try revealCaret()
    }

    /// Selects `anchor..<caret` (either order); the caret is the moving end and is revealed.
    public mutating func select(anchor: Int, caret: Int) throws(ScrollError) {
        var focus = try requireFocus()
        let layout = try fieldLayout(focus.field)
        try check(anchor, in: layout)
        try check(caret, in: layout)
        focus.caret = TextPosition(offset: caret)
        focus.anchor = anchor
        focus.goalX = nil
        self.focus = focus
        try revealCaret()
    }

    // MARK: Caret geometry

    /// Where the caret is, in content coordinates, or nil when nothing is focused.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caret: CaretInfo<ID>? {
        guard let focus, let i = source.index(of: focus.field.row), let cache = cache(ofRow: i),
              let item = cache.measurement.item(at: focus.field.item), let layout = item.layout,
              let local = try? layout.caretRect(for: focus.caret),
              let line = try? layout.lineIndex(for: focus.caret) else { return nil }
        let style = source.row(at: i).style
        let inner = cache.innerOffsets[item.index] ?? 0
        let rowY = heights.offset(ofRow: i)
        let rect = Rect(x: style.padding.left + local.minX, y: rowY + style.padding.top + item.y + local.minY - inner,
                        width: 0, height: local.height)
        return CaretInfo(field: focus.field, position: focus.caret, rect: rect, line: line)
    }

    /// Applies the caret rule: first inside a field that scrolls past its line limit, then
    /// for the table — scroll as little as needed so the caret grown by the margin lies in
    /// the visible band (the margin never reaches past the content), then clamp.
    mutating func revealCaret() throws(ScrollError) {
        guard let focus, let i = source.index(of: focus.field.row) else { return }
        if cache(ofRow: i) == nil { try remeasure(row: i) }
        let id = focus.field.row
        guard var rowCache = caches[id], let item = rowCache.measurement.item(at: focus.field.item), let layout = item.layout,
              let local = try? layout.caretRect(for: focus.caret) else { return }
        let margin = configuration.caretMargin
        if item.maxInnerOffset > 0 {
            let inner = rowCache.innerOffsets[item.index] ?? 0
            let revealed = CaretVisibility.offset(revealing: local.minY...local.maxY, margin: margin, offset: inner,
                                                  bandTop: 0, bandHeight: item.height, bounds: 0...layout.height)
            rowCache.innerOffsets[item.index] = Swift.min(Swift.max(0, revealed), item.maxInnerOffset)
        } else {
            rowCache.innerOffsets[item.index] = nil
        }
        caches[id] = rowCache
        guard let rect = caret?.rect else { return }
        let target = CaretVisibility.offset(revealing: rect.minY...rect.maxY, margin: margin, offset: viewport.offset,
                                            bandTop: viewport.topInset, bandHeight: viewport.bandHeight,
                                            bounds: 0...Swift.max(contentHeight, rect.maxY))
        viewport.offset = clampedOffset(target)
        try settle(anchor: id)
    }

    /// The inner scroll offset of a field past its line limit (0 when it does not scroll).
    public func innerOffset(of field: FieldRef<ID>) -> Double {
        return caches[field.row]?.innerOffsets[field.item] ?? 0
    }
}
