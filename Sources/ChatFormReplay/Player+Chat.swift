import ChatFormScroll

extension Player {
    /// Chat events: append, prepend, setText, setRich, setLineClamp, remove, scrollTo, pin, unpin.
    mutating func applyChatEvent(_ name: String, _ f: Fields, index k: Int) throws {
        let path = "events[\(k)]"
        try f.allow([name])
        let value = f.value[name] ?? .null
        func rows(_ v: JSONValue) throws(ReplayError) -> [Row<String>] {
            if let list = v.array { return try list.enumerated().map { (j, r) throws(ReplayError) in try decodeRow(r, "\(path).\(name)[\(j)]") } }
            return [try decodeRow(v, "\(path).\(name)")]
        }
        func knownID(_ id: String) throws(ReplayError) -> String {
            guard table.rows.index(of: id) != nil else { throw ReplayError("\(path).\(name): unknown row id \"\(id)\"") }
            return id
        }
        switch name {
        case "append":
            try table.chat.append(try rows(value))
        case "prepend":
            try table.chat.prepend(try rows(value))
        case "setText":
            let g = try Fields(value, "\(path).setText")
            try g.allow(["id", "text"])
            try table.chat.setText(try g.required("text", g.string), ofRow: try knownID(try g.required("id", g.string)))
        case "setRich":
            // A rich message replaced whole (a streamed styled answer growing).
            let g = try Fields(value, "\(path).setRich")
            try g.allow(["id", "text", "marks"])
            let id = try knownID(try g.required("id", g.string))
            try table.chat.setContent(.rich(try decodeRich(value, "\(path).setRich", ignoring: ["id"])), ofRow: id)
        case "setLineClamp":
            // A message collapsed to N lines with an ellipsis, or shown whole ("lines": null).
            let g = try Fields(value, "\(path).setLineClamp")
            try g.allow(["id", "lines"])
            let lines = try g.int("lines")
            if let lines, lines < 1 { throw ReplayError("\(path).setLineClamp.lines: must be at least 1") }
            try table.chat.setLineClamp(lines, ofRow: try knownID(try g.required("id", g.string)))
        case "remove":
            guard let id = value.string else { throw ReplayError("\(path).remove: expected a row id") }
            try table.chat.remove(try knownID(id))
        case "scrollTo":
            let g = try Fields(value, "\(path).scrollTo")
            try g.allow(["id", "anchor"])
            let id = try knownID(try g.required("id", g.string))
            let anchorName = try g.string("anchor") ?? "top"
            let anchor: ScrollAnchor
            switch anchorName {
            case "none", "minimal": anchor = .minimal
            default:
                guard let a = ScrollAnchor(rawValue: anchorName) else {
                    throw ReplayError("\(path).scrollTo.anchor: unknown anchor \"\(anchorName)\" (top, center, bottom, none)")
                }
                anchor = a
            }
            try table.scrollTo(id, anchor: anchor)
        case "pin":
            guard let id = value.string else { throw ReplayError("\(path).pin: expected a row id") }
            try table.chat.pin(try knownID(id))
        case "unpin":
            try table.chat.unpin()
        default:
            throw ReplayError("\(path): unknown event \"\(name)\"")
        }
    }
}
