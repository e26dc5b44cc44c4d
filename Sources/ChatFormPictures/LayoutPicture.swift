import ChatFormGeometry
import ChatFormText

/// A picture of one laid-out text as SVG: each line's box, the line's text where the layout
/// put it, the available width, the widest line (a bubble's width) and optionally a caret.
///
/// ```swift
/// let fonts = try FontStack(family: "Noto Sans", size: 16)
/// let layout = try TextLayout(text: "키보드가 올라와도 커서는 보여요", width: 120, metrics: fonts)
/// let svg = LayoutPicture(layout, drawing: .font(family: "Noto Sans", size: 16)).svg
/// ```
///
/// With real fonts each line is one SVG `<text>` at the line's start and baseline, so a
/// browser with the same fonts shapes the same glyphs and they land where the engine
/// measured them (`Tests/ChatFormPicturesTests` checks this in Chromium). In terminal cells
/// each grapheme is drawn in its own cell. Every line carries `data-start`, `data-end` and
/// `data-width`; the picture's `data-*` attributes on the root give the layout's figures.
public struct LayoutPicture: Sendable {
    /// How the layout's units become pixels, and what draws its text.
    public enum Drawing: Sendable, Hashable {
        /// A layout made with real fonts: its pixels as they are, text in the CSS font
        /// family list `family` at `size` pixels (the fonts the layout was made with).
        case font(family: String, size: Double)
        /// A layout in terminal cells (or another fixed advance): one cell is `cell` pixels,
        /// each grapheme drawn at its cell in a monospace face.
        case cells(Size)

        /// Terminal cells of 9 × 18 pixels.
        public static let terminalCells = Drawing.cells(Size(width: 9, height: 18))
    }

    /// The layout drawn.
    public var layout: TextLayout
    /// How it is drawn.
    public var drawing: Drawing
    /// A caret to draw (nil: none).
    public var caret: TextPosition?
    /// A title written above the picture (nil: none).
    public var title: String?
    /// How each stretch of a styled text is drawn (its font, or an attachment's box), in
    /// order; empty: the whole text in `drawing`'s font. Used with `.font` drawings only.
    public var runs: [Run]
    /// The clamp drawn (nil: the whole layout): its lines shown, the last one's graphemes
    /// kept and the ellipsis (see `init(clamped:drawing:title:)`).
    public var clamp: ClampedLayout?

    /// A picture of `layout` drawn as `drawing`, with an optional caret; `runs` style a
    /// styled text's stretches (see ``Run``).
    public init(_ layout: TextLayout, drawing: Drawing, caret: TextPosition? = nil, title: String? = nil, runs: [Run] = []) {
        self.layout = layout
        self.drawing = drawing
        self.caret = caret
        self.title = title
        self.runs = runs
        self.clamp = nil
    }

    /// The margin around the drawing, in pixels.
    static let margin = 12.0

