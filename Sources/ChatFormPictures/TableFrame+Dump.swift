import ChatFormGeometry
import ChatFormScroll
import ChatFormText

extension TableFrame {
    /// The frame as readable text, one fact a line: the figures, then each row on screen
    /// with its lines (text between `|` marks, at its x and y), the caret and the verdict.
    /// Made for snapshot tests and failure messages: two frames that differ in anything
    /// drawn differ here.
    ///
    /// ```text
    /// time 0.3 offset 12 content 40 viewport 36×24
    /// insets top 0 bottom 13 (safe area 0/0, keyboard 10, extra 3) band 12…23
    /// row "form" #0 y 0 height 30
    ///   item 1 field y 2 height 3
    ///     line 0 y 2 x 2 width 3 |Kim|
    /// caret "form"[1] @3 x 5 y 2…3 band 1…4
    /// caret rule: kept
    /// ```
    ///
    /// - Complexity: O(the text on screen).
    public var dump: String {
        let n = SVG.number
        var out = "time \(n(time)) offset \(n(offset)) content \(n(contentHeight)) viewport \(n(size.width))×\(n(size.height))\n"
        out += "insets top \(n(topInset)) bottom \(n(bottomInset)) (safe area \(n(safeArea.top))/\(n(safeArea.bottom)), keyboard \(n(keyboard)), extra \(n(extraBottomInset))) band \(n(visibleBand.lowerBound))…\(n(visibleBand.upperBound))\n"
        for row in rows {
            out += "row \"\(row.id)\" #\(row.index) y \(n(row.y)) height \(n(row.height))\(row.measured ? "" : " estimated")\n"
            for item in row.items {
                out += "  item \(item.index)\(item.editable ? " field" : "") y \(n(item.y)) height \(n(item.height))"
                out += item.innerOffset != 0 ? " scrolled \(n(item.innerOffset))\n" : "\n"
                for line in item.lines {
                    out += "    line \(line.index) y \(n(line.y)) x \(n(line.x)) width \(n(line.width)) |\(Self.visible(line.text))|\n"
                }
            }
        }
        for rect in selection { out += "selection x \(n(rect.minX))…\(n(rect.maxX)) y \(n(rect.minY))…\(n(rect.maxY))\n" }
        for rect in marked { out += "marked x \(n(rect.minX))…\(n(rect.maxX)) y \(n(rect.minY))…\(n(rect.maxY))\n" }
        if let caret {
            out += "caret \"\(caret.row)\"[\(caret.item)] @\(caret.offset) x \(n(caret.rect.minX)) y \(n(caret.rect.minY))…\(n(caret.rect.maxY)) band \(n(caret.band.lowerBound))…\(n(caret.band.upperBound))\n"
        } else {
            out += "no caret\n"
        }
        switch verdict {
        case nil: out += "caret rule: not checked\n"
        case .noCaret?: out += "caret rule: nothing focused\n"
        case .kept?: out += "caret rule: kept\n"
        case .broken(let why)?: out += "caret rule: BROKEN: \(why)\n"
        }
        return out
    }

    /// `text` with tabs and control characters shown as escapes, so a dump stays one line
    /// a fact.
    static func visible(_ text: String) -> String { visibleEscapes.escaped(text) }

    private static let visibleEscapes = ScalarEscapes(["\t": "\\t", "|": "\\|", "\\": "\\\\"]) { scalar in
        scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
    }
}
