import Testing
import Foundation
import ChatFormReplay
import ChatFormScroll

/// Parses a replay output line.
func object(_ line: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
}

func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

@Suite("Replay scripts")
struct ReplayTests {
    func run(_ script: String, frames: Bool = false) throws -> [[String: Any]] {
        try Replay.run(script: Array(script.utf8), options: Replay.Options(frames: frames)).map(object)
    }

    @Test func theIssueExampleRunsAndReportsEveryEvent() throws {
        let data = try Data(contentsOf: Tool.fixture("issue-example.json"))
        let lines = try Replay.run(script: [UInt8](data)).map(object)
        #expect(lines.count == 13)
        #expect(lines.map { $0["event"] as? Int } == Array(0..<13))
        // "hello", then a newline: the caret on line 2 at x = 2 (padding), y = 2.
        let afterNewline = try #require(lines[2]["caret"] as? [String: Any])
        #expect(number(afterNewline["offset"]) == 6 && number(afterNewline["y"]) == 2 && number(afterNewline["x"]) == 2)
        // backspace 2 removes the newline and the "o".
        #expect(number((lines[4]["caret"] as? [String: Any])?["offset"]) == 4)
        let rows = try #require(lines[2]["rows"] as? [[String: Any]])
        #expect(rows.count == 1 && number(rows[0]["height"]) == 4 && number(rows[0]["lines"]) == 2)
        // The width change is reported, and the keyboard is on its way up after 0.1 s.
        #expect(number((lines[10]["viewport"] as? [String: Any])?["width"]) == 30)
        let kb = try #require(number(lines[11]["keyboard"]))
        #expect(kb > 0 && kb < 8)
        #expect(number(lines[11]["time"]) == 0.1)
    }

    @Test func framesAreReportedDuringAnimationsAndKeepTheCaretInTheBand() throws {
        let data = try Data(contentsOf: Tool.fixture("seed004-form.json"))
        let lines = try Replay.run(script: [UInt8](data), options: Replay.Options(frames: true)).map(object)
        let frames = lines.filter { $0["frame"] != nil }
        #expect(frames.count >= 30)
        for line in lines {
            guard let caret = line["caret"] as? [String: Any], let offset = number(line["offset"]),
                  let insets = line["insets"] as? [String: Any], let vp = line["viewport"] as? [String: Any] else { continue }
            let bandTop = offset + number(insets["top"])!
            let bandBottom = offset + number(vp["height"])! - number(insets["bottom"])!
            let y = number(caret["y"])!
            #expect(y >= bandTop - 1e-9 && y + 1 <= bandBottom + 1e-9, "caret \(y) outside \(bandTop)...\(bandBottom) at \(line["event"]!) frame \(line["frame"] ?? "-")")
        }
        let last = try #require(lines.last)
        #expect((last["caret"] as? [String: Any])?["field"] as? String == "bio")
    }

    /// Found by the replay fuzz target: replacing a focused field's text while the caret sat
    /// at an offset inside the new text's first cluster, then moving left, asked for offset -1.
    @Test func replacingAFocusedFieldsTextKeepsTheCaretOnABoundary() throws {
        let script = #"{"viewport":{"width":40,"height":10},"rows":[{"id":"a","text":"hello","editable":true}],"events":[{"focus":"a","caret":1},{"setText":{"id":"a","text":"👍🏽x"}},{"move":"left"},{"move":"right"},{"move":"right"}]}"#
        let lines = try Replay.run(script: Array(script.utf8))
        let offsets = lines.compactMap { line -> Int? in
            guard let caret = line.range(of: "\"caret\":{\"row\":\"a\",\"offset\":") else { return nil }
            return Int(line[caret.upperBound...].prefix { $0.isNumber })
        }
        #expect(offsets == [1, 8, 0, 8, 9])
    }

