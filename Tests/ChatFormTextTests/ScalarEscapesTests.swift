import ChatFormTesting
import ChatFormText
import Testing

/// The one escaping loop (`ScalarEscapes`), held against a plain switch written out for one
/// format: a table for some ASCII scalars, a rule for the rest.
@Suite("Scalar escapes")
struct ScalarEscapesTests {
    /// `&`, `<`, `\` and tab named; other C0 controls, DEL and U+2028 spelled by the rule.
    static let escapes = ScalarEscapes(["&": "&amp;", "<": "&lt;", "\\": "\\\\", "\t": "\\t"]) { scalar in
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 ? "<\(scalar.value)>" : nil
    }

    /// The same format as one switch.
    static func model(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 {
                    out += "<\(scalar.value)>"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    @Test func tableFirstThenRuleThenAsItIs() {
        #expect(Self.escapes.escaped("a&b\t<c\u{1}\u{7F}é\u{2028}가👩‍💻") == "a&amp;b\\t&lt;c<1><127>é<8232>가👩‍💻")
        #expect(Self.escapes.escaped("") == "")
        #expect(ScalarEscapes(["x": "y"]).escaped("x\u{0}\u{2028}") == "y\u{0}\u{2028}")
    }

    @Test func appendKeepsWhatIsThere() {
        var out = "\""
        Self.escapes.append("<\u{1}", to: &out)
        #expect(out == "\"&lt;<1>")
    }

    /// Seeded random text over every ASCII scalar and a few past it: the same as the switch.
    @Test func matchesTheSwitchOnRandomText() {
        var rng = SplitMix64(seed: 21)
        let pool: [Unicode.Scalar] = (0..<128).map { Unicode.Scalar(UInt8($0)) }
            + ["\u{85}", "\u{A0}", "é", "\u{2028}", "\u{2029}", "가", "\u{FFFE}", "\u{FFFF}", "😀", "\u{10FFFF}"]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(rng.next() % 40) { text.unicodeScalars.append(pool[Int(rng.next() % UInt64(pool.count))]) }
            #expect(Self.escapes.escaped(text) == Self.model(text), "\(Array(text.unicodeScalars))")
        }
    }
}
