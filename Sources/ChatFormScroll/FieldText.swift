import ChatFormText

/// The laid-out text of one row item: a `TextLayout`, or for the focused field a
/// `TextDocument` that edits in place (an edit relays out only the paragraphs it touches).
/// Both answer the same questions; renderers and the caret code use this type.
public enum FieldText: Sendable {
    case layout(TextLayout)
    case document(TextDocument)

    /// Lines × line height.
    public var height: Double {
        switch self { case .layout(let l): l.height; case .document(let d): d.height }
    }
    /// The number of visual lines.
    public var lineCount: Int {
        switch self { case .layout(let l): l.lineCount; case .document(let d): d.lineCount }
    }
    /// The text's UTF-8 length.
    public var utf8Count: Int {
        switch self { case .layout(let l): l.utf8Count; case .document(let d): d.utf8Count }
    }
    /// Visual line `index` (absolute UTF-8 offsets).
    ///
    /// - Complexity: O(1) for a layout, O(log n) for a document.
    public func line(at index: Int) -> LineFragment {
        switch self { case .layout(let l): l.lines[index]; case .document(let d): d.line(at: index) }
    }
    /// The text of visual line `index`, without its mandatory break.
    public func lineText(_ index: Int) -> String {
        switch self {
        case .layout(let l): return String(l.lineText(index))
        case .document(let d):
            let line = d.line(at: index)
            return (try? d.substring(line.start..<line.contentEnd)) ?? ""
        }
    }
    /// The whole text (O(n) for a document).
    public var text: String {
        switch self { case .layout(let l): l.text; case .document(let d): d.text }
    }

    public func validate(_ offset: Int) throws(TextLayoutError) {
        switch self { case .layout(let l): try l.validate(offset); case .document(let d): try d.validate(offset) }
    }
    public func caretRect(for p: TextPosition) throws(TextLayoutError) -> Rect {
        switch self { case .layout(let l): try l.caretRect(for: p); case .document(let d): try d.caretRect(for: p) }
    }
    public func lineIndex(for p: TextPosition) throws(TextLayoutError) -> Int {
        switch self { case .layout(let l): try l.lineIndex(for: p); case .document(let d): try d.lineIndex(for: p) }
    }
    public func position(at point: Point) -> TextPosition {
        switch self { case .layout(let l): l.position(at: point); case .document(let d): d.position(at: point) }
    }
    public func position(movingVerticallyFrom p: TextPosition, by lines: Int, goalX: Double?) throws(TextLayoutError) -> (position: TextPosition, goalX: Double) {
        switch self {
        case .layout(let l): try l.position(movingVerticallyFrom: p, by: lines, goalX: goalX)
        case .document(let d): try d.position(movingVerticallyFrom: p, by: lines, goalX: goalX)
        }
    }
    public func lineStart(for p: TextPosition) throws(TextLayoutError) -> TextPosition {
        switch self { case .layout(let l): try l.lineStart(for: p); case .document(let d): try d.lineStart(for: p) }
    }
    public func lineEnd(for p: TextPosition) throws(TextLayoutError) -> TextPosition {
        switch self { case .layout(let l): try l.lineEnd(for: p); case .document(let d): try d.lineEnd(for: p) }
    }
    public func offset(after o: Int) throws(TextLayoutError) -> Int {
        switch self { case .layout(let l): try l.offset(after: o); case .document(let d): try d.offset(after: o) }
    }
    public func offset(before o: Int) throws(TextLayoutError) -> Int {
        switch self { case .layout(let l): try l.offset(before: o); case .document(let d): try d.offset(before: o) }
    }
    public func graphemeBoundary(atOrAfter o: Int) throws(TextLayoutError) -> Int {
        switch self { case .layout(let l): try l.graphemeBoundary(atOrAfter: o); case .document(let d): try d.graphemeBoundary(atOrAfter: o) }
    }
}
