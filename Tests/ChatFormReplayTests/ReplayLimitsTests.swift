import Testing
import Foundation
import ChatFormReplay
import ChatFormScroll

/// Issue 13, defect 1: absurd durations and advances are refused with a typed error, and a
/// long advance costs only the frames that animate. Bounds are asserted on the work done
/// (frames stepped, lines printed); the command runs under a time limit so that a
/// regression fails instead of stalling the suite.
@Suite("Replay limits")
struct ReplayLimitsTests {
    /// The script from the issue: a billion-second keyboard, then ten million seconds.
    static let issueScript = #"{"viewport":{"width":10,"height":10},"rows":[{"id":"a","text":"x","editable":true}],"events":[{"focus":"a","caret":0},{"keyboard":{"height":1e9,"duration":1e9}},{"advance":1e7}]}"#

    @Test func theIssueScriptIsRefusedAtTheKeyboardEvent() throws {
        var emitted: [String] = []
        do {
            try Replay.run(script: Array(Self.issueScript.utf8)) { emitted.append($0) }
            Issue.record("the script should be refused")
        } catch {
            #expect(error.description.hasPrefix("events[1] (keyboard)"), "\(error.description)")
            #expect(error.description.contains("keyboard duration (0...60 s)"), "\(error.description)")
        }
        #expect(emitted.count == 1, "only the focus event ran")
    }

    @Test func theIssueScriptThroughTheCommandExitsTwoPromptly() throws {
        for flags in [[], ["--frames"]] {
            let r = try Tool.run(["replay", "-"] + flags, stdin: Data(Self.issueScript.utf8), timeLimit: 60)
            #expect(!r.timedOut, "chatform replay \(flags) did not return")
            #expect(r.status == 2)
            #expect(r.stderr.contains("events[1] (keyboard)") && r.stderr.contains("keyboard duration"), "\(r.stderr)")
            #expect(r.text.split(separator: "\n").count == 1)
        }
    }

    /// A long advance after a short animation steps the animation's frames, then jumps.
    @Test func aLongAdvanceStepsOnlyTheAnimatedFrames() throws {
        let script = #"{"viewport":{"width":10,"height":10},"rows":[{"id":"a","text":"x","editable":true}],"events":[{"focus":"a","caret":0},{"keyboard":{"height":4,"duration":0.25}},{"advance":1e7}]}"#
        for frames in [false, true] {
            let lines = try Replay.run(script: Array(script.utf8), options: Replay.Options(frames: frames)).map(object)
            let frameLines = lines.filter { $0["frame"] != nil }
            // 0.25 s at 60 Hz: frames 1...15, and one more that sees the keyboard at rest.
            #expect(frameLines.count == (frames ? 16 : 0))
            #expect(lines.count == 3 + frameLines.count)
            #expect(number(lines.last?["time"]) == 1e7)
            #expect(number(lines.last?["keyboard"]) == 4)
        }
        let r = try Tool.run(["replay", "-", "--frames"], stdin: Data(script.utf8), timeLimit: 60)
        #expect(!r.timedOut && r.status == 0, "\(r.stderr)")
        #expect(r.text.split(separator: "\n").count == 3 + 16)
    }

    @Test func theSessionCountsItsFrames() throws {
        var table = try TableSession(rows: [Row(id: "a", content: .text("x", editable: true))],
                                     viewport: Viewport(size: Size(width: 10, height: 10)))
        try table.field.focus(FieldRef(row: "a"), caret: 0)
        #expect(throws: ScrollError.self) { try table.keyboard.show(height: 1e9, duration: 1e9) }
        #expect(throws: ScrollError.self) { try table.keyboard.show(height: 4, duration: 60.5) }
        // A spring ignores the duration argument: its settling time counts.
        #expect(throws: ScrollError.self) { try table.keyboard.show(height: 4, curve: .spring(duration: 30, bounce: 0.9)) }
        #expect(table.keyboard.state.targetHeight == 0, "a refused animation leaves the keyboard as it was")
        try table.keyboard.show(height: 4, duration: 0.25)
        var frames = 0
        try table.advance(by: 1e7) { _ in frames += 1 }
        #expect(frames == 16)
        #expect(table.now == 1e7)
        #expect(throws: ScrollError.self) { try table.advance(by: 1e9) }
        #expect(throws: ScrollError.self) { try table.advance(by: .infinity) }
        #expect(table.now == 1e7, "a refused advance leaves the clock where it was")
    }

    /// The worst case the limits allow: the longest animation at the highest frame rate.
    @Test func theLongestAnimationAtTheHighestRateStaysBounded() throws {
        let configuration = TableConfiguration(frameRate: 1e9)
        #expect(configuration.frameRate == 1000, "frame rates are clamped to 1...1000")
        var table = try TableSession(rows: [Row(id: "a", content: .text("x", editable: true))],
                                     viewport: Viewport(size: Size(width: 10, height: 10)), configuration: configuration)
        try table.keyboard.show(height: 4, duration: SimulatedKeyboard.maximumDuration)
        var frames = 0
        try table.advance(by: 1e8) { _ in frames += 1 }
        #expect(frames == 60_001)
    }

