import ChatFormText

/// A deliberately naive model of SPEC §2's wrapping, written from the rules and sharing no
/// code with the engine: clusters and break opportunities come from ICU with no fast path,
/// and every width is recomputed from the line's start.
enum ReferenceWrap {
    struct Cluster {
        var start: Int
        var end: Int
        var text: String
        var isTab: Bool { text == "\t" }
        var isBreak: Bool { ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"].contains(text) }
        var isHanging: Bool {
            guard text.unicodeScalars.count == 1, let s = text.unicodeScalars.first else { return false }
            return [0x20, 0x09, 0x3000, 0x1680, 0x205F].contains(s.value)
                || (0x2000...0x2006).contains(s.value) || (0x2008...0x200A).contains(s.value)
        }
    }

    static func lines(_ text: String, width: Double, keepAll: Bool, tabWidth: Int = 8) throws -> [[Int]] {
        let bytes = Array(text.utf8)
        let bounds = try ICUReference.graphemeBoundaries(in: text)
        var clusters: [Cluster] = []
        for k in 0..<(bounds.count - 1) {
            let s = String(decoding: bytes[bounds[k]..<bounds[k + 1]], as: UTF8.self)
            clusters.append(Cluster(start: bounds[k], end: bounds[k + 1], text: s))
        }
        let boundarySet = Set(bounds)
        var opportunities: [Int: Bool] = [:]
        for b in try ICUReference.lineBreaks(in: text) where boundarySet.contains(b.offset) {
            if keepAll && !b.hard && b.offset < bytes.count, let k = clusters.firstIndex(where: { $0.end == b.offset }) {
                let before = clusters[k].text.unicodeScalars.first!
                let after = clusters[k + 1].text.unicodeScalars.first!
                if ICUReference.isKeepAllLetter(before) && ICUReference.isKeepAllLetter(after) { continue }
            }
            opportunities[b.offset] = b.hard
        }
        // Segments: runs of clusters between accepted opportunities.
        var segments: [[Cluster]] = []
        var current: [Cluster] = []
        for c in clusters {
            current.append(c)
            if opportunities[c.end] != nil { segments.append(current); current = [] }
        }
        if !current.isEmpty { segments.append(current) }

        func advance(_ c: Cluster, at x: Double) -> Double {
            if c.isTab { return (Double(Int(x) / tabWidth) + 1) * Double(tabWidth) - x }
            if c.isBreak { return 0 }
            return Double(CellWidth.of(Character(c.text)))
        }
        /// Width of a line made of `cs`: up to the end of its last content cluster.
        func contentWidth(_ cs: [Cluster]) -> Double {
            var x = 0.0
            var content = 0.0
            for c in cs {
                x += advance(c, at: x)
                if !c.isHanging && !c.isBreak { content = x }
            }
            return content
        }
        func hasContent(_ cs: [Cluster]) -> Bool { cs.contains { !$0.isHanging && !$0.isBreak } }

        var result: [[Int]] = []
        var line: [Cluster] = []
        var lineStart = 0
        func push(_ end: Int) { result.append([lineStart, end]); lineStart = end; line = [] }

        for seg in segments {
            if !line.isEmpty && hasContent(seg) && contentWidth(line + seg) > width { push(seg[0].start) }
            if line.isEmpty && hasContent(seg) && contentWidth(seg) > width {
                for c in seg {
                    if !line.isEmpty && !c.isHanging && !c.isBreak && contentWidth(line + [c]) > width { push(c.start) }
                    line.append(c)
                }
            } else {
                line += seg
            }
            if let last = seg.last, last.isBreak { push(last.end) }
        }
        if lineStart < bytes.count || result.isEmpty || (clusters.last?.isBreak ?? false) { result.append([lineStart, bytes.count]) }
        return result
    }
}