    /// A message that starts clamped to two lines is shown whole, then clamped to one.
    @Test func lineClampEventsCollapseAndExpandARow() throws {
        let script = #"{"viewport":{"width":20,"height":6},"rows":[{"id":"a","text":"one two three four five six seven eight nine ten","lineClamp":2},{"id":"b","text":"end"}],"events":[{"setLineClamp":{"id":"a","lines":null}},{"setLineClamp":{"id":"a","lines":1}}]}"#
        let lines = try Replay.run(script: Array(script.utf8))
        let heights = lines.compactMap { line -> Double? in
            guard let r = line.range(of: "{\"id\":\"a\",\"y\":0,\"height\":") else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        #expect(heights == [3, 1])
        let bad = #"{"viewport":{"width":20,"height":6},"rows":[{"id":"a","text":"x"}],"events":[{"setLineClamp":{"id":"a","lines":0}}]}"#
        #expect(throws: ReplayError.self) { try Replay.run(script: Array(bad.utf8)) }
    }

    @Test func theCommandPrintsTheSameLines() throws {
        let r = try Tool.run(["replay", Tool.fixture("seed004-form.json").path, "--frames"])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: Tool.fixture("seed004-form.json"))
        let library = try Replay.run(script: [UInt8](data), options: Replay.Options(frames: true))
        #expect(r.text == library.joined(separator: "\n") + "\n")
    }

    @Test func standardInputWorksToo() throws {
        let r = try Tool.run(["replay", "-"], stdin: Data(#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "hi"}], "events": [{"scroll": 3}]}"#.utf8))
        #expect(r.status == 0)
        #expect(r.text.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (#"{"viewport": {"width": 10, "height": 5},"#, "line 1, column 41"),
        ("{\n  \"viewport\": {\"width\": 10 \"height\": 5}}", "line 2, column 28"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "x"}], "events": [{"focus": "zz"}]}"#, "unknown row id \"zz\""),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "x", "editable": true}], "events": [{"focus": "a", "caret": 9}]}"#, "caret offset 9"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "e\u0301", "editable": true}], "events": [{"focus": "a", "caret": 1}]}"#, "grapheme"),
        (#"{"viewport": {"width": -10, "height": 5}}"#, "width: must be positive"),
        (#"{"viewport": {"width": 10, "height": -5}}"#, "height: must be zero or more"),
        (#"{"viewport": {"width": 10, "height": 5}, "safeArea": {"bottom": -1}}"#, "bottom: must be zero or more"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a"}, {"id": "a"}]}"#, "duplicate row id a"),
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"warp": 9}]}"#, "unknown event \"warp\""),
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"type": "x"}]}"#, "no field is focused"),
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"advance": -1}]}"#, "advance: must be zero or more"),
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"keyboard": {"height": 3, "curve": "wobbly"}}]}"#, "unknown curve"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "x", "padding": {"top": -1}}]}"#, "top: must be zero or more"),
        (#"{"viewport": {"width": 10, "height": 5}, "colour": "red"}"#, "unknown key \"colour\""),
        (#"{"rows": []}"#, "missing \"viewport\""),
    ])
    func badScriptsFailWithAClearMessage(script: String, message: String) throws {
        #expect(throws: ReplayError.self) { try Replay.run(script: Array(script.utf8)) }
        do {
            _ = try Replay.run(script: Array(script.utf8))
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
        let r = try Tool.run(["replay", "-"], stdin: Data(script.utf8))
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func aMissingFileExitsTwo() throws {
        let r = try Tool.run(["replay", "/nonexistent/script.json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read"))
    }
}

@Suite("JSON reader")
struct JSONReaderTests {
    @Test(arguments: ["{}", "[]", "0", "-1.5e3", "\"a\\u00e9\\ud83d\\ude00\"", "[1,[2,{\"a\":null}],true,false]"])
    func validJSONParsesLikeFoundation(text: String) throws {
        let mine = try JSONReader.parse(Array(text.utf8))
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        #expect(JSONWriter.encode(mine).count > 0)
        if let s = theirs as? String { #expect(mine.string == s) }
        if let n = theirs as? NSNumber, mine.bool == nil { #expect(mine.number == n.doubleValue) }
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\x\"", "\"\\ud800\"", "tru", "[1] 2", "\"a\nb\""])
    func invalidJSONThrowsWithAPosition(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(text.utf8)) }
    }

    @Test func positionsCountLinesAndCharacters() {
        do {
            _ = try JSONReader.parse(Array("{\n  \"한\": 1,\n  \"b\": x\n}".utf8))
            Issue.record("should throw")
        } catch {
            #expect(error.line == 3 && error.column == 8)
        }
    }
}

