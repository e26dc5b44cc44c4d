import ChatFormText
import ChatFormGeometry

/// The `layout` target. Input: a width byte pair, a metrics byte, an options byte, then
/// the text's bytes (any bytes: invalid UTF-8 must be reported, not laid out).
enum TextLayoutProperty {
    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        let width = Self.width(input.byte(), input.byte())
        let metricsChoice = input.byte()
        let optionBits = input.byte()
        let bytes = input.rest()
        guard let text = try validated(bytes) else { return }
        let options = TextLayoutOptions(keepAll: optionBits & 1 != 0)
        switch metricsChoice % 4 {
        case 3:
            try check(text, width: width, metrics: ErraticMetrics(choice: metricsChoice >> 2), options: options,
                      threads: optionBits & 2 != 0)
        case 0:
            try check(text, width: width, metrics: TerminalCellMetrics(tabWidth: Int(metricsChoice >> 3) - 2,
                                                                       ambiguousWidth: Int(metricsChoice >> 2 & 1) + 1),
                      options: options, threads: optionBits & 2 != 0)
        case 1:
            let advances = [0.5, 0.7, 1, 1.25, 3, 1e-3, 7.5, 0.1, 1e308, Double.leastNonzeroMagnitude, 1e-300, 1e300, 2.5e307, 1.0 / 3]
            try check(text, width: width, metrics: FixedAdvanceMetrics(advance: advances[Int(metricsChoice >> 2) % advances.count],
                                                                       lineHeight: 1),
                      options: options, threads: optionBits & 2 != 0)
        default:
            let cellWidths = [0.6, 0.95, 1.3, 1.65, 1e300, 1e-300, Double.leastNonzeroMagnitude, 1e308]
            try check(text, width: width, metrics: TerminalCellMetrics(tabWidth: metricsChoice >> 5 == 7 ? Int.max : Int(metricsChoice >> 5) + 1,
                                                                       cellWidth: cellWidths[Int(metricsChoice >> 2 & 7)]),
                      options: options, threads: optionBits & 2 != 0)
        }
    }

    /// A width from two bytes: whole cells, fractions (down to 1/128, below any cluster),
    /// fractional widths up to 64, wide and extreme ones, no wrapping, and the invalid ones.
    static func width(_ a: UInt8, _ b: UInt8) -> Double {
        switch a {
        case 0xFF: return 0
        case 0xFE: return -1
        case 0xFD: return .nan
        case 0xFC: return -.infinity
        default: break
        }
        switch a % 4 {
        case 0: return Double(Int(a / 4) % 64 + 1)
        case 1: return (Double(b) + 1) / 128
        case 2: return Double(a / 4) + Double(b) / 256 + 1.0 / 512
        default:
            switch a / 4 % 8 {
            case 0: return .infinity
            case 1: return 1e308
            case 2: return .leastNonzeroMagnitude
            case 3: return .greatestFiniteMagnitude
            default: return Double(b) * 37.5 + 0.5
            }
        }
    }

    /// The text, or nil when `bytes` are not UTF-8 — then the error must name the first
    /// bad byte as the standard library's decoder finds it.
    static func validated(_ bytes: [UInt8]) throws(PropertyFailure) -> String? {
        let valid = String(validating: bytes, as: UTF8.self)
        let text: String
        do {
            text = try UTF8Validation.string(from: bytes)
        } catch {
            guard case .invalidUTF8(let offset) = error else { throw PropertyFailure("untyped UTF-8 error \(error)") }
            try require(valid == nil, "rejected valid UTF-8 at \(offset)")
            try require(offset >= 0 && offset < bytes.count, "bad offset \(offset) of \(bytes.count)")
            try require(String(validating: bytes[0..<offset], as: UTF8.self) != nil, "bytes before offset \(offset) are not valid")
            var iterator = bytes[offset...].makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            if case .valid = parser.parseScalar(from: &iterator) {
                throw PropertyFailure("a valid scalar starts at the reported offset \(offset)")
            }
            return nil
        }
        try require(valid != nil, "accepted invalid UTF-8 \(bytes)")
        try require(Array(text.utf8) == bytes, "the text's bytes differ from the input")
        return text
    }

    static func check(_ text: String, width: Double, metrics: some TextMetrics, options: TextLayoutOptions,
                      threads: Bool) throws(PropertyFailure) {
        let layout: TextLayout
        do {
            layout = try TextLayout(text: text, width: width, metrics: metrics, options: options)
        } catch {
            guard case .invalidWidth = error else { throw PropertyFailure("layout failed: \(error)") }
            try require(width.isNaN || width <= 0, "width \(width) refused")
            return
        }
        try require(!width.isNaN && width > 0, "width \(width) accepted")
        try checkLines(layout.lines, text: text, width: width)
        let reference: [LineFragment]
        do { reference = try ICUReference.wrap(text, width: width, metrics: metrics, options: options) } catch {
            throw PropertyFailure("reference wrap failed: \(error)")
        }
        try require(reference == layout.lines, "lines differ from the ICU-only wrap:\n\(layout.lines)\n\(reference)")
        // Caret geometry is finite at every cluster boundary, and a point inside it maps back near it.
        let boundaries = (try? ICUReference.graphemeBoundaries(in: text)) ?? []
        for offset in boundaries.prefix(300) {
            let rect: Rect
            do { rect = try layout.caretRect(for: TextPosition(offset: offset)) } catch {
                throw PropertyFailure("caret rect at boundary \(offset) failed: \(error)")
            }
            try require(rect.minX.isFinite && rect.minY.isFinite && rect.height > 0 && rect.minX >= 0,
                        "caret rect \(rect) at \(offset)")
            let found = layout.position(at: Point(x: rect.minX, y: rect.minY + rect.height / 2))
            try require(found.offset >= 0 && found.offset <= text.utf8.count, "position \(found) outside the text")
        }
        if threads {
            do {
                let parallel = try TextLayout(text: text, width: width, metrics: metrics, options: options, threads: 3)
                try require(parallel.lines == layout.lines, "parallel lines differ:\n\(parallel.lines)\n\(layout.lines)")
            } catch let error as PropertyFailure {
                throw error
            } catch {
                throw PropertyFailure("parallel layout failed: \(error)")
            }
        }
    }

    /// Lines partition the text, end only at mandatory breaks or on grapheme boundaries,
    /// hold no mandatory break inside, and each fits or holds a single cluster.
    static func checkLines(_ lines: [LineFragment], text: String, width: Double) throws(PropertyFailure) {
        let bytes = Array(text.utf8)
        let boundaries: Set<Int>
        do { boundaries = Set(try ICUReference.graphemeBoundaries(in: text)) } catch {
            throw PropertyFailure("grapheme boundaries failed: \(error)")
        }
        try require(!lines.isEmpty, "no lines")
        try require(lines[0].start == 0, "the first line starts at \(lines[0].start)")
        try require(lines.last!.end == bytes.count, "the last line ends at \(lines.last!.end) of \(bytes.count)")
        let endsInBreak = TextScalars.endsWithMandatoryBreak(bytes)
        for (k, line) in lines.enumerated() {
            if k > 0 { try require(line.start == lines[k - 1].end, "line \(k) starts at \(line.start), not \(lines[k - 1].end)") }
            try require(line.start <= line.contentEnd && line.contentEnd <= line.end, "line \(k) is malformed: \(line)")
            try require(boundaries.contains(line.start) || line.start == bytes.count, "line \(k) starts inside a cluster: \(line)")
            let isLast = k == lines.count - 1
            if !isLast || !(bytes.isEmpty || endsInBreak) {
                try require(line.end > line.start, "line \(k) is empty: \(line)")
            } else {
                try require(line.start == line.end, "the line after a final break is not empty: \(line)")
            }
            let content = Array(bytes[line.start..<line.contentEnd])
            try require(!TextScalars.scalars(content).contains(where: TextScalars.isMandatoryBreak),
                        "line \(k) holds a mandatory break: \(line)")
            if line.isHard {
                let terminator = TextScalars.scalars(Array(bytes[line.contentEnd..<line.end]))
                try require(terminator == [0x0D, 0x0A] || (terminator.count == 1 && TextScalars.isMandatoryBreak(terminator[0])),
                            "line \(k) ends in \(terminator), not one mandatory break")
            } else if !isLast {
                try require(boundaries.contains(line.end), "line \(k) ends inside a cluster: \(line)")
            }
            try require(line.width >= 0 && !line.width.isNaN, "line \(k) has width \(line.width)")
            if line.width > width * (1 + 1e-12) + 1e-12 {
                let clusters = TextScalars.clustersWithoutHangingSpace(content, from: line.start, boundaries: boundaries)
                try require(clusters <= 1, "line \(k) is \(line.width) wide at width \(width) with \(clusters) clusters: \(line)")
            }
        }
    }
}

