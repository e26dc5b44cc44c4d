import ChatFormScroll
import ChatFormText
import ChatFormMotion

/// A replay script that could not be run: what is wrong and where.
public struct ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Reads typed values out of a JSON object, naming the path of anything wrong.
struct Fields {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, _ path: String) throws(ReplayError) {
        guard case .object = value else { throw ReplayError("\(path): expected an object") }
        self.value = value
        self.path = path
    }

    /// Throws for the first key of the object that is not one of `keys` (a short list:
    /// searched in place, which is cheaper than hashing it into a set at every call).
    func allow(_ keys: [String]) throws(ReplayError) {
        // The members themselves: `value.keys` would allocate an array of the keys.
        guard case .object(let members) = value else { return }
        for (key, _) in members where !keys.contains(key) {
            throw ReplayError("\(path): unknown key \"\(key)\"")
        }
    }

    /// The object's first key (an event's name), if it has one.
    var firstKey: String? {
        guard case .object(let members) = value else { return nil }
        return members.first?.0
    }

    func has(_ key: String) -> Bool { value[key] != nil && value[key] != .null }

    func number(_ key: String) throws(ReplayError) -> Double? {
        guard let v = value[key], v != .null else { return nil }
        guard let n = v.number else { throw ReplayError("\(path).\(key): expected a number") }
        return n
    }

    func size(_ key: String, positive: Bool = false) throws(ReplayError) -> Double? {
        guard let n = try number(key) else { return nil }
        guard n >= 0, !(positive && n == 0) else {
            throw ReplayError("\(path).\(key): must be \(positive ? "positive" : "zero or more") (got \(JSONWriter.number(n)))")
        }
        return n
    }

    func int(_ key: String) throws(ReplayError) -> Int? {
        guard let n = try number(key) else { return nil }
        guard n == n.rounded(), Swift.abs(n) < 1e15 else { throw ReplayError("\(path).\(key): expected a whole number") }
        return Int(n)
    }

    func string(_ key: String) throws(ReplayError) -> String? {
        guard let v = value[key], v != .null else { return nil }
        guard let s = v.string else { throw ReplayError("\(path).\(key): expected a string") }
        return s
    }

    func bool(_ key: String) throws(ReplayError) -> Bool? {
        guard let v = value[key], v != .null else { return nil }
        guard let b = v.bool else { throw ReplayError("\(path).\(key): expected true or false") }
        return b
    }

    func object(_ key: String) throws(ReplayError) -> Fields? {
        guard let v = value[key], v != .null else { return nil }
        return try Fields(v, "\(path).\(key)")
    }

    func required<T>(_ key: String, _ read: (String) throws(ReplayError) -> T?) throws(ReplayError) -> T {
        guard let v = try read(key) else { throw ReplayError("\(path): missing \"\(key)\"") }
        return v
    }
}

/// Decodes a timing curve: "linear", "easeIn", "easeOut", "easeInOut", or
/// {"spring": {"duration": d, "bounce": b}}.
func decodeCurve(_ value: JSONValue?, _ path: String) throws(ReplayError) -> TimingCurve {
    guard let value, value != .null else { return .easeInOut }
    if let name = value.string {
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInOut": return .easeInOut
        default: throw ReplayError("\(path): unknown curve \"\(name)\" (linear, easeIn, easeOut, easeInOut or {\"spring\": …})")
        }
    }
    let f = try Fields(value, path)
    try f.allow(["spring"])
    guard let spring = try f.object("spring") else { throw ReplayError("\(path): expected a curve name or {\"spring\": …}") }
    try spring.allow(["duration", "bounce"])
    let curve = TimingCurve.spring(duration: try spring.size("duration", positive: true) ?? 0.5, bounce: try spring.number("bounce") ?? 0)
    do { return try curve.validated() } catch { throw ReplayError("\(path): \(error)") }
}

func decodeInsets(_ f: Fields?) throws(ReplayError) -> EdgeInsets {
    guard let f else { return .zero }
    try f.allow(["top", "bottom", "left", "right"])
    return EdgeInsets(top: try f.size("top") ?? 0, left: try f.size("left") ?? 0,
                      bottom: try f.size("bottom") ?? 0, right: try f.size("right") ?? 0)
}

