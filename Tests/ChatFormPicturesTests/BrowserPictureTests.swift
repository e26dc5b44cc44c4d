import ChatFormFont
import ChatFormPictures
import ChatFormText
import ChatFormTesting
import Foundation
import Testing

/// The pictures are right: drawn by Chromium with the same fonts, every grapheme of every
/// line starts where the engine's caret geometry puts it, every line ends at the engine's
/// line width, and every glyph box lies inside the engine's line box.
@Suite("Pictures against Chromium")
struct BrowserPictureTests {
    static let texts = [
        "The caret stays above the keyboard while the field grows: AVATAR, Toyota, office, affine, fluffy.",
        "키보드가 올라와도 커서는 입력창 안에 있어요. 메시지를 길게 쓰면 입력창이 커지고 표가 스크롤됩니다.",
        "会議は明日の午後三時からです。資料は共有フォルダにあります。よろしくお願いします。",
        "Mixed 한국어 and English with emoji 👍🏽 👩‍💻 🇰🇷 and a URL https://example.com/a/very/long/path?q=1 in it.",
        "Numbers 1,234.56 and $12.50, (parentheses), well-known words, “quotes” — and a dash.",
        "我们明天见。测试都通过了，新的聊天布局已经准备好了。",
    ]
    static let families = ["DejaVu Sans", "Noto Sans"]
    static let widths = [180.0, 260.0]

    struct Case {
        var id: String
        var layout: TextLayout
        var family: String
    }

