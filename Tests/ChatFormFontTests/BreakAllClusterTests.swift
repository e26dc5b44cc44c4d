import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// `word-break: break-all` inside a grapheme cluster: Chromium reads its break-all pair table
/// a code point at a time, so a line may end between a Thai or Lao letter and the SARA AM
/// (U+0E33, U+0EB3) extending its cluster. The widths are Chromium's own (`record-browser-layout
/// --probe`, a span of the line's text, 16 px): the line from SARA AM is shaped from it.
@Suite("break-all inside Thai and Lao clusters", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct BreakAllClusterTests {
    static let breakAll = TextLayoutOptions(modes: TextModes(wordBreak: .breakAll))

    /// `th-002` at 160 px: Chromium ends the third line after `ค` of `คำ` (offset 197), the
    /// third line `ม่มี…ค` 154.5 px wide and the fourth, `ำ จึงต้องใช้พจนานุกรมใน`, 157.1875 px in
    /// DejaVu Sans and 156.265625 px in Noto Sans (span widths).
    @Test("th-002 breaks before SARA AM with Chromium's widths", arguments: [("DejaVu Sans", 157.1875), ("Noto Sans", 156.265625)])
    func thaiLineStartsAtSaraAm(family: String, fourth: Double) throws {
        let text = try #require(try corpusTexts("corpus-tuning.jsonl")["th-002"])
        let stack = try FontStack(family: family, size: 16)
        let layout = try ShapedText(text: text, shaper: stack, options: Self.breakAll).layout(width: 160)
        #expect(layout.lines.count > 4)
        #expect(layout.lines.prefix(5).map(\.start) == [0, 67, 128, 197, 264])
        #expect(abs(layout.lines[2].width - 154.5) <= 1.0 / 64 + 1e-9, "\(layout.lines[2].width)")
        #expect(abs(layout.lines[3].width - fourth) <= 1.0 / 64 + 1e-9, "\(layout.lines[3].width)")
        // Without break-all the cluster is whole: no boundary at 197.
        let plain = try ShapedText(text: text, shaper: stack).layout(width: 160)
        #expect(try plain.graphemeBoundary(after: 194) == 200)
    }

    /// Where SARA AM may start a line, its offset is a caret stop reached by the arrow keys
    /// both ways, and a tap on each stop's caret finds it (between distinct x).
    @Test("carets inside a split cluster: reachable both ways, hit(caret(o)) == o",
          arguments: ["ระหว่างคำ จึงต้อง", "ทำงาน กำลัง น้ำ", "ເຮັດວຽກ ກຳລັງ ນ້ຳ"])
    func caretsInsideSplitClusters(text: String) throws {
        let shaped = try ShapedText(text: text, shaper: try Fonts.noto(), options: Self.breakAll)
        let layout = try shaped.layout(width: .infinity)
        let n = text.utf8.count
        let bytes = Array(text.utf8)
        // The model: a boundary before every SARA AM after a letter, besides the grapheme boundaries.
        var expected = Set([0, n])
        var o = 0
        for c in text { o += c.utf8.count; expected.insert(o) }
        var saraAms = Set<Int>()
        for i in 3..<(n - 2) where bytes[i] == 0xE0 && (bytes[i + 1] == 0xB8 || bytes[i + 1] == 0xBA) && bytes[i + 2] == 0xB3 {
            expected.insert(i)
            saraAms.insert(i)
        }
        // Prepare flags those boundaries as split clusters (SARA AM is shaped into its
        // letter's glyph cluster), and no others; without break-all there are none.
        let flagged = (0...shaped.clusterCount).filter { shaped.isSplitCluster($0) }.map { Int(shaped.offsets[$0]) }
        #expect(Set(flagged) == saraAms && flagged.count == saraAms.count, "\(flagged) vs \(saraAms.sorted())")
        let plain = try ShapedText(text: text, shaper: try Fonts.noto())
        #expect(!(0...plain.clusterCount).contains { plain.isSplitCluster($0) })
        var forward: [Int] = [0]
        while forward.last! < n { forward.append(try layout.graphemeBoundary(after: forward.last!)) }
        var backward: [Int] = [n]
        while backward.last! > 0 { backward.append(try layout.graphemeBoundary(before: backward.last!)) }
        #expect(Set(forward) == expected && forward == backward.reversed(), "\(forward) vs \(expected.sorted())")
        var previous = -Double.infinity
        for (k, stop) in forward.enumerated() {
            let x = try layout.caretX(onLine: 0, at: stop)
            #expect(x >= previous, "carets go left at \(stop)")
            let before = k == 0 ? -Double.infinity : try layout.caretX(onLine: 0, at: forward[k - 1])
            let after = k + 1 == forward.count ? Double.infinity : try layout.caretX(onLine: 0, at: forward[k + 1])
            let roomBefore = x - before > 0.5, roomAfter = after - x > 0.5
            if roomBefore && roomAfter {
                #expect(try layout.position(onLine: 0, x: x).offset == stop, "hit at \(x) for \(stop)")
            }
            previous = x
        }
    }

    /// At every width a line may start at SARA AM, and each line is no wider than the width
    /// unless it holds one piece of a cluster (the model: the widest piece alone).
    @Test("split clusters wrap at every width within it")
    func splitClustersWrap() throws {
        let text = "น้ำคำทำกำ ກຳຄຳ"
        let shaped = try ShapedText(text: text, shaper: try Fonts.noto(), options: Self.breakAll)
        var startsAtSaraAm = 0
        for width in stride(from: 4.0, through: 120, by: 1) {
            let layout = try shaped.layout(width: width)
            #expect(layout.lines.first?.start == 0 && layout.lines.last.map { $0.end == text.utf8.count } == true)
            for k in 0..<layout.lineCount {
                let line = layout.lineText(k)
                if line.unicodeScalars.first.map({ $0.value == 0x0E33 || $0.value == 0x0EB3 }) == true { startsAtSaraAm += 1 }
                if layout.lines[k].width > width + 1.0 / 64 {
                    #expect(line.trimmingCharacters(in: .whitespaces).count <= 1, "line \(k) \(line.debugDescription) at \(width)")
                }
            }
        }
        #expect(startsAtSaraAm > 0)
    }
}
extension BreakAllClusterTests {
    /// Narrow lines, Chromium's starts (`record-browser-layout --modes word-break=break-all
    /// --width 2 --width 12 --width 16 --width 20`, both families alike): a line ends before
    /// SARA AM when the letter before it fits (12, 16 px), not when nothing fits (2 px: the
    /// line holds the glyph cluster whole, and no line ends before a nonspacing mark).
    @Test("narrow lines break before SARA AM only where the letter fits", arguments: ["DejaVu Sans", "Noto Sans"])
    func narrowLines(family: String) throws {
        let stack = try FontStack(family: family, size: 16)
        let chromium: [(String, [Double: [Int]])] = [
            ("ที่นี่ทำคำ", [2: [0, 9, 18, 24], 12: [0, 9, 18, 21, 24, 27], 16: [0, 9, 18, 21, 24, 27], 20: [0, 18, 24]]),
            ("ກີ່ນີ້ກຳ", [2: [0, 9, 18], 12: [0, 9, 18, 21], 16: [0, 9, 18, 21], 20: [0, 9, 18]]),
        ]
        for (text, byWidth) in chromium {
            let shaped = try ShapedText(text: text, shaper: stack, options: Self.breakAll)
            for (width, starts) in byWidth {
                #expect(try shaped.layout(width: width).lines.map(\.start) == starts, "\(text) at \(width) px")
            }
        }
    }
}
