import ChatFormTesting
import ChatFormText
import ChatFormFont
import Foundation
import ArgumentParser

extension Bench {
    /// Real fonts: prepare 500 chat messages (itemize, fallback, shape, break opportunities)
    /// with a fresh stack (its fallback decisions and the cache of shaped words empty; faces
    /// already open, as a page's fonts are loaded), then re-wrap the prepared messages at a
    /// new width.
    func fonts(runs: Int, into results: inout Results) throws {
        let messages = try fontMessages()
        let count = messages.count
        progress("real fonts: \(count) messages in \(fontFamily) \(fontSize) px")
        let warm = try FontStack(family: fontFamily, size: fontSize)
        // Check: a prepared text re-wrapped equals a fresh layout, and heights are positive.
        for (k, m) in messages.enumerated() where k % 25 == 0 {
            let prepared = try ShapedText(text: m, shaper: warm)
            for w in [200.0, 280, 400] {
                let once = try prepared.layout(width: w)
                let fresh = try TextLayout(text: m, width: w, metrics: warm)
                check(once.lines == fresh.lines && once.height == fresh.height, "prepared layout differs from a fresh one")
                check(once.height >= warm.lineHeight, "a message is shorter than one line")
            }
        }
        var prepares: [Double] = [], preparesEach: [Double] = [], layouts: [Double] = [], lineLayouts: [Double] = []
        var prepared: [ShapedText] = []
        for run in 0...runs {
            let stack = try FontStack(family: fontFamily, size: fontSize)   // decisions empty, faces open
            FontStack.clearShapedWordCache()   // the width cache empty, as Pretext's clearCache()
            var out: [ShapedText] = []
            out.reserveCapacity(count)
            let tp = try Clock.time {
                for m in messages { out.append(try ShapedText(text: m, shaper: stack)) }
            }
            // Each message from an empty cache of shaped words (as Pretext's cold-each
            // figure, which calls clearCache() before every message); the emptying is timed
            // with it.
            var each: [ShapedText] = []
            each.reserveCapacity(count)
            let te = try Clock.time {
                for m in messages {
                    FontStack.clearShapedWordCache(keepingCapacity: true)
                    each.append(try ShapedText(text: m, shaper: stack))
                }
            }
            check(each.count == count, "a message was not prepared")
            // Eight new widths a run, each pass over the messages four times (a pass takes a
            // few hundred microseconds: too short to time alone on a busy machine).
            var lines = 0, counted = 0
            let widths = (0..<8).map { 200.0 + Double(run % 2) * 5 + Double($0) * 20 }
            let repeats = 4
            let texts = out
            let tl = try Clock.time {
                for width in widths {
                    for _ in 0..<repeats {
                        for k in texts.indices { counted += try texts[k].measure(width: width).lineCount }
                    }
                }
            }
            let tf = try Clock.time {
                for width in widths {
                    for _ in 0..<repeats {
                        for k in texts.indices { lines += try texts[k].layout(width: width).lineCount }
                    }
                }
            }
            check(lines >= count * widths.count * repeats && lines == counted, "measure and layout disagree on line counts")
            prepared = out
            if run == 0 { continue }
            prepares.append(tp / Double(count) * 1e6)
            preparesEach.append(te / Double(count) * 1e6)
            layouts.append(tl / Double(count * widths.count * repeats) * 1e6)
            lineLayouts.append(tf / Double(count * widths.count * repeats) * 1e6)
        }
        _ = prepared
        results["font.messages"] = Double(count)
        results["font.bytes_per_text"] = Double(messages.reduce(0) { $0 + $1.utf8.count }) / Double(count)
        results["font.prepare.us_per_text"] = Stats(prepares).median
        results["font.prepare_each.us_per_text"] = Stats(preparesEach).median
        results["font.layout.us_per_text"] = Stats(layouts).median
        results["font.layout_lines.us_per_text"] = Stats(lineLayouts).median
    }
}
