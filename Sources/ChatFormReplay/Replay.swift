import ChatFormScroll
import ChatFormText
import ChatFormMotion

/// Runs a scripted session (`chatform replay`) and reports the layout after every event,
/// and with `frames` after every animation frame. A script whose top-level object has a
/// `"behavior"` key is a ``BehaviorScript`` and replays a seed behaviour instead.
///
/// ```swift
/// let lines = try Replay.run(script: Array(json.utf8), options: ReplayOptions(frames: true))
/// ```
public enum Replay {
    /// Output options.
    public struct Options: Sendable {
        /// Also report every animation frame (marked `"frame": k`).
        public var frames: Bool
        /// List only the rows that intersect the viewport.
        public var visibleRowsOnly: Bool
        /// The most frames a table script may step in all (reported or not), or nil for no
        /// limit: the replay stops before an `advance` that would step more. The fuzz
        /// property sets one, so that one input costs a bounded amount of work.
        package var frameBudget: Int?

        public init(frames: Bool = false, visibleRowsOnly: Bool = false) {
            self.frames = frames
            self.visibleRowsOnly = visibleRowsOnly
        }
    }

    /// Runs `script` and hands each output line (one JSON object) to `emit`.
    ///
    /// - Throws: `ReplayError` naming the event and what is wrong; output already emitted
    ///   stays emitted.
    public static func run(script: [UInt8], options: Options = Options(), emit: (String) -> Void) throws(ReplayError) {
        let json: JSONValue
        do { json = try JSONReader.parse(script) } catch { throw ReplayError(error.description) }
        if json["behavior"] != nil {
            for line in try BehaviorScript(json: json).run(frames: options.frames) { emit(line) }
            return
        }
        try playTable(json, options: options, observer: nil, emit: emit)
    }

    /// Runs a table script (not a behaviour script) and hands `observe` the table after
    /// every event, and with `options.frames` at every animation frame, before the line
    /// that reports it is emitted: what `chatform replay --html` draws.
    ///
    /// - Throws: `ReplayError` as ``run(script:options:emit:)``, and for a behaviour
    ///   script (they drive no table).
    public static func run(script: [UInt8], options: Options = Options(), emit: (String) -> Void,
                           observe: @escaping (ReplayMoment) -> Void) throws(ReplayError) {
        let json: JSONValue
        do { json = try JSONReader.parse(script) } catch { throw ReplayError(error.description) }
        if json["behavior"] != nil {
            throw ReplayError("script: a behaviour script (\"behavior\") drives no table session, so it has no frames to draw")
        }
        try playTable(json, options: options, observer: observe, emit: emit)
    }

    /// Plays a parsed table script (not a behaviour script) without writing its lines: hands
    /// `observe` each moment, as `run(script:options:emit:observe:)` does. The fuzz property
    /// checks the states themselves here instead of writing every line and parsing it back
    /// (``line(of:options:)`` writes one).
    ///
    /// - Returns: how many events were played: all of them, unless `options.frameBudget`
    ///   stopped the replay before an `advance` that would have stepped too many frames.
    @discardableResult
    package static func play(_ json: JSONValue, options: Options, observe: @escaping (ReplayMoment) -> Void) throws(ReplayError) -> Int {
        try playTable(json, options: options, observer: observe, writesLines: false) { _ in }
    }

    /// The output line `run` writes for `moment`.
    package static func line(of moment: ReplayMoment, options: Options) -> String {
        Player.snapshot(of: moment.table, event: moment.event, frame: moment.frame, visibleRowsOnly: options.visibleRowsOnly)
    }

    /// Plays a table script's events, emitting each output line (unless not `writesLines`:
    /// then none is written) and handing `observer` each moment; returns how many events
    /// were played (see `Options.frameBudget`).
    @discardableResult
    static func playTable(_ json: JSONValue, options: Options, observer: ((ReplayMoment) -> Void)?,
                          writesLines: Bool = true, emit: (String) -> Void) throws(ReplayError) -> Int {
        let top = try Fields(json, "script")
        try top.allow(Player.scriptKeys)
        var player = try Player(top, options: options)
        player.observer = observer
        player.writesLines = writesLines
        guard let events = json["events"] else { return 0 }
        guard let list = events.array else { throw ReplayError("script.events: expected an array") }
        for (k, event) in list.enumerated() {
            if player.exceedsFrameBudget(event) { return k }
            for line in try player.play(event, index: k) { emit(line) }
        }
        return list.count
    }

