import Testing
import Foundation
import ChatFormReplay

/// The input events of a replay: compose, commit, korean, keyboardDrag, keyboardHeight.
@Suite("Replay: input events")
struct InputReplayTests {
    func lines(_ fixture: String, frames: Bool = false) throws -> [[String: Any]] {
        let data = try Data(contentsOf: Tool.fixture(fixture))
        return try Replay.run(script: [UInt8](data), options: Replay.Options(frames: frames)).map(object)
    }

    @Test func koreanIsComposedKeyByKeyAndTheKeyboardIsDragged() throws {
        let out = try lines("korean-input.json")
        #expect(out.count == 34)
        func marked(_ k: Int) -> String? { (out[k]["marked"] as? [String: Any])?["text"] as? String }
        // ㅎ → 하 → 한 → ㄱ (한 committed) → 그 → 글: the marked text at every key.
        #expect((3...8).map(marked) == ["ㅎ", "하", "한", "ㄱ", "그", "글"])
        // " dlqfurdmf " types a space, 입력을 and a space: nothing is marked after it.
        #expect(marked(9) == nil)
        #expect(marked(10) == "닭")
        #expect(marked(11) == "다")           // two backspaces: 닭 → 달 → 다
        #expect(marked(12) == nil)            // committed
        let m13 = try #require(out[13]["marked"] as? [String: Any])
        #expect(m13["text"] as? String == "にほ" && number(m13["end"])! - number(m13["start"])! == 6)
        #expect(marked(14) == "日本")
        // The caret follows the text through it all: after "한글 입력을 다日本".
        let caret = try #require(out[15]["caret"] as? [String: Any])
        #expect(number(caret["offset"]) == Double("한글 입력을 다日本".utf8.count))
        // The suggestion bar: the keyboard grows to 9; frozen, the picker's 12 does not move anything.
        #expect(number(out[17]["keyboard"]) == 9)
        #expect(number(out[19]["keyboard"]) == 9 && out[19]["keyboardFrozen"] as? Bool == true)
        #expect(number(out[19]["offset"]) == number(out[17]["offset"]))
        #expect(out[20]["keyboardFrozen"] == nil)
        // The drag: the keyboard under the finger (16 high viewport), then a flick hides it.
        #expect(out[22]["keyboardDragging"] as? Bool == true)
        #expect(number(out[23]["keyboard"]) == 9)     // finger at 6: above the keyboard's top
        #expect(number(out[24]["keyboard"]) == 7)
        #expect(number(out[25]["keyboard"]) == 5)
        #expect(out[26]["keyboardDragging"] == nil)
        #expect(number(out[27]["keyboard"]) == 0)
        // Shown again, a slow drag barely into it springs back.
        #expect(number(out[33]["keyboard"]) == 9)
    }

    @Test func everyFrameKeepsTheCaretInTheBand() throws {
        let out = try lines("korean-input.json", frames: true)
        let frames = out.filter { $0["frame"] != nil }
        #expect(frames.count > 60)
        for line in out {
            guard let caret = line["caret"] as? [String: Any], let offset = number(line["offset"]),
                  let insets = line["insets"] as? [String: Any], let vp = line["viewport"] as? [String: Any] else { continue }
            let bandTop = offset + number(insets["top"])!
            let bandBottom = offset + number(vp["height"])! - number(insets["bottom"])!
            let y = number(caret["y"])!
            #expect(y >= bandTop - 1e-9 && y + 1 <= bandBottom + 1e-9,
                    "caret \(y) outside \(bandTop)...\(bandBottom) at \(line["event"]!) frame \(line["frame"] ?? "-")")
        }
    }

    @Test func theCommandPrintsTheSameLines() throws {
        let r = try Tool.run(["replay", Tool.fixture("korean-input.json").path, "--frames"])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: Tool.fixture("korean-input.json"))
        let library = try Replay.run(script: [UInt8](data), options: Replay.Options(frames: true))
        #expect(r.text == library.joined(separator: "\n") + "\n")
    }

    static let field = #"{"viewport": {"width": 10, "height": 5}, "rows": [{"id": "a", "text": "hi", "editable": true}], "events": [{"focus": "a", "caret": 2}, "#

    @Test(arguments: [
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"compose": "한"}]}"#, "no field is focused"),
        (#"{"viewport": {"width": 10, "height": 5}, "events": [{"korean": "ㅎ"}]}"#, "no field is focused"),
        (field + #"{"korean": "ㅎ1"}]}"#, "unknown key"),
        (field + #"{"korean": "ㆍ"}]}"#, "U+318D"),
        (field + #"{"compose": {"text": "한", "replace": [1, 9]}}]}"#, "marked range 1..<9"),
        (field + #"{"compose": {"text": "한", "selection": [0, 9]}}]}"#, "the selection must lie inside the marked text"),
        (field + #"{"compose": {"text": "한", "selection": [3, 0]}}]}"#, "start 3 is after end 0"),
        (field + #"{"compose": {"txt": "한"}}]}"#, "unknown key \"txt\""),
        (field + #"{"commit": 1}]}"#, "expected true"),
        (field + #"{"korean": {"backspace": -1}}]}"#, "must be zero or more"),
        (field + #"{"keyboardDrag": "sideways"}]}"#, "expected \"begin\""),
        (field + #"{"keyboardDrag": {"to": "x"}}]}"#, "expected a number"),
        (field + #"{"keyboardHeight": {"height": 3, "content": "melt"}}]}"#, "unknown mode \"melt\""),
        (field + #"{"keyboardHeight": {"height": -3}}]}"#, "height: must be zero or more"),
        (field + #"{"keyboardHeight": {"unfreeze": true, "height": 3}}]}"#, "takes only a duration"),
    ])
    func badInputEventsFailWithAClearMessage(script: String, message: String) throws {
        do {
            _ = try Replay.run(script: Array(script.utf8))
            Issue.record("should fail: \(script)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}

@Suite("Replay: the documented input script")
struct ReadmeInputScriptTests {
    /// The JSON block that follows `marker` in the article on the replay format.
    static func readmeBlock(after marker: String) throws -> String {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChatFormLayout/ChatFormLayout.docc/CaretVisibilityTests.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        guard let start = text.range(of: marker),
              let open = text.range(of: "```json\n", range: start.upperBound..<text.endIndex),
              let close = text.range(of: "```", range: open.upperBound..<text.endIndex) else {
            throw ReplayError("CaretVisibilityTests.md: no JSON block after \(marker)")
        }
        return String(text[open.upperBound..<close.lowerBound])
    }

    @Test func theReadmeScriptRunsAsDocumented() throws {
        let script = try Self.readmeBlock(after: "A Korean composition and a keyboard flicked away")
        let out = try Replay.run(script: Array(script.utf8)).map(object)
        #expect(out.count == 13)
        let marked = out.map { ($0["marked"] as? [String: Any])?["text"] as? String }
        #expect(Array(marked[2...6]) == ["ㅎ", "하", "한", "는", nil])   // 한 + ㅡ: the ㄴ moves on (하느), then 는
        #expect(number((out[6]["caret"] as? [String: Any])?["offset"]) == Double("하는".utf8.count))
        #expect(number(out[8]["keyboard"]) == 9)
        #expect(number(out[10]["keyboard"]) == 4)
        #expect(number(out[12]["keyboard"]) == 0)
    }
}
