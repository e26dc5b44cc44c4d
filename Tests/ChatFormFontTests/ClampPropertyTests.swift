import Testing
import ChatFormFont
import ChatFormTesting
@testable import ChatFormText

/// Properties of line clamping on seeded chat-like texts in every script (real fonts and
/// terminal cells), held to the unclamped layout as the model.
@Suite("Line clamp properties")
struct ClampPropertyTests {
    /// The clamp of `full` to `n` lines against `full` itself.
    static func check(_ clamped: ClampedLayout, full: TextLayout, n: Int, tag: String) {
        let text = full.text
        // Chromium counts no line after a final mandatory break.
        var lines = full.lineCount
        if lines > 1, full.lines[lines - 1].start == full.lines[lines - 1].end, full.lines[lines - 2].isHard { lines -= 1 }
        let shown = Swift.min(n, full.lineCount)
        #expect(clamped.lineCount == (lines <= n ? full.lineCount : n), "\(tag): \(clamped.lineCount) lines")
        // The lines shown are the full layout's first lines: the clamped text is a prefix.
        #expect(Array(clamped.lines.map(\.start)) == Array(full.lines.prefix(clamped.lineCount).map(\.start)), "\(tag): starts")
        #expect(Array(clamped.lines.map(\.end)) == Array(full.lines.prefix(clamped.lineCount).map(\.end)), "\(tag): ends")
        #expect(clamped.height <= full.height + 1e-9, "\(tag): height \(clamped.height) > \(full.height)")
        #expect(clamped.layout.height == clamped.height, "\(tag): layout height")
        #expect(clamped.layout.lines.last?.end == text.utf8.count, "\(tag): the layout's lines end with the text")
        #expect(clamped.isTruncated == (lines > n), "\(tag): truncated \(clamped.isTruncated)")
        if !clamped.isTruncated {
            // Nothing hidden: the full layout itself (its first lines, its height).
            #expect(clamped.ellipsis == nil && clamped.visibleEnd == text.utf8.count, "\(tag): not hidden")
            if n >= full.lineCount {
                #expect(clamped.height == full.height && clamped.layout.lines == full.lines, "\(tag): clamp ≥ lines is the layout")
            }
            return
        }
        let last = full.lines[shown - 1]
        #expect(clamped.height == full.lineTop(shown - 1) + full.heightOfLine(shown - 1), "\(tag): height of \(shown) lines")
        for r in clamped.visibleRanges {
            #expect(r.lowerBound >= last.start && r.upperBound <= last.contentEnd, "\(tag): \(r) outside \(last)")
        }
        #expect(clamped.visibleEnd >= last.start && clamped.visibleEnd <= last.contentEnd, "\(tag): visible end \(clamped.visibleEnd)")
        guard let e = clamped.ellipsis else { Issue.record("\(tag): no ellipsis"); return }
        #expect(e.lineIndex == shown - 1 && e.y == full.lineTop(shown - 1), "\(tag): ellipsis line")
        // It fits, unless one grapheme alone is wider than the room (kept anyway).
        let kept = clamped.visibleRanges.reduce(0) { $0 + $1.count }
        if kept > 0, let first = try? full.graphemeBoundary(after: last.start), kept > first - last.start {
            #expect(e.x + e.width <= full.width + 1e-6, "\(tag): ellipsis ends at \(e.x + e.width) past \(full.width)")
        }
        if kept > 0, let first = try? full.graphemeBoundary(after: last.start), kept > first - last.start {
            #expect(e.x >= -1e-6, "\(tag): ellipsis starts at \(e.x) left of the box")
        }
        let startX = clamped.isRightToLeft ? full.width - e.width : 0
        if last.contentEnd == last.start { #expect(e.x == startX && clamped.visibleRanges.isEmpty, "\(tag): empty line") }
    }

    /// Seeded chat-like texts in terminal cells at widths of 4 to 43 cells, each given to
    /// `body` with its clamps 1 through `clamps` and a tag for failures.
    static func seededCells(seed: UInt64, count: Int, clamps: Int, _ body: (TextLayout, Int, String) throws -> Void) throws {
        var rng = SplitMix64(seed: seed)
        for k in 0..<count {
            let text = randomMessage(&rng)
            let width = Double(4 + rng.next() % 40)
            let full = try TextLayout(text: text, width: width)
            for n in 1...clamps { try body(full, n, "cells #\(k) w\(width) n\(n)") }
        }
    }

    @Test("Right-to-left paragraphs in terminal cells: the same lines and heights, the ellipsis inside the width on the kept graphemes' left")
    func rightToLeftCells() throws {
        try Self.seededCells(seed: 0xC1A5, count: 300, clamps: 4) { full, n, tag in
            let rtl = try full.clamped(toLines: n, direction: .rtl)
            #expect(rtl.isRightToLeft, "\(tag)")
            Self.check(rtl, full: full, n: n, tag: "rtl " + tag)
            let ltr = try full.clamped(toLines: n)
            #expect(rtl.height == ltr.height && rtl.isTruncated == ltr.isTruncated && rtl.lineCount == ltr.lineCount, "\(tag)")
            guard let e = rtl.ellipsis else { return }
            let clusters = try _Truncation.rightToLeftClusters(of: rtl.layout, onLine: e.lineIndex)
            let kept = clusters.map { c in rtl.visibleRanges.contains { $0.contains(c.start) } }
            // What is kept is a visual suffix of the line (its right part) ...
            if let first = kept.firstIndex(of: true) {
                #expect(kept[first...].allSatisfy { $0 }, "\(tag): kept \(rtl.visibleRanges) is not the line's right part")
            }
            // ... ending at the width's right edge, the ellipsis just left of it (or past the
            // box's left when one grapheme alone is wider than the room).
            let keptWidth = zip(clusters, kept).filter(\.1).reduce(0.0) { $0 + ($1.0.right - $1.0.left) }
            #expect(abs(e.x + e.width + keptWidth - full.width) < 1e-6, "\(tag): ellipsis \(e.x) + \(e.width) + kept \(keptWidth) vs \(full.width)")
        }
    }

    @Test("Clamping seeded texts in terminal cells: a prefix of the layout, never taller, the layout itself when nothing is hidden")
    func cells() throws {
        try Self.seededCells(seed: 0xC1A4, count: 400, clamps: 5) { full, n, tag in
            Self.check(try full.clamped(toLines: n), full: full, n: n, tag: tag)
        }
    }

    @Test("Clamping prepared texts: the same lines as the layout, and the same as clamping the layout",
          .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
    func fonts() throws {
        let stacks = [try Fonts.dejaVu(), try Fonts.noto()]
        var rng = SplitMix64(seed: 0xE11)
        for k in 0..<160 {
            let text = randomMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: stacks[k % 2])
            let width = 60 + Double(rng.next() % 300) + Double(rng.next() % 64) / 64
            let full = try prepared.layout(width: width)
            for n in 1...4 {
                let tag = "fonts #\(k) w\(width) n\(n)"
                let clamped = try prepared.layout(width: width, lineClamp: n)
                Self.check(clamped, full: full, n: n, tag: tag)
                // The prepared path and clamping the whole layout agree.
                let other = try full.clamped(toLines: n)
                #expect(clamped.visibleRanges == other.visibleRanges && clamped.ellipsis == other.ellipsis
                        && clamped.height == other.height && clamped.isTruncated == other.isTruncated, "\(tag): two paths")
                // The arithmetic cut of a left-to-right line and the cut of its graphemes agree.
                let last = clamped.lineCount - 1
                let generic = try clampResult(clamped.layout, shown: clamped.lineCount, truncated: clamped.isTruncated,
                                              clusters: try _Truncation.clusters(of: clamped.layout, onLine: last))
                #expect(clamped.visibleRanges == generic.visibleRanges && clamped.ellipsis == generic.ellipsis, "\(tag): arithmetic cut")
            }
        }
    }