    /// Runs `script` and returns its output lines.
    public static func run(script: [UInt8], options: Options = Options()) throws(ReplayError) -> [String] {
        var lines: [String] = []
        try run(script: script, options: options) { lines.append($0) }
        return lines
    }
}

/// One moment of a replay: the table after an event, or at one of the animation frames an
/// event plays (`frame` set).
public struct ReplayMoment: Sendable {
    /// The table as it is at this moment.
    public var table: TableSession<String>
    /// The index of the event in the script's `events`.
    public var event: Int
    /// The event as the script writes it (one JSON object).
    public var eventJSON: String { JSONWriter.encode(eventValue) }
    /// The event as read (written out only when `eventJSON` is asked for).
    var eventValue: JSONValue
    /// The animation frame's number (time × frame rate), or nil for the state after the event.
    public var frame: Int?
    /// Whether the caret rule applies here: after an event that must reveal the caret (an
    /// edit, a caret move, focusing, the keyboard, a resize, composition), and at the frames
    /// that follow it, but not after the user scrolls or drags, scrolls to a row, blurs,
    /// or changes the chat's rows (until an event reveals the caret again).
    public var caretRuleApplies: Bool
}

/// The state of one replay.
struct Player {
    /// The keys a table script's top-level object may have.
    static let scriptKeys: [String] = ["viewport", "safeArea", "lineHeight", "caretMargin", "extraBottomInset", "rows", "events",
                                          "tabWidth", "ambiguousWidth", "keepAll", "keyboardPolicy", "contentAlignment",
                                          "stickToBottom", "stickToBottomTolerance", "estimatedRowHeight", "estimateFromTextLength", "frameRate"]
    /// Events after which the caret may stay out of view (the user moved the content, or
    /// the rows changed under it); `advance` keeps what the event before it set.
    static let eventsNotRevealingTheCaret: Set<String> = ["scroll", "drag", "scrollTo", "blur", "keyboardDrag",
                                                          "append", "prepend", "remove", "setText", "pin", "unpin"]

    var table: TableSession<String>
    let options: Replay.Options
    /// Hands the table to `Replay.run(script:options:emit:observe:)`'s observer.
    var observer: ((ReplayMoment) -> Void)?
    /// Whether the caret rule applies after the events played so far.
    var caretRuleApplies = false
    /// Whether `play` writes output lines (not when only an observer looks).
    var writesLines = true
    /// Frame lines produced by the event being played.
    var pending: [String] = []
    /// The Korean 2-beolsik composer behind `korean` events.
    var korean = HangulComposer()
    /// The frames the table has stepped so far (for `options.frameBudget`).
    var framesStepped = 0

