import ArgumentParser
import ChatFormText
import ChatFormReplay

/// `chatform wrap --line-clamp N`: the lines shown, the last one cut for the ellipsis.
extension Wrap {
    func validateLineClamp() throws {
        if let lineClamp, lineClamp < 1 { throw ValidationError("--line-clamp must be at least 1 (got \(lineClamp)).") }
        if lineClamp != nil && (spans || markdown) { throw ValidationError("--line-clamp takes plain text (not --spans or --markdown).") }
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