@Suite("Replay: chat events")
struct ChatReplayTests {
    @Test func chatEventsReportUnreadAndTheFirstVisibleRow() throws {
        let script = #"""
        {"viewport": {"width": 20, "height": 6}, "contentAlignment": "bottom", "estimatedRowHeight": 1,
         "rows": [{"id": "a", "text": "one"}, {"id": "b", "text": "two"}, {"id": "c", "text": "three"},
                  {"id": "d", "text": "four"}, {"id": "e", "text": "five"}, {"id": "f", "text": "six"},
                  {"id": "g", "text": "seven"}, {"id": "h", "text": "eight"}, {"id": "i", "text": "nine"},
                  {"id": "j", "text": "ten"}, {"id": "k", "text": "eleven"}, {"id": "l", "text": "twelve"}],
         "events": [{"scroll": -3}, {"append": {"id": "m", "text": "thirteen"}},
                    {"prepend": [{"id": "z", "text": "zero zero zero zero zero zero"}]},
                    {"scrollTo": {"id": "m", "anchor": "bottom"}},
                    {"append": {"id": "n", "text": "fourteen"}},
                    {"scrollTo": {"id": "d", "anchor": "top"}}, {"remove": "a"}]}
        """#
        let lines = try Replay.run(script: Array(script.utf8), options: Replay.Options(visibleRowsOnly: true)).map(object)
        func first(_ k: Int) -> (String, Double)? {
            guard let f = lines[k]["firstVisible"] as? [String: Any] else { return nil }
            return (f["id"] as! String, number(f["screenY"])!)
        }
        // 12 one-line rows in 6 lines, scrolled up 3 from the end (offset 6): d is first, at 0.
        #expect(number(lines[0]["offset"]) == 3)
        #expect(first(0)?.0 == "d" && first(0)?.1 == 0)
        // An append while away: unread 1, nothing moves.
        #expect(number(lines[1]["unread"]) == 1)
        #expect(first(1)?.0 == "d" && first(1)?.1 == 0)
        #expect(number(lines[1]["offset"]) == number(lines[0]["offset"]))
        // Prepending history above the view keeps d where it was on screen; the new row
        // is not in view, so it counts with its estimate (1) until it is measured.
        #expect(first(2)?.0 == "d" && first(2)?.1 == 0)
        #expect(number(lines[2]["offset"])! == number(lines[1]["offset"])! + 1)
        // Scrolling to the end clears unread; a new message then follows.
        #expect(number(lines[3]["unread"]) == 0)
        #expect(number(lines[4]["unread"]) == 0)
        let rows4 = lines[4]["rows"] as! [[String: Any]]
        #expect(rows4.last?["id"] as? String == "n")
        // --visible-rows lists only rows that intersect the viewport.
        #expect(rows4.count <= 7)
        // Removing a row above the first visible one does not move what is on screen.
        #expect(first(5)?.0 == "d" && first(6)?.0 == "d" && first(5)?.1 == first(6)?.1)
    }

    @Test func theChatFixtureRunsThroughTheCommand() throws {
        let r = try Tool.run(["replay", Tool.fixture("chat.json").path, "--visible-rows"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n").map { object(String($0)) }
        #expect(lines.count == 11)
        #expect(lines.allSatisfy { $0["unread"] != nil && $0["firstVisible"] != nil })
    }

    @Test(arguments: [
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"remove": "nope"}]}"#, "unknown row id \"nope\""),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "x"}], "events": [{"scrollTo": {"id": "a", "anchor": "left"}}]}"#, "unknown anchor"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "x"}], "events": [{"append": {"id": "a", "text": "y"}}]}"#, "duplicate row id a"),
        (#"{"viewport": {"width": 10, "height": 5}, "keyboardPolicy": "sometimes"}"#, "unknown policy"),
        (#"{"viewport": {"width": 10, "height": 5}, "contentAlignment": "middle"}"#, "unknown alignment"),
        (#"{"viewport": {"width": 10, "height": 5}, "estimatedRowHeight": -2}"#, "zero or more"),
    ])
    func badChatScripts(script: String, message: String) throws {
        do {
            _ = try Replay.run(script: Array(script.utf8))
            Issue.record("should fail: \(script)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}

@Suite("Replay: seed behaviours through the command")
struct BehaviorReplayTests {
    @Test(arguments: [
        (#"{"behavior": "toolbar", "config": {"contentHeight": 3000, "viewportHeight": 800}, "events": [{"type": "dragBegin", "offset": 0, "at": 0}, {"type": "scroll", "offset": 40, "translation": -40, "at": 0.1}, {"type": "dragEnd", "offset": 40, "at": 0.2}]}"#, "expanded", 3),
        (#"{"behavior": "header", "config": {"headerHeight": 120}, "events": [{"type": "scroll", "offset": 31, "at": 0}, {"type": "advance", "by": 0.3}]}"#, "headerPosition", 2),
        (#"{"behavior": "tabs", "config": {"headerHeight": 300, "tabBarHeight": 44, "minimumHeaderHeight": 100, "viewportHeight": 800, "tabs": [{"id": "posts", "contentHeight": 2000}, {"id": "likes", "contentHeight": 500}]}, "events": [{"type": "scroll", "offset": 450}, {"type": "selectTab", "tab": "likes"}]}"#, "containerOffset", 2),
        (#"{"behavior": "sections", "config": {"viewportHeight": 700, "bottomInset": 90, "sections": [{"id": "0", "height": 620}, {"id": "1", "height": 880}, {"id": "2", "height": 540}, {"id": "3", "height": 210}]}, "events": [{"type": "next", "at": 0}, {"type": "next", "at": 1}, {"type": "next", "at": 2}, {"type": "next", "at": 3}]}"#, "button", 4),
    ])
    func behaviourScriptsRunThroughReplay(script: String, key: String, events: Int) throws {
        let r = try Tool.run(["replay", "-"], stdin: Data(script.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n").map { object(String($0)) }
        #expect(lines.filter { $0["kind"] as? String == "event" }.count == events)
        #expect(lines.allSatisfy { $0[key] != nil })
        let framed = try Tool.run(["replay", "-", "--frames"], stdin: Data(script.utf8))
        #expect(framed.status == 0)
        #expect(framed.text.split(separator: "\n").count >= lines.count)
    }

    @Test func aBadBehaviourScriptExitsTwo() throws {
        let r = try Tool.run(["replay", "-"], stdin: Data(#"{"behavior": "carousel"}"#.utf8))
        #expect(r.status == 2)
        #expect(r.stderr.contains("carousel"))
    }
}

@Suite("Replay: rich messages")
struct RichReplayTests {
    @Test func aStyledAnswerStreamsWhileTheFieldKeepsItsCaretAtEveryFrame() throws {
        let script = try Data(contentsOf: Tool.fixture("rich-chat.json"))
        var moments = 0
        var richRows = Set<String>()
        var answerHeights: [Double] = []
        try Replay.run(script: Array(script), options: Replay.Options(frames: true), emit: { _ in }) { moment in
            moments += 1
            let t = moment.table
            if moment.caretRuleApplies {
                #expect(t.caretRuleVerdict.holds, "event \(moment.event) frame \(moment.frame ?? -1): \(t.caretRuleVerdict)")
            }
            for i in 0..<t.rows.count {
                guard case .rich(let rich) = t.rows.row(at: i).content, let m = t.rows.measurement(ofRow: i) else { continue }
                richRows.insert(t.rows.row(at: i).id)
                // A rich row on the table's cells is as tall as its text laid out in cells.
                let expected = try? TextLayout(text: rich.text, width: m.contentWidth, metrics: TerminalCellMetrics())
                #expect(m.height == expected?.height)
                if t.rows.row(at: i).id == "answer" && moment.frame == nil { answerHeights.append(m.height) }
            }
        }
        #expect(moments > 20)
        #expect(richRows == ["m1", "m2", "answer"])
        #expect(answerHeights.first! < answerHeights.max()!, "the answer grew: \(answerHeights)")
    }

    @Test(arguments: [
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "rich": {"text": "x", "marks": [{"start": 0, "end": 1, "style": "shiny"}]}}]}"#, "unknown style \"shiny\""),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "rich": {"text": "x", "marks": [{"start": 2, "end": 1}]}}]}"#, "0 <= start <= end"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "x", "rich": {"text": "y"}}]}"#, "not several"),
        (#"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "rich": {"text": "x"}}], "events": [{"focus": "a"}]}"#, "no editable field"),
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"setRich": {"id": "nope", "text": "y"}}]}"#, "unknown row id"),
    ])
    func badRichScripts(script: String, message: String) throws {
        do {
            _ = try Replay.run(script: Array(script.utf8))
            Issue.record("should fail: \(script)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
