import ChatFormGeometry
import ChatFormText
import ChatFormScroll

/// What the pictures read of a laid-out text: its lines and where each grapheme starts.
protocol DrawnLines {
    var lineCount: Int { get }
    func line(at index: Int) -> LineFragment
    func string(ofLine index: Int) -> String
    func caretRect(for position: TextPosition) throws(TextLayoutError) -> Rect
    func offset(after offset: Int) throws(TextLayoutError) -> Int
}

extension TextLayout: DrawnLines {
    func line(at index: Int) -> LineFragment { lines[index] }
    func string(ofLine index: Int) -> String { String(lineText(index)) }
}

extension FieldText: DrawnLines {
    func string(ofLine index: Int) -> String { lineText(index) }
}

/// One grapheme cluster of a drawn line: its text and where the layout put it.
public struct DrawnCluster: Sendable, Hashable {
    /// The cluster's text.
    public var text: String
    /// Its UTF-8 offset in the laid-out text.
    public var offset: Int
    /// Its left edge, from the line's start (the caret's x before it).
    public var x: Double
    /// Its advance (to the next cluster's x, or the line's end).
    public var width: Double
}

extension DrawnLines {
    /// The clusters of line `index`, without its mandatory break, each at the x the
    /// layout's caret geometry gives (logical order).
    ///
    /// - Complexity: O(the line's length).
    func clusters(ofLine index: Int) -> [DrawnCluster] {
        let line = line(at: index)
        let text = string(ofLine: index)
        var result: [DrawnCluster] = []
        var utf8 = text.utf8.startIndex
        var offset = line.start
        guard offset < line.contentEnd,
              var x = try? caretRect(for: TextPosition(offset: offset, affinity: .downstream)).minX else { return [] }
        while offset < line.contentEnd {
            guard let next = try? self.offset(after: offset), next > offset else { break }
            let end = Swift.min(next, line.contentEnd)
            let nextX = end < line.contentEnd
                ? (try? caretRect(for: TextPosition(offset: end, affinity: .downstream)).minX) ?? x
                : (try? caretRect(for: TextPosition(offset: end, affinity: .upstream)).minX) ?? x
            let stop = text.utf8.index(utf8, offsetBy: end - offset, limitedBy: text.utf8.endIndex) ?? text.utf8.endIndex
            result.append(DrawnCluster(text: String(text[utf8..<stop]), offset: offset, x: x, width: Swift.max(0, nextX - x)))
            utf8 = stop
            offset = end
            x = nextX
        }
        return result
    }
}
