import Testing
import Foundation
import ChatFormFont
@testable import ChatFormText

/// Prepare once, lay out at any width (SPEC §2.1), held to fresh layouts and to a simple
/// greedy model; caret geometry on shaped lines.
@Suite("Prepared layouts", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct PreparedLayoutTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func preparedEqualsFreshAtEveryWidth(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let stacks = [try Fonts.dejaVu(16), try Fonts.noto(13)]
        for _ in 0..<25 {
            let text = randomMessage(&rng)
            let fonts = stacks[Int(rng.next() % 2)]
            let prepared = try ShapedText(text: text, shaper: fonts)
            for _ in 0..<8 {
                let width = 20 + Double(rng.next() % 500) + (rng.next() % 2 == 0 ? 0.5 : 0)
                let once = try prepared.layout(width: width)
                let fresh = try TextLayout(text: text, width: width, metrics: fonts)
                #expect(once.lines == fresh.lines, "\(text) at \(width)")
                #expect(once.height == fresh.height)
            }
        }
    }

    @Test(arguments: [11, 12] as [UInt64])
    func linesPartitionFitAndAreGreedy(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let fonts = try Fonts.noto(16)
        var checked = 0
        for _ in 0..<40 {
            let text = randomMessage(&rng)
            let width = 40 + Double(rng.next() % 400)
            let prepared = try ShapedText(text: text, shaper: fonts)
            let layout = try prepared.layout(width: width)
            // Partition.
            #expect(layout.lines.first?.start == 0)
            #expect(layout.lines.last?.end == text.utf8.count)
            for k in 1..<layout.lines.count { #expect(layout.lines[k].start == layout.lines[k - 1].end) }
            // The model: widths summed from the shaper's per-byte advances (no reshaping),
            // greedy over the same opportunities, hanging spaces and breaks not counted.
            let runs = try fonts.shape(text)
            let bytes = Array(text.utf8)
            func modelWidth(_ a: Int, _ b: Int) -> Int64 {
                var end = b
                while end > a && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A) { end -= 1 }
                var w: Int64 = 0
                for i in a..<end where bytes[i] != 0x0A { w += Int64(runs.advances[i]) }
                return _LayoutUnit.ceil(w)
            }
            let fit = Int64((width * 64).rounded(.towardZero)) * 1024 + 1024
            let breakOffsets = prepared.breaks.map { Int(prepared.offsets[Int($0)]) }
            for line in layout.lines where !line.isHard && line.end < text.utf8.count {
                let start = prepared.boundary(of: line.start), end = prepared.boundary(of: line.end)
                guard breakOffsets.contains(line.end), !prepared.has(start, ShapedText.Flags.unsafe),
                      !prepared.has(end, ShapedText.Flags.unsafe) else { continue }
                // It fits...
                #expect(modelWidth(line.start, line.end) <= fit || end == start + 1, "\(text) at \(width)")
                // ...and the next opportunity would not (greedy), unless it is past a
                // mandatory break.
                if let next = breakOffsets.first(where: { $0 > line.end }),
                   !text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: line.end)..<text.utf8.index(text.utf8.startIndex, offsetBy: next)].contains(0x0A),
                   !prepared.has(prepared.boundary(of: next), ShapedText.Flags.unsafe) {
                    #expect(modelWidth(line.start, next) > fit, "\(text) at \(width): line \(line)")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func widthChangesReuseThePreparation() throws {
        let fonts = try Fonts.dejaVu()
        let text = "A whole chat re-laid at a new width: 회전, split view, resize 🙂 without shaping again."
        let prepared = try ShapedText(text: text, shaper: fonts)
        let narrow = try prepared.layout(width: 150)
        let wide = try narrow.shapedText!.layout(width: 2000)
        #expect(narrow.lineCount > wide.lineCount)
        #expect(wide.lineCount == 1)
        #expect(throws: TextLayoutError.invalidWidth(-1)) { try prepared.layout(width: -1) }
    }

    @Test func overflowingWordsBreakBetweenClusters() throws {
        let fonts = try Fonts.dejaVu()
        let word = "Supercalifragilisticexpialidocious"
        let layout = try TextLayout(text: "go \(word) now", width: 90, metrics: fonts)
        #expect(layout.lineTexts[0] == "go ")
        #expect(layout.lineCount >= 4)
        for (k, line) in layout.lines.enumerated() {
            #expect(line.width <= 90 + 1.0 / 64, "line \(k) \(layout.lineText(k)) is \(line.width)")
        }
        #expect(layout.lineTexts.joined() == "go \(word) now")
        // A width narrower than one glyph still puts one cluster on each line.
        let tiny = try TextLayout(text: "WW", width: 1, metrics: fonts)
        #expect(tiny.lineTexts == ["W", "W"])
    }

    @Test func tabsStopEveryEightSpaces() throws {
        let fonts = try Fonts.dejaVu()
        let space = fonts.primaryFaces[0].advance(ofGlyph: fonts.primaryFaces[0].glyph(for: " ")!)
        let layout = try TextLayout(text: "a\tb", width: 1000, metrics: fonts)
        let caret = try layout.caretRect(for: TextPosition(offset: 2))
        #expect(abs(caret.minX - 8 * space) < 0.01)
        let b = fonts.primaryFaces[0].advance(ofGlyph: fonts.primaryFaces[0].glyph(for: "b")!)
        #expect(abs(layout.lines[0].width - ((8 * space * 65536).rounded(.up) / 65536 + b)) < 0.02)
    }

    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func caretRoundTripsOnShapedLines(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var rng = SplitMix64(seed: 77)
        for _ in 0..<15 {
            let text = randomMessage(&rng)
            guard !text.unicodeScalars.contains(where: { (0x0590...0x08FF).contains($0.value) }) else { continue }
            let layout = try TextLayout(text: text, width: 160, metrics: fonts)
            var previousX = -1.0
            var previousLine = -1
            for offset in try layout.graphemeBoundaries() {
                for affinity in [TextAffinity.downstream, .upstream] {
                    let position = TextPosition(offset: offset, affinity: affinity)
                    let rect = try layout.caretRect(for: position)
                    let line = try layout.lineIndex(for: position)
                    #expect(rect.minY == layout.lineTop(line))
                    #expect(rect.height == layout.heightOfLine(line))
                    let back = layout.position(at: Point(x: rect.minX, y: rect.minY + rect.height / 2))
                    // Hanging spaces past the edge share the edge's x: a point there lands
                    // before them.
                    let bytes = Array(text.utf8)
                    let onlySpacesBetween = back.offset <= offset && bytes[back.offset..<offset].allSatisfy { $0 == 0x20 }
                    #expect(back.offset == offset || onlySpacesBetween
                            || (layout.lines[line].contentEnd <= offset && back.offset >= layout.lines[line].contentEnd),
                            "\(text): \(position) -> \(back)")
                    if affinity == .downstream {
                        if line == previousLine { #expect(rect.minX >= previousX - 1e-9) }
                        previousLine = line
                        previousX = rect.minX
                    }
                }
            }
            // Up then down keeps the line and the goal x.
            if layout.lineCount > 2 {
                let start = TextPosition(offset: layout.lines[1].start)
                let (up, goal) = try layout.position(movingVerticallyFrom: start, by: -1)
                let (down, _) = try layout.position(movingVerticallyFrom: up, by: 1, goalX: goal)
                #expect(try layout.lineIndex(for: down) == 1)
            }
        }
    }
}

/// An editable document with real fonts: its lines, heights and caret rectangles equal a
/// fresh layout of the whole text after every edit, lines of fallback fonts taller.
@Suite("Documents with real fonts", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ShapedDocumentTests {
    @Test func editsKeepHeightsAndCaretsExact() throws {
        let fonts = try Fonts.dejaVu()
        var rng = SplitMix64(seed: 404)
        var document = try TextDocument(text: "first line\n두 번째 줄\nthird", width: 140, metrics: fonts)
        let pieces = ["a", " ", "\n", "한글", "word ", "😀", "漢字", "x"]
        for step in 0..<60 {
            let boundaries = try TextLayout(text: document.text, width: 140, metrics: fonts).graphemeBoundaries()
            let a = boundaries[Int(rng.next() % UInt64(boundaries.count))]
            let b = rng.next() % 3 == 0 ? boundaries.filter { $0 >= a }.randomElement(using: &rng)! : a
            _ = try document.replaceSubrange(a..<b, with: pieces[Int(rng.next() % UInt64(pieces.count))])
            let whole = try TextLayout(text: document.text, width: 140, metrics: fonts)
            #expect(document.lineCount == whole.lineCount, "step \(step)")
            #expect(abs(document.height - whole.height) < 1e-9, "step \(step)")
            for offset in try whole.graphemeBoundaries() {
                let p = TextPosition(offset: offset)
                #expect(try document.caretRect(for: p) == whole.caretRect(for: p), "step \(step) offset \(offset)")
            }
            for k in 0..<whole.lineCount {
                let frame = document.lineFrame(k)
                #expect(frame.y == whole.lineTop(k) && frame.height == whole.heightOfLine(k))
                let mid = Point(x: 3, y: whole.lineTop(k) + whole.heightOfLine(k) / 2)
                #expect(document.position(at: mid) == whole.position(at: mid), "step \(step) line \(k)")
            }
        }
        // Hangul lines are taller than Latin ones here.
        let mixed = try TextDocument(text: "abc\n가나다", width: 140, metrics: fonts)
        #expect(mixed.lineFrame(1).height > mixed.lineFrame(0).height)
    }
}

/// The scan over stretches of plain break entries (decided by prepared advances, taken
/// without reading their entries) against looking at every entry in turn: the same lines,
/// widths and heights, on the browser corpora and random messages at many widths, and
/// `measure` agreeing with both.
@Suite("Line search", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct LineSearchTests {
    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func scanEqualsLinearWalk(family: String) throws {
        let fonts = try FontStack(family: family, size: 16)
        var texts = try BrowserParityTests.load("tuning").texts.values.sorted()
        texts += try BrowserParityTests.load("holdout2").texts.values.sorted()
        var rng = SplitMix64(seed: 77)
        for _ in 0..<200 { texts.append(randomMessage(&rng)) }
        var compared = 0
        for text in texts {
            let prepared = try ShapedText(text: text, shaper: fonts)
            for _ in 0..<6 {
                let width = 20 + Double(rng.next() % 60000) / 100
                let fast = prepared.wrap(width: width)
                let slow = prepared.wrap(width: width, linear: true)
                #expect(fast.lines == slow.lines, "\(text) at \(width)")
                #expect(fast.bottoms == slow.bottoms, "\(text) at \(width)")
                let measured = try prepared.measure(width: width)
                #expect(measured.lineCount == slow.lines.count && measured.height == slow.bottoms.last, "\(text) at \(width)")
                compared += 1
            }
        }
        #expect(compared > 3000)
    }

    /// Line boxes as prepared: a line unites only the boxes past the strut, following the
    /// chain of changes among them (`LineBoxes.union`). Held to the linear walk exactly,
    /// and each line's height to the union of its runs' faces (`lineBoxHeight`, in
    /// `Double`: within 1e-4 px), on seeded texts of several scripts at many widths, some
    /// with several distinct boxes past the strut.
    @Test func boxesPastTheStrutOnly() throws {
        let fonts = try FontStack(family: "Noto Sans", size: 16)
        var rng = SplitMix64(seed: 2401)
        var severalTall = 0, compared = 0
        for _ in 0..<300 {
            let text = randomMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: fonts)
            guard prepared.usesFallbackFonts else { continue }
            let columns = prepared.storage.head.pointee.columns
            if columns.hasBoxes && columns.boxCount >= 3 { severalTall += 1 }
            for _ in 0..<4 {
                let width = 20 + Double(rng.next() % 40000) / 100
                let fast = prepared.wrap(width: width)
                let slow = prepared.wrap(width: width, linear: true)
                #expect(fast.lines == slow.lines && fast.bottoms == slow.bottoms, "\(text) at \(width)")
                let measured = try prepared.measure(width: width)
                #expect(measured.lineCount == slow.lines.count && measured.height == slow.bottoms.last, "\(text) at \(width)")
                var top = 0.0
                for (k, line) in slow.lines.enumerated() where line.end > line.start {
                    let s = prepared.offsets.firstIndex(of: Int32(line.start))
                    let e = prepared.offsets.firstIndex(of: Int32(line.end))
                    if let s, let e, k + 1 < slow.lines.count {
                        let model = prepared.lineBoxHeight(from: s, to: e)
                        #expect(abs(slow.bottoms[k] - top - model) < 1e-4, "\(text) at \(width), line \(k)")
                    }
                    top = slow.bottoms[k]
                }
                compared += 1
            }
        }
        #expect(severalTall > 0)
        #expect(compared > 400)
    }

    /// No wrapping: a line for each paragraph, whatever the text's length (the fit is
    /// unbounded, and must not overflow as lines start further along).
    @Test func infiniteWidthGivesALinePerParagraph() throws {
        let fonts = try FontStack(family: "Noto Sans", size: 16)
        var rng = SplitMix64(seed: 5)
        for _ in 0..<40 {
            let paragraphs = (0..<(1 + Int(rng.next() % 4))).map { _ in randomMessage(&rng).replacingOccurrences(of: "\n", with: " ") }
            let text = paragraphs.joined(separator: "\n")
            let prepared = try ShapedText(text: text, shaper: fonts)
            let layout = try prepared.layout(width: .infinity)
            #expect(layout.lines.count == paragraphs.count, "\(text)")
            #expect(try prepared.measure(width: .infinity).lineCount == paragraphs.count)
            #expect(layout.lines.map(\.start) == prepared.wrap(width: .infinity, linear: true).lines.map(\.start))
        }
    }
}