    @Test("One line with an ellipsis: the text's first line, cut to the width when wider")
    func oneLine() throws {
        var rng = SplitMix64(seed: 0x0E1)
        for k in 0..<300 {
            let text = randomMessage(&rng)
            let width = Double(4 + rng.next() % 60)
            let one = try TextLayout.singleLine(text: text, width: width)
            let unwrapped = try TextLayout(text: text, width: .infinity)
            let first = unwrapped.lines[0]
            let tag = "one line #\(k) w\(width)"
            #expect(one.lineCount == 1 && one.lines.first?.start == 0 && one.lines.first?.end == first.end, "\(tag): first line")
            let wider = try unwrapped.caretX(onLine: 0, at: first.contentEnd) > width
            #expect(one.isTruncated == (wider || unwrapped.lineCount > 1 && !(unwrapped.lineCount == 2 && unwrapped.lines[1].start == unwrapped.lines[1].end)),
                    "\(tag): truncated \(one.isTruncated)")
            if wider, let e = one.ellipsis, one.visibleEnd > (try unwrapped.graphemeBoundary(after: 0)) {
                #expect(e.x + e.width <= width + 1e-9, "\(tag): ellipsis past the width")
            }
        }
    }

    @Test("A clamp below one line is refused with a typed error")
    func badClamps() throws {
        let layout = try TextLayout(text: "one two three four", width: 5)
        for n in [0, -1, Int.min] {
            #expect(throws: TextLayoutError.invalidLineClamp(n)) { try layout.clamped(toLines: n) }
        }
        if Fonts.available {
            let prepared = try ShapedText(text: "one two three", shaper: try Fonts.dejaVu())
            #expect(throws: TextLayoutError.invalidLineClamp(0)) { try prepared.layout(width: 100, lineClamp: 0) }
            #expect(throws: TextLayoutError.invalidWidth(-3)) { try prepared.layout(width: -3, lineClamp: 2) }
            #expect(throws: TextLayoutError.invalidWidth(0)) { try prepared.singleLine(width: 0) }
        }
        #expect(throws: TextLayoutError.invalidWidth(-1)) { try TextLayout.singleLine(text: "abc", width: -1) }
    }

    @Test("Terminal cells: the ellipsis is one cell (U+2026 is East Asian Ambiguous), cut after whole graphemes")
    func cellExample() throws {
        let layout = try TextLayout(text: "hello wide 안녕하세요 world", width: 12)
        // Lines: "hello wide " | "안녕하세요 " | "world".
        let one = try layout.clamped(toLines: 1)
        #expect(one.isTruncated && one.visibleRanges == [0..<11] && one.ellipsis?.x == 11 && one.ellipsis?.width == 1)
        let two = try layout.clamped(toLines: 2)
        // "안녕하세요 " is 11 cells: with the ellipsis, 12 fit.
        #expect(two.visibleRanges == [11..<27] && two.ellipsis?.x == 11 && two.visibleEnd == 27)
        let narrow = try TextLayout.singleLine(text: "안녕하세요", width: 6)
        // Two wide graphemes (4 cells) and the ellipsis; a third would need 7.
        #expect(narrow.visibleRanges == [0..<6] && narrow.ellipsis?.x == 4)
    }
}
