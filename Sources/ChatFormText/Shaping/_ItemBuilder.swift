/// The items `TextItemizer.items` finds, grown a cluster at a time: the open item is
/// extended in place while clusters continue it, and written out when one does not.
///
/// The first items are written to scratch space (`scratch`, on the stack for a walk) and
/// copied into an array of their number at the end; past its capacity they go on in an
/// array. Growing an array an item at a time costs more than the items themselves (a
/// message has two or three): reserving its storage and each append's uniqueness and
/// capacity checks are calls into the standard library. Given a thread's spare arrays
/// (`ShapedRunsScratch`), the items are copied into its kept buffer instead of a new array.
struct _ItemBuilder {
    /// Room for the first items.
    let scratch: UnsafeMutableBufferPointer<TextItem>
    /// Items written to `scratch`.
    var count = 0
    /// Items past `scratch`'s capacity (after those in it); nil until there are some (an
    /// empty array would still be retained and released with the builder).
    var overflow: [TextItem]? = nil
    var open = TextItem(range: 0..<0, bidiLevel: 0, script: 0, isEmoji: false)
    var isOpen = false

    init(scratch: UnsafeMutableBufferPointer<TextItem>) {
        self.scratch = scratch
    }

    @inline(__always)
    mutating func add(_ range: Range<Int>, level: UInt8, script: UInt32, emoji: Bool) {
        if isOpen && open.range.upperBound == range.lowerBound && open.bidiLevel == level && open.script == script
            && open.isEmoji == emoji {
            open.range = open.range.lowerBound..<range.upperBound
        } else {
            if isOpen { write(open) }
            open = TextItem(range: range, bidiLevel: level, script: script, isEmoji: emoji)
            isOpen = true
        }
    }

    @inline(__always)
    private mutating func write(_ item: TextItem) {
        if count < scratch.count {
            scratch.initializeElement(at: count, to: item)
            count += 1
        } else {
            if overflow == nil { overflow = [] }
            overflow!.append(item)
        }
    }

    /// The items, in an array of their number, or in `spares`' kept buffer when given (and
    /// the items are all in `scratch`). (`spares` unretained: passing the reference down the
    /// walk retained and released it, ~40 instructions a text.)
    mutating func finish(spares: Unmanaged<ShapedRunsScratch>? = nil) -> [TextItem] {
        if isOpen { write(open) }
        isOpen = false
        let written = UnsafeBufferPointer(rebasing: scratch[..<count])
        if overflow == nil, let spares { return spares._withUnsafeGuaranteedRef { $0.takeItems(copying: written) } }
        let first = Array(written)
        return overflow.map { first + $0 } ?? first
    }
}
