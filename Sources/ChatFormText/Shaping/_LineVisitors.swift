/// What a walk over a prepared text's lines (`ShapedText.forEachLine`) does with each line:
/// `visit(text, start, end, width, hard, height)` (the prepared text, boundary indices, the
/// content width in 1/65536 pixel, whether a mandatory break ends it, its height when known
/// from the break entries).
/// A type rather than a closure, so the walk is specialized for it and inlined in it even
/// where the walk is out of line (styled text), with nothing captured by reference.
protocol LineVisitor {
    mutating func visit(_ text: ShapedText, _ s: Int, _ e: Int, _ width: Int64, _ hard: Bool, _ box: Double?)
    /// Whether the walk may stop before the next line (a clamp has the lines it shows).
    var isDone: Bool { get }
}

extension LineVisitor {
    /// A walk visits every line.
    @inline(__always)
    var isDone: Bool { false }
}

/// The lines and the bottom of each (`ShapedText.wrap`).
struct LineCollector: LineVisitor {
    private(set) var lines: [LineFragment] = []
    private(set) var bottoms: [Double] = []
    private var y = 0.0

    init() {}

    /// A collector whose arrays hold `capacity` lines before they grow.
    init(capacity: Int) {
        lines.reserveCapacity(capacity)
        bottoms.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func visit(_ text: ShapedText, _ s: Int, _ e: Int, _ width: Int64, _ hard: Bool, _ box: Double?) {
        let offsets = text.offsets
        let terminator = hard ? Int(offsets[e] - offsets[e - 1]) : 0
        lines.append(LineFragment(start: Int(offsets[s]), end: Int(offsets[e]), width: _LayoutUnit.pixels(width),
                                  terminatorLength: terminator))
        y += box ?? text.lineBoxHeight(from: s, to: e)
        bottoms.append(y)
    }

    /// The lines and their bottoms, moved out (the collector is left empty), so that the
    /// caller appends to arrays it alone holds.
    mutating func take() -> (lines: [LineFragment], bottoms: [Double]) {
        let taken = (lines, bottoms)
        lines = []
        bottoms = []
        return taken
    }

    /// The lines with the empty one after a final mandatory break (or of an empty text); a
    /// last line of white space the `white-space` mode collapses has no height
    /// (`ShapedText.endsInBlankLine`).
    @inline(__always)
    mutating func finish(_ text: ShapedText) -> (lines: [LineFragment], bottoms: [Double]) {
        let offsets = text.offsets
        if lines.isEmpty || lines[lines.count - 1].isHard {
            let end = Int(offsets[offsets.count - 1])
            lines.append(LineFragment(start: end, end: end, width: 0, terminatorLength: 0))
            y += text.fixedLineHeight ?? text.strutHeight
            bottoms.append(y)
        } else if let k = lines.indices.last, text.endsInBlankLine(lines[k].start, lines[k].end) {
            y = k > 0 ? bottoms[k - 1] : 0
            bottoms[k] = y
        }
        return (lines, bottoms)
    }
}

/// The line count and height, what `ShapedText.measure(width:)` returns, with what
/// `finish` needs of the last line: nothing more is kept a line (no width), so that a walk
/// holding it in registers (`LineBreaker.plainMeasure`) adds a few moves a line.
struct HeightTally: LineVisitor {
    private(set) var count = 0
    private(set) var height = 0.0
    private(set) var lastHard = false
    /// The last line visited: its boundary indices and height.
    private(set) var last = (s: 0, e: 0, height: 0.0)

    @inline(__always)
    init() {}

    /// A tally of `count` lines `height` high, before more lines (none visited yet as far as
    /// `finish` is concerned).
    @inline(__always)
    init(count: Int, height: Double) {
        self.count = count
        self.height = height
    }

    @inline(__always)
    mutating func visit(_ text: ShapedText, _ s: Int, _ e: Int, _ width: Int64, _ hard: Bool, _ box: Double?) {
        count &+= 1   // (never near Int.max: a line a boundary at most)
        let h = box ?? text.lineBoxHeight(from: s, to: e)
        height += h
        last = (s, e, h)
        lastHard = hard
    }

    /// Counts the empty line after a final mandatory break (or of an empty text); a last
    /// line of white space the `white-space` mode collapses has no height
    /// (`ShapedText.endsInBlankLine`).
    @inline(__always)
    mutating func finish(_ text: ShapedText) {
        if count == 0 || lastHard {
            count += 1
            height += text.fixedLineHeight ?? text.strutHeight
        } else if Self.endsBlank(text, last.s, last.e) {
            height -= last.height
            last.height = 0
        }
    }

    /// Whether the last line, boundaries `s..<e`, is white space the `white-space` mode
    /// collapses. (A blank line's last cluster is a space, a tab or a newline: most last
    /// lines are told apart by its flags, without reading the text.)
    @inline(__always)
    static func endsBlank(_ text: ShapedText, _ s: Int, _ e: Int) -> Bool {
        e > s && text.has(e - 1, ShapedText.Flags.hanging | ShapedText.Flags.tab | ShapedText.Flags.terminator)
            && text.endsInBlankLine(Int(text.offsets[s]), Int(text.offsets[e]))
    }
}

/// The line count, with the height (`heights`) and the widest line (each inline item's
/// piece rounded apart, as the browser shows it: see `LineSum`).
struct LineTally: LineVisitor {
    private let heights: Bool
    private(set) var count = 0
    private(set) var height = 0.0
    private(set) var widest: Int64 = 0
    private(set) var lastHard = false
    /// The last line visited: its boundary indices and height.
    private(set) var last = (s: 0, e: 0, height: 0.0)

    init(heights: Bool) {
        self.heights = heights
    }

    @inline(__always)
    mutating func visit(_ text: ShapedText, _ s: Int, _ e: Int, _ width: Int64, _ hard: Bool, _ box: Double?) {
        count += 1
        if heights {
            let h = box ?? text.lineBoxHeight(from: s, to: e)
            height += h
            last = (s, e, h)
        }
        lastHard = hard
        widest = Swift.max(widest, width)
    }

    /// As `HeightTally.finish`, the height only with `heights`.
    mutating func finish(_ text: ShapedText) {
        if count == 0 || lastHard {
            count += 1
            if heights { height += text.fixedLineHeight ?? text.strutHeight }
        } else if heights && HeightTally.endsBlank(text, last.s, last.e) {
            height -= last.height
            last.height = 0
        }
    }
}
