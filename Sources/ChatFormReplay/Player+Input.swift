import ChatFormScroll

extension Player {
    /// Input events: compose, commit, korean, keyboardDrag, keyboardHeight. Returns false
    /// for any other event name.
    mutating func applyInputEvent(_ name: String, _ f: Fields, index k: Int) throws -> Bool {
        let path = "events[\(k)].\(name)"
        let value = f.value[name] ?? .null
        func range(_ v: JSONValue?, _ what: String) throws(ReplayError) -> Range<Int>? {
            guard let v, v != .null else { return nil }
            guard let pair = v.array, pair.count == 2, let a = pair[0].number, let b = pair[1].number,
                  a == a.rounded(), b == b.rounded(), Swift.abs(a) < 1e15, Swift.abs(b) < 1e15 else {
                throw ReplayError("\(path).\(what): expected [start, end]")
            }
            guard a <= b else { throw ReplayError("\(path).\(what): start \(Int(a)) is after end \(Int(b))") }
            return Int(a)..<Int(b)
        }
        switch name {
        case "compose":
            try f.allow([name])
            if let text = value.string {
                try table.field.setMarkedText(text)
            } else {
                let g = try Fields(value, path)
                try g.allow(["text", "selection", "replace"])
                try table.field.setMarkedText(try g.required("text", g.string), selectedRange: try range(g.value["selection"], "selection"),
                                        replacementRange: try range(g.value["replace"], "replace"))
            }
            korean.reset()
        case "commit":
            try f.allow([name])
            guard value.bool == true else { throw ReplayError("\(path): expected true") }
            try korean.commit(in: &table)
        case "korean":
            try f.allow([name])
            if let keys = value.string {
                try korean.type(keys, into: &table)
            } else {
                let g = try Fields(value, path)
                try g.allow(["backspace"])
                let n = try g.required("backspace", g.int)
                guard n >= 0 else { throw ReplayError("\(path).backspace: must be zero or more") }
                for _ in 0..<n { try korean.deleteBackward(in: &table) }
            }
        case "keyboardDrag":
            try f.allow([name])
            if let y = value.number {
                try table.keyboard.moveDrag(toY: y)
            } else if value.string == "begin" {
                table.keyboard.beginDrag()
            } else if value.string == "end" {
                try table.keyboard.endDrag()
            } else if case .object = value {
                let g = try Fields(value, path)
                try g.allow(["to", "end"])
                if let y = try g.number("to") {
                    try table.keyboard.moveDrag(toY: y)
                } else {
                    try table.keyboard.endDrag(velocity: try g.required("end", g.number))
                }
            } else {
                throw ReplayError("\(path): expected \"begin\", a finger y, {\"to\": y}, \"end\" or {\"end\": velocity}")
            }
        case "keyboardHeight":
            try f.allow([name])
            let g = try Fields(value, path)
            try g.allow(["height", "duration", "curve", "content", "unfreeze"])
            let duration = try g.size("duration") ?? SimulatedKeyboard.defaultDuration
            let curve = try decodeCurve(g.value["curve"], "\(path).curve")
            if try g.bool("unfreeze") == true {
                guard !g.has("height") && !g.has("content") else { throw ReplayError("\(path): \"unfreeze\" takes only a duration and a curve") }
                try table.keyboard.unfreezeInset(duration: duration, curve: curve)
                return true
            }
            let contentName = try g.string("content") ?? "follow"
            guard let content = KeyboardContentMode(rawValue: contentName) else {
                throw ReplayError("\(path).content: unknown mode \"\(contentName)\" (follow, freeze)")
            }
            try table.keyboard.changeHeight(to: try g.required("height") { (key: String) throws(ReplayError) in try g.size(key) },
                                           duration: duration, curve: curve, content: content)
        default:
            return false
        }
        return true
    }

    /// The input state a snapshot adds: the marked text, an interactive drag, a held inset.
    static func inputSnapshot(of t: TableSession<String>) -> String {
        var s = ""
        if let marked = t.markedText {
            s += ",\"marked\":{\"start\":\(marked.range.lowerBound),\"end\":\(marked.range.upperBound),\"text\":\(JSONWriter.string(marked.text))}"
        }
        if t.keyboard.isDragging { s += ",\"keyboardDragging\":true" }
        if t.keyboard.isInsetFrozen { s += ",\"keyboardFrozen\":true" }
        return s
    }
}