    init(_ top: Fields, options: Replay.Options) throws(ReplayError) {
        self.options = options
        let vp = try top.required("viewport", top.object)
        try vp.allow(["width", "height"])
        let size = Size(width: try vp.required("width") { (k: String) throws(ReplayError) in try vp.size(k, positive: true) },
                        height: try vp.required("height") { (k: String) throws(ReplayError) in try vp.size(k) })
        let safe = try decodeInsets(try top.object("safeArea"))
        let lineHeight = try top.size("lineHeight", positive: true) ?? 1
        guard TextMetricsLimits.lineHeights.contains(lineHeight) else {
            throw ReplayError("script.lineHeight: must be within 1e-6...1e6 (got \(JSONWriter.number(lineHeight)))")
        }
        let caretMargin = try top.size("caretMargin") ?? 1
        guard caretMargin <= ScrollLimits.maximumCaretMarginLines else {
            throw ReplayError("script.caretMargin: must be within 0...1000 lines (got \(JSONWriter.number(caretMargin)))")
        }
        let tabWidth = try top.int("tabWidth") ?? 8
        guard tabWidth >= 1, tabWidth <= TextMetricsLimits.maximumTabWidth else {
            throw ReplayError("script.tabWidth: must be within 1...\(TextMetricsLimits.maximumTabWidth)")
        }
        let ambiguous = try top.int("ambiguousWidth") ?? 1
        guard ambiguous == 1 || ambiguous == 2 else { throw ReplayError("script.ambiguousWidth: must be 1 or 2") }
        let policy = try top.string("keyboardPolicy").map { (name: String) throws(ReplayError) -> KeyboardPolicy in
            guard let p = KeyboardPolicy(rawValue: name) else { throw ReplayError("script.keyboardPolicy: unknown policy \"\(name)\" (always, whenAtEnd, persistent, never)") }
            return p
        } ?? .always
        let alignment = try top.string("contentAlignment").map { (name: String) throws(ReplayError) -> ContentAlignment in
            guard let a = ContentAlignment(rawValue: name) else { throw ReplayError("script.contentAlignment: unknown alignment \"\(name)\" (top, bottom)") }
            return a
        } ?? .top
        let frameRate = try top.size("frameRate", positive: true) ?? 60
        guard TableConfiguration.frameRates.contains(frameRate) else {
            throw ReplayError("script.frameRate: must be within 1...1000 (got \(JSONWriter.number(frameRate)))")
        }
        let configuration = TableConfiguration(
            metrics: TerminalCellMetrics(tabWidth: tabWidth, ambiguousWidth: ambiguous, lineHeight: lineHeight),
            textOptions: TextLayoutOptions(keepAll: try top.bool("keepAll") ?? false),
            caretMarginLines: caretMargin,
            keyboardPolicy: policy, contentAlignment: alignment,
            stickToBottom: try top.bool("stickToBottom") ?? true,
            stickToBottomTolerance: try top.size("stickToBottomTolerance"),
            estimatedRowHeight: try top.size("estimatedRowHeight"),
            estimateFromTextLength: try top.bool("estimateFromTextLength") ?? false,
            frameRate: frameRate)
        var rows: [Row<String>] = []
        if let list = top.value["rows"], list != .null {
            guard let array = list.array else { throw ReplayError("script.rows: expected an array") }
            for (k, r) in array.enumerated() { rows.append(try decodeRow(r, "script.rows[\(k)]")) }
        }
        let viewport = Viewport(size: size, safeArea: safe, extraBottomInset: try top.size("extraBottomInset") ?? 0)
        do {
            table = try TableSession(source: try RowListSource(rows), viewport: viewport, configuration: configuration)
        } catch {
            throw ReplayError("script: \(error)")
        }
    }

    /// Whether `event` is an `advance` that would take the frames stepped past
    /// `options.frameBudget`.
    func exceedsFrameBudget(_ event: JSONValue) -> Bool {
        guard let budget = options.frameBudget, let seconds = event["advance"]?.number else { return false }
        return framesStepped + table.framesStepped(advancingBy: seconds) > budget
    }

    /// Plays one event; returns its frame lines (with `frames`) and then its own line (none
    /// unless `writesLines`).
    mutating func play(_ event: JSONValue, index k: Int) throws(ReplayError) -> [String] {
        pending = []
        let f = try Fields(event, "events[\(k)]")
        guard let name = f.firstKey else { throw ReplayError("events[\(k)]: empty event") }
        do {
            try apply(name, f, index: k)
        } catch let error as ReplayError {
            throw error
        } catch {
            throw ReplayError("events[\(k)] (\(name)): \(error)")
        }
        defer { pending = [] }
        if let observer {
            if name != "advance" { caretRuleApplies = !Self.eventsNotRevealingTheCaret.contains(name) }
            observer(ReplayMoment(table: table, event: k, eventValue: event, frame: nil,
                                  caretRuleApplies: caretRuleApplies))
        }
        return writesLines ? pending + [snapshot(event: k, frame: nil)] : []
    }

