/// The items `TextItemizer.items` finds, grown a cluster at a time: the open item is
/// extended in place while clusters continue it, and appended when one does not.
struct _ItemBuilder {
    var items: [TextItem] = []
    var open = TextItem(range: 0..<0, bidiLevel: 0, script: 0, isEmoji: false)
    var isOpen = false

    @inline(__always)
    mutating func add(_ range: Range<Int>, level: UInt8, script: UInt32, emoji: Bool) {
        if isOpen && open.range.upperBound == range.lowerBound && open.bidiLevel == level && open.script == script
            && open.isEmoji == emoji {
            open.range = open.range.lowerBound..<range.upperBound
        } else {
            if isOpen { items.append(open) }
            open = TextItem(range: range, bidiLevel: level, script: script, isEmoji: emoji)
            isOpen = true
        }
    }

    mutating func finish() -> [TextItem] {
        if isOpen { items.append(open) }
        isOpen = false
        return items
    }
}