    /// The picture as one SVG document.
    ///
    /// - Complexity: O(the text's length).
    public var svg: String {
        let (sx, sy) = scale
        let widest = shownWidest
        let available = layout.width.isFinite ? layout.width : widest
        let layoutHeight = shownHeight, lineCount = shownLineCount
        let titleHeight = title == nil ? 0 : 20.0
        let width = Swift.max(available, widest) * sx + 2 * Self.margin
        let height = layoutHeight * sy + 2 * Self.margin + titleHeight + 16
        var svg = SVG()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": width, "height": height,
                         "viewBox": "0 0 \(SVG.number(width)) \(SVG.number(height))",
                         "data-lines": lineCount, "data-height": layoutHeight, "data-width": widest,
                         "data-available": layout.width.isFinite ? SVG.number(layout.width) : "infinity"])
        svg.raw(Self.style)
        if !runs.isEmpty { svg.raw(Self.styledStyle) }
        if clamp?.ellipsis != nil { svg.raw(Self.ellipsisStyle) }
        svg.element("rect", ["class": "background", "x": 0.0, "y": 0.0, "width": width, "height": height])
        if let title {
            svg.element("text", ["class": "title", "x": Self.margin, "y": Self.margin + 10], text: title)
        }
        svg.open("g", ["class": "layout", "transform": "translate(\(SVG.number(Self.margin)),\(SVG.number(Self.margin + titleHeight)))"])
        draw(into: &svg, scaleX: sx, scaleY: sy)
        // The available width and the widest line (what a bubble hugging the text is).
        if layout.width.isFinite {
            svg.element("line", ["class": "available", "x1": available * sx, "y1": -4.0, "x2": available * sx, "y2": layoutHeight * sy + 4])
        }
        svg.element("line", ["class": "bubble", "x1": widest * sx, "y1": -4.0, "x2": widest * sx, "y2": layoutHeight * sy + 4])
        svg.element("text", ["class": "figure", "x": 0.0, "y": layoutHeight * sy + 14],
                    text: "\(lineCount) line\(lineCount == 1 ? "" : "s"), height \(SVG.number(layoutHeight)), widest line \(SVG.number(widest))"
                        + (clamp?.isTruncated == true ? ", clamped" : ""))
        svg.close("g")
        svg.close("svg")
        return svg.markup
    }

    /// Pixels per layout unit, across and down.
    var scale: (Double, Double) {
        switch drawing {
        case .font: (1, 1)
        case .cells(let cell): (cell.width, cell.height / Swift.max(layout.lineHeight, 1e-9))
        }
    }

    /// The lines, their boxes and the caret, in layout units scaled to pixels.
    func draw(into svg: inout SVG, scaleX sx: Double, scaleY sy: Double) {
        for index in 0..<shownLineCount {
            let line = layout.lines[index]
            let top = layout.lineTop(index) * sy
            let height = layout.heightOfLine(index) * sy
            if let clamp, clamp.isRightToLeft || (clamp.isTruncated && index == clamp.lineCount - 1) {
                drawClamped(clamp, line: index, top: top, height: height, into: &svg, scaleX: sx)
                continue
            }
            // A right-to-left paragraph's line is placed from the right, as the layout places it.
            let extent = layout.rightToLeftExtent(ofLine: index)
            svg.element("rect", ["class": "linebox", "data-line": index, "x": (extent?.left ?? 0) * sx, "y": top,
                                 "width": Swift.max(line.width * sx, 0.5), "height": height])
            switch drawing {
            case .font(let family, let size) where !runs.isEmpty:
                let baseline = layout.baseline(ofLine: index) ?? height * 0.8
                svg.raw(styledLine(index, top: top, baseline: baseline, fallback: (family, size)))
            case .font(let family, let size):
                let baseline = layout.baseline(ofLine: index) ?? height * 0.8
                var text = "<text class=\"line\"\(SVG.attributes(["data-line": index, "data-start": line.start, "data-end": line.contentEnd, "data-width": line.width, "x": extent?.right ?? 0, "y": top + baseline, "font-family": family, "font-size": size, "xml:space": "preserve"]))"
                // Right to left: the text's start (its right end) at the content's right edge.
                text += extent == nil ? ">" : " direction=\"rtl\">"
                text += Self.segments(layout.clusters(ofLine: index), rightToLeft: extent != nil)
                svg.raw(text + "</text>\n")
            case .cells(let cell):
                svg.raw(Self.cellText(layout.shownClusters(ofLine: index), line: index, start: line.start, end: line.contentEnd,
                                      width: line.width, top: top, cell: cell, scaleX: sx))
            }
        }
        if let caret, let rect = try? layout.caretRect(for: caret) {
            svg.element("rect", ["class": "caret", "data-offset": caret.offset, "x": rect.minX * sx - 0.75, "y": rect.minY * sy,
                                 "width": 1.5, "height": rect.height * sy])
        }
    }

    /// A line's text for one SVG `<text>`: the browser shapes it as a run, as the engine did,
    /// except at a tab, which advances to its stop in the engine and is a space in SVG text:
    /// the tab and the text after it each start a `<tspan>` at the engine's x.
    /// (In a right-to-left line the browser places the tspans itself: a tab is a space.)
    static func segments(_ clusters: [DrawnCluster], rightToLeft: Bool = false) -> String {
        if rightToLeft { return SVG.escape(clusters.map(\.text).joined()) }
        var out = ""
        var anchorNext = false
        var open = false
        for (k, cluster) in clusters.enumerated() {
            let special = cluster.text == "\t"
            if k > 0 && (special || anchorNext) {
                if open { out += "</tspan>" }
                out += "<tspan\(SVG.attributes(["x": cluster.x]))>"
                open = true
            }
            out += SVG.escape(cluster.text)
            anchorNext = special
        }
        if open { out += "</tspan>" }
        return out
    }

    /// One line in terminal cells: each grapheme in a `<tspan>` at its cell's x (white
    /// space is left out; it draws nothing).
    static func cellText(_ clusters: [DrawnCluster], line: Int, start: Int, end: Int, width: Double, top: Double,
                         cell: Size, scaleX sx: Double) -> String {
        var text = "<text class=\"cells\"\(SVG.attributes(["data-line": line, "data-start": start, "data-end": end, "data-width": width, "y": top + cell.height * 0.78, "font-size": cell.height * 0.75]))>"
        for cluster in clusters where !cluster.text.allSatisfy({ $0.isWhitespace }) {
            let attributes = cluster.isEllipsis
                ? SVG.attributes(["class": "ellipsis", "x": cluster.x * sx, "data-offset": cluster.offset])
                : SVG.attributes(["x": cluster.x * sx, "data-offset": cluster.offset])
            text += "<tspan\(attributes)>\(SVG.escape(cluster.text))</tspan>"
        }
        return text + "</text>\n"
    }

    /// The pictures' shared style sheet.
    static let style = """
    <style>
    .background { fill: #ffffff; }
    .title, .figure { font: 11px 'DejaVu Sans', sans-serif; fill: #555; }
    .linebox { fill: #e8f0fe; stroke: #aac4f0; stroke-width: 0.5; }
    .line { fill: #111; white-space: pre; }
    .cells { fill: #111; font-family: 'DejaVu Sans Mono', monospace; }
    .available { stroke: #999; stroke-dasharray: 4 3; }
    .bubble { stroke: #1a73e8; stroke-width: 1.5; }
    .caret { fill: #d93025; }
    </style>

    """
}

