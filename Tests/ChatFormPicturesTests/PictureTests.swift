@testable import ChatFormPictures
import ChatFormGeometry
import ChatFormReplay
import ChatFormScroll
import ChatFormText
import ChatFormTesting
import Foundation
import Testing

/// The pictures without a browser: what they hold, that bad text cannot break them, that a
/// frame breaking the caret rule is shown as such.
@Suite("Pictures")
struct PictureTests {
    @Test(arguments: [(0.0, "0"), (1.0 / 64, "0.015625"), (-2.5, "-2.5"), (100, "100"), (1e-9, "0"), (.nan, "0"), (-0.000001, "-0.000001")])
    func numbersAreShortAndExact(value: Double, written: String) {
        #expect(SVG.number(value) == written)
    }

    @Test func textIsEscapedAndControlCharactersReplaced() {
        #expect(SVG.escape("a<b>&\"c\u{1}\u{FFFF}\td") == "a&lt;b&gt;&amp;&quot;c\u{FFFD}\u{FFFD}\td")
    }

    /// Every grapheme of a cell layout is drawn once, at its caret's x times the cell width,
    /// except white space; every line has a box.
    @Test func cellPicturesDrawEachGraphemeAtItsCell() throws {
        var rng = SplitMix64(seed: 42)
        let pool = ["키보드가", "올라와도", "the", "caret", "👩‍💻", "🇰🇷", "e\u{301}", "漢字", "a\tb", "<&>", "\n"]
        for _ in 0..<40 {
            let text = (0..<Int(rng.next() % 12 + 1)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }.joined(separator: " ")
            let layout = try TextLayout(text: text, width: Double(rng.next() % 20 + 4))
            let svg = LayoutPicture(layout, drawing: .cells(Size(width: 10, height: 20))).svg
            #expect(svg.components(separatedBy: "class=\"linebox\"").count - 1 == layout.lineCount)
            var expected: [String] = []
            for index in 0..<layout.lineCount {
                let line = layout.lines[index]
                var offset = line.start
                while offset < line.contentEnd {
                    let next = min(try layout.offset(after: offset), line.contentEnd)
                    let bytes = Array(text.utf8)[offset..<next]
                    let cluster = String(decoding: bytes, as: UTF8.self)
                    if !cluster.allSatisfy(\.isWhitespace) {
                        let x = try layout.caretRect(for: TextPosition(offset: offset)).minX * 10
                        expected.append("<tspan x=\"\(SVG.number(x))\" data-offset=\"\(offset)\">\(SVG.escape(cluster))</tspan>")
                    }
                    offset = next
                }
            }
            let drawn = svg.components(separatedBy: "<tspan").dropFirst().map { "<tspan" + $0.components(separatedBy: "</tspan>")[0] + "</tspan>" }
            #expect(drawn == expected, "\(text)")
        }
    }

