import ChatFormGeometry

/// A picture of a message laid out in blocks (a Markdown message: paragraphs, quotes, lists,
/// code blocks) as SVG: each block's box, each line's box where the engine put it, and the
/// line's text in it.
///
/// The boxes are the engine's figures, exact; the text is drawn in one font at 78% of each
/// line box's height, a sketch to read the picture by (a block picture does not know each
/// span's font).
///
/// ```swift
/// let picture = BlockPicture(width: 280, height: 40,
///                            blocks: [.init("p", rect: Rect(x: 0, y: 0, width: 280, height: 40))],
///                            lines: [.init("Deploy done", rect: Rect(x: 0, y: 0, width: 120, height: 20))])
/// let svg = picture.svg
/// ```
public struct BlockPicture: Sendable, Hashable {
    /// A labelled box, from the message's top-left corner: a block element's border box
    /// labelled with its HTML tag (`p`, `blockquote`, `li`, `pre`…), or a line's box (from
    /// its content's left edge, its width the line's) labelled with its text (without its
    /// mandatory break).
    public struct Box: Sendable, Hashable {
        /// The tag of a block, the text of a line.
        public var label: String
        /// The box.
        public var rect: Rect

        public init(_ label: String, rect: Rect) {
            self.label = label
            self.rect = rect
        }
    }

    /// The width the message was laid out at.
    public var width: Double
    /// The message's height.
    public var height: Double
    /// The blocks, outermost first, each labelled with its tag.
    public var blocks: [Box]
    /// The lines, each labelled with its text.
    public var lines: [Box]
    /// The CSS font family list the text is sketched in.
    public var family: String

    public init(width: Double, height: Double, blocks: [Box], lines: [Box], family: String = "sans-serif") {
        self.width = width
        self.height = height
        self.blocks = blocks
        self.lines = lines
        self.family = family
    }

    /// The picture as one SVG document.
    ///
    /// - Complexity: O(blocks + the lines' text).
    public var svg: String {
        let m = LayoutPicture.margin
        let widest = lines.reduce(0) { Swift.max($0, $1.rect.maxX) }
        let w = Swift.max(width, widest) + 2 * m, h = height + 2 * m + 16
        var svg = SVG()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": w, "height": h,
                         "viewBox": "0 0 \(SVG.number(w)) \(SVG.number(h))",
                         "data-lines": lines.count, "data-height": height, "data-width": widest, "data-available": width])
        svg.raw(LayoutPicture.style)
        svg.raw("<style>.block { fill: none; stroke: #bbb; stroke-dasharray: 2 2; stroke-width: 0.5; }</style>\n")
        svg.element("rect", ["class": "background", "x": 0.0, "y": 0.0, "width": w, "height": h])
        svg.open("g", ["class": "layout", "transform": "translate(\(SVG.number(m)),\(SVG.number(m)))"])
        for block in blocks {
            svg.element("rect", ["class": "block", "data-tag": block.label, "x": block.rect.minX, "y": block.rect.minY,
                                 "width": block.rect.width, "height": block.rect.height])
        }
        for (k, line) in lines.enumerated() {
            svg.element("rect", ["class": "linebox", "data-line": k, "x": line.rect.minX, "y": line.rect.minY,
                                 "width": Swift.max(line.rect.width, 0.5), "height": line.rect.height])
            svg.element("text", ["class": "line", "x": line.rect.minX, "y": line.rect.minY + line.rect.height * 0.78,
                                 "font-family": family, "font-size": line.rect.height * 0.7, "xml:space": "preserve"], text: line.label)
        }
        svg.element("line", ["class": "available", "x1": width, "y1": -4.0, "x2": width, "y2": height + 4])
        svg.element("line", ["class": "bubble", "x1": widest, "y1": -4.0, "x2": widest, "y2": height + 4])
        svg.element("text", ["class": "figure", "x": 0.0, "y": height + 14],
                    text: "\(lines.count) line\(lines.count == 1 ? "" : "s"), height \(SVG.number(height)), widest line \(SVG.number(widest))")
        svg.close("g")
        svg.close("svg")
        return svg.markup
    }
}