extension LayoutPicture {
    /// The layout as readable text, one line of the layout a line: its offsets, top,
    /// height, width, and its text between `|` marks; then the widest line. Made for
    /// snapshot tests and failure messages.
    ///
    /// ```text
    /// lines 2 height 2 widest 9
    /// 0 [0, 10) y 0 height 1 width 9 |the caret |
    /// 1 [10, 18) y 1 height 1 width 8 |is shown|
    /// ```
    ///
    /// - Complexity: O(the text's length).
    public var dump: String {
        let n = SVG.number
        var out = "lines \(shownLineCount) height \(n(shownHeight)) widest \(n(shownWidest))\n"
        for index in 0..<shownLineCount {
            let line = layout.lines[index]
            out += "\(index) [\(line.start), \(line.end)) y \(n(layout.lineTop(index))) height \(n(layout.heightOfLine(index))) width \(n(line.width))"
            if let baseline = layout.baseline(ofLine: index) { out += " baseline \(n(baseline))" }
            out += line.isHard ? " hard" : ""
            out += " |\(TableFrame.visible(layout.text(ofLine: index)))|\n"
        }
        if let clamp, let e = clamp.ellipsis {
            out += "clamped: shown \(clamp.visibleRanges.map { "[\($0.lowerBound), \($0.upperBound))" }.joined(separator: " ")), "
                + "ellipsis \(TableFrame.visible(e.text)) x \(n(e.x)) width \(n(e.width)) on line \(e.lineIndex)"
                + (clamp.isRightToLeft ? " (right to left)" : "") + "\n"
        }
        if let caret, let rect = try? layout.caretRect(for: caret) {
            out += "caret @\(caret.offset) x \(n(rect.minX)) y \(n(rect.minY))…\(n(rect.maxY))\n"
        }
        return out
    }
}
