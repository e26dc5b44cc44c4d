import ChatFormGeometry
import ChatFormText

/// A picture of a clamped text (`-webkit-line-clamp`, `text-overflow: ellipsis`): the lines
/// shown, the last one's graphemes kept and the ellipsis where the clamp put it.
extension LayoutPicture {
    /// A picture of `clamped`: its lines shown (the hidden rest is not drawn), the graphemes
    /// kept on the last line and the ellipsis, in the `ellipsis` class (blue), at
    /// `ClampedLayout.Ellipsis.x`. A right-to-left paragraph's lines end at the right of
    /// the width, each drawn as right-to-left SVG text (its graphemes at their cells in a
    /// `.cells` drawing).
    ///
    /// ```swift
    /// let collapsed = try prepared.layout(width: 240, lineClamp: 2)
    /// let svg = LayoutPicture(clamped: collapsed, drawing: .font(family: "Noto Sans", size: 16)).svg
    /// ```
    public init(clamped: ClampedLayout, drawing: Drawing, caret: TextPosition? = nil, title: String? = nil) {
        self.init(clamped.layout, drawing: drawing, caret: caret, title: title)
        self.clamp = clamped
    }

    /// The ellipsis's style (blue), in pictures that draw one.
    static let ellipsisStyle = "<style>.ellipsis { fill: #1a73e8; }</style>\n"

    /// The lines drawn: the clamp's lines shown, or all.
    var shownLineCount: Int { clamp?.lineCount ?? layout.lineCount }
    /// The height drawn.
    var shownHeight: Double { clamp?.height ?? layout.height }
    /// The widest line drawn (the bubble's width): with a clamp, its lines shown, the last
    /// one to its ellipsis's end.
    var shownWidest: Double {
        guard let clamp else { return layout.usedWidth }
        var widest = clamp.lines.dropLast(clamp.isTruncated ? 1 : 0).map(\.width).max() ?? 0
        if clamp.isTruncated, let e = clamp.ellipsis {
            widest = Swift.max(widest, clamp.isRightToLeft ? (layout.width.isFinite ? layout.width - e.x : e.width) : e.x + e.width)
        }
        return widest
    }

    /// Line `index` of a clamped text: a right-to-left paragraph's line, or the last line
    /// shown of a truncated text (its graphemes kept, then the ellipsis at its own x).
    func drawClamped(_ clamp: ClampedLayout, line index: Int, top: Double, height: Double, into svg: inout SVG, scaleX sx: Double) {
        let line = layout.lines[index]
        let clusters = clamp.drawnClusters(ofLine: index)
        let text = clusters.filter { !$0.isEllipsis }
        let left = text.first?.x ?? clamp.ellipsis?.x ?? 0
        let right = text.last.map { $0.x + $0.width } ?? left
        svg.element("rect", ["class": "linebox", "data-line": index, "x": left * sx, "y": top,
                             "width": Swift.max((right - left) * sx, 0.5), "height": height])
        switch drawing {
        case .cells(let cell):
            svg.raw(Self.cellText(clusters, line: index, start: line.start, end: line.contentEnd, width: line.width, top: top,
                                  cell: cell, scaleX: sx))
        case .font(let family, let size):
            let baseline = top + (layout.baseline(ofLine: index) ?? height * 0.8)
            // The graphemes kept are one stretch of the text for the browser to shape (two
            // logical pieces when a mixed line is cut inside it), anchored at their start side.
            let shown = text.sorted { $0.offset < $1.offset }.map(\.text).joined()
            let rtl = clamp.isRightToLeft
            var attributes = SVG.attributes(["class": "line", "data-line": index, "data-start": line.start, "data-end": line.contentEnd,
                                             "x": (rtl ? right : left) * sx, "y": baseline, "font-family": family, "font-size": size])
            if rtl { attributes += " direction=\"rtl\"" }
            svg.raw("<text\(attributes) xml:space=\"preserve\">\(SVG.escape(shown))</text>\n")
            if let e = clamp.ellipsis, e.lineIndex == index {
                svg.element("text", ["class": "ellipsis", "x": e.x * sx, "y": baseline, "font-family": family, "font-size": size],
                            text: e.text)
            }
        }
    }
}
