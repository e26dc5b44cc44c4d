import Testing
import Foundation
import ChatFormFont
import ChatFormText

/// Styled messages in right-to-left paragraphs against Chromium: `Fixtures/styled-rtl.jsonl`
/// (`Tools/make-styled-corpus --rtl 80`: Arabic, Hebrew, Persian and Urdu catalogue strings
/// and chat lines mixing them with English, numbers and URLs, from `bidi-tuning.jsonl`, cut
/// into bold, italic, bold italic, bigger and smaller spans), recorded by
/// `Tools/record-browser-layout --spans --dir rtl` in `<div dir="rtl">` boxes
/// (`Fixtures/browser-styled-rtl.jsonl`: DejaVu Sans and Noto Sans at 16 px, 150, 240 and
/// 330 px wide). A layout agrees when every line starts where Chromium's does, the tops and
/// height agree, and every line's left edge (a right-to-left line ends at the box's left
/// edge less its width) is within 1/64 px of the leftmost grapheme Chromium draws on it.
///
/// What differs: nothing. The last 9 layouts that did (each a line's left edge 1/32 px off,
/// on a line holding a zero-width non-joiner, U+200C, in a Persian word of a 12 px span) were
/// the joiner's item: Blink makes every U+200C an inline item of its own ("so that it can
/// prevent kerning"), so `حالت‌های` in DejaVu Sans 12 px (45.890625 px of advances) is two
/// items rounded apart, 26.515625 + 19.390625, its span 45.90625 px wide. Prepared text
/// starts an item after each joiner (`_ItemBoundaries`), for the line's width, its fit and
/// the caret's boxes alike.
@Suite("Styled parity, right to left", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct StyledRightToLeftParityTests {
    /// The records laid out with the paragraph's direction `direction`; the layouts that
    /// differ, with what differs.
    static func compare(direction: ParagraphDirection) throws -> (total: Int, differing: [String]) {
        let (records, messages) = try StyledParityTests.load("rtl")
        var prepared: [String: StyledText] = [:]
        var differing: [String] = []
        for r in records {
            let m = try #require(messages[r.id])
            let key = "\(r.family)@\(r.size)#\(r.id)"
            let styled: StyledText
            if let p = prepared[key] { styled = p } else {
                styled = try StyledText(StyledParityTests.elements(m, family: r.family, size: r.size),
                                        style: ParagraphStyle(font: FontSpec(family: r.family, size: r.size), direction: direction))
                prepared[key] = styled
            }
            let layout = try styled.layout(width: r.width)
            var why: [String] = []
            if r.rtl != true { why.append("not laid out right to left") }
            let starts = layout.lines.map(\.start)
            if starts != r.starts {
                why.append("starts \(starts) vs \(r.starts)")
            } else {
                let tops = (0..<layout.lineCount).map { layout.lineTop($0) }
                if zip(tops, r.lineTops).contains(where: { abs($0 - $1) > 1e-6 }) { why.append("tops \(tops) vs \(r.lineTops)") }
                for (k, left) in (r.lineLefts ?? []).enumerated() {
                    guard let left else { continue }
                    // Left to right, a line starts at the box's left edge.
                    let mine = direction == .ltr ? 0 : r.width - layout.lines[k].width
                    if abs(mine - left) > 1.0 / 64 + 1e-9 { why.append("line \(k) left \(mine) vs \(left)") }
                }
            }
            if abs(layout.height - r.height) > 1e-6 { why.append("height \(layout.height) vs \(r.height)") }
            if !why.isEmpty { differing.append("\(r.id) \(r.family) \(r.width)px: " + why.joined(separator: "; ")) }
        }
        return (records.count, differing)
    }

    @Test("Styled right-to-left paragraphs: lines, tops and right-aligned line edges as Chromium's")
    func rightToLeft() throws {
        let (total, differing) = try Self.compare(direction: .rtl)
        let agree = Double(total - differing.count) / Double(total)
        print("styled rtl: \(total - differing.count)/\(total) layouts identical (\(String(format: "%.3f", agree * 100))%)")
        for d in differing.prefix(20) { print("  differs: \(d)") }
        #expect(total == 480, "the fixture holds 80 messages × 2 families × 3 widths")
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test("At left-to-right levels (styled text before it took the paragraph's direction) the same layouts differ")
    func leftToRightLevelsDiffer() throws {
        let (total, differing) = try Self.compare(direction: .ltr)
        print("styled rtl fixture at ltr levels: \(total - differing.count)/\(total) layouts identical")
        #expect(differing.count > total / 2, "lines placed from the left and shaped at left-to-right levels")
    }
}