    private mutating func apply(_ name: String, _ f: Fields, index k: Int) throws {
        let path = "events[\(k)]"
        func only(_ keys: [String]) throws(ReplayError) { try f.allow(keys) }
        func count(_ key: String) throws(ReplayError) -> Int {
            let n = try f.int(key) ?? 1
            guard n >= 0 else { throw ReplayError("\(path).\(key): must be zero or more") }
            return n
        }
        switch name {
        case "focus":
            try only(["focus", "caret", "field"])
            let id = try f.required("focus", f.string)
            guard table.rows.index(of: id) != nil else { throw ReplayError("\(path).focus: unknown row id \"\(id)\"") }
            var field = FieldRef(row: id)
            if let fieldName = try f.string("field") {
                guard let found = table.rows.field(named: fieldName, inRow: id) else {
                    throw ReplayError("\(path).field: row \"\(id)\" has no field named \"\(fieldName)\"")
                }
                field = found
            }
            try table.field.focus(field, caret: try f.int("caret") ?? 0)
        case "type", "paste":
            try only([name])
            try table.field.type(try f.required(name, f.string))
        case "newline":
            try only(["newline"])
            try table.field.newline()
        case "backspace":
            try only(["backspace"])
            try table.field.deleteBackward(try count("backspace"))
        case "delete":
            try only(["delete"])
            try table.field.deleteForward(try count("delete"))
        case "move":
            try only(["move"])
            let m = try f.required("move", f.string)
            guard let move = CaretMove(rawValue: m) else {
                throw ReplayError("\(path).move: unknown move \"\(m)\" (\(CaretMove.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            try table.field.move(move)
        case "setCaret":
            try only(["setCaret"])
            try table.field.setCaret(try f.required("setCaret", f.int))
        case "select":
            try only(["select"])
            guard let pair = f.value["select"]?.array, pair.count == 2, let a = pair[0].number, let b = pair[1].number,
                  a == a.rounded(), b == b.rounded(), Swift.abs(a) < 1e15, Swift.abs(b) < 1e15 else {
                throw ReplayError("\(path).select: expected [anchor, caret]")
            }
            try table.field.select(anchor: Int(a), caret: Int(b))
        case "blur":
            try only(["blur"])
            table.field.blur()
        case "scroll":
            try only(["scroll"])
            if let dy = f.value["scroll"]?.number {
                try table.scroll(by: dy)
            } else {
                let g = try f.required("scroll", f.object)
                try g.allow(["by", "to"])
                if let to = try g.number("to") { try table.scroll(to: to) } else { try table.scroll(by: try g.required("by", g.number)) }
            }
        case "drag":
            try only(["drag"])
            if let dy = f.value["drag"]?.number {
                try table.drag(by: dy)
            } else if let phase = f.value["drag"]?.string, phase == "begin" || phase == "end" {
                if phase == "begin" { table.beginDrag() } else { try table.endDrag() }
            } else {
                throw ReplayError("\(path).drag: expected \"begin\", a distance, or \"end\"")
            }
        case "resize":
            try only(["resize"])
            let g = try f.required("resize", f.object)
            try g.allow(["width", "height"])
            let w = try g.size("width", positive: true) ?? table.viewport.size.width
            let h = try g.size("height") ?? table.viewport.size.height
            try table.resize(to: Size(width: w, height: h))
        case "insets":
            try only(["insets"])
            let g = try f.required("insets", f.object)
            try g.allow(["safeArea", "extraBottomInset"])
            let safe = try g.object("safeArea").map { (s: Fields) throws(ReplayError) in try decodeInsets(s) }
            try table.setInsets(safeArea: safe, extraBottomInset: try g.size("extraBottomInset"))
        case "advance":
            try only(["advance"])
            let seconds = try f.required("advance") { (key: String) throws(ReplayError) in try f.size(key) }
            let frames = options.frames
            var output: [String] = []
            let visibleRowsOnly = options.visibleRowsOnly
            let observer = frames ? self.observer : nil
            let event = f.value
            let applies = caretRuleApplies
            let writesLines = self.writesLines
            var stepped = 0
            defer { framesStepped += stepped }
            try table.advance(by: seconds) { frame in
                stepped += 1
                if frames {
                    let number = Int((frame.now * frame.configuration.frameRate).rounded())
                    observer?(ReplayMoment(table: frame, event: k, eventValue: event, frame: number, caretRuleApplies: applies))
                    if writesLines { output.append(Self.snapshot(of: frame, event: k, frame: number, visibleRowsOnly: visibleRowsOnly)) }
                }
            }
            pending += output
        case "keyboard":
            try only(["keyboard"])
            let g = try f.required("keyboard", f.object)
            try g.allow(["height", "duration", "curve"])
            try table.keyboard.show(height: try g.required("height") { (key: String) throws(ReplayError) in try g.size(key) },
                                   duration: try g.size("duration") ?? SimulatedKeyboard.defaultDuration,
                                   curve: try decodeCurve(g.value["curve"], "\(path).keyboard.curve"))
        case "keyboardHide":
            try only(["keyboardHide"])
            if let g = try? f.object("keyboardHide") {
                try g.allow(["duration", "curve"])
                try table.keyboard.hide(duration: try g.size("duration") ?? SimulatedKeyboard.defaultDuration,
                                       curve: try decodeCurve(g.value["curve"], "\(path).keyboardHide.curve"))
            } else {
                try table.keyboard.hide()
            }
        default:
            if try applyInputEvent(name, f, index: k) { break }
            try applyChatEvent(name, f, index: k)
        }
    }

    // MARK: Output

    func snapshot(event: Int, frame: Int?) -> String {
        Self.snapshot(of: table, event: event, frame: frame, visibleRowsOnly: options.visibleRowsOnly)
    }

    static func snapshot(of t: TableSession<String>, event: Int, frame: Int?, visibleRowsOnly: Bool) -> String {
        let n = JSONWriter.number
        var s = "{\"event\":\(event)"
        if let frame { s += ",\"frame\":\(frame)" }
        s += ",\"time\":\(n(t.now)),\"offset\":\(n(t.viewport.offset)),\"contentHeight\":\(n(t.rows.contentHeight))"
        s += ",\"viewport\":{\"width\":\(n(t.viewport.size.width)),\"height\":\(n(t.viewport.size.height))}"
        s += ",\"insets\":{\"top\":\(n(t.viewport.topInset)),\"bottom\":\(n(t.viewport.bottomInset))}"
        s += ",\"keyboard\":\(n(t.viewport.keyboardOverlap))"
        s += inputSnapshot(of: t)
        if let c = t.caret {
            var fieldName = ""
            if c.field.item != 0 || t.rows.index(of: c.field.row).map({ if case .stack = t.rows.row(at: $0).content { true } else { false } }) == true,
               let i = t.rows.index(of: c.field.row), case .stack(let items) = t.rows.row(at: i).content, let name = items[c.field.item].name {
                fieldName = ",\"field\":\(JSONWriter.string(name))"
            }
            s += ",\"caret\":{\"row\":\(JSONWriter.string(c.field.row))\(fieldName),\"offset\":\(c.position.offset),\"x\":\(n(c.rect.minX)),\"y\":\(n(c.rect.minY)),\"height\":\(n(c.rect.height))}"
        } else {
            s += ",\"caret\":null"
        }
        s += ",\"unread\":\(t.unreadCount)"
        if let first = t.rows.firstVisible() {
            s += ",\"firstVisible\":{\"id\":\(JSONWriter.string(t.rows.row(at: first.index).id)),\"screenY\":\(n(first.screenY))}"
        } else {
            s += ",\"firstVisible\":null"
        }
        let range = visibleRowsOnly ? t.rows.inViewport() : 0..<t.rows.count
        s += ",\"rows\":["
        var first = true
        for i in range {
            let fr = t.rows.frame(ofRow: i)
            if !first { s += "," }
            first = false
            s += "{\"id\":\(JSONWriter.string(fr.id)),\"y\":\(n(fr.y)),\"height\":\(n(fr.height)),\"lines\":\(fr.lines)"
            if !fr.measured { s += ",\"estimated\":true" }
            s += "}"
        }
        return s + "]}"
    }
}
