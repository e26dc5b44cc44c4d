import ChatFormPictures
import ChatFormReplay
import ChatFormScroll
import ChatFormTesting
import Foundation
import Testing

/// Replay pages in Chromium: the frame the page opens on is the one asked for, each
/// grapheme is drawn at its cell, the caret sits at the grapheme boundary of its offset;
/// screenshots of seed 004's form and of a chat with the keyboard up are kept under
/// `.build/pictures` (CI's artifacts).
@Suite("Replay pages in Chromium")
struct ReplayPictureTests {
    static let seed004 = ToolProcess.fixture("seed004-form.json", target: "ChatFormReplayTests")
    static let chat = ToolProcess.fixture("chat-keyboard.json", target: "ChatFormPicturesTests")

    /// The page of `script` with a script that reads back, for the frame shown, every
    /// drawn grapheme's position and the caret's rectangle.
    static func page(_ script: URL, probing: Bool = true) throws -> (ReplayPage, URL) {
        let page = try ReplayPage(script: Array(try Data(contentsOf: script)), title: script.lastPathComponent)
        let probe = !probing ? "" : """
        <pre id="results"></pre>
        <script>
        (function () {
          var shown = document.querySelector('section.frame:not([hidden])');
          var out = { frame: shown ? parseInt(shown.dataset.index, 10) : -1, clusters: [], caret: null };
          if (shown) {
            var content = shown.querySelector('g.content');
            shown.querySelectorAll('text.text').forEach(function (t) {
              t.querySelectorAll('tspan').forEach(function (s) {
                var p = s.getStartPositionOfChar(0);
                out.clusters.push({ row: t.dataset.row, item: parseInt(t.dataset.item, 10), line: parseInt(t.dataset.line, 10),
                                    offset: parseInt(s.dataset.offset, 10), x: p.x, y: p.y, text: s.textContent });
              });
            });
            var c = shown.querySelector('rect.caret');
            if (c) { var b = c.getBBox(); out.caret = { x: b.x + b.width / 2, y: b.y, height: b.height, state: c.getAttribute('class') }; }
          }
          document.getElementById('results').textContent = JSON.stringify(out);
        })();
        </script>
        """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-replay-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(script.deletingPathExtension().lastPathComponent + ".html")
        try page.html.replacingOccurrences(of: "</body></html>", with: probe + "</body></html>").write(to: file, atomically: true, encoding: .utf8)
        return (page, file)
    }

    @Test(arguments: [seed004, chat])
    func graphemesAndCaretSitWhereTheFrameSays(script: URL) throws {
        guard Chromium.binary != nil else { print(Chromium.missing); return }
        let (page, file) = try Self.page(script)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var checked = 0, caretsChecked = 0
        // A frame in the middle of the keyboard's animation and the last one, opened by the URL's fragment.
        for index in [page.frames.count / 2, page.frames.count - 1] {
            let url = URL(string: file.absoluteString + "#frame-\(index)")!
            let results = try #require(try Chromium.results(in: try Chromium.dumpDOM(url)) as? [String: Any])
            #expect(results["frame"] as? Int == index, "the page opened on frame \(results["frame"] ?? "none"), not \(index)")
            let frame = try #require(page.frames[index].frame)
            let cell = 9.0, line = 18.0 / frame.lineHeight
            var expected: [String: (Double, Double)] = [:]
            for row in frame.rows {
                for item in row.items {
                    for l in item.lines {
                        for c in l.clusters where !c.text.allSatisfy(\.isWhitespace) {
                            expected["\(row.id)/\(item.index)/\(c.offset)"] = ((l.x + c.x) * cell, (l.y + l.height * 0.78) * line)
                        }
                    }
                }
            }
            let drawn = try #require(results["clusters"] as? [[String: Any]])
            #expect(drawn.count == expected.count, "frame \(index): \(drawn.count) graphemes drawn, \(expected.count) on screen")
            for d in drawn {
                let key = "\(d["row"] as? String ?? "")/\(d["item"] as? Int ?? -1)/\(d["offset"] as? Int ?? -1)"
                guard let want = expected[key], let x = d["x"] as? Double, let y = d["y"] as? Double else {
                    Issue.record("frame \(index): \(key) drawn but not in the frame"); continue
                }
                // The content is drawn moved up by the offset; positions are in the text's own coordinates.
                #expect(abs(x - want.0) < 1e-3 && abs(y - want.1) < 1e-3, "frame \(index) \(key): drawn at \(x),\(y), frame says \(want)")
                checked += 1
            }
            if let caret = frame.caret, let drawnCaret = results["caret"] as? [String: Any] {
                let x = try #require(drawnCaret["x"] as? Double), y = try #require(drawnCaret["y"] as? Double)
                #expect(abs(x - caret.rect.minX * cell) < 1e-3 && abs(y - caret.rect.minY * line) < 1e-3,
                        "frame \(index): caret drawn at \(x),\(y), frame says \(caret.rect)")
                // The caret sits at the left edge of the grapheme at its offset (or after the last one).
                let row = caret.row
                if let next = drawn.first(where: { $0["row"] as? String == row && $0["item"] as? Int == caret.item && $0["offset"] as? Int == caret.offset }) {
                    #expect(abs((next["x"] as? Double ?? -1) - x) < 1e-3, "frame \(index): caret not at the grapheme at its offset")
                    caretsChecked += 1
                }
                #expect((drawnCaret["state"] as? String)?.contains(frame.verdict.map { $0.holds ? "kept" : "broken" } ?? "not-checked") == true)
            } else {
                #expect(frame.caret == nil && results["caret"] is NSNull, "frame \(index): caret drawn \(results["caret"] ?? "none"), frame has \(String(describing: frame.caret))")
            }
        }
        #expect(checked > 100)
        print("replay page \(script.lastPathComponent) (\(page.frames.count) frames): \(checked) graphemes and \(caretsChecked) carets where the frames say")
    }

    @Test func screenshotsOfAFormAndAChatWithTheKeyboardUp() throws {
        guard Chromium.binary != nil else { print(Chromium.missing); return }
        for (script, name) in [(Self.seed004, "seed004-form"), (Self.chat, "chat-keyboard-up")] {
            let (page, file) = try Self.page(script, probing: false)
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            // The frame with the keyboard fully up and the most text on screen.
            let index = try #require(page.frames.indices.max { a, b in
                (page.frames[a].frame?.keyboard ?? 0, a) < (page.frames[b].frame?.keyboard ?? 0, b)
            })
            #expect((page.frames[index].frame?.keyboard ?? 0) > 0)
            let png = Chromium.artifacts.appendingPathComponent("\(name).png")
            try? FileManager.default.removeItem(at: png)
            try Chromium.screenshot(URL(string: file.absoluteString + "#frame-\(index)")!, size: (900, 640), to: png)
            let bytes = [UInt8](try Data(contentsOf: png))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(png.path) is not a PNG")
            // IHDR: width and height, big-endian, at bytes 16 and 20.
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 900 && height == 640)
            #expect(bytes.count > 20_000, "\(png.path): \(bytes.count) bytes, too small to hold the frame")
        }
    }
}
