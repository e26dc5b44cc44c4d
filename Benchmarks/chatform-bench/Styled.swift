import ChatFormTesting
import ChatFormText
import ChatFormFont
import Foundation
import ArgumentParser

extension Bench {
    /// Styled messages against plain ones of the same text, in the same run: the font
    /// corpus's messages cut into spans (every fourth word bold, every seventh italic, every
    /// ninth inline code in DejaVu Sans Mono with padded edges, every thirteenth a mention
    /// pill, one word in ten split by a bold prefix), prepared from an empty cache of shaped
    /// words, then re-laid at eight new widths eight times over (`measure(width:)`, and whole
    /// layouts; plain and styled in turn at each width, a run's re-layout ratio the median of
    /// the 64 pairs' ratios). Both sides use warm stacks (their fallback
    /// decisions made), as a chat does after its first messages.
    func styled(runs: Int, into results: inout Results) throws {
        var rng = SplitMix64(seed: 500)
        let messages = fontCorpus.flatMap { path in
            FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
        }?.split(separator: "\n").map(String.init).filter { !$0.isEmpty } ?? (0..<500).map { _ in Corpus.message(&rng) }
        let body = FontSpec(family: fontFamily, size: fontSize)
        let styles = StyleSet(body: body)
        let styledMessages = messages.map { styles.elements(for: $0) }
        let count = messages.count
        progress("styled text: \(count) messages, spans against plain text of the same text")
        let plainStack = try FontStack(family: fontFamily, size: fontSize)
        let paragraph = ParagraphStyle(font: body)
        // Check: the styled text is the plain text, and a styled message of one span lays out
        // as the plain one.
        for (k, m) in messages.enumerated() where k % 25 == 0 {
            let s = try StyledText(styledMessages[k], style: paragraph)
            check(s.text == m, "a styled message's text differs from the plain one")
            let one = try StyledText([.text(m, body)], style: paragraph)
            let plain = try ShapedText(text: m, shaper: plainStack)
            check(try one.layout(width: 240).lines == plain.layout(width: 240).lines, "one span lays out unlike plain text")
        }
        var plainPrepare: [Double] = [], styledPrepare: [Double] = [], plainLayout: [Double] = [], styledLayout: [Double] = []
        var plainRelayout: [Double] = [], styledRelayout: [Double] = []
        var plainBubble: [Double] = [], styledBubble: [Double] = []
        var layoutRatios: [Double] = [], relayoutRatios: [Double] = []
        let repeats = 8
        for run in 0...runs {
            FontStack.clearShapedWordCache()
            var plain: [ShapedText] = []
            let tp = try Clock.time { plain = try Self.styledPartPlainPrepare(messages, plainStack) }
            FontStack.clearShapedWordCache()
            var styled: [StyledText] = []
            let ts = try Clock.time { styled = try Self.styledPartStyledPrepare(styledMessages, paragraph) }
            let widths = (0..<8).map { 200.0 + Double(run % 2) * 5 + Double($0) * 20 }
            let plainTexts = plain, styledTexts = styled.map(\.shaped)
            // The re-layout parts `repeats` times over, plain and styled in turn at each width
            // (a slice of about a millisecond each): a burst of another process's work on a
            // loaded machine lands on both sides, and the run's ratio is the median of the
            // slices' ratios (a slice a time slice of another process fell into is an outlier).
            var a = 0, b = 0, ra = 0, rb = 0
            var tpl = 0.0, tsl = 0.0, tpr = 0.0, tsr = 0.0
            var layoutSlices: [Double] = [], relayoutSlices: [Double] = []
            for _ in 0..<repeats {
                for w in widths {
                    var n = 0
                    let p = try Clock.time { n = try Self.styledPartPlainLayout(plainTexts, [w]) }
                    a += n
                    let q = try Clock.time { n = try Self.styledPartStyledLayout(styled, [w]) }
                    b += n
                    let pr = try Clock.time { n = try Self.styledPartRelayout(plainTexts, [w]) }
                    ra += n
                    let qr = try Clock.time { n = try Self.styledPartRelayout(styledTexts, [w]) }
                    rb += n
                    tpl += p; tsl += q; tpr += pr; tsr += qr
                    layoutSlices.append(q / p)
                    relayoutSlices.append(qr / pr)
                }
            }
            check(ra == a && rb == b, "a layout's line count differs from measure's")
            var fa = 0.0, fb = 0.0
            let tpb = try Clock.time {
                for w in widths.prefix(2) { for k in plainTexts.indices { fa += try plainTexts[k].measureBubble(width: w).fitWidth } }
            }
            let tsb = try Clock.time {
                for w in widths.prefix(2) { for k in styledTexts.indices { fb += try styledTexts[k].measureBubble(width: w).fitWidth } }
            }
            check(a > 0 && b > 0 && fa > 0 && fb > 0, "nothing was laid out")
            if run == 0 { continue }
            plainPrepare.append(tp / Double(count) * 1e6)
            styledPrepare.append(ts / Double(count) * 1e6)
            plainLayout.append(tpl / Double(count * widths.count * repeats) * 1e6)
            styledLayout.append(tsl / Double(count * widths.count * repeats) * 1e6)
            plainRelayout.append(tpr / Double(count * widths.count * repeats) * 1e6)
            styledRelayout.append(tsr / Double(count * widths.count * repeats) * 1e6)
            plainBubble.append(tpb / Double(count * 2) * 1e6)
            styledBubble.append(tsb / Double(count * 2) * 1e6)
            layoutRatios.append(Stats(layoutSlices).median)
            relayoutRatios.append(Stats(relayoutSlices).median)
        }
        let prepareRatios = zip(styledPrepare, plainPrepare).map { $0 / $1 }
        results["styled.plain_prepare.us_per_text"] = Stats(plainPrepare).median
        results["styled.prepare.us_per_text"] = Stats(styledPrepare).median
        results["styled.prepare_vs_plain"] = Stats(prepareRatios).median
        results["styled.plain_layout.us_per_text"] = Stats(plainLayout).median
        results["styled.layout.us_per_text"] = Stats(styledLayout).median
        results["styled.layout_vs_plain"] = Stats(layoutRatios).median
        results["styled.plain_relayout.us_per_text"] = Stats(plainRelayout).median
        results["styled.relayout.us_per_text"] = Stats(styledRelayout).median
        results["styled.relayout_vs_plain"] = Stats(relayoutRatios).median
        results["styled.plain_bubble.us_per_text"] = Stats(plainBubble).median
        results["styled.bubble.us_per_text"] = Stats(styledBubble).median
        if let pretext { try pretextRich(pretext, styledMessages, body: body, into: &results) }
        results.target("styled.prepare_vs_plain", Stats(prepareRatios).median, atMost: 1.5,
                       "≤ 1.5 × a plain message's preparation (same text, same run)", gate: false)
        results.target("styled.layout_vs_plain", Stats(layoutRatios).median, atMost: 1.5,
                       "≤ 1.5 × a plain message's re-layout, measure(width:) (same text, same run)", gate: false)
        results.target("styled.relayout_vs_plain", Stats(relayoutRatios).median, atMost: 1.5,
                       "≤ 1.5 × a plain message's re-layout, layout(width:) (same text, same run)", gate: false)
        func line(_ what: String, _ ratios: [Double]) -> String {
            let r = Stats(ratios).median
            return String(format: "%@ %.2f× plain (target ≤ 1.5×: %@)", what, r, r <= 1.5 ? "met" : "NOT MET")
        }
        print("styled vs plain, same text, median of \(runs) runs (load \(Self.loadAverage)): "
              + [line("prepare", prepareRatios), line("re-layout by measure(width:)", layoutRatios),
                 line("re-layout by layout(width:)", relayoutRatios)].joined(separator: "; "))
    }

