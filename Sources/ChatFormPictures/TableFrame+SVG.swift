import ChatFormGeometry
import ChatFormScroll

extension TableFrame {
    /// The frame as one SVG document: the viewport with the rows on screen and their text,
    /// the safe area, the keyboard and the extra bottom inset, the visible band, the caret
    /// with its margin band (green where the caret rule holds, red where it is broken, grey
    /// where it does not apply), the selection and the marked text; beside it the figures.
    ///
    /// - Parameters:
    ///   - drawing: how the table's units become pixels (terminal cells by default; for a
    ///     table measured with real fonts, `.font`, its pixels as they are).
    ///   - caption: a line written above the picture (the event that led to the frame).
    ///   - id: a name unique in the page the picture goes into (its clip path is named after it).
    /// - Complexity: O(the text on screen).
    public func svg(drawing: LayoutPicture.Drawing = .terminalCells, caption: String? = nil, id: String = "frame") -> String {
        let (sx, sy, fontFamily, fontSize): (Double, Double, String, Double)
        switch drawing {
        case .font(let family, let size): (sx, sy, fontFamily, fontSize) = (1, 1, family, size)
        case .cells(let cell):
            (sx, sy, fontFamily, fontSize) = (cell.width, cell.height / Swift.max(lineHeight, 1e-9), "'DejaVu Sans Mono', monospace", cell.height * 0.75)
        }
        let margin = 12.0, captionHeight = caption == nil ? 0.0 : 20.0, panelWidth = 250.0
        let viewWidth = size.width * sx, viewHeight = size.height * sy
        let width = viewWidth + panelWidth + 3 * margin
        let height = Swift.max(viewHeight, 230) + 2 * margin + captionHeight
        let state = verdict.map { $0.holds ? "kept" : "broken" } ?? "not-checked"
        var svg = SVG()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": width, "height": height,
                         "viewBox": "0 0 \(SVG.number(width)) \(SVG.number(height))", "class": "frame \(state)",
                         "data-offset": offset, "data-time": time])
        svg.raw(Self.style)
        if rows.contains(where: { $0.items.contains { $0.lines.contains { $0.clusters.contains(where: \.isEllipsis) } } }) {
            svg.raw(LayoutPicture.ellipsisStyle)
        }
        svg.element("rect", ["class": "background", "x": 0.0, "y": 0.0, "width": width, "height": height])
        if let caption {
            svg.element("text", ["class": "caption", "x": margin, "y": margin + 8], text: caption)
        }
        let top = margin + captionHeight
        // The viewport: content moved up by the offset, clipped to the window.
        svg.open("g", ["class": "viewport", "transform": "translate(\(SVG.number(margin)),\(SVG.number(top)))"])
        svg.raw("<clipPath id=\"window-\(SVG.escape(id))\"><rect x=\"0\" y=\"0\" width=\"\(SVG.number(viewWidth))\" height=\"\(SVG.number(viewHeight))\"/></clipPath>\n")
        svg.element("rect", ["class": "window", "x": 0.0, "y": 0.0, "width": viewWidth, "height": viewHeight])
        svg.open("g", ["clip-path": "url(#window-\(id))"])
        svg.open("g", ["class": "content", "transform": "translate(0,\(SVG.number(-offset * sy)))"])
        drawContent(into: &svg, sx: sx, sy: sy, fontFamily: fontFamily, fontSize: fontSize)
        svg.close("g")
        drawInsets(into: &svg, sx: sx, sy: sy, viewWidth: viewWidth, viewHeight: viewHeight)
        svg.close("g")
        svg.element("rect", ["class": "window-edge", "x": 0.0, "y": 0.0, "width": viewWidth, "height": viewHeight])
        // The scroll position: where the window sits along the content.
        let total = Swift.max(contentHeight + topInset + bottomInset, size.height)
        let thumb = Swift.max(4, viewHeight * size.height / total)
        let thumbTop = (viewHeight - thumb) * Swift.min(1, Swift.max(0, (offset + topInset) / Swift.max(1e-9, total - size.height)))
        svg.element("rect", ["class": "scrollbar", "x": viewWidth - 3, "y": thumbTop, "width": 2.0, "height": thumb])
        svg.close("g")
        drawPanel(into: &svg, x: margin * 2 + viewWidth, y: top)
        svg.close("svg")
        return svg.markup
    }

    private func drawContent(into svg: inout SVG, sx: Double, sy: Double, fontFamily: String, fontSize: Double) {
        for row in rows {
            svg.element("rect", ["class": row.measured ? "row" : "row estimated", "data-row": row.id,
                                 "x": 0.0, "y": row.y * sy, "width": size.width * sx, "height": row.height * sy])
            for item in row.items where item.editable {
                svg.element("rect", ["class": "field", "x": 0.5, "y": item.y * sy, "width": size.width * sx - 1, "height": item.height * sy])
            }
        }
        for rect in selection {
            svg.element("rect", ["class": "selection", "x": rect.minX * sx, "y": rect.minY * sy,
                                 "width": Swift.max(rect.width * sx, 1), "height": rect.height * sy])
        }
        for row in rows {
            for item in row.items {
                for line in item.lines {
                    var text = "<text class=\"text\"\(SVG.attributes(["data-row": row.id, "data-item": item.index, "data-line": line.index, "data-start": line.start, "data-end": line.end, "y": (line.y + line.height * 0.78) * sy, "font-family": fontFamily, "font-size": fontSize]))>"
                    for cluster in line.clusters where !cluster.text.allSatisfy({ $0.isWhitespace }) {
                        let attributes = cluster.isEllipsis
                            ? SVG.attributes(["class": "ellipsis", "x": (line.x + cluster.x) * sx, "data-offset": cluster.offset])
                            : SVG.attributes(["x": (line.x + cluster.x) * sx, "data-offset": cluster.offset])
                        text += "<tspan\(attributes)>\(SVG.escape(cluster.text))</tspan>"
                    }
                    svg.raw(text + "</text>\n")
                }
            }
        }
        for rect in marked {
            svg.element("line", ["class": "marked", "x1": rect.minX * sx, "y1": rect.maxY * sy - 1,
                                 "x2": rect.maxX * sx, "y2": rect.maxY * sy - 1])
        }
        if let caret {
            let state = verdict.map { $0.holds ? "kept" : "broken" } ?? "not-checked"
            svg.element("rect", ["class": "caret-band \(state)", "x": 0.0, "y": caret.band.lowerBound * sy,
                                 "width": size.width * sx, "height": (caret.band.upperBound - caret.band.lowerBound) * sy])
            svg.element("rect", ["class": "caret \(state)", "data-offset": caret.offset, "x": caret.rect.minX * sx - 1,
                                 "y": caret.rect.minY * sy, "width": 2.0, "height": caret.rect.height * sy])
        }
    }

    private func drawInsets(into svg: inout SVG, sx: Double, sy: Double, viewWidth: Double, viewHeight: Double) {
        if safeArea.top > 0 {
            svg.element("rect", ["class": "safe-area", "x": 0.0, "y": 0.0, "width": viewWidth, "height": safeArea.top * sy])
        }
        if safeArea.bottom > 0 {
            svg.element("rect", ["class": "safe-area", "x": 0.0, "y": viewHeight - safeArea.bottom * sy, "width": viewWidth, "height": safeArea.bottom * sy])
        }
        if keyboard > 0 {
            svg.element("rect", ["class": "keyboard", "x": 0.0, "y": viewHeight - keyboard * sy, "width": viewWidth, "height": keyboard * sy])
            svg.element("text", ["class": "keyboard-label", "x": 6.0, "y": viewHeight - keyboard * sy + 14], text: "keyboard \(SVG.number(keyboard))")
        }
        if extraBottomInset > 0 {
            let bottom = viewHeight - Swift.max(safeArea.bottom, keyboard) * sy
            svg.element("rect", ["class": "extra-inset", "x": 0.0, "y": bottom - extraBottomInset * sy, "width": viewWidth, "height": extraBottomInset * sy])
        }
        // The visible band's edges.
        for y in [topInset * sy, viewHeight - bottomInset * sy] {
            svg.element("line", ["class": "band-edge", "x1": 0.0, "y1": y, "x2": viewWidth, "y2": y])
        }
    }

    private func drawPanel(into svg: inout SVG, x: Double, y: Double) {
        var lines = [
            "time \(SVG.number(time)) s",
            "offset \(SVG.number(offset))",
            "content height \(SVG.number(contentHeight))",
            "viewport \(SVG.number(size.width)) × \(SVG.number(size.height))",
            "insets top \(SVG.number(topInset)), bottom \(SVG.number(bottomInset))",
            "keyboard \(SVG.number(keyboard)), extra inset \(SVG.number(extraBottomInset))",
            "band \(SVG.number(visibleBand.lowerBound))…\(SVG.number(visibleBand.upperBound))",
        ]
        if let caret {
            lines.append("caret \(caret.row)[\(caret.item)] @\(caret.offset)")
            lines.append("  y \(SVG.number(caret.rect.minY))…\(SVG.number(caret.rect.maxY)), x \(SVG.number(caret.rect.minX))")
            lines.append("  with margin \(SVG.number(caret.band.lowerBound))…\(SVG.number(caret.band.upperBound))")
        } else {
            lines.append("no caret")
        }
        switch verdict {
        case nil: lines.append("caret rule: not checked here")
        case .noCaret?: lines.append("caret rule: nothing focused")
        case .kept?: lines.append("caret rule: kept")
        case .broken(let why)?: lines.append("caret rule: BROKEN"); lines.append(contentsOf: Self.wrap(why, width: 38).map { "  " + $0 })
        }
        for (k, line) in lines.enumerated() {
            let broken = line.hasPrefix("caret rule: BROKEN") || (k > 0 && lines[k - 1].hasPrefix("caret rule: BROKEN"))
            svg.element("text", ["class": broken ? "panel bad" : "panel", "x": x, "y": y + 12 + Double(k) * 15], text: line)
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width { lines.append(current); current = "" }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static let style = """
    <style>
    .background { fill: #ffffff; }
    .caption { font: 12px 'DejaVu Sans', sans-serif; fill: #222; }
    .window { fill: #fafafa; }
    .window-edge { fill: none; stroke: #444; stroke-width: 1; }
    .row { fill: none; stroke: #d0d7de; stroke-width: 0.5; }
    .row.estimated { stroke: #bbb; stroke-dasharray: 3 3; fill: #f3f3f3; }
    .field { fill: #ffffff; stroke: #8ab4f8; stroke-width: 1; }
    .text { fill: #111; white-space: pre; }
    .selection { fill: #c6dafc; }
    .marked { stroke: #111; stroke-width: 1.5; }
    .caret-band { fill: #1e8e3e; fill-opacity: 0.10; }
    .caret-band.broken { fill: #d93025; fill-opacity: 0.22; }
    .caret-band.not-checked { fill: #888; fill-opacity: 0.10; }
    .caret { fill: #1e8e3e; }
    .caret.broken { fill: #d93025; }
    .caret.not-checked { fill: #555; }
    .safe-area { fill: #999; fill-opacity: 0.35; }
    .keyboard { fill: #3c4043; fill-opacity: 0.80; }
    .keyboard-label { font: 11px 'DejaVu Sans', sans-serif; fill: #fff; }
    .extra-inset { fill: #f9ab00; fill-opacity: 0.35; }
    .band-edge { stroke: #1a73e8; stroke-dasharray: 5 3; stroke-width: 1; }
    .scrollbar { fill: #666; }
    .panel { font: 11px 'DejaVu Sans Mono', monospace; fill: #333; white-space: pre; }
    .panel.bad { fill: #d93025; font-weight: bold; }
    </style>

    """
}
