import ChatFormText

extension LayoutPicture {
    /// How one stretch of a styled text is drawn: its font, or the box of an attachment.
    ///
    /// ```swift
    /// let runs: [LayoutPicture.Run] = [
    ///     .init(range: 0..<10, kind: .text(family: "'Noto Sans'", size: 16, weight: 400, italic: false)),
    ///     .init(range: 10..<13, kind: .box(width: 20, height: 20, baselineOffset: -4)),
    /// ]
    /// ```
    public struct Run: Sendable, Hashable {
        /// What is drawn.
        public enum Kind: Sendable, Hashable {
            /// Text in a CSS font family list, size in pixels, weight (100–900) and style.
            case text(family: String, size: Double, weight: Int, italic: Bool)
            /// An attachment's box (its U+FFFC in the text), its bottom `baselineOffset` above
            /// the baseline (CSS `vertical-align: <length>`).
            case box(width: Double, height: Double, baselineOffset: Double)
        }

        /// The stretch's UTF-8 range in the laid-out text.
        public var range: Range<Int>
        /// How it is drawn.
        public var kind: Kind
        /// Space before its first cluster (a pill's or an attachment's start edge), in pixels.
        public var startEdge: Double

        public init(range: Range<Int>, kind: Kind, startEdge: Double = 0) {
            self.range = range
            self.kind = kind
            self.startEdge = startEdge
        }
    }

    /// Line `index` drawn stretch by stretch: each run's clusters on the line as one
    /// `<text>` at the x of its first cluster, each attachment as a rectangle.
    ///
    /// - Complexity: O(the line's length + log runs).
    func styledLine(_ index: Int, top: Double, baseline: Double, fallback: (family: String, size: Double)) -> String {
        let line = layout.lines[index]
        var out = "<g\(SVG.attributes(["class": "line", "data-line": index, "data-start": line.start, "data-end": line.contentEnd, "data-width": line.width]))>"
        let clusters = layout.clusters(ofLine: index)
        var k = 0
        while k < clusters.count {
            let r = runIndex(containing: clusters[k].offset)
            let run = r.map { runs[$0] }
            var end = k + 1
            while end < clusters.count, clusters[end].text != "\t", runIndex(containing: clusters[end].offset) == r { end += 1 }
            let edge = run.map { clusters[k].offset == $0.range.lowerBound ? $0.startEdge : 0 } ?? 0
            let x = clusters[k].x + edge
            switch run?.kind {
            case .box(let width, let height, let raise)?:
                for c in k..<end {
                    let left = clusters[c].x + (clusters[c].offset == run!.range.lowerBound ? run!.startEdge : 0)
                    out += "<rect\(SVG.attributes(["class": "attachment", "data-offset": clusters[c].offset, "x": left, "y": top + baseline - raise - height, "width": width, "height": height]))/>"
                }
            case .text(let family, let size, let weight, let italic)?:
                out += "<text\(SVG.attributes(["x": x, "y": top + baseline, "font-family": family, "font-size": size, "font-weight": weight, "font-style": italic ? "italic" : "normal", "xml:space": "preserve"]))>"
                out += clusters[k..<end].map { SVG.escape($0.text) }.joined() + "</text>"
            case nil:
                out += "<text\(SVG.attributes(["x": x, "y": top + baseline, "font-family": fallback.family, "font-size": fallback.size, "xml:space": "preserve"]))>"
                out += clusters[k..<end].map { SVG.escape($0.text) }.joined() + "</text>"
            }
            k = end
        }
        return out + "</g>\n"
    }

    /// What a styled picture adds to the shared style sheet: attachment boxes.
    static let styledStyle = "<style>.attachment { fill: #fbbc04; fill-opacity: 0.5; stroke: #e37400; stroke-width: 0.5; }</style>\n"

    /// The index of the run holding UTF-8 `offset`, if any.
    func runIndex(containing offset: Int) -> Int? {
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].range.upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < runs.count && runs[lo].range.contains(offset) ? lo : nil
    }
}