/// Scalar-level helpers for the properties, independent of the engine's own tables.
enum TextScalars {
    static func scalars(_ bytes: [UInt8]) -> [UInt32] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// LF, VT, FF, CR, NEL, LS, PS (CRLF is CR then LF).
    static func isMandatoryBreak(_ scalar: UInt32) -> Bool {
        (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
    }

    /// U+0020, U+0009, U+3000, U+1680, U+2000–U+2006, U+2008–U+200A, U+205F.
    static func isHangingSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x09, 0x3000, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return true
        default: return false
        }
    }

    static func endsWithMandatoryBreak(_ bytes: [UInt8]) -> Bool {
        guard let last = scalars(Array(bytes.suffix(4))).last else { return false }
        return isMandatoryBreak(last)
    }

    /// The grapheme clusters of a line's content, not counting trailing hanging spaces.
    static func clustersWithoutHangingSpace(_ content: [UInt8], from start: Int, boundaries: Set<Int>) -> Int {
        var cuts = (start...(start + content.count)).filter { boundaries.contains($0) || $0 == start + content.count }
        var count = cuts.count - 1
        while count > 0 {
            let a = cuts[count - 1] - start, b = cuts[count] - start
            let cluster = scalars(Array(content[a..<b]))
            guard cluster.count == 1, isHangingSpace(cluster[0]) else { break }
            count -= 1
            cuts.removeLast()
        }
        return count
    }
}

/// Custom metrics that answer with extremes (NaN, infinities, huge, tiny and negative
/// advances, tab stops behind x), which the layout must tame.
struct ErraticMetrics: TextMetrics {
    static let values: [Double] = [1, 2, .nan, .infinity, -.infinity, 1e308, -1, 0, Double.leastNonzeroMagnitude, 1e-300, 0.3, 1e7]
    let choice: UInt8

    var lineHeight: Double { Self.values[Int(choice) % Self.values.count] }

    func advance(of cluster: GraphemeCluster) -> Double {
        let k = cluster.string.unicodeScalars.reduce(Int(choice)) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        return Self.values[k % Self.values.count]
    }

    func tabStop(after x: Double) -> Double {
        switch choice % 4 {
        case 0: return x - 1
        case 1: return .nan
        case 2: return x + Self.values[Int(choice >> 2) % Self.values.count]
        default: return (x / 8).rounded(.down) * 8 + 8
        }
    }
}