    /// The load average (1, 5, 15 minutes), for wall-clock figures.
    static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8).split(separator: " ").prefix(3).joined(separator: " ")) ?? "?"
    }
}

extension Bench {
    // The timed parts, each a function of its own, so a profile (callgrind's inclusive
    // counts) gives each part's cost apart.

    @inline(never)
    static func styledPartPlainPrepare(_ messages: [String], _ stack: FontStack) throws -> [ShapedText] {
        var out: [ShapedText] = []
        out.reserveCapacity(messages.count)
        for m in messages { out.append(try ShapedText(text: m, shaper: stack)) }
        return out
    }

    @inline(never)
    static func styledPartStyledPrepare(_ messages: [[StyledElement]], _ paragraph: ParagraphStyle) throws -> [StyledText] {
        var out: [StyledText] = []
        out.reserveCapacity(messages.count)
        for e in messages { out.append(try StyledText(e, style: paragraph)) }
        return out
    }

    @inline(never)
    static func styledPartPlainLayout(_ texts: [ShapedText], _ widths: [Double]) throws -> Int {
        var n = 0
        for w in widths { for k in texts.indices { n += try texts[k].measure(width: w).lineCount } }
        return n
    }

    /// Whole layouts (plain or styled prepared texts).
    @inline(never)
    static func styledPartRelayout(_ texts: [ShapedText], _ widths: [Double]) throws -> Int {
        var n = 0
        for w in widths { for k in texts.indices { n += try texts[k].layout(width: w).lineCount } }
        return n
    }

    @inline(never)
    static func styledPartStyledLayout(_ texts: [StyledText], _ widths: [Double]) throws -> Int {
        var n = 0
        for w in widths { for k in texts.indices { n += try texts[k].shaped.measure(width: w).lineCount } }
        return n
    }
}

/// The styles the bench cuts messages into (see `Bench.styled`).
struct StyleSet {
    let body: FontSpec
    var bold: SpanStyle { SpanStyle(font: body.with(weight: 700)) }
    var italic: SpanStyle { SpanStyle(font: body.with(italic: true)) }
    var code: SpanStyle { SpanStyle(font: FontSpec(family: "DejaVu Sans Mono", size: body.size * 0.875), edges: InlineEdges(padding: 2, border: 1)) }
    var mention: SpanStyle { SpanStyle(font: body.with(weight: 700), edges: InlineEdges(padding: 4, border: 1, margin: 1)) }

    func elements(for message: String) -> [StyledElement] {
        var out: [StyledElement] = []
        var plain = ""
        func flush() {
            if !plain.isEmpty { out.append(.text(plain, body)) }
            plain = ""
        }
        for (k, word) in message.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let w = String(word) + " "
            let last = k == message.split(separator: " ", omittingEmptySubsequences: false).count - 1
            let piece = last ? String(word) : w
            let style: SpanStyle? = k % 13 == 12 ? mention : k % 9 == 8 ? code : k % 7 == 6 ? italic : k % 4 == 3 ? bold : nil
            if let style, !word.isEmpty {
                flush()
                out.append(.span(TextSpan(String(word), style: style)))
                plain = last ? "" : " "
            } else if k % 10 == 5 && word.count > 3 {
                flush()
                out.append(.span(TextSpan(String(word.prefix(2)), style: bold)))
                plain = String(word.dropFirst(2)) + (last ? "" : " ")
            } else {
                plain += piece
            }
        }
        flush()
        return out
    }
}
