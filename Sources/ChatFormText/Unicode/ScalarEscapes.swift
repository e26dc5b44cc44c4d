/// Text escaped scalar by scalar for a format that cannot hold some scalars as they are (XML
/// text and attributes, JSON strings, one-line dumps): the package's one escaping loop, each
/// format bringing its own table.
///
/// A format names what it writes for some ASCII scalars (`&` as `&amp;`), and may give a rule
/// for the scalars its table does not name (a control character as `\u{1}`); every other
/// scalar is written as it is.
///
/// ```swift
/// let xml = ScalarEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
/// xml.escaped("a<b & c")   // "a&lt;b &amp; c"
/// ```
package struct ScalarEscapes: Sendable {
    /// What each ASCII scalar is written as (nil: as it is): the table's entry, else the rule's.
    private let ascii: [String?]
    /// The rule, asked only for scalars past ASCII (the ASCII ones are answered in `ascii`).
    private let otherwise: @Sendable (Unicode.Scalar) -> String?

    /// A format writing each scalar in `table` (ASCII scalars only) as its entry, and any other
    /// scalar as `otherwise` says (nil: as it is).
    package init(_ table: [Unicode.Scalar: String],
                 otherwise: @escaping @Sendable (Unicode.Scalar) -> String? = { _ in nil }) {
        precondition(table.keys.allSatisfy(\.isASCII), "ScalarEscapes tables name ASCII scalars only")
        ascii = (0..<128).map { value in
            let scalar = Unicode.Scalar(UInt8(value))
            return table[scalar] ?? otherwise(scalar)
        }
        self.otherwise = otherwise
    }

    /// Appends `text`, escaped, to `out`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package func append(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            let replacement = scalar.isASCII ? ascii[Int(scalar.value)] : otherwise(scalar)
            if let replacement { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
    }

    /// `text`, escaped.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return out
    }
}
