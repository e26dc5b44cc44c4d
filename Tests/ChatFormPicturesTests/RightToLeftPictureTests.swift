@testable import ChatFormPictures
import ChatFormFont
import ChatFormGeometry
import ChatFormScroll
import ChatFormText
import Foundation
import Testing

/// Right-to-left paragraphs in the drawings: each line placed from the right, as the layout
/// places it (its carets), in cells, with real fonts and in a table's frame.
@Suite("Right-to-left pictures")
struct RightToLeftPictureTests {
    /// Hebrew words, one line each at 6 cells: every line starts at the right.
    static let hebrew = "שלום עולם טוב מאוד"

    /// The value of `name` in each SVG element of `tag` with class `className`, in order.
    static func attribute(_ name: String, of tag: String, _ className: String, in svg: String) -> [Double] {
        svg.components(separatedBy: "<\(tag) ").dropFirst().filter { $0.contains("class=\"\(className)\"") }.compactMap { element in
            guard let r = element.range(of: " \(name)=\"") else { return nil }
            return Double(element[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// Where the layout draws the right end of line `index`: the caret at its start (the
    /// start side of a right-to-left line, all one run here).
    static func rightEdge(_ layout: TextLayout, _ index: Int) throws -> Double {
        try layout.caretRect(for: TextPosition(offset: layout.lines[index].start)).minX
    }

    @Test("In cells: each line's box and each grapheme where the layout's carets put them")
    func cellLinesStartAtTheRight() throws {
        let layout = try TextLayout(text: Self.hebrew, width: 6, options: TextLayoutOptions(direction: .rtl))
        #expect(layout.lineCount == 4)
        let svg = LayoutPicture(layout, drawing: .cells(Size(width: 10, height: 20))).svg
        let boxes = Self.attribute("x", of: "rect", "linebox", in: svg)
        #expect(boxes.count == layout.lineCount)
        for index in 0..<layout.lineCount {
            let line = layout.lines[index]
            let right = try Self.rightEdge(layout, index)
            #expect(right == 6, "line \(index) starts at the right of the width")
            #expect(boxes[index] == (right - line.width) * 10, "line \(index)'s box")
        }
        // Every letter at the caret after it (a right-to-left letter's left edge), in cells.
        let bytes = Array(Self.hebrew.utf8)
        let tspans = svg.components(separatedBy: "<tspan ").dropFirst()
        #expect(tspans.count == 15)
        for element in tspans {
            func value(_ name: String) -> String? {
                (" " + element).components(separatedBy: " \(name)=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            }
            let offset = try #require(value("data-offset").flatMap { Int($0) })
            let x = try #require(value("x").flatMap { Double($0) })
            let end = try layout.offset(after: offset)
            let letter = String(decoding: bytes[offset..<end], as: UTF8.self)
            #expect(element.contains(">\(letter)</tspan>"))
            #expect(x == (try layout.caretRect(for: TextPosition(offset: end, affinity: .upstream))).minX * 10, "@\(offset)")
        }
    }

    @Test("With fonts: each line's text anchored at its right edge, right to left",
          .enabled(if: (try? FontStack(family: "DejaVu Sans", size: 16)) != nil, "DejaVu Sans is not installed"))
    func fontLinesStartAtTheRight() throws {
        let fonts = try FontStack(family: "DejaVu Sans", size: 16)
        let text = "שלום עולם טוב מאוד, שלום עולם"
        let layout = try ShapedText(text: text, shaper: fonts, options: TextLayoutOptions(direction: .rtl)).layout(width: 120)
        #expect(layout.lineCount > 1)
        let svg = LayoutPicture(layout, drawing: .font(family: "DejaVu Sans", size: 16)).svg
        let xs = Self.attribute("x", of: "text", "line", in: svg)
        let boxes = Self.attribute("x", of: "rect", "linebox", in: svg)
        #expect(xs.count == layout.lineCount && boxes.count == layout.lineCount)
        #expect(svg.components(separatedBy: "direction=\"rtl\"").count - 1 == layout.lineCount)
        for index in 0..<layout.lineCount {
            let right = try Self.rightEdge(layout, index)
            #expect(right > 120 - 1 && right <= 120, "line \(index) ends at the right of the width")
            #expect(abs(xs[index] - right) < 1e-6, "line \(index): text at \(xs[index]), layout at \(right)")
            #expect(abs(boxes[index] - (right - layout.lines[index].width)) < 1e-6, "line \(index)'s box")
        }
    }

    @Test("A table's frame draws a right-to-left row's graphemes where its carets are")
    func tableFramesPlaceRightToLeftRows() throws {
        let style = RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 0, right: 0), direction: .rtl)
        let table = try TableSession(rows: [.text("f", Self.hebrew, editable: false, style: style)],
                                     viewport: Viewport(size: Size(width: 10, height: 10)))
        let frame = TableFrame(table)
        let lines = try #require(frame.rows.first?.items.first?.lines)
        #expect(lines.count == 3)
        for line in lines {
            #expect(line.text == String(decoding: Array(Self.hebrew.utf8)[line.start..<line.end], as: UTF8.self))
            for cluster in line.clusters where cluster.text != " " {
                let end = cluster.offset + cluster.text.utf8.count
                let caret = try table.rows.caretRect(for: TextPosition(offset: end, affinity: .upstream), in: FieldRef(row: "f"))
                #expect(line.x + cluster.x == caret.minX, "\(cluster.text) @\(cluster.offset)")
            }
        }
        #expect(frame.svg().contains("data-offset=\"0\""))
    }
}
