import ChatFormReplay
import ChatFormBehaviors
import ChatFormScroll
import Foundation

/// The `replay` target. Input: an options byte (frames, visible rows only, generated),
/// then the script's bytes (or the bytes `ReplayScriptGenerator` builds a script from),
/// run as `chatform replay` runs them (a `"behavior"` key picks the behaviour replay).
enum ReplayProperty {
    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        let flags = input.byte()
        // Bit 2: build the script from the bytes (deep into the events); else the bytes are the script.
        let script = flags & 4 != 0 ? ReplayScriptGenerator.script(&input) : input.rest()
        let frames = flags & 1 != 0
        let parsed = try? JSONReader.parse(script)
        let events = parsed?["events"]?.array?.count ?? 0
        if let parsed, parsed["behavior"] != nil {
            try checkBehavior(script, frames: frames, events: events)
            return
        }
        var lines = 0
        var eventLines = 0
        do {
            try Replay.run(script: script, options: Replay.Options(frames: frames, visibleRowsOnly: flags & 2 != 0)) { line in
                lines += 1
                if !line.contains("\"frame\":") { eventLines += 1 }
            }
        } catch {
            // A typed error that says where: the JSON's line and column, or a path into the script.
            let message = error.description
            try require(message.hasPrefix("script") || message.hasPrefix("events[") || message.hasPrefix("malformed JSON at line "),
                        "error without a position: \(message)")
            try require(parsed != nil || message.hasPrefix("malformed JSON at line "), "malformed JSON reported as \(message)")
            return
        }
        try require(parsed != nil, "malformed JSON accepted")
        try require(eventLines == events, "\(eventLines) event lines for \(events) events")
        // Frames: at most the longest animation at the highest rate, per event.
        let perEvent = Int(SimulatedKeyboard.maximumDuration * TableConfiguration.frameRates.upperBound) + 2
        try require(frames || lines == events, "\(lines) lines without frames for \(events) events")
        try require(lines <= events * (perEvent + 1), "\(lines) lines for \(events) events")
    }

    static func checkBehavior(_ script: [UInt8], frames: Bool, events: Int) throws(PropertyFailure) {
        let lines: [String]
        do {
            lines = try BehaviorScript.run(scriptData: Data(script), frames: frames)
        } catch let error as BehaviorScriptError {
            // Every case names the event index, the configuration, or the JSON path.
            _ = error
            return
        } catch {
            throw PropertyFailure("untyped behaviour error \(type(of: error)): \(error)")
        }
        let eventLines = lines.filter { $0.contains("\"kind\":\"event\"") }.count
        try require(eventLines == events, "\(eventLines) event lines for \(events) events")
        // Frames: an event at most an hour after the previous one at 1000 Hz, plus 10 s after the last.
        try require(frames || lines.count == events, "\(lines.count) lines without frames for \(events) events")
    }
}
