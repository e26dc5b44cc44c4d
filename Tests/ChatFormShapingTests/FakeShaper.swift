import ChatFormText

/// A shaper without fonts, so `ChatFormText/Shaping` (break entries, clusters, line edges,
/// caret stops, line boxes) is exercised on any machine. Advances are whole pixels a
/// scalar, chosen by the text's own properties:
///
/// - ASCII: `i`, `l` and a space 4 px, `m` and `w` 12 px, other characters 8 px; a tab
///   moves to the next multiple of 32 px;
/// - Hangul, kana and ideographs 16 px, in a second face with a taller box (a fallback
///   font), other non-ASCII scalars 8 px; combining marks 0;
/// - "fi" is a ligature: one glyph cluster of 10 px over two characters (the `i` inside it);
/// - kerning, as a font's pair adjustment: `b` before `a` 2 px narrower, and `ば` before
///   `か` 3 px wider (widened in context), both unsafe to break between.
///
/// `advance(of:in:run:)` shapes a range on its own: no ligature or kerning across its edges.
struct FakeShaper: TextShaper {
    static let unit: Int64 = 65536

    var lineHeight: Double { 18 }
    var fixedLineHeight: Double? { nil }

    static let faces = [FontBoxMetrics(ascent: 12, descent: 4, lineGap: 2), FontBoxMetrics(ascent: 15, descent: 5, lineGap: 1)]

    /// Whether `scalar` is drawn from the second (taller, wide) face.
    static func isWide(_ scalar: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(scalar) || (0x3040...0x30FF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
    }

    /// The advance of one scalar alone, in pixels.
    static func pixels(_ scalar: UInt32) -> Int64 {
        switch scalar {
        case 0x69, 0x6C, 0x20: 4                 // i, l, space
        case 0x6D, 0x77: 12                      // m, w
        case 0x0A, 0x0D, 0x09: 0                 // breaks; a tab goes to its stop
        case 0x300...0x36F, 0xFE0F, 0x200D, 0x1F3FB...0x1F3FF: 0   // marks, VS16, ZWJ, skin tones
        default: isWide(scalar) ? 16 : 8
        }
    }

    /// The pair adjustment of `a` before `b`, in pixels.
    static func kerning(_ a: UInt32, _ b: UInt32) -> Int64 {
        if a == 0x62 && b == 0x61 { return -2 }        // "ba"
        if a == 0x3070 && b == 0x304B { return 3 }     // "ばか"
        return 0
    }

    /// Per byte of `scalars` (the scalars of a range with their UTF-8 offsets from the
    /// range's start): each cluster start's advance, and the unsafe-to-break marks.
    static func shapeAlone(_ scalars: [(offset: Int, scalar: UInt32)], count: Int) -> (advances: [Int32], unsafe: [UInt8]) {
        var advances = [Int32](repeating: 0, count: count)
        var unsafe = [UInt8](repeating: 0, count: count)
        var k = 0
        var lastBase = -1
        while k < scalars.count {
            let (offset, scalar) = scalars[k]
            let next = k + 1 < scalars.count ? scalars[k + 1].scalar : nil
            if scalar == 0x66 && next == 0x69 {       // "fi": one glyph
                advances[offset] = Int32(10 * unit)
                unsafe[scalars[k + 1].offset] = 2
                lastBase = offset
                k += 2
                continue
            }
            var advance = pixels(scalar)
            if let next { advance += kerning(scalar, next) }
            if advance == 0 && lastBase >= 0 && scalar != 0x0A && scalar != 0x09 {
                unsafe[offset] = 2                     // a mark joins the glyph before it
            } else {
                advances[offset] = Int32(advance * unit)
                lastBase = offset
            }
            if let next, kerning(scalar, next) != 0 { unsafe[scalars[k + 1].offset] = 1 }
            k += 1
        }
        return (advances, unsafe)
    }

    static func scalars(of text: Substring.UTF8View) -> [(offset: Int, scalar: UInt32)] {
        var result: [(Int, UInt32)] = []
        var offset = 0
        for scalar in Substring(text).unicodeScalars {
            result.append((offset, scalar.value))
            offset += scalar.utf8.count
        }
        return result
    }

    func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns {
        let (items, clusters) = try TextItemizer.segment(text)
        let all = Self.scalars(of: text.utf8[...])
        let (advances, unsafe) = Self.shapeAlone(all, count: text.utf8.count)
        var runs: [ShapedRun] = []
        for (k, item) in items.enumerated() {
            // Runs split where the face changes (the wide face for Hangul, kana, ideographs).
            var start = item.range.lowerBound
            var face = -1
            for (offset, scalar) in all where item.range.contains(offset) {
                let f = Self.isWide(scalar) ? 1 : (Self.pixels(scalar) == 0 && face >= 0 ? face : 0)
                if face >= 0 && f != face {
                    runs.append(ShapedRun(range: start..<offset, face: face, bidiLevel: item.bidiLevel, script: item.script, item: k))
                    start = offset
                }
                face = f
            }
            runs.append(ShapedRun(range: start..<item.range.upperBound, face: Swift.max(face, 0), bidiLevel: item.bidiLevel,
                                  script: item.script, item: k))
        }
        return ShapedRuns(runs: runs, advances: advances, unsafeToBreak: unsafe, faces: Self.faces, clusters: clusters)
    }

    func advance(of range: Range<Int>, in text: String, run: ShapedRun) -> Int64 {
        let utf8 = text.utf8
        let slice = utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        let (advances, _) = Self.shapeAlone(Self.scalars(of: Substring(slice).utf8), count: range.count)
        return advances.reduce(0) { $0 + Int64($1) }
    }

    func tabStop(afterFixed x: Int64) -> Int64 {
        let interval = 32 * Self.unit
        return (x / interval + 1) * interval
    }

    func advance(of cluster: GraphemeCluster) -> Double {
        Double(cluster.string.unicodeScalars.first.map { Self.pixels($0.value) } ?? 0)
    }

    func tabStop(after x: Double) -> Double { ((x / 32).rounded(.down) + 1) * 32 }
}