    /// A table whose caret the user scrolled away: where the rule applies the frame says it is
    /// broken, where it does not it says nothing; the dump and the picture show which.
    @Test func aFrameBreakingTheCaretRuleIsShownAsBroken() throws {
        let rows = (0..<30).map { Row(id: "r\($0)", content: .text("row \($0) with some words to wrap", editable: false), style: .plain) }
            + [Row(id: "field", content: .text("hello", editable: true), style: .plain)]
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 20, height: 8)))
        try table.field.focus(FieldRef(row: "field"), caret: 5)
        let kept = TableFrame(table)
        #expect(kept.verdict == .kept)
        #expect(kept.dump.contains("caret rule: kept"))
        #expect(kept.svg().contains("class=\"caret kept\""))
        try table.scroll(to: 0)
        let scrolled = TableFrame(table)
        guard case .broken(let why)? = scrolled.verdict else { Issue.record("not broken: \(String(describing: scrolled.verdict))"); return }
        #expect(why.contains("outside the visible band"))
        #expect(scrolled.dump.contains("caret rule: BROKEN"))
        #expect(scrolled.svg().contains("class=\"caret broken\"") || scrolled.caret.map { $0.rect.minY > 8 } == true)
        #expect(scrolled.svg().contains("caret rule: BROKEN"))
        #expect(TableFrame(table, caretRuleApplies: false).verdict == nil)
        #expect(TableFrame(table, caretRuleApplies: false).dump.contains("caret rule: not checked"))
    }

    /// A frame lists the rows on screen with their lines, the caret, selection and marked text.
    @Test func framesHoldWhatIsOnScreen() throws {
        let rows = [Row(id: "a", content: .text("first row", editable: false), style: .plain),
                    Row(id: "f", content: .text("안녕하세요 hello world", editable: true), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))]
        var table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 12, height: 10)))
        try table.field.focus(FieldRef(row: "f"), caret: 0)
        try table.field.select(anchor: 3, caret: 27)
        let frame = TableFrame(table)
        #expect(frame.rows.map(\.id) == ["a", "f"])
        let field = try #require(frame.rows.last?.items.first)
        #expect(field.lines.map(\.text).joined() == "안녕하세요 hello world".replacingOccurrences(of: "\n", with: ""))
        #expect(field.lines.first?.x == 2)
        #expect(frame.selection.count == field.lines.count)
        #expect(frame.caret?.offset == 27)
        try table.field.setMarkedText("ㅎ")
        #expect(!TableFrame(table).marked.isEmpty)
        #expect(TableFrame(table).dump.contains("marked x"))
    }

    /// Every moment of a replay is one frame of its page: the events and the animation
    /// frames `chatform replay --frames` prints, in order.
    @Test func aReplayPageHasEveryFrame() throws {
        let script = try Data(contentsOf: ToolProcess.fixture("seed004-form.json", target: "ChatFormReplayTests"))
        let lines = try Replay.run(script: Array(script), options: Replay.Options(frames: true))
        var page = try ReplayPage(script: Array(script), title: "seed 004")
        #expect(page.frames.count == lines.count)
        for (frame, line) in zip(page.frames, lines) {
            #expect(line.hasPrefix("{\"event\":\(frame.event),"))
            #expect(line.contains("\"frame\":") == (frame.animationFrame != nil))
            #expect(line.contains("\"offset\":\(JSONWriter.number(frame.frame?.offset ?? .nan))"))
        }
        #expect(page.brokenFrames.isEmpty)
        #expect(page.html.contains("The caret rule holds at every frame where it applies."))
        // A frame made to break the rule is listed first, in red, and the page opens on it.
        page.frames[7].frame?.verdict = .broken("made up for the test")
        page.frames[12].frame?.verdict = .broken("made up for the test")
        #expect(page.brokenFrames == [7, 12])
        let html = page.html
        #expect(html.contains("The caret rule is broken at 2 frames: <a href=\"#frame-7\" data-frame=\"7\">8</a><a href=\"#frame-12\" data-frame=\"12\">13</a>"))
        #expect(html.contains("value=\"7\""))
        #expect(html.contains("<section class=\"frame broken\" data-index=\"7\""))
        #expect(html.components(separatedBy: "<section class=\"frame").count - 1 == page.frames.count)
        #expect(!html.contains("http://") || !html.contains("<script src"), "the page loads nothing")
    }

    /// A seed behaviour's replay is drawn too: a frame per output line, each listing its state.
    @Test(arguments: [
        #"{"behavior": "toolbar", "config": {"contentHeight": 3000, "viewportHeight": 800}, "events": [{"type": "dragBegin", "offset": 0, "at": 0}, {"type": "scroll", "offset": 40, "translation": -40, "at": 0.1}, {"type": "dragEnd", "offset": 40, "at": 0.2}]}"#,
        #"{"behavior": "header", "config": {"headerHeight": 120}, "events": [{"type": "scroll", "offset": 31, "at": 0}, {"type": "advance", "by": 0.3}]}"#,
        #"{"behavior": "tabs", "config": {"headerHeight": 300, "tabBarHeight": 44, "minimumHeaderHeight": 100, "viewportHeight": 800, "tabs": [{"id": "posts", "contentHeight": 2000}, {"id": "likes", "contentHeight": 500}]}, "events": [{"type": "scroll", "offset": 450}, {"type": "selectTab", "tab": "likes"}]}"#,
        #"{"behavior": "sections", "config": {"viewportHeight": 700, "bottomInset": 90, "sections": [{"id": "0", "height": 620}, {"id": "1", "height": 880}]}, "events": [{"type": "next", "at": 0}, {"type": "next", "at": 1}]}"#,
    ])
    func aBehaviourScriptIsDrawn(script: String) throws {
        let lines = try BehaviorScript.run(script: Array(script.utf8), frames: true)
        let page = try ReplayPage(script: Array(script.utf8), title: "behaviour")
        #expect(page.frames.count == lines.count)
        for (frame, line) in zip(page.frames, lines) {
            let behavior = try #require(frame.behavior)
            #expect(frame.frame == nil)
            // Every field of the state is listed beside the drawing.
            let svg = behavior.svg()
            for key in behavior.state.keys { #expect(svg.contains(">\(key) "), "\(key) not listed") }
            #expect(JSONWriter.encode(behavior.state) == line)
        }
        let html = page.html
        #expect(html.components(separatedBy: "<section class=\"frame").count - 1 == lines.count)
        #expect(page.brokenFrames.isEmpty)
    }
}