    /// The held-out corpus of the font tests (real text in many scripts), without the
    /// paragraphs that hold right-to-left text: the engine's caret x is logical until
    /// bidirectional carets exist, so a right-to-left run's graphemes are not where a caret
    /// in logical order puts them.
    static func corpus() throws -> [String] {
        let file = ToolProcess.packageRoot.appendingPathComponent("Tests/ChatFormFontTests/Fixtures/corpus-holdout.jsonl")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = object["text"] as? String else { return nil }
            let rightToLeft = text.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFEFC).contains($0.value) }
            return rightToLeft ? nil : text
        }
    }

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        let all = texts + (try corpus())
        for family in families {
            let stack = try FontStack(family: family, size: 16)
            for (t, text) in all.enumerated() {
                for width in widths {
                    cases.append(Case(id: "\(family)-\(t)-\(Int(width))", layout: try TextLayout(text: text, width: width, metrics: stack),
                                      family: family))
                }
            }
        }
        return cases
    }

    /// A page of the cases' pictures and a script that reads each line's glyph positions.
    static func page(_ cases: [Case]) -> String {
        var html = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\n"
        for c in cases {
            html += "<div class=\"case\" data-id=\"\(c.id)\">"
            html += LayoutPicture(c.layout, drawing: .font(family: "'\(c.family)'", size: 16)).svg
            html += "</div>\n"
        }
        html += """
        <pre id="results"></pre>
        <script>
        var out = [];
        document.querySelectorAll('div.case').forEach(function (div) {
          div.querySelectorAll('text.line').forEach(function (t) {
            var n = t.getNumberOfChars(), xs = [], ends = [], tops = [], bottoms = [];
            for (var i = 0; i < n; i++) {
              xs.push(t.getStartPositionOfChar(i).x);
              ends.push(t.getEndPositionOfChar(i).x);
              var e = t.getExtentOfChar(i);
              tops.push(e.y); bottoms.push(e.y + e.height);
            }
            out.push({ id: div.dataset.id, line: parseInt(t.dataset.line, 10), xs: xs, ends: ends, tops: tops, bottoms: bottoms });
          });
        });
        document.getElementById('results').textContent = JSON.stringify(out);
        </script></body></html>
        """
        return html
    }

    /// Closing punctuation the browser's line layout sets in half width at a line's end
    /// (CSS `text-spacing-trim`; Chromium applies it to HTML, not to SVG text).
    static func isFullwidthPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2018...0x201F, 0x3000...0x303F, 0x30FB, 0xFF00...0xFF65: true
        default: false
        }
    }

    @Test func glyphsSitWhereTheEngineSays() throws {
        guard Chromium.binary != nil else { print(Chromium.missing); return }
        guard (try? FontStack(family: "DejaVu Sans", size: 16)) != nil, (try? FontStack(family: "Noto Sans", size: 16)) != nil else {
            print("DejaVu Sans or Noto Sans is not installed: skipped"); return
        }
        let cases = try Self.cases()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("layouts.html")
        try Self.page(cases).write(to: file, atomically: true, encoding: .utf8)
        let results = try #require(try Chromium.results(in: try Chromium.dumpDOM(file)) as? [[String: Any]])
        let byCase = Dictionary(grouping: results) { $0["id"] as? String ?? "" }
        var clusters = 0, clustersOff = 0, lines = 0, endsOff = 0, boxesOutside = 0, hanging = 0, trimmedEnds = 0
        var worst = 0.0
        for c in cases {
            let drawn = byCase[c.id] ?? []
            #expect(drawn.count == c.layout.lineCount, "\(c.id): \(drawn.count) lines drawn, \(c.layout.lineCount) laid out")
            for entry in drawn {
                let index = try #require(entry["line"] as? Int)
                let xs = try #require(entry["xs"] as? [Double]), ends = try #require(entry["ends"] as? [Double])
                let tops = try #require(entry["tops"] as? [Double]), bottoms = try #require(entry["bottoms"] as? [Double])
                let line = c.layout.lines[index]
                let text = String(c.layout.lineText(index))
                #expect(xs.count == text.utf16.count, "\(c.id) line \(index): \(xs.count) characters drawn for \(text.utf16.count)")
                guard xs.count == text.utf16.count else { continue }
                lines += 1
                // Each grapheme starts at the caret's x before it (white space hanging at the
                // line's end draws nothing, and the caret stops at the available width there).
                var utf16 = 0, utf8 = line.start, lastInk = -1, lastInkCluster: Character = " "
                let hangingFrom = text.utf16.count - (text.reversed().prefix { $0 == " " || $0 == "\u{3000}" }.reduce(0) { $0 + $1.utf16.count })
                for cluster in text {
                    if utf16 >= hangingFrom { hanging += 1; utf16 += cluster.utf16.count; utf8 += cluster.utf8.count; continue }
                    let caret = try c.layout.caretRect(for: TextPosition(offset: utf8))
                    let dx = abs(xs[utf16] - caret.minX)
                    worst = max(worst, dx)
                    clusters += 1
                    if dx > 1.0 / 64 {
                        clustersOff += 1
                        Issue.record("\(c.id) line \(index): \"\(cluster)\" at \(xs[utf16]) in Chromium, \(caret.minX) in the engine")
                    }
                    if !cluster.isWhitespace { lastInk = utf16 + cluster.utf16.count - 1; lastInkCluster = cluster }
                    utf16 += cluster.utf16.count
                    utf8 += cluster.utf8.count
                }
                // The line ends at the engine's width (its last grapheme that is not white
                // space), unless that is punctuation the engine sets in half width at the line's
                // end: SVG text draws its full advance (Chromium trims it in HTML only).
                if lastInk >= 0, lastInkCluster.unicodeScalars.contains(where: { Self.isFullwidthPunctuation($0) }),
                   abs(ends[lastInk] - line.width - 8) <= 1.0 / 64 {
                    trimmedEnds += 1
                } else if lastInk >= 0, abs(ends[lastInk] - line.width) > 1.0 / 64 {
                    endsOff += 1
                    Issue.record("\(c.id) line \(index): ends at \(ends[lastInk]) in Chromium, width \(line.width) in the engine")
                }
                // Every glyph box inside the line's box.
                let top = c.layout.lineTop(index), bottom = top + c.layout.heightOfLine(index)
                for k in tops.indices where tops[k] < top - 1.0 / 64 || bottoms[k] > bottom + 1.0 / 64 {
                    boxesOutside += 1
                    Issue.record("\(c.id) line \(index) char \(k): box \(tops[k])…\(bottoms[k]) outside the line box \(top)…\(bottom)")
                }
            }
        }
        print("pictures against Chromium: \(clusters - clustersOff)/\(clusters) graphemes within 1/64 px (worst \(worst)), "
              + "\(lines - endsOff - trimmedEnds)/\(lines - trimmedEnds) line ends (\(trimmedEnds) more end in a closing mark trimmed to half its width at the line's end, which SVG text draws whole: 8 px wider at 16 px), "
              + "\(hanging) hanging spaces not compared, \(boxesOutside) glyph boxes outside their line box, \(cases.count) layouts")
        #expect(clusters > 50_000)
    }
}
