import ChatFormReplay
import ChatFormBehaviors
import ChatFormScroll

/// The `replay` target. Input: an options byte (frames, visible rows only, generated),
/// then the script's bytes (or the bytes `ReplayScriptGenerator` builds a script from),
/// run as `chatform replay` runs them (a `"behavior"` key picks the behaviour replay).
///
/// Every state the replay reports (after each event, and with frames at each frame) is
/// checked, read from the table or the behaviour's output directly: finite numbers, rows
/// that stack up to the content height, an offset inside its clamp. The JSON line
/// `chatform replay` writes is written, parsed back and checked for the first frame and
/// the last event of each run: the writer is the same for every line, and as every prefix
/// of a script is a script too, any state is the last one of some input. Writing and
/// parsing every line (a run may report a million frames) made the target 10× slower.
enum ReplayProperty {
    /// The most frames one input's table may step (`Replay.Options.frameBudget`): a
    /// keyboard animation of the longest duration at 60 frames a second, and more.
    /// Longer runs of frames repeat the same code at more clock values; without a budget
    /// the fuzzer favoured them (hit counts are coverage to libFuzzer) and an input could
    /// step 60,000 frames an event.
    static let frameBudget = 4_000

    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        let flags = input.byte()
        var options = Replay.Options(frames: flags & 1 != 0, visibleRowsOnly: flags & 2 != 0)
        options.frameBudget = frameBudget
        let parsed: JSONValue
        if flags & 4 != 0 {
            // Bit 2: build the script from the bytes (deep into the events); bit 3 with it: a behaviour script.
            parsed = flags & 8 == 0 ? ReplayScriptGenerator.script(&input) : ReplayScriptGenerator.behaviorScript(&input)
        } else {
            // The bytes are the script's text.
            let script = input.rest()
            do {
                parsed = try JSONReader.parse(script)
            } catch {
                // Malformed JSON: `chatform replay` refuses it with the line and column.
                do {
                    try Replay.run(script: script, options: options) { _ in }
                } catch {
                    try require(error.description.hasPrefix("malformed JSON at line "), "malformed JSON reported as \(error)")
                    return
                }
                throw PropertyFailure("malformed JSON accepted")
            }
        }
        let events = parsed["events"]?.array?.count ?? 0
        if parsed["behavior"] != nil {
            try checkBehavior(parsed, frames: options.frames, events: events)
            return
        }
        // A drag may overscroll and a pinned question may leave blank space below: no clamp then.
        let drags = parsed["events"]?.array?.contains { $0["drag"] != nil || $0["pin"] != nil } ?? false
        let rule = Clamp(applies: !drags, bottomAligned: parsed["contentAlignment"]?.string == "bottom")
        var frameCount = 0
        var eventCount = 0
        var problem: String?
        var lastEvent: ReplayMoment?
        let played: Int
        do {
            played = try Replay.play(parsed, options: options) { moment in
                let isFrame = moment.frame != nil
                if isFrame { frameCount += 1 } else { eventCount += 1 }
                guard problem == nil else { return }
                problem = Self.problem(in: moment.table, rule).map { "event \(moment.event) frame \(moment.frame ?? -1): \($0)" }
                // The line of the first frame here, of the last event played below.
                if problem == nil && isFrame && frameCount == 1 {
                    problem = Self.problem(in: Replay.line(of: moment, options: options), allRows: !options.visibleRowsOnly, rule)
                }
                if !isFrame { lastEvent = moment }
            }
        } catch {
            // A typed error that says where: a path into the script.
            let message = error.description
            try require(message.hasPrefix("script") || message.hasPrefix("events["), "error without a position: \(message)")
            // The engine's own layouts never fail: it hands text layout valid widths and carets.
            try require(!message.contains("layout failed"), "internal failure: \(message)")
            if let problem { throw PropertyFailure(problem) }
            return
        }
        if problem == nil, let lastEvent {
            problem = Self.problem(in: Replay.line(of: lastEvent, options: options), allRows: !options.visibleRowsOnly, rule)
        }
        if let problem { throw PropertyFailure(problem) }
        // Every event, or those before the one the frame budget stopped at.
        try require(eventCount == played && (played == events || options.frameBudget != nil), "\(eventCount) event lines for \(events) events")
        // Frames: at most the longest animation at the highest rate, per event.
        let perEvent = Int(SimulatedKeyboard.maximumDuration * TableConfiguration.frameRates.upperBound) + 2
        try require(options.frames || frameCount == 0, "\(frameCount) frame lines without frames")
        try require(frameCount <= events * perEvent && frameCount <= frameBudget, "\(frameCount) frame lines for \(events) events")
    }

    /// Where the offset must stay: when `applies`, within the table's clamp (content
    /// shorter than the band sits at its bottom when `bottomAligned`).
    struct Clamp {
        var applies: Bool
        var bottomAligned: Bool
    }

    /// The numbers of one reported state, as its output line holds them.
    struct State {
        var time: Double
        var offset: Double
        var contentHeight: Double
        var width: Double
        var height: Double
        var topInset: Double
        var bottomInset: Double
        var keyboard: Double
        /// The caret's x, y and height, when a field is focused.
        var caret: (x: Double, y: Double, height: Double)?
        /// The first visible row's distance below the band's top, when one is.
        var firstVisible: Double?
    }

    /// What is wrong with the table's state, read from the table: see
    /// `problem(in:rows:_:)`. Every row is checked, also when only visible ones are listed,
    /// each at the top and height its line would hold (`TableRows.forEachExtent`).
    static func problem(in t: TableSession<String>, _ rule: Clamp) -> String? {
        let caret = t.caret.map { (x: $0.rect.minX, y: $0.rect.minY, height: $0.rect.height) }
        let state = State(time: t.now, offset: t.viewport.offset, contentHeight: t.rows.contentHeight,
                          width: t.viewport.size.width, height: t.viewport.size.height, topInset: t.viewport.topInset,
                          bottomInset: t.viewport.bottomInset, keyboard: t.viewport.keyboardOverlap,
                          caret: caret, firstVisible: t.rows.firstVisible()?.screenY)
        var stack = RowStack()
        t.rows.forEachExtent { stack.add(y: $0, height: $1) }
        return problem(in: state, stack, rule)
    }

    /// What is wrong with one state: a number that is not finite (its line would hold a
    /// null), rows (`y`, `height`) that do not stack up to the content height, or an offset
    /// outside its clamp.
    static func problem<Rows: Sequence<(y: Double, height: Double)>>(in state: State, rows: Rows, _ rule: Clamp) -> String? {
        var stack = RowStack()
        for row in rows where !stack.add(y: row.y, height: row.height) { break }
        return problem(in: state, stack, rule)
    }

    /// Rows read in order: each must start where the ones before it end, with a finite
    /// height of zero or more.
    struct RowStack {
        /// Where the next row must start: the sum of the heights so far.
        var y = 0.0
        var count = 0
        var problem: String?

        /// Adds a row; false (and `problem` set) when it does not stack.
        mutating func add(y rowY: Double, height: Double) -> Bool {
            defer { count += 1 }
            if !rowY.isFinite || !height.isFinite {
                problem = "row \(count) at \(rowY) height \(height)"
            } else if height < 0 || Swift.abs(rowY - y) > 1e-9 * Swift.max(1, y) {
                problem = "row \(count) at \(rowY), want \(y)"
            } else {
                y += height
            }
            return problem == nil
        }
    }

    static func problem(in state: State, _ rows: RowStack, _ rule: Clamp) -> String? {
        let finite = state.time.isFinite && state.offset.isFinite && state.contentHeight.isFinite && state.width.isFinite
            && state.height.isFinite && state.topInset.isFinite && state.bottomInset.isFinite && state.keyboard.isFinite
            && (state.caret.map { $0.x.isFinite && $0.y.isFinite && $0.height.isFinite } ?? true)
            && (state.firstVisible?.isFinite ?? true)
        if !finite { return "a number that is not finite in \(state)" }
        if let problem = rows.problem { return problem }
        let content = state.contentHeight
        if Swift.abs(rows.y - content) > 1e-9 * Swift.max(1, content) { return "rows sum to \(rows.y), content is \(content)" }
        return offsetProblem(offset: state.offset, content: content, height: state.height,
                             top: state.topInset, bottom: state.bottomInset, rule)
    }

    static func offsetProblem(offset: Double, content: Double, height: Double, top: Double, bottom: Double, _ rule: Clamp) -> String? {
        guard rule.applies else { return nil }
        let tolerance = 1e-9 * Swift.max(1, Swift.abs(content) + Swift.abs(top) + Swift.abs(bottom) + Swift.abs(height))
        let end = content + bottom - height
        let low = rule.bottomAligned ? Swift.min(-top, end) : -top, high = Swift.max(-top, end)
        if offset < low - tolerance || offset > high + tolerance { return "offset \(offset) outside \(low)...\(high)" }
        return nil
    }

    /// What is wrong with one output line: not JSON, a null other than an absent caret or
    /// first visible row (a number that was not finite), missing fields, rows that do not
    /// stack up to the content height, or an offset outside its clamp.
    static func problem(in line: String, allRows: Bool, _ rule: Clamp) -> String? {
        guard let value = try? JSONReader.parse(Array(line.utf8)) else { return "output is not JSON: \(line)" }
        if case .object(let members) = value,
           members.contains(where: { $0.1.containsNull && !(($0.0 == "caret" || $0.0 == "firstVisible") && $0.1.isNull) }) {
            return "a number that is not finite: \(line)"
        }
        guard let offset = value["offset"]?.number, let content = value["contentHeight"]?.number,
              let height = value["viewport"]?["height"]?.number, let top = value["insets"]?["top"]?.number,
              let bottom = value["insets"]?["bottom"]?.number, let rows = value["rows"]?.array else {
            return "missing fields: \(line)"
        }
        if allRows {
            var stack = RowStack()
            for row in rows {
                guard let rowY = row["y"]?.number, let rowHeight = row["height"]?.number else { return "bad row: \(line)" }
                if !stack.add(y: rowY, height: rowHeight) { return "\(stack.problem ?? ""): \(line)" }
            }
            if Swift.abs(stack.y - content) > 1e-9 * Swift.max(1, content) { return "rows sum to \(stack.y), content is \(content): \(line)" }
        }
        return offsetProblem(offset: offset, content: content, height: height, top: top, bottom: bottom, rule).map { "\($0): \(line)" }
    }

    static func checkBehavior(_ json: JSONValue, frames: Bool, events: Int) throws(PropertyFailure) {
        var eventCount = 0
        var frameCount = 0
        var problem: String?
        do {
            try BehaviorScript(json: json).run(frames: frames) { output in
                let isEvent = output.kind == "event"
                if isEvent { eventCount += 1 } else { frameCount += 1 }
                guard problem == nil else { return }
                problem = Self.problem(in: output)
                // The lines of the first frame and of the last event.
                if problem == nil && (isEvent ? eventCount == events : frameCount == 1) {
                    problem = Self.problem(inLineOf: output)
                }
            }
        } catch {
            let message = error.description
            try require(message.hasPrefix("script") || message.hasPrefix("events[") || message.hasPrefix("frames"),
                        "behaviour error without a position: \(message)")
            // As `chatform replay`, which prints nothing of a script that fails.
            return
        }
        if let problem { throw PropertyFailure(problem) }
        try require(eventCount == events, "\(eventCount) event lines for \(events) events")
        try require(frames || frameCount == 0, "\(frameCount) frame lines without frames")
    }

    /// A number of a behaviour's output that is not finite (its line would hold a null).
    static func problem(in output: BehaviorScriptOutput) -> String? {
        var bad: String?
        output.forEachNumber { key, value in
            if bad == nil && !value.isFinite { bad = "a number that is not finite: \(key) \(value) (\(output.kind) at \(output.time))" }
        }
        return bad
    }

    /// What is wrong with the line of a behaviour's output: not JSON, a null (absent
    /// fields are left out), or not the output's fields read back.
    static func problem(inLineOf output: BehaviorScriptOutput) -> String? {
        let line = output.jsonLine
        guard let value = try? JSONReader.parse(Array(line.utf8)) else { return "output is not JSON: \(line)" }
        if value.containsNull { return "a number that is not finite: \(line)" }
        if value != output.json { return "the line does not read back: \(line)" }
        return nil
    }
}

extension JSONValue {
    /// Whether the value is null or holds one.
    var containsNull: Bool {
        switch self {
        case .null: true
        case .bool, .number, .string: false
        case .array(let items): items.contains { $0.containsNull }
        case .object(let members): members.contains { $0.1.containsNull }
        }
    }
}

extension BehaviorScriptOutput {
    /// Calls `body` with the key and value of every number the output's line holds.
    func forEachNumber(_ body: (String, Double) -> Void) {
        body("time", time)
        func optional(_ key: String, _ value: Double?) { if let value { body(key, value) } }
        optional("position", position)
        optional("offset", offset)
        optional("headerPosition", headerPosition)
        optional("alpha", alpha)
        optional("snapTargetOffset", snapTargetOffset)
        optional("overlayOffset", overlayOffset)
        optional("containerOffset", containerOffset)
        optional("listOffset", listOffset)
        optional("overlayContentHeight", overlayContentHeight)
        optional("targetOffset", targetOffset)
        for value in listOffsets?.values ?? [:].values { body("listOffsets", value) }
    }
}
