import ChatFormReplay

/// Builds a replay script from bytes, so the fuzzer reaches deep into the table's events
/// with extreme numbers instead of spending its time on JSON syntax.
///
/// Every number comes from `numbers` (edges of the documented ranges, huge, tiny and
/// negative values); rows, texts and events are picked by the following bytes. The script
/// is built as the value `JSONReader` would read from its text (`JSONWriter.encode` writes
/// that text; the tests check it reads back to the same value), so a run spends no time
/// writing and parsing it: the JSON reader is fuzzed by the inputs that are script text.
enum ReplayScriptGenerator {
    static let numbers: [Double] = [0, 1, 2, 3, 0.5, 7, 10, 40, 1000, 1e6, 1e9, 1e15, 1e308,
                                    -1, -1e308, 1e-9, .leastNonzeroMagnitude, 0.1, 59.9, 60, 61, 999, 1001, 0.25, -0.0]
    static let texts: [String] = ["", "hello", "one two three four five six", "안녕하세요 반가워요", "a\nb\r\nc", "👍🏽👨‍👩‍👧🇰🇷",
                                  "e\u{301}\u{301}", "\t\ttab", "long-unbroken-word-that-wraps", "x\u{2028}y"]
    static let moves = ["left", "right", "up", "down", "lineStart", "lineEnd", "documentStart", "documentEnd"]
    /// Timing curves; the spring's two nulls take numbers.
    static let curves: [JSONValue] = [.string("linear"), .string("easeIn"), .string("easeOut"), .string("easeInOut"),
                                      .object([("spring", .object([("duration", .null), ("bounce", .null)]))])]

    /// `template` with each null, in document order, replaced by the next number from `input`.
    static func fill(_ template: JSONValue, _ input: inout FuzzBytes) -> JSONValue {
        switch template {
        case .null: .number(numbers[Int(input.byte()) % numbers.count])
        case .bool, .number, .string: template
        case .array(let items): .array(items.map { fill($0, &input) })
        case .object(let members): .object(members.map { ($0.0, fill($0.1, &input)) })
        }
    }

    static func script(_ input: inout FuzzBytes) -> JSONValue {
        func number() -> JSONValue { .number(numbers[Int(input.byte()) % numbers.count]) }
        /// A count: small, or huge (a count costs what it changes, not its size).
        func count() -> JSONValue { let b = input.byte(); return .number(b < 200 ? Double(b % 6) : [1e14, 999999999999999, -1, 1e15][Int(b) % 4]) }
        /// A caret offset: in the text, or far outside it.
        func offset() -> JSONValue { let b = input.byte(); return .number(b < 220 ? Double(b % 10) : [1e300, -1e300, 1e15, -1, 1.5][Int(b) % 5]) }
        func text() -> JSONValue { .string(texts[Int(input.byte()) % texts.count]) }
        func id() -> JSONValue { .string("r\(input.byte() % 6)") }
        func small(_ n: UInt8) -> JSONValue { .number(Double(input.byte() % n + 1)) }
        func pick(_ names: [String]) -> JSONValue { .string(names[Int(input.byte()) % names.count]) }
        func curve() -> JSONValue { fill(curves[Int(input.byte()) % curves.count], &input) }
        func row() -> JSONValue {
            switch input.byte() % 4 {
            case 0: return .object([("id", id()), ("height", number())])
            case 1:
                return .object([("id", id()), ("stack", .array([.object([("label", text())]),
                                                              .object([("field", .string("f")), ("text", text()), ("maxLines", small(4))]),
                                                              .object([("space", number())])]))])
            default:
                return .object([("id", id()), ("text", text()), ("editable", .bool(true)),
                                ("padding", .object([("top", number()), ("left", number())])),
                                ("maxLines", small(5)), ("minHeight", number())])
            }
        }
        var top: [(String, JSONValue)] = [("viewport", .object([("width", number()), ("height", number())]))]
        let settings = input.byte()
        if settings & 1 != 0 { top.append(("contentAlignment", .string("bottom"))) }
        if settings & 2 != 0 { top.append(("estimatedRowHeight", number())) }
        if settings & 4 != 0 { top.append(("frameRate", number())) }
        if settings & 8 != 0 { top += [("lineHeight", number()), ("caretMargin", number())] }
        if settings & 16 != 0 { top += [("safeArea", .object([("top", number()), ("bottom", number())])), ("extraBottomInset", number())] }
        if settings & 32 != 0 { top += [("tabWidth", number()), ("keepAll", .bool(true))] }
        if settings & 64 != 0 { top.append(("keyboardPolicy", pick(["always", "whenAtEnd", "persistent", "never"]))) }
        if settings & 128 != 0 { top.append(("stickToBottomTolerance", number())) }
        top.append(("rows", .array((0..<Int(input.byte() % 5)).map { _ in row() })))
        var events: [JSONValue] = []
        func event(_ key: String, _ value: JSONValue) { events.append(.object([(key, value)])) }
        while !input.isEmpty && events.count < 40 {
            switch input.byte() % 24 {
            case 0: events.append(.object([("focus", id()), ("caret", offset())]))
            case 1: events.append(.object([("focus", id()), ("field", .string("f"))]))
            case 2: event("type", text())
            case 3: event("newline", .bool(true))
            case 4: event("backspace", count())
            case 5: event("delete", count())
            case 6: event("move", pick(moves))
            case 7: event("select", .array([offset(), offset()]))
            case 8: event("scroll", number())
            case 9: event("scroll", .object([("to", number())]))
            case 10: event("drag", .string("begin"))
            case 11: event("drag", number())
            case 12: event("drag", .string("end"))
            case 13: event("resize", .object([("width", number()), ("height", number())]))
            case 14: event("insets", .object([("safeArea", .object([("bottom", number())])), ("extraBottomInset", number())]))
            case 15: event("keyboard", .object([("height", number()), ("duration", number()), ("curve", curve())]))
            case 16: event("keyboardHide", .object([("duration", number()), ("curve", curve())]))
            case 17: event("advance", number())
            case 18: event("append", row())
            case 19: event("prepend", .array([row()]))
            case 20: event("setText", .object([("id", id()), ("text", text())]))
            case 21: event("remove", id())
            case 22: event("scrollTo", .object([("id", id()), ("anchor", pick(["top", "center", "bottom", "none"]))]))
            default: events.append(input.byte() & 1 == 0 ? .object([("pin", id())]) : .object([("unpin", .bool(true))]))
            }
        }
        top.append(("events", .array(events)))
        return .object(top)
    }

