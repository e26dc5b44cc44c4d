import ChatFormText
import ChatFormFont
import Foundation

extension Bench {
    /// Pretext's rich-inline helper (`prepareRichInline`, `measureRichInlineStats`) against
    /// `StyledText` (`init`, `ShapedText.measureLines`: line count and widest line, as
    /// `measureRichInlineStats` gives) on the same styled messages in the same run:
    /// the styled benchmark's messages with an emoji image (an atomic inline box, 20 × 20 px)
    /// in the middle of each and at the end of every other one. Pretext runs in headless
    /// Chromium (Tools/bench-pretext-rich); ours the median of 5 passes, Pretext's the fastest
    /// of 5 (after 3 warm-up passes each), each pass
    /// preparing every message from an empty cache of widths (Pretext's `clearCache()`, our
    /// `clearShapedWordCache()`) then laying each out at four widths.
    func pretextRich(_ checkout: String, _ styled: [[StyledElement]], body: FontSpec, into results: inout Results) throws {
        let emoji = InlineAttachment(width: 20, height: 20, baselineOffset: -4, edges: InlineEdges(margin: 1), name: ":tada:")
        let messages: [[StyledElement]] = styled.enumerated().map { k, elements in
            var e = elements
            e.insert(.attachment(emoji), at: e.count / 2)
            if k % 2 == 0 { e.append(.attachment(emoji)) }
            return e
        }
        let widths = [213.0, 277, 341, 405]
        // Pretext's items: a span's font as a canvas font string, its edges as extra width, a
        // pill that never breaks; an image one zero-width character that never breaks.
        func css(_ f: FontSpec) -> String {
            "\(f.italic ? "italic " : "")\(f.weight) \(Self.number(f.size))px \(f.families.map { "\"\($0)\"" }.joined(separator: ", "))"
        }
        let items: [[[String: Any]]] = messages.map { elements in
            elements.map { element -> [String: Any] in
                switch element {
                case .span(let span):
                    let edges = span.style.edges.start + span.style.edges.end
                    return ["text": span.text, "font": css(span.style.font), "letterSpacing": span.style.letterSpacing,
                            "break": edges > 0 && !span.text.contains(" ") ? "never" : "normal", "extraWidth": edges]
                case .attachment(let a):
                    return ["text": "\u{200B}", "font": css(body), "break": "never", "extraWidth": a.width + a.edges.start + a.edges.end]
                }
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-bench-rich-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: ["widths": widths, "messages": items]).write(to: file)

        progress("styled text against Pretext's rich-inline: \(messages.count) messages with images, 5 passes each")
        let paragraph = ParagraphStyle(font: body)
        var prepares: [Double] = [], layouts: [Double] = []
        var lines = 0
        for pass in 0..<8 {
            FontStack.clearShapedWordCache()
            var prepared: [StyledText] = []
            let tp = try Clock.time { prepared = try Self.styledPartStyledPrepare(messages, paragraph) }
            var n = 0
            let tl = try Clock.time {
                for w in widths { for p in prepared { n += try p.shaped.measureLines(width: w).lineCount } }
            }
            lines = n
            if pass < 3 { continue }   // warm-up passes, as Pretext's
            prepares.append(tp / Double(messages.count) * 1e6)
            layouts.append(tl / Double(messages.count * widths.count) * 1e6)
        }
        // Ours: the median of the 5 passes; Pretext's: its fastest (a margin in its favour).
        let prepare = Stats(prepares).median, layout = Stats(layouts).median
        check(lines > 0, "nothing was laid out")

        let tool = ToolPaths.root.appendingPathComponent("Tools/bench-pretext-rich").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tool, checkout, file.path, "--passes", "5"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let report = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let theirPrepare = report["prepare"] as? Double, let theirLayout = report["layout"] as? Double else {
            check(false, "Tools/bench-pretext-rich failed: \(String(decoding: output, as: UTF8.self).prefix(500))")
            return
        }
        results["styled.rich_prepare.us_per_text"] = prepare
        results["styled.rich_layout.us_per_text"] = layout
        results["styled.pretext_rich_prepare.us_per_text"] = theirPrepare
        results["styled.pretext_rich_layout.us_per_text"] = theirLayout
        results.target("styled.vs_pretext_rich.prepare", theirPrepare / prepare, atLeast: 5,
                       "≥ 5 × faster than Pretext's prepareRichInline (same messages, same run)", gate: false)
        results.target("styled.vs_pretext_rich.layout", theirLayout / layout, atLeast: 5,
                       "≥ 5 × faster than Pretext's measureRichInlineStats (same messages, same run)", gate: false)
        print(String(format: "styled vs Pretext rich-inline (%d messages with images; ours the median of 5 passes, Pretext's fastest of 5; load %@): prepare %.2f µs vs %.2f µs (%.1f× faster, target ≥ 5×: %@), layout %.3f µs vs %.3f µs a width (%.1f× faster, target ≥ 5×: %@)",
                     messages.count, Self.loadAverage, prepare, theirPrepare, theirPrepare / prepare, theirPrepare / prepare >= 5 ? "met" : "NOT MET",
                     layout, theirLayout, theirLayout / layout, theirLayout / layout >= 5 ? "met" : "NOT MET"))
    }

    static func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// Where the package's tools are (the checkout this benchmark was built from).
enum ToolPaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
