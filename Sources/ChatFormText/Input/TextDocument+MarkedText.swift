import ChatFormGeometry

/// Text an input method is composing (Korean, Japanese, Chinese): real text in the
/// document, laid out in place like any other, plus its range and the input method's
/// selection inside it.
public struct MarkedText: Sendable, Hashable {
    /// The marked text's UTF-8 range in the document (grapheme boundaries, never empty).
    public var range: Range<Int>
    /// The selection the input method asked for, in document offsets inside `range`
    /// (usually empty: the caret at the end of the marked text).
    public var selectedRange: Range<Int>
}

/// Marked text with the semantics of UIKit's `UITextInput`: `setMarkedText(_:selectedRange:)`
/// replaces the marked text, or the selection when nothing is marked, and keeps it marked;
/// `unmarkText()` commits it. The marked text is real text in the document, so it wraps,
/// grows lines and moves the caret like typed text, at every key of a composition.
///
/// ```swift
/// var document = try TextDocument(text: "Hello ", width: 20)
/// try document.setMarkedText("ㅎ", replacing: 6..<6)    // marked: 6..<9
/// try document.setMarkedText("하", replacing: 6..<6)    // the marked text is replaced
/// document.unmarkText()                                 // committed: "Hello 하"
/// ```
///
/// An edit made with `replaceSubrange(_:with:)` outside the marked text moves it with the
/// text around it; an edit that touches it commits it (the marking ends, the text stays).
extension TextDocument {
    /// Replaces the marked text, or `selection` when nothing is marked, with `text`, and
    /// marks it. Empty `text` removes the marked text and ends the marking.
    ///
    /// - Parameters:
    ///   - text: the new marked text (empty: remove it).
    ///   - selectedRange: the input method's selection inside `text`, in UTF-8 offsets from
    ///     its start (`0...text.utf8.count`); nil puts the caret at its end. Bounds inside a
    ///     grapheme cluster move to the cluster's end.
    ///   - selection: the document range replaced when nothing is marked (the caret or the
    ///     selection of the editor).
    /// - Returns: the edit, as `replaceSubrange(_:with:)` reports it; `markedText` holds the
    ///   new marked range and selection. When the marked text joins a cluster before or
    ///   after it (a combining mark), the marked range grows to that cluster's bounds.
    /// - Throws: `.offsetOutOfRange` for a `selectedRange` outside `text` (its length as
    ///   `length`) or a `selection` outside the document; `.notOnGraphemeBoundary` for a
    ///   `selection` bound inside a cluster. A throwing call changes nothing.
    /// - Complexity: as `replaceSubrange(_:with:)`.
    @discardableResult
    public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>? = nil,
                                       replacing selection: Range<Int>) throws(TextLayoutError) -> EditResult {
        let count = text.utf8.count
        let inner = selectedRange ?? count..<count
        guard inner.lowerBound >= 0 else { throw .offsetOutOfRange(offset: inner.lowerBound, length: count) }
        guard inner.upperBound <= count else { throw .offsetOutOfRange(offset: inner.upperBound, length: count) }
        let previous = markedText
        let target = previous?.range ?? selection
        markedText = nil
        let edit: EditResult
        do {
            edit = try replaceSubrange(target, with: text)
        } catch {
            markedText = previous
            throw error
        }
        guard count > 0 else { return edit }
        // The marked range on grapheme boundaries (it only grows if the text joined a
        // neighbouring cluster).
        var start = target.lowerBound
        if (try? validate(start)) == nil {
            start = try offset(before: try graphemeBoundary(atOrAfter: start))
        }
        let end = try graphemeBoundary(atOrAfter: target.lowerBound + count)
        func snapped(_ o: Int) throws(TextLayoutError) -> Int {
            Swift.min(Swift.max(start, try graphemeBoundary(atOrAfter: target.lowerBound + o)), end)
        }
        let lower = try snapped(inner.lowerBound)
        markedText = MarkedText(range: start..<end, selectedRange: lower..<Swift.max(lower, try snapped(inner.upperBound)))
        return edit
    }

    /// Commits the marked text: it stays in the document, no longer marked.
    ///
    /// - Returns: what was marked, or nil when nothing was.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func unmarkText() -> MarkedText? {
        defer { markedText = nil }
        return markedText
    }

    /// The marked text's rectangles, one per visual line it covers, in the document's
    /// coordinates (x from the line's left edge, y from the top of the first line): what a
    /// renderer underlines. Empty when nothing is marked.
    ///
    /// - Complexity: O(k × (log n + n / 256 + line length)) for k lines covered.
    public func markedTextRects() -> [Rect] {
        guard let range = markedText?.range,
              let first = try? lineIndex(for: TextPosition(offset: range.lowerBound, affinity: .downstream)),
              let last = try? lineIndex(for: TextPosition(offset: range.upperBound, affinity: .upstream)) else { return [] }
        var rects: [Rect] = []
        for k in first...Swift.max(first, last) {
            let line = line(at: k)
            let from = Swift.max(line.start, range.lowerBound)
            let to = Swift.min(line.contentEnd, range.upperBound)
            guard from <= to,
                  let a = try? caretRect(for: TextPosition(offset: from, affinity: .downstream)),
                  let b = try? caretRect(for: TextPosition(offset: to, affinity: .upstream)) else { continue }
            rects.append(Rect(x: a.minX, y: a.minY, width: Swift.max(0, b.minX - a.minX), height: a.height))
        }
        return rects
    }

    /// Keeps the marked range on the same text after `replaceSubrange` replaced `range`
    /// with `insertedCount` bytes: an edit before it shifts it, one after it leaves it, and
    /// one that touches it (or joins a cluster across its edge) commits it.
    mutating func adjustMarkedText(afterReplacing range: Range<Int>, insertedCount: Int) {
        guard var marked = markedText else { return }
        if range.upperBound <= marked.range.lowerBound {
            let delta = insertedCount - range.count
            marked.range = (marked.range.lowerBound + delta)..<(marked.range.upperBound + delta)
            marked.selectedRange = (marked.selectedRange.lowerBound + delta)..<(marked.selectedRange.upperBound + delta)
        } else if range.lowerBound < marked.range.upperBound {
            markedText = nil
            return
        }
        markedText = (try? validate(marked.range.lowerBound)) != nil && (try? validate(marked.range.upperBound)) != nil
            ? marked : nil
    }
}