    /// A behaviour script (toolbar, header, tabs, sections) from bytes; a null in a template
    /// takes a number from `numbers`.
    static func behaviorScript(_ input: inout FuzzBytes) -> JSONValue {
        func type(_ name: String, _ fields: (String, JSONValue)...) -> JSONValue { .object([("type", .string(name))] + fields) }
        let kind = ["toolbar", "header", "tabs", "sections"][Int(input.byte()) % 4]
        var config: [(String, JSONValue)]
        var optional: [(String, JSONValue)]
        let vocabulary: [JSONValue]
        switch kind {
        case "toolbar":
            config = [("contentHeight", .null), ("viewportHeight", .null)]
            optional = [("topInset", .null), ("bottomInset", .null), ("deadZone", .null), ("edgeTolerance", .null),
                        ("zoomTolerance", .null), ("mode", .string("smoothed"))]
            vocabulary = [type("dragBegin", ("offset", .null)), type("scroll", ("offset", .null), ("translation", .null)),
                          type("dragEnd", ("offset", .null)), type("zoom", ("scale", .null), ("minimumScale", .null)),
                          type("resize", ("contentHeight", .null), ("viewportHeight", .null))]
        case "header":
            config = [("headerHeight", .null)]
            optional = [("minimumHeight", .null), ("snapThreshold", .null), ("duration", .null), ("fadeDistance", .null),
                        ("mode", .string("follow")), ("mode", .string("enterAlways")), ("snapsToNearestOnDragEnd", .bool(false))]
            vocabulary = [type("scroll", ("offset", .null)), type("dragBegin", ("offset", .null)), type("dragEnd", ("offset", .null))]
        case "tabs":
            config = [("headerHeight", .null), ("viewportHeight", .null),
                      ("tabs", .array([.object([("id", .string("a")), ("contentHeight", .null)]),
                                       .object([("id", .string("b")), ("contentHeight", .null)])]))]
            optional = [("tabBarHeight", .null), ("minimumHeaderHeight", .null), ("bottomInset", .null), ("selected", .string("b"))]
            vocabulary = [type("scroll", ("offset", .null)), type("selectTab", ("tab", .string("a"))),
                          type("selectTab", ("tab", .string("b"))), type("setContentHeight", ("tab", .string("a")), ("height", .null)),
                          type("resize", ("viewportHeight", .null), ("bottomInset", .null))]
        default:
            config = [("viewportHeight", .null),
                      ("sections", .array([.object([("id", .string("a")), ("height", .null)]),
                                           .object([("id", .string("b")), ("height", .null)])]))]
            optional = [("topInset", .null), ("bottomInset", .null), ("leadingSpace", .null), ("trailingSpace", .null),
                        ("duration", .null), ("followsScroll", .bool(true))]
            vocabulary = [type("next"), type("scroll", ("offset", .null)), type("jump", ("section", .string("b"))),
                          type("resize", ("viewportHeight", .null), ("topInset", .null))]
        }
        optional += [("frameRate", .null), ("curve", curves[4]), ("curve", .string("linear"))]
        let chosen = input.byte()
        for (k, item) in optional.enumerated() where k < 8 && chosen & (1 << k) != 0 { config.append(item) }
        let filled = fill(.object(config), &input)
        var events: [JSONValue] = []
        while !input.isEmpty && events.count < 30 {
            let pick = Int(input.byte())
            var event = fill(pick % 8 == 7 ? type("advance", ("by", .null)) : vocabulary[pick % vocabulary.count], &input)
            if pick & 0x80 != 0, case .object(let members) = event { event = .object(members + [("at", fill(.null, &input))]) }
            events.append(event)
        }
        return .object([("behavior", .string(kind)), ("config", filled), ("events", .array(events))])
    }
}
