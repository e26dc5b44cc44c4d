import ChatFormText

/// Markup for the pictures: SVG elements written into one string, numbers short and exact
/// to 1/64 pixel and beyond, text escaped for XML.
struct SVG {
    private(set) var markup = ""

    init() { markup.reserveCapacity(4096) }

    /// `value` with at most six decimals and no trailing zeros (1/64 = 0.015625 exactly);
    /// a value that is not finite is written as 0.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        if Swift.abs(scaled) >= 9e15 { return String(Int64(value.rounded())) }
        let integer = Int64(scaled)
        let negative = integer < 0
        let magnitude = negative ? -integer : integer
        let whole = magnitude / 1_000_000
        var fraction = magnitude % 1_000_000
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = 6
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let string = String(fraction)
            text += "." + String(repeating: "0", count: digits - string.count) + string
        }
        return text
    }

    /// `text` escaped for an XML attribute or text node. Characters XML 1.0 cannot hold
    /// (C0 controls but tab, newline and return; U+FFFE, U+FFFF) become U+FFFD.
    static func escape(_ text: String) -> String { xmlEscapes.escaped(text) }

    private static let xmlEscapes = ScalarEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]) { scalar in
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: nil  // tab, newline and return: XML holds them
        case ..<0x20, 0xFFFE, 0xFFFF: "\u{FFFD}"
        default: nil
        }
    }

    /// Attributes written as ` name="value"` (values escaped; numbers through `number`).
    static func attributes(_ pairs: KeyValuePairs<String, Any>) -> String {
        var out = ""
        for (name, value) in pairs {
            let written: String
            switch value {
            case let d as Double: written = number(d)
            case let i as Int: written = String(i)
            case let s as String: written = escape(s)
            default: written = escape("\(value)")
            }
            out += " \(name)=\"\(written)\""
        }
        return out
    }

    mutating func raw(_ text: String) { markup += text }

    /// An element with no content.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Any>) {
        markup += "<\(name)\(Self.attributes(attributes))/>\n"
    }

    /// An element holding escaped text.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Any>, text: String) {
        markup += "<\(name)\(Self.attributes(attributes))>\(Self.escape(text))</\(name)>\n"
    }

    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Any> = [:]) {
        markup += "<\(name)\(Self.attributes(attributes))>\n"
    }

    mutating func close(_ name: String) { markup += "</\(name)>\n" }
}
