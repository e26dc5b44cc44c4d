import ChatFormTesting
import ChatFormText
import ChatFormFont
import Foundation

extension Bench {
    /// Line clamping against laying out: the prepared chat messages laid out at eight new
    /// widths with `layout(width:)`, and in the same run with `layout(width:lineClamp:)`
    /// (2 lines: "show more") and `singleLine(width:)` (a one-line preview), passes
    /// interleaved. `clamp.vs_layout` is the median of the per-run ratios; the target is that
    /// clamping costs no more than one layout.
    func clamp(runs: Int, into results: inout Results) throws {
        let messages = try fontMessages()
        let stack = try FontStack(family: fontFamily, size: fontSize)
        let prepared = try messages.map { try ShapedText(text: $0, shaper: stack) }
        progress("line clamp: \(prepared.count) messages in \(fontFamily) \(fontSize) px")
        // Checked first: the lines shown are the layout's first lines, never taller.
        var truncated = 0
        for (k, p) in prepared.enumerated() where k % 5 == 0 {
            for w in [120.0, 200, 280] {
                let full = try p.layout(width: w)
                let c = try p.layout(width: w, lineClamp: 2)
                check(Array(c.lines) == Array(full.lines.prefix(c.lineCount)), "clamped lines differ from the layout's")
                check(c.height <= full.height && c.isTruncated == (full.lineCount > 2 && !(full.lineCount == 3 && full.lines[2].start == full.lines[2].end)),
                      "a clamp is taller than its layout or misses hidden text")
                if c.isTruncated { truncated += 1 }
            }
        }
        var layouts: [Double] = [], clamps: [Double] = [], oneLines: [Double] = [], ratios: [Double] = []
        var sink = 0.0
        let repeats = 4
        for run in 0...runs {
            let widths = (0..<8).map { 200.0 + Double(run % 2) * 5 + Double($0) * 20 }
            let tl = try Clock.time {
                for w in widths { for _ in 0..<repeats { for p in prepared { sink += try p.layout(width: w).height } } }
            }
            let tc = try Clock.time {
                for w in widths { for _ in 0..<repeats { for p in prepared { sink += try p.layout(width: w, lineClamp: 2).height } } }
            }
            let to = try Clock.time {
                for w in widths { for _ in 0..<repeats { for p in prepared { sink += try p.singleLine(width: w).height } } }
            }
            if run == 0 { continue }
            let n = Double(prepared.count * widths.count * repeats)
            layouts.append(tl / n * 1e6)
            clamps.append(tc / n * 1e6)
            oneLines.append(to / n * 1e6)
            ratios.append(tc / tl)
        }
        check(sink > 0, "nothing laid out")
        results["clamp.messages"] = Double(prepared.count)
        results["clamp.truncated_share"] = Double(truncated) / Double(3 * ((prepared.count + 4) / 5))
        results["clamp.layout.us_per_text"] = Stats(layouts).median
        results["clamp.lines2.us_per_text"] = Stats(clamps).median
        results["clamp.one_line.us_per_text"] = Stats(oneLines).median
        results["clamp.vs_layout"] = Stats(ratios).median
        results.target("clamp.vs_layout", Stats(ratios).median, atMost: 1.0, "≤ 1.00: clamping costs no more than one layout", gate: false)
    }
}
