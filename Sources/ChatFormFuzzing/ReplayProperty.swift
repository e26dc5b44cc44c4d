import ChatFormReplay
import ChatFormBehaviors
import ChatFormScroll

/// The `replay` target. Input: an options byte (frames, visible rows only, generated),
/// then the script's bytes (or the bytes `ReplayScriptGenerator` builds a script from),
/// run as `chatform replay` runs them (a `"behavior"` key picks the behaviour replay).
enum ReplayProperty {
    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        let flags = input.byte()
        // Bit 2: build the script from the bytes (deep into the events); else the bytes are the script.
        // Bit 3 with it: a behaviour script.
        let script = flags & 4 == 0 ? input.rest()
            : flags & 8 == 0 ? ReplayScriptGenerator.script(&input) : ReplayScriptGenerator.behaviorScript(&input)
        let frames = flags & 1 != 0
        let parsed = try? JSONReader.parse(script)
        let events = parsed?["events"]?.array?.count ?? 0
        if let parsed, parsed["behavior"] != nil {
            try checkBehavior(script, frames: frames, events: events)
            return
        }
        var lines = 0
        var eventLines = 0
        var problem: String?
        let visibleOnly = flags & 2 != 0
        // A drag may overscroll and a pinned question may leave blank space below: no clamp then.
        let drags = parsed?["events"]?.array?.contains { $0["drag"] != nil || $0["pin"] != nil } ?? false
        let bottomAligned = parsed?["contentAlignment"]?.string == "bottom"
        do {
            try Replay.run(script: script, options: Replay.Options(frames: frames, visibleRowsOnly: visibleOnly)) { line in
                lines += 1
                if !line.contains("\"frame\":") { eventLines += 1 }
                if problem == nil { problem = Self.problem(in: line, allRows: !visibleOnly, clamped: !drags, bottomAligned: bottomAligned) }
            }
        } catch {
            // A typed error that says where: the JSON's line and column, or a path into the script.
            let message = error.description
            try require(message.hasPrefix("script") || message.hasPrefix("events[") || message.hasPrefix("malformed JSON at line "),
                        "error without a position: \(message)")
            try require(parsed != nil || message.hasPrefix("malformed JSON at line "), "malformed JSON reported as \(message)")
            // The engine's own layouts never fail: it hands text layout valid widths and carets.
            try require(!message.contains("layout failed"), "internal failure: \(message)")
            if let problem { throw PropertyFailure(problem) }
            return
        }
        if let problem { throw PropertyFailure(problem) }
        try require(parsed != nil, "malformed JSON accepted")
        try require(eventLines == events, "\(eventLines) event lines for \(events) events")
        // Frames: at most the longest animation at the highest rate, per event.
        let perEvent = Int(SimulatedKeyboard.maximumDuration * TableConfiguration.frameRates.upperBound) + 2
        try require(frames || lines == events, "\(lines) lines without frames for \(events) events")
        try require(lines <= events * (perEvent + 1), "\(lines) lines for \(events) events")
    }

    /// What is wrong with one output line: not JSON, a number that is not finite (written
    /// as null), rows that do not stack up to the content height, or (without drags) an
    /// offset outside its clamp (content shorter than the band sits at its bottom when
    /// bottom-aligned).
    static func problem(in line: String, allRows: Bool, clamped: Bool, bottomAligned: Bool) -> String? {
        guard let value = try? JSONReader.parse(Array(line.utf8)) else { return "output is not JSON: \(line)" }
        let stripped = line.replacingOccurrences(of: "\"caret\":null", with: "").replacingOccurrences(of: "\"firstVisible\":null", with: "")
        if stripped.contains("null") { return "a number that is not finite: \(line)" }
        guard let offset = value["offset"]?.number, let content = value["contentHeight"]?.number,
              let height = value["viewport"]?["height"]?.number, let top = value["insets"]?["top"]?.number,
              let bottom = value["insets"]?["bottom"]?.number, let rows = value["rows"]?.array else {
            return "missing fields: \(line)"
        }
        let tolerance = 1e-9 * Swift.max(1, Swift.abs(content) + Swift.abs(top) + Swift.abs(bottom) + Swift.abs(height))
        if allRows {
            var y = 0.0
            for row in rows {
                guard let rowY = row["y"]?.number, let rowHeight = row["height"]?.number else { return "bad row: \(line)" }
                if rowHeight < 0 || Swift.abs(rowY - y) > 1e-9 * Swift.max(1, y) { return "row at \(rowY), want \(y): \(line)" }
                y += rowHeight
            }
            if Swift.abs(y - content) > 1e-9 * Swift.max(1, content) { return "rows sum to \(y), content is \(content): \(line)" }
        }
        if clamped {
            let end = content + bottom - height
            let low = bottomAligned ? Swift.min(-top, end) : -top, high = Swift.max(-top, end)
            if offset < low - tolerance || offset > high + tolerance { return "offset \(offset) outside \(low)...\(high): \(line)" }
        }
        return nil
    }

    static func checkBehavior(_ script: [UInt8], frames: Bool, events: Int) throws(PropertyFailure) {
        let lines: [String]
        do {
            lines = try BehaviorScript.run(script: script, frames: frames)
        } catch {
            let message = error.description
            try require(message.hasPrefix("script") || message.hasPrefix("events[") || message.hasPrefix("frames")
                            || message.hasPrefix("malformed JSON at line "),
                        "behaviour error without a position: \(message)")
            return
        }
        for line in lines {
            // Absent fields are left out, so a null is a number that was not finite.
            try require((try? JSONReader.parse(Array(line.utf8))) != nil, "output is not JSON: \(line)")
            try require(!line.contains("null"), "a number that is not finite: \(line)")
        }
        let eventLines = lines.filter { $0.contains("\"kind\":\"event\"") }.count
        try require(eventLines == events, "\(eventLines) event lines for \(events) events")
        try require(frames || lines.count == events, "\(lines.count) lines without frames for \(events) events")
    }
}
