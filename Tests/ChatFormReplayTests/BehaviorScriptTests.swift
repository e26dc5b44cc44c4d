import Foundation
import Testing
import ChatFormReplay

@Suite("Behaviour scripts")
struct BehaviorScriptTests {
    static func run(_ json: String, frames: Bool = false) throws -> [[String: Any]] {
        try BehaviorScript.run(script: Array(json.utf8), frames: frames).map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test("toolbar: one line per event with classification, state and position")
    func toolbar() throws {
        let lines = try Self.run("""
        {"behavior": "toolbar", "config": {"contentHeight": 3000, "viewportHeight": 800, "mode": "seed"},
         "events": [{"type": "dragBegin", "offset": 0, "at": 0},
                    {"type": "scroll", "offset": 30, "translation": -30, "at": 0.1},
                    {"type": "dragEnd", "offset": 30},
                    {"type": "zoom", "scale": 1, "minimumScale": 1, "at": 0.5}]}
        """)
        #expect(lines.count == 4)
        #expect(lines[1]["event"] as? String == "scrollDown")
        #expect(lines[1]["expanded"] as? Bool == false)
        #expect(lines[1]["toggled"] as? Bool == true)
        #expect(lines[2]["time"] as? Double == 0.1)
        #expect(lines[3]["event"] as? String == "zoomOut")
        #expect(lines[3]["expanded"] as? Bool == true)
        #expect(lines.map { $0["kind"] as? String } == Array(repeating: "event", count: 4))
        #expect(lines.map { $0["index"] as? Int } == [0, 1, 2, 3])
    }

    @Test("header: frames sample the 0.3 s snap at 60 Hz until it settles")
    func headerFrames() throws {
        let lines = try Self.run("""
        {"behavior": "header", "config": {"headerHeight": 100, "curve": "linear"},
         "events": [{"type": "scroll", "offset": 40, "at": 0}]}
        """, frames: true)
        let frames = lines.filter { $0["kind"] as? String == "frame" }
        #expect(lines.first?["collapsed"] as? Bool == true)
        #expect(lines.first?["navigationBarHidden"] as? Bool == true)
        #expect(frames.count == 18)   // 0.3 s at 60 Hz
        for frame in frames {
            let t = frame["time"] as! Double
            #expect(abs((frame["headerPosition"] as! Double) + 100 * t / 0.3) < 1e-6)
        }
        #expect(frames.last?["headerPosition"] as? Double == -100)
    }

    @Test("tabs: container, list and overlay content height per event")
    func tabs() throws {
        let lines = try Self.run("""
        {"behavior": "tabs",
         "config": {"headerHeight": 300, "tabBarHeight": 44, "minimumHeaderHeight": 100, "viewportHeight": 800,
                    "tabs": [{"id": "posts", "contentHeight": 2000}, {"id": "likes", "contentHeight": 100}]},
         "events": [{"type": "scroll", "offset": 450}, {"type": "selectTab", "tab": "likes"},
                    {"type": "setContentHeight", "tab": "likes", "height": 900}, {"type": "selectTab", "tab": "posts"}]}
        """)
        #expect(lines[0]["containerOffset"] as? Double == 200)
        #expect(lines[0]["listOffset"] as? Double == 250)
        #expect(lines[1]["selectedTab"] as? String == "likes")
        let filled: Double = 300 + 44 + (800 - 100 - 44)
        let grown: Double = 300 + 44 + 900
        #expect((lines[1]["overlayContentHeight"] as? NSNumber)?.doubleValue == filled)
        #expect((lines[2]["overlayContentHeight"] as? NSNumber)?.doubleValue == grown)
        #expect(lines[3]["overlayOffset"] as? Double == 450)
        #expect((lines[3]["listOffsets"] as? [String: Double])?["posts"] == 250)
    }

    @Test("sections: next scrolls with anchor top and animates; the last press agrees")
    func sections() throws {
        let lines = try Self.run("""
        {"behavior": "sections",
         "config": {"viewportHeight": 500, "curve": "easeInOut", "duration": 0.2,
                    "sections": [{"id": "a", "height": 400}, {"id": "b", "height": 400}, {"id": "c", "height": 100}]},
         "events": [{"type": "next", "at": 0}, {"type": "advance", "by": 0.2}, {"type": "next"},
                    {"type": "advance", "by": 0.5}, {"type": "next"}]}
        """, frames: true)
        let events = lines.filter { $0["kind"] as? String == "event" }
        #expect(events.count == 5)
        #expect(events[0]["action"] as? String == "scroll")
        #expect(events[0]["targetOffset"] as? Double == 400)
        #expect(events[1]["offset"] as? Double == 400)
        // 400 is also the bottom (900 − 500): at the bottom the last section counts as visible.
        #expect(events[1]["visibleSection"] as? String == "c")
        #expect(events[1]["currentSection"] as? String == "b")
        #expect(events[2]["targetOffset"] as? Double == 400)       // c can't reach the top: max 900 − 500
        #expect(events[2]["targetSection"] as? String == "c")
        #expect(events[3]["button"] as? String == "agree")
        #expect(events[4]["action"] as? String == "agree")
        #expect(events[4]["button"] as? String == "agreed")
        let frames = lines.filter { $0["kind"] as? String == "frame" }
        let offsets = frames.prefix(12).compactMap { $0["offset"] as? Double }
        #expect(offsets.count == 12)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("every behaviour script of the seed behaviours article runs")
    func docExamples() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChatFormLayout/ChatFormLayout.docc/SeedBehaviors.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let scripts = blocks.filter { $0.contains("\"behavior\"") }
        #expect(scripts.count == 4)
        for script in scripts {
            let lines = try BehaviorScript.run(script: Array(script.utf8), frames: true)
            #expect(!lines.isEmpty)
        }
    }

    @Test("bad scripts throw a ReplayError naming the path",
          arguments: [
            ("not json", "malformed JSON at line 1, column 1"),
            ("{\"behavior\": \"header\",\n \"config\": {\"headerHeight\": 10,}}", "malformed JSON at line 2, column 32: expected a string key"),
            (#"{"config": {}}"#, "script: missing \"behavior\""),
            (#"{"behavior": "carousel"}"#, "script.behavior: unknown behavior \"carousel\""),
            (#"{"behavior": "header", "config": {"headerHeight": 10}, "extra": 1}"#, "script: unknown key \"extra\""),
            (#"{"behavior": "header", "config": {"headerHight": 10}}"#, "script.config: unknown key \"headerHight\""),
            (#"{"behavior": "header", "config": {"headerHeight": "tall"}}"#, "script.config.headerHeight: expected a number"),
            (#"{"behavior": "toolbar", "config": {"viewportHeight": 800}}"#, "script.config: missing \"contentHeight\""),
            (#"{"behavior": "toolbar", "config": {"contentHeight": 1, "viewportHeight": 1, "mode": "wild"}}"#, "script.config.mode: unknown toolbar mode \"wild\""),
            (#"{"behavior": "header", "config": {"headerHeight": 10, "curve": "bounce"}}"#, "script.config.curve: unknown curve \"bounce\""),
            (#"{"behavior": "header", "config": {"headerHeight": -10}}"#, "script.config: headerHeight must be finite and not negative"),
            (#"{"behavior": "header", "config": {"headerHeight": 10}, "events": [{"type": "fly"}]}"#, "events[0].type: unknown header event \"fly\""),
            (#"{"behavior": "header", "config": {"headerHeight": 10}, "events": [{"type": "scroll"}]}"#, "events[0]: missing \"offset\""),
            (#"{"behavior": "header", "config": {"headerHeight": 10}, "events": [{"type": "scroll", "offset": 1, "speed": 2}]}"#, "events[0]: unknown key \"speed\""),
            (#"{"behavior": "header", "config": {"headerHeight": 10}, "events": [{"type": "scroll", "offset": 1, "at": 2}, {"type": "scroll", "offset": 1, "at": 1}]}"#, "events[1]: time 1.0 is earlier than the previous event's 2.0"),
            (#"{"behavior": "tabs", "config": {"headerHeight": 10, "viewportHeight": 100, "tabs": [{"id": "a", "contentHeight": 5}]}, "events": [{"type": "selectTab", "tab": "b"}]}"#, "events[0] (selectTab): unknown id 'b'"),
            (#"{"behavior": "tabs", "config": {"headerHeight": 10, "viewportHeight": 100, "tabs": [{"id": "a"}]}}"#, "script.config.tabs[0]: missing \"contentHeight\""),
            (#"{"behavior": "sections", "config": {"viewportHeight": 100, "sections": []}}"#, "script.config: sections must not be empty"),
            (#"{"behavior": "sections", "config": {"viewportHeight": 100, "sections": [{"id": "a", "height": 1}]}, "events": [{"type": "advance", "by": -1}]}"#, "events[0].by: must be zero or more"),
            (#"{"behavior": "sections", "config": {"viewportHeight": 100, "sections": [{"id": "a", "height": 1}]}, "events": [{"type": "advance"}]}"#, "events[0]: missing \"by\""),
            (#"{"behavior": "sections", "config": {"viewportHeight": 100, "frameRate": 0, "sections": [{"id": "a", "height": 1}]}}"#, "script.config.frameRate:"),
          ])
    func badScripts(json: String, expected: String) {
        // One reader for both kinds: `Replay.run` gives the same error for a behaviour script
        // (a script without "behavior" is a table script there).
        var runs = [{ try BehaviorScript.run(script: Array(json.utf8), frames: true) }]
        if json.contains("\"behavior\"") || !json.hasPrefix("{") {
            runs.append { try Replay.run(script: Array(json.utf8), options: Replay.Options(frames: true)) }
        }
        for run in runs {
            do {
                _ = try run()
                Issue.record("no error for \(json)")
            } catch let error as ReplayError {
                #expect(error.description.hasPrefix(expected), "\(error)")
            } catch {
                Issue.record("untyped error \(error)")
            }
        }
    }
}