    @Test(arguments: [
        (#"{"viewport":{"width":10,"height":5},"frameRate":5000}"#, "script.frameRate: must be within 1...1000"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"advance":2e9}]}"#, "events[0] (advance)"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"keyboard":{"height":3,"duration":61}}]}"#, "keyboard duration (0...60 s)"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"keyboard":{"height":3,"curve":{"spring":{"duration":40,"bounce":0.5}}}}]}"#, "settling within 60 s"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"keyboardHide":{"duration":1e300}}]}"#, "keyboard duration"),
        (#"{"viewport":{"width":10,"height":5},"rows":[{"id":"a","text":"xy","editable":true}],"events":[{"focus":"a"},{"select":[1e300,0]}]}"#, "select: expected [anchor, caret]"),
        (#"{"viewport":{"width":10,"height":5},"tabWidth":20000}"#, "script.tabWidth: must be within 1...10000"),
        (#"{"viewport":{"width":10,"height":5},"lineHeight":1e7}"#, "script.lineHeight: must be within"),
        (#"{"viewport":{"width":10,"height":5},"caretMargin":5000}"#, "script.caretMargin: must be within 0...1000"),
        (#"{"viewport":{"width":1e13,"height":5}}"#, "width (0...1e12)"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"scroll":1e300}]}"#, "scroll delta"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"drag":"begin"},{"drag":2e12}]}"#, "drag delta"),
        (#"{"viewport":{"width":10,"height":5},"events":[{"keyboard":{"height":1e13}}]}"#, "keyboard height (0...1e12)"),
    ])
    func outOfRangeNumbersAreRefused(script: String, message: String) throws {
        do {
            _ = try Replay.run(script: Array(script.utf8))
            Issue.record("\(script) should be refused")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    /// Found by reading the fuzz targets' code paths: a huge count looped that many times.
    @Test func aHugeDeleteCountCostsWhatItDeletes() throws {
        let script = #"{"viewport":{"width":10,"height":10},"rows":[{"id":"a","text":"xy","editable":true}],"events":[{"focus":"a","caret":2},{"backspace":1e14},{"type":"ab"},{"move":"documentStart"},{"delete":999999999999999}]}"#
        let lines = try Replay.run(script: Array(script.utf8)).map(object)
        #expect(lines.count == 5)
        #expect(number((lines[1]["caret"] as? [String: Any])?["offset"]) == 0)
        #expect(number((lines[4]["rows"] as? [[String: Any]])?.first?["lines"]) == 1)
        let r = try Tool.run(["replay", "-"], stdin: Data(script.utf8), timeLimit: 60)
        #expect(!r.timedOut && r.status == 0, "\(r.stderr)")
        var table = try TableSession(rows: [Row(id: "a", content: .text("x👍🏽y", editable: true))],
                                     viewport: Viewport(size: Size(width: 10, height: 10)))
        try table.field.focus(FieldRef(row: "a"), caret: 10)
        try table.field.deleteBackward(Int.max)
        #expect(try table.rows.text(of: FieldRef(row: "a")) == "")
    }

    @Test func behaviourScriptsJumpWithoutFrames() throws {
        // Three events an hour apart at 1000 Hz: without frames nothing is listed per frame.
        let script = #"{"behavior":"header","config":{"headerHeight":120,"frameRate":1000},"events":[{"type":"scroll","offset":31,"at":0},{"type":"scroll","offset":0,"at":3600},{"type":"scroll","offset":31,"at":7200}]}"#
        let r = try Tool.run(["replay", "-"], stdin: Data(script.utf8), timeLimit: 60)
        #expect(!r.timedOut && r.status == 0, "\(r.stderr)")
        #expect(r.text.split(separator: "\n").count == 3)
        // With frames, only the frames of the three 0.3 s snaps are listed (300 each at
        // 1000 Hz); the quiet hours between them cost nothing per frame.
        let framed = try Tool.run(["replay", "-", "--frames"], stdin: Data(script.utf8), timeLimit: 60)
        #expect(!framed.timedOut && framed.status == 0, "\(framed.stderr)")
        #expect(framed.text.split(separator: "\n").count == 3 + 3 * 300)
        let fast = #"{"behavior":"header","config":{"headerHeight":120,"frameRate":2000},"events":[]}"#
        let refused = try Tool.run(["replay", "-"], stdin: Data(fast.utf8), timeLimit: 60)
        #expect(refused.status == 2 && refused.stderr.contains("frameRate"), "\(refused.stderr)")
    }
}
