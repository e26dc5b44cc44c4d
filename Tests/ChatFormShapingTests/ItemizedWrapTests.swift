import Testing
import ChatFormTesting
@testable import ChatFormText

/// The fake shaper as a styled text's shaper: inline items rounded on their own start at
/// seeded grapheme boundaries (inside kerned pairs and ligatures too, where breaking is not
/// safe), and every advance carries a fraction of a pixel, so each item's rounding shows in
/// a line's width. With `negative`, every `l` is 5 px narrower (a negative letter spacing):
/// its advance is below zero.
struct ItemizingFakeShaper: TextShaper {
    let base = FakeShaper()
    var seed: UInt64
    var negative = false

    var lineHeight: Double { base.lineHeight }
    var fixedLineHeight: Double? { nil }

    /// What the byte at `offset` adds to a cluster's advance starting there (1/65536 pixel).
    func extra(_ offset: Int, _ byte: UInt8) -> Int32 {
        Int32((offset &* 2_654_435_761) % 997) * 53 - (negative && byte == 0x6C ? Int32(5 * FakeShaper.unit) : 0)
    }

    func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns {
        var shaped = try base.shape(text)
        let bytes = Array(text.utf8)
        for i in shaped.advances.indices where shaped.advances[i] != 0 { shaped.advances[i] += extra(i, bytes[i]) }
        var rng = SplitMix64(seed: seed &+ UInt64(bytes.count))
        shaped.roundedItemStarts = shaped.clusters.dropFirst().dropLast().filter { _ in rng.next() % 3 == 0 }
        return shaped
    }

    func advance(of range: Range<Int>, in text: String, run: ShapedRun) -> Int64 {
        let bytes = Array(text.utf8)
        let (advances, _) = FakeShaper.shapeAlone(FakeShaper.scalars(of: Substring(text).utf8.dropFirst(range.lowerBound).prefix(range.count)),
                                                  count: range.count)
        var w: Int64 = 0
        for (k, a) in advances.enumerated() where a != 0 { w += Int64(a) + Int64(extra(range.lowerBound + k, bytes[range.lowerBound + k])) }
        return w
    }

    func tabStop(afterFixed x: Int64) -> Int64 { base.tabStop(afterFixed: x) }
    func advance(of cluster: GraphemeCluster) -> Double { base.advance(of: cluster) }
    func tabStop(after x: Double) -> Double { base.tabStop(after: x) }
}

/// Styled text's wrapping (each inline item's piece of a line rounded on its own), held to
/// the walk that measures every break entry from the line's start and to a model that shapes
/// each piece alone.
@Suite("Wrapping inline items rounded on their own")
struct ItemizedWrapTests {
    func message(_ rng: inout SplitMix64) -> String {
        (rng.next() % 5 == 0 ? " " : "") + fakeMessage(&rng)
    }

    @Test("the scan over break entries equals the linear walk, and measure agrees",
          arguments: [(31, false), (32, false), (33, true)] as [(UInt64, Bool)])
    func scanEqualsLinearWalk(seed: UInt64, negative: Bool) throws {
        var rng = SplitMix64(seed: seed)
        var crossing = 0, itemized = 0, styledKind = 0
        for _ in 0..<150 {
            let text = message(&rng)
            let prepared = try ShapedText(text: text, shaper: ItemizingFakeShaper(seed: rng.next(), negative: negative))
            if prepared.storage.header.isItemized { itemized += 1 }
            if prepared.storage.head.pointee.measureKind == .styledUniform { styledKind += 1 }
            for k in 0..<7 {
                let width = k == 6 ? Double.infinity : 10 + Double(rng.next() % 40000) / 100
                let lines = try expectScanEqualsLinearWalk(prepared, width: width, text)
                crossing += lines.filter { line in
                    prepared.items.contains { Int(prepared.offsets[Int($0.boundary)]) > line.start
                        && Int(prepared.offsets[Int($0.boundary)]) < line.contentEnd }
                }.count
            }
        }
        #expect(crossing > 500 && itemized > 120)
        // `measure(width:)` through `LineBreaker.measureStyled` (item steps narrow: not where
        // an advance is negative).
        if !negative { #expect(styledKind >= 10, "\(styledKind) of \(itemized)") }
    }

    @Test("a line is as wide as its items' pieces, each shaped alone and rounded up, and the next break does not fit",
          arguments: [41, 42] as [UInt64])
    func linesSumRoundedPieces(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<150 {
            let text = message(&rng)
            guard !text.contains("\t") else { continue }
            let shaper = ItemizingFakeShaper(seed: rng.next())
            let shaped = try shaper.shape(text)
            let prepared = try ShapedText(text: text, shaper: shaper)
            let bytes = Array(text.utf8)
            let starts = shaped.roundedItemStarts.map(Int.init)
            let run = shaped.runs[0]
            func ceil(_ v: Int64) -> Int64 { v <= 0 ? v : (v + 1023) / 1024 * 1024 }
            // The model: the content (trailing spaces and breaks hang) cut at item starts.
            func modelWidth(_ a: Int, _ b: Int) -> Int64 {
                var end = b
                while end > a && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A) { end -= 1 }
                guard end > a else { return 0 }
                let cuts = [a] + starts.filter { $0 > a && $0 < end } + [end]
                return zip(cuts, cuts.dropFirst()).reduce(0) { $0 + ceil(shaper.advance(of: $1.0..<$1.1, in: text, run: run)) }
            }
            let breakOffsets = prepared.breaks.map { Int(prepared.offsets[Int($0)]) }
            for _ in 0..<4 {
                let width = 20 + Double(rng.next() % 30000) / 100
                let fit = Int64((width * 64).rounded(.towardZero)) * 1024 + 1024
                let layout = try prepared.layout(width: width)
                for (k, line) in layout.lines.enumerated() where line.end > line.start && !(k == 0 && bytes[0] == 0x20) {
                    let start = prepared.boundary(of: line.start), end = prepared.boundary(of: line.end)
                    guard breakOffsets.contains(line.end), !prepared.has(start, ShapedText.Flags.unsafe),
                          !prepared.has(end, ShapedText.Flags.unsafe), bytes[line.start] != 0x20 else { continue }
                    #expect(Int64(line.width * 65536) == modelWidth(line.start, line.end), "\(text) at \(width): \(line)")
                    #expect(modelWidth(line.start, line.end) <= fit || end == start + 1, "\(text) at \(width)")
                    // (A line whose content crosses an item start that is not safe to break
                    // must fit on its advances in context too, wider than its pieces alone.)
                    if !line.isHard, let next = breakOffsets.first(where: { $0 > line.end }), !bytes[line.end..<next].contains(0x0A),
                       !prepared.has(prepared.boundary(of: next), ShapedText.Flags.unsafe),
                       !starts.contains(where: { $0 > line.start && $0 < next && prepared.has(prepared.boundary(of: $0), ShapedText.Flags.unsafe) }) {
                        #expect(modelWidth(line.start, next) > fit, "\(text) at \(width): line \(line)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }
}