/// Pictures of clamped texts: the lines shown, the graphemes kept and the ellipsis.
@Suite("Pictures of clamped texts")
struct ClampPictureTests {
    @Test func aClampedLayoutDrawsItsEllipsisWhereTheClampPutIt() throws {
        let text = "the quick brown fox jumps over the lazy dog"
        let clamped = try TextLayout(text: text, width: 12).clamped(toLines: 2)
        let picture = LayoutPicture(clamped: clamped, drawing: .terminalCells)
        let svg = picture.svg
        let e = try #require(clamped.ellipsis)
        #expect(svg.contains("<tspan class=\"ellipsis\" x=\"\(SVG.number(e.x * 9))\""), "\(svg)")
        #expect(svg.contains("data-lines=\"2\"") && !svg.contains(">l</tspan><tspan x=\"\(SVG.number(0))\" data-offset=\"\(clamped.visibleEnd + 1)\""))
        #expect(picture.dump.contains("ellipsis … x \(SVG.number(e.x))"), "\(picture.dump)")
        // In a right-to-left paragraph the ellipsis is left of the graphemes kept.
        let rtl = try TextLayout(text: "אבגד הוזח טיכל", width: 5).clamped(toLines: 2, direction: .rtl)
        let rtlPicture = LayoutPicture(clamped: rtl, drawing: .terminalCells)
        #expect(rtlPicture.svg.contains("<tspan class=\"ellipsis\" x=\"0\""))
        #expect(rtlPicture.dump.contains("(right to left)"))
    }

    @Test func aTableFrameDrawsAClampedRowsEllipsis() throws {
        let text = "the quick brown fox jumps over the lazy dog"
        let rows = [Row(id: "m", content: .text(text, editable: false), style: RowStyle(lineClamp: 2))]
        let table = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 12, height: 6)))
        let frame = TableFrame(table)
        let clamped = try TextLayout(text: text, width: 12).clamped(toLines: 2)
        let line = try #require(frame.rows.first?.items.first?.lines.last)
        #expect(line.clusters.last?.isEllipsis == true && line.clusters.last?.x == clamped.ellipsis?.x)
        #expect(line.clusters.dropLast().allSatisfy { c in clamped.visibleRanges.contains { $0.contains(c.offset) } })
        #expect(frame.svg().contains("class=\"ellipsis\""))
    }
}