func decodeRow(_ value: JSONValue, _ path: String) throws(ReplayError) -> Row<String> {
    let f = try Fields(value, path)
    try f.allow(["id", "text", "editable", "padding", "maxLines", "lineClamp", "minHeight", "maxHeight", "height", "stack", "rich"])
    let id = try f.required("id", f.string)
    let maxLines = try f.int("maxLines")
    if let m = maxLines, m < 1 { throw ReplayError("\(path).maxLines: must be at least 1") }
    let lineClamp = try f.int("lineClamp")
    if let m = lineClamp, m < 1 { throw ReplayError("\(path).lineClamp: must be at least 1") }
    let style = RowStyle(padding: try decodeInsets(try f.object("padding")), minHeight: try f.size("minHeight") ?? 0,
                         maxHeight: try f.size("maxHeight") ?? .infinity, maxLines: maxLines, lineClamp: lineClamp)
    let kinds = ["text", "height", "stack", "rich"].filter { f.has($0) }
    if kinds.count > 1 { throw ReplayError("\(path): a row has one of \"text\", \"height\", \"stack\" or \"rich\", not several") }
    if let rich = f.value["rich"], rich != .null {
        return Row(id: id, content: .rich(try decodeRich(rich, "\(path).rich")), style: style)
    }
    if let height = try f.size("height") {
        return Row(id: id, content: .fixed(height), style: style)
    }
    if let stack = f.value["stack"], stack != .null {
        guard let items = stack.array else { throw ReplayError("\(path).stack: expected an array") }
        var out: [StackItem] = []
        for (k, item) in items.enumerated() {
            let g = try Fields(item, "\(path).stack[\(k)]")
            try g.allow(["label", "field", "text", "maxLines", "space"])
            if let label = try g.string("label") {
                out.append(.label(label))
            } else if let name = try g.string("field") {
                let m = try g.int("maxLines")
                if let m, m < 1 { throw ReplayError("\(path).stack[\(k)].maxLines: must be at least 1") }
                out.append(.field(name, text: try g.string("text") ?? "", maxLines: m))
            } else if let space = try g.size("space") {
                out.append(.space(space))
            } else {
                throw ReplayError("\(path).stack[\(k)]: expected \"label\", \"field\" or \"space\"")
            }
        }
        return Row(id: id, content: .stack(out), style: style)
    }
    return Row(id: id, content: .text(try f.string("text") ?? "", editable: try f.bool("editable") ?? false), style: style)
}

/// A rich message on the table's cells: `{"text": "…", "marks": [{"start": S, "end": E,
/// "style": "bold" | ["bold", "italic"]}]}`, offsets in UTF-8 bytes of the text (clamped to it).
func decodeRich(_ value: JSONValue, _ path: String, ignoring extra: [String] = []) throws(ReplayError) -> RichText {
    let f = try Fields(value, path)
    try f.allow(["text", "marks"] + extra)
    let text = try f.required("text", f.string)
    var marks: [RichText.Mark] = []
    if let list = f.value["marks"], list != .null {
        guard let array = list.array else { throw ReplayError("\(path).marks: expected an array") }
        for (k, m) in array.enumerated() {
            let g = try Fields(m, "\(path).marks[\(k)]")
            try g.allow(["start", "end", "style"])
            let start = try g.required("start", g.int), end = try g.required("end", g.int)
            guard 0 <= start, start <= end else { throw ReplayError("\(path).marks[\(k)]: needs 0 <= start <= end") }
            let names = g.value["style"]?.string.map { [$0] } ?? g.value["style"]?.array?.compactMap(\.string) ?? []
            var style = RichText.Style()
            for name in names {
                guard let s = richStyles[name] else {
                    throw ReplayError("\(path).marks[\(k)].style: unknown style \"\(name)\" (\(richStyles.keys.sorted().joined(separator: ", ")))")
                }
                style.formUnion(s)
            }
            marks.append(RichText.Mark(range: start..<end, style: style))
        }
    }
    return RichText(text: text, marks: marks)
}

let richStyles: [String: RichText.Style] = ["bold": .bold, "italic": .italic, "code": .code, "mention": .mention,
                                            "link": .link, "strikethrough": .strikethrough, "attachment": .attachment]
