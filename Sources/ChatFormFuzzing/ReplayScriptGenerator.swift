/// Builds a replay script from bytes, so the fuzzer reaches deep into the table's events
/// with extreme numbers instead of spending its time on JSON syntax.
///
/// Every number comes from `numbers` (edges of the documented ranges, huge, tiny and
/// negative values); rows, texts and events are picked by the following bytes.
enum ReplayScriptGenerator {
    static let numbers: [String] = ["0", "1", "2", "3", "0.5", "7", "10", "40", "1000", "1e6", "1e9", "1e15", "1e308",
                                    "-1", "-1e308", "1e-9", "5e-324", "0.1", "59.9", "60", "61", "999", "1001", "0.25", "-0"]
    static let texts: [String] = ["", "hello", "one two three four five six", "안녕하세요 반가워요", "a\\nb\\r\\nc", "👍🏽👨‍👩‍👧🇰🇷",
                                  "e\\u0301\\u0301", "\\t\\ttab", "long-unbroken-word-that-wraps", "x\\u2028y"]
    static let moves = ["left", "right", "up", "down", "lineStart", "lineEnd", "documentStart", "documentEnd"]
    static let curves = ["\"linear\"", "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"",
                         "{\"spring\":{\"duration\":%n,\"bounce\":%n}}"]

    static func script(_ input: inout FuzzBytes) -> [UInt8] {
        func number() -> String { numbers[Int(input.byte()) % numbers.count] }
        /// A count: small, or huge (a count costs what it changes, not its size).
        func count() -> String { let b = input.byte(); return b < 200 ? "\(b % 6)" : ["1e14", "999999999999999", "-1", "1e15"][Int(b) % 4] }
        /// A caret offset: in the text, or far outside it.
        func offset() -> String { let b = input.byte(); return b < 220 ? "\(b % 10)" : ["1e300", "-1e300", "1e15", "-1", "1.5"][Int(b) % 5] }
        func text() -> String { "\"" + texts[Int(input.byte()) % texts.count] + "\"" }
        func id() -> String { "\"r\(input.byte() % 6)\"" }
        func curve() -> String {
            var c = curves[Int(input.byte()) % curves.count]
            while let range = c.range(of: "%n") { c.replaceSubrange(range, with: number()) }
            return c
        }
        func row() -> String {
            switch input.byte() % 4 {
            case 0: return "{\"id\":\(id()),\"height\":\(number())}"
            case 1: return "{\"id\":\(id()),\"stack\":[{\"label\":\(text())},{\"field\":\"f\",\"text\":\(text()),\"maxLines\":\(input.byte() % 4 + 1)},{\"space\":\(number())}]}"
            default:
                return "{\"id\":\(id()),\"text\":\(text()),\"editable\":true,\"padding\":{\"top\":\(number()),\"left\":\(number())},"
                    + "\"maxLines\":\(input.byte() % 5 + 1),\"minHeight\":\(number())}"
            }
        }
        var top = ["\"viewport\":{\"width\":\(number()),\"height\":\(number())}"]
        let settings = input.byte()
        if settings & 1 != 0 { top.append("\"contentAlignment\":\"bottom\"") }
        if settings & 2 != 0 { top.append("\"estimatedRowHeight\":\(number())") }
        if settings & 4 != 0 { top.append("\"frameRate\":\(number())") }
        if settings & 8 != 0 { top.append("\"lineHeight\":\(number()),\"caretMargin\":\(number())") }
        if settings & 16 != 0 { top.append("\"safeArea\":{\"top\":\(number()),\"bottom\":\(number())},\"extraBottomInset\":\(number())") }
        if settings & 32 != 0 { top.append("\"tabWidth\":\(number()),\"keepAll\":true") }
        if settings & 64 != 0 { top.append("\"keyboardPolicy\":\"\(["always", "whenAtEnd", "persistent", "never"][Int(input.byte()) % 4])\"") }
        if settings & 128 != 0 { top.append("\"stickToBottomTolerance\":\(number())") }
        top.append("\"rows\":[" + (0..<Int(input.byte() % 5)).map { _ in row() }.joined(separator: ",") + "]")
        var events: [String] = []
        while !input.isEmpty && events.count < 40 {
            switch input.byte() % 24 {
            case 0: events.append("{\"focus\":\(id()),\"caret\":\(offset())}")
            case 1: events.append("{\"focus\":\(id()),\"field\":\"f\"}")
            case 2: events.append("{\"type\":\(text())}")
            case 3: events.append("{\"newline\":true}")
            case 4: events.append("{\"backspace\":\(count())}")
            case 5: events.append("{\"delete\":\(count())}")
            case 6: events.append("{\"move\":\"\(moves[Int(input.byte()) % moves.count])\"}")
            case 7: events.append("{\"select\":[\(offset()),\(offset())]}")
            case 8: events.append("{\"scroll\":\(number())}")
            case 9: events.append("{\"scroll\":{\"to\":\(number())}}")
            case 10: events.append("{\"drag\":\"begin\"}")
            case 11: events.append("{\"drag\":\(number())}")
            case 12: events.append("{\"drag\":\"end\"}")
            case 13: events.append("{\"resize\":{\"width\":\(number()),\"height\":\(number())}}")
            case 14: events.append("{\"insets\":{\"safeArea\":{\"bottom\":\(number())},\"extraBottomInset\":\(number())}}")
            case 15: events.append("{\"keyboard\":{\"height\":\(number()),\"duration\":\(number()),\"curve\":\(curve())}}")
            case 16: events.append("{\"keyboardHide\":{\"duration\":\(number()),\"curve\":\(curve())}}")
            case 17: events.append("{\"advance\":\(number())}")
            case 18: events.append("{\"append\":\(row())}")
            case 19: events.append("{\"prepend\":[\(row())]}")
            case 20: events.append("{\"setText\":{\"id\":\(id()),\"text\":\(text())}}")
            case 21: events.append("{\"remove\":\(id())}")
            case 22: events.append("{\"scrollTo\":{\"id\":\(id()),\"anchor\":\"\(["top", "center", "bottom", "none"][Int(input.byte()) % 4])\"}}")
            default: events.append(input.byte() & 1 == 0 ? "{\"pin\":\(id())}" : "{\"unpin\":true}")
            }
        }
        top.append("\"events\":[" + events.joined(separator: ",") + "]")
        return Array(("{" + top.joined(separator: ",") + "}").utf8)
    }

