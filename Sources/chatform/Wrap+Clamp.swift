import ArgumentParser
import ChatFormMarkdown
import ChatFormText
import ChatFormReplay

/// `chatform wrap --line-clamp N`: the lines shown, the last one cut for the ellipsis.
extension Wrap {
    /// The clamp of `layout` to `--line-clamp` lines in `--dir`'s direction.
    func clamp(_ layout: TextLayout, lines: Int) throws -> ClampedLayout {
        try layout.clamped(toLines: lines, direction: layoutOptions.direction)
    }

    func printClamped(_ clamped: ClampedLayout, input: [UInt8]) throws {
        var out = OutputBuffer()
        let layout = clamped.layout
        input.withUnsafeBufferPointer { bytes in
            for index in 0..<clamped.lineCount {
                let line = layout.lines[index]
                let last = index == clamped.lineCount - 1 && clamped.isTruncated
                switch format {
                case .text:
                    if last {
                        for r in clamped.visibleRanges { out.append(UnsafeBufferPointer(rebasing: bytes[r])) }
                        out.append(clamped.ellipsis?.text ?? "")
                    } else {
                        out.append(UnsafeBufferPointer(rebasing: bytes[line.start..<line.contentEnd]))
                    }
                    out.append(0x0A)
                case .jsonl:
                    let w = usesFonts ? "\((line.width * 65536).rounded() / 65536)" : "\(Int(line.width))"
                    var fields = "\"start\":\(line.start),\"end\":\(line.end),\"width\":\(w),\"hard\":\(line.isHard)"
                    if usesFonts { fields += ",\"height\":\(layout.heightOfLine(index))" }
                    if last {
                        fields += ",\"truncated\":true,\"visibleEnd\":\(clamped.visibleEnd)"
                        if let e = clamped.ellipsis {
                            fields += ",\"ellipsisX\":\(JSONWriter.number(e.x)),\"ellipsisWidth\":\(JSONWriter.number(e.width))"
                        }
                    }
                    out.append("{\(fields)}\n")
                }
            }
        }
        out.flush()
    }
}

/// A Markdown message shown in at most N lines (`wrap --markdown --line-clamp N`, and
/// `measure`'s Markdown messages): the first N lines of its texts in reading order. Its
/// lines are not cut for an ellipsis (a Markdown layout keeps no text layout per block).
enum MarkdownClamp {
    /// How many lines are shown, the height shown (the whole message's when nothing is
    /// hidden, else the bottom of the last line shown), and whether lines are hidden.
    static func clamp(_ layout: MarkdownLayout, lines n: Int) -> (shown: Int, height: Double, truncated: Bool) {
        let total = layout.lineCount
        guard total > n else { return (total, layout.height, false) }
        var seen = 0
        for text in layout.texts {
            if seen + text.lines.count >= n {
                let line = text.lines[n - seen - 1]
                return (n, line.top + line.height, true)
            }
            seen += text.lines.count
        }
        return (total, layout.height, false)
    }
}

extension MeasureBatch {
    /// `measure --line-clamp N`'s fields of one prepared message (after a comma).
    static func clampFields(_ prepared: ShapedText, width: Double, lines: Int) throws -> String {
        let clamped = try prepared.layout(width: width, lineClamp: lines)
        var fields = ",\"clampedHeight\":\(JSONWriter.number(clamped.height)),\"truncated\":\(clamped.isTruncated)"
        if clamped.isTruncated {
            fields += ",\"visibleEnd\":\(clamped.visibleEnd)"
            if let e = clamped.ellipsis { fields += ",\"ellipsisX\":\(JSONWriter.number(e.x))" }
        }
        return fields
    }
}

extension ParagraphDirection: ExpressibleByArgument {}
