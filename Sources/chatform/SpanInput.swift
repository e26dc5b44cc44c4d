import ChatFormFont
import ChatFormReplay

/// The `"spans"` array of a `chatform measure` line: styled text as JSON (see the
/// CommandLineTool article).
///
/// ```json
/// {"id": 7, "spans": [
///   {"text": "Deploy is "},
///   {"text": "done", "weight": 700},
///   {"text": "@kim", "weight": 700, "edges": [6, 6]},
///   {"text": " run ", "italic": true},
///   {"text": "make test", "family": "DejaVu Sans Mono", "size": 14, "letterSpacing": 0},
///   {"attachment": {"width": 20, "height": 20, "baselineOffset": -4, "edges": 1}}
/// ]}
/// ```
enum SpanInput {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The elements of `spans`; a span's font is `paragraph` changed by its keys.
    static func elements(_ spans: JSONValue, paragraph: FontSpec) throws(Failure) -> [StyledElement] {
        guard let array = spans.array else { throw Failure(description: "\"spans\" must be an array") }
        var out: [StyledElement] = []
        out.reserveCapacity(array.count)
        for (i, item) in array.enumerated() {
            guard item.array == nil, !item.keys.isEmpty else { throw Failure(description: "spans[\(i)] must be an object") }
            if let a = item["attachment"] {
                guard let width = a["width"]?.number, let height = a["height"]?.number else {
                    throw Failure(description: "spans[\(i)].attachment needs numbers \"width\" and \"height\"")
                }
                out.append(.attachment(InlineAttachment(width: width, height: height,
                                                        baselineOffset: try number(a["baselineOffset"], 0, "spans[\(i)].attachment.baselineOffset"),
                                                        edges: try edges(a["edges"], "spans[\(i)].attachment.edges"),
                                                        name: a["name"]?.string ?? "")))
                continue
            }
            guard let text = item["text"]?.string else { throw Failure(description: "spans[\(i)] needs a string \"text\" or an \"attachment\"") }
            var font = paragraph
            if let family = item["family"] {
                if let name = family.string { font.families = [name] }
                else if let names = family.array, !names.isEmpty, names.allSatisfy({ $0.string != nil }) { font.families = names.map { $0.string! } }
                else { throw Failure(description: "spans[\(i)].family must be a string or an array of strings") }
            }
            if item["size"] != nil { font.size = try number(item["size"], 0, "spans[\(i)].size") }
            if item["weight"] != nil {
                let w = try number(item["weight"], 400, "spans[\(i)].weight")
                font = font.with(weight: w.isFinite ? Int(Swift.max(-1e6, Swift.min(1e6, w))) : 400)
            }
            if let italic = item["italic"] {
                guard let b = italic.bool else { throw Failure(description: "spans[\(i)].italic must be true or false") }
                font.italic = b
            }
            let style = SpanStyle(font: font, letterSpacing: try number(item["letterSpacing"], 0, "spans[\(i)].letterSpacing"),
                                  edges: try edges(item["edges"], "spans[\(i)].edges"))
            out.append(.span(TextSpan(text, style: style)))
        }
        return out
    }

    private static func number(_ value: JSONValue?, _ fallback: Double, _ name: String) throws(Failure) -> Double {
        guard let value else { return fallback }
        guard let n = value.number else { throw Failure(description: "\(name) must be a number") }
        return n
    }

    /// `[start, end]` or one number for both.
    private static func edges(_ value: JSONValue?, _ name: String) throws(Failure) -> InlineEdges {
        guard let value else { return .zero }
        if let n = value.number { return InlineEdges(start: n, end: n) }
        if let pair = value.array, pair.count == 2, let a = pair[0].number, let b = pair[1].number { return InlineEdges(start: a, end: b) }
        throw Failure(description: "\(name) must be a number or [start, end]")
    }
}