    /// A behaviour script (toolbar, header, tabs, sections) from bytes; `%n` in a template
    /// takes a number from `numbers`.
    static func behaviorScript(_ input: inout FuzzBytes) -> [UInt8] {
        func fill(_ template: String) -> String {
            var text = template
            while let range = text.range(of: "%n") { text.replaceSubrange(range, with: numbers[Int(input.byte()) % numbers.count]) }
            return text
        }
        let kind = ["toolbar", "header", "tabs", "sections"][Int(input.byte()) % 4]
        var config: [String]
        var optional: [String]
        let vocabulary: [String]
        switch kind {
        case "toolbar":
            config = ["\"contentHeight\":%n", "\"viewportHeight\":%n"]
            optional = ["\"topInset\":%n", "\"bottomInset\":%n", "\"deadZone\":%n", "\"edgeTolerance\":%n",
                        "\"zoomTolerance\":%n", "\"mode\":\"smoothed\""]
            vocabulary = ["{\"type\":\"dragBegin\",\"offset\":%n}", "{\"type\":\"scroll\",\"offset\":%n,\"translation\":%n}",
                          "{\"type\":\"dragEnd\",\"offset\":%n}", "{\"type\":\"zoom\",\"scale\":%n,\"minimumScale\":%n}",
                          "{\"type\":\"resize\",\"contentHeight\":%n,\"viewportHeight\":%n}"]
        case "header":
            config = ["\"headerHeight\":%n"]
            optional = ["\"minimumHeight\":%n", "\"snapThreshold\":%n", "\"duration\":%n", "\"fadeDistance\":%n",
                        "\"mode\":\"follow\"", "\"mode\":\"enterAlways\"", "\"snapsToNearestOnDragEnd\":false"]
            vocabulary = ["{\"type\":\"scroll\",\"offset\":%n}", "{\"type\":\"dragBegin\",\"offset\":%n}",
                          "{\"type\":\"dragEnd\",\"offset\":%n}"]
        case "tabs":
            config = ["\"headerHeight\":%n", "\"viewportHeight\":%n",
                      "\"tabs\":[{\"id\":\"a\",\"contentHeight\":%n},{\"id\":\"b\",\"contentHeight\":%n}]"]
            optional = ["\"tabBarHeight\":%n", "\"minimumHeaderHeight\":%n", "\"bottomInset\":%n", "\"selected\":\"b\""]
            vocabulary = ["{\"type\":\"scroll\",\"offset\":%n}", "{\"type\":\"selectTab\",\"tab\":\"a\"}",
                          "{\"type\":\"selectTab\",\"tab\":\"b\"}", "{\"type\":\"setContentHeight\",\"tab\":\"a\",\"height\":%n}",
                          "{\"type\":\"resize\",\"viewportHeight\":%n,\"bottomInset\":%n}"]
        default:
            config = ["\"viewportHeight\":%n", "\"sections\":[{\"id\":\"a\",\"height\":%n},{\"id\":\"b\",\"height\":%n}]"]
            optional = ["\"topInset\":%n", "\"bottomInset\":%n", "\"leadingSpace\":%n", "\"trailingSpace\":%n",
                        "\"duration\":%n", "\"followsScroll\":true"]
            vocabulary = ["{\"type\":\"next\"}", "{\"type\":\"scroll\",\"offset\":%n}", "{\"type\":\"jump\",\"section\":\"b\"}",
                          "{\"type\":\"resize\",\"viewportHeight\":%n,\"topInset\":%n}"]
        }
        optional += ["\"frameRate\":%n", "\"curve\":{\"spring\":{\"duration\":%n,\"bounce\":%n}}", "\"curve\":\"linear\""]
        let chosen = input.byte()
        for (k, item) in optional.enumerated() where k < 8 && chosen & (1 << k) != 0 { config.append(item) }
        config = config.map(fill)
        var events: [String] = []
        while !input.isEmpty && events.count < 30 {
            let pick = Int(input.byte())
            var event = fill(pick % 8 == 7 ? "{\"type\":\"advance\",\"by\":%n}" : vocabulary[pick % vocabulary.count])
            if pick & 0x80 != 0 { event.removeLast(); event += fill(",\"at\":%n}") }
            events.append(event)
        }
        let script = "{\"behavior\":\"\(kind)\",\"config\":{\(config.joined(separator: ","))},\"events\":[\(events.joined(separator: ","))]}"
        return Array(script.utf8)
    }
}
