import Synchronization

/// A text prepared once with a `TextShaper` (items, fonts, shaped advances, the browser's
/// break opportunities), ready to wrap at any width by arithmetic: rotation, a split view
/// or a resized window re-lays a whole chat without shaping again (SPEC §2.1).
///
/// ```swift
/// let prepared = try ShapedText(text: message, shaper: fonts)
/// let narrow = prepared.layout(width: 240)      // TextLayout: lines, heights, caret
/// let wide = prepared.layout(width: 400)        // no shaping, no ICU
/// ```
///
/// Widths are kept in 1/65536 pixel, summed exactly; a line fits when its content, rounded
/// up to 1/64 pixel, is at most the width plus 1/64 (a browser's layout units). Where a line starts or ends at a place whose glyphs are not safe to break
/// (kerning, ligatures, joining), that edge is shaped again on its own, as a browser does,
/// so the width stays exact.
public struct ShapedText: Sendable {
    /// Everything prepared, in one object: a copy of a `ShapedText` (an array element
    /// passed to a method, a message handed to a table) costs one reference count, not one
    /// per array; and the steps wrapping scans (`LineStep`) follow the header in the same
    /// allocation, so a layout starts on memory it has already touched.
    nonisolated(unsafe) let storage: ShapedStorage   // immutable once made (see ShapedStorage)

    /// The header of a `ShapedStorage`.
    struct Header {
        let text: String
        let shaper: any TextShaper
        let options: TextLayoutOptions
        let offsets: [Int32]
        let x: [Int64]
        let flags: [UInt8]
        let breakEntries: [BreakEntry]
        /// The index of the last boundary (the text's end).
        let lastBoundary: Int
        let textOpeningRound: Int64
        let runs: [ShapedRun]
        let faces: [FontBoxMetrics]
        let hasTabs: Bool
        let hyphenAdvance: Int64
        let usesFallbackFonts: Bool
        /// Whether the runs have more than one bidi level (each level's stretch of a line is
        /// rounded up to a layout unit on its own: see `browserLineWidth`).
        let hasSeveralLevels: Bool
        /// Whether every run has level 0 (no right-to-left text: the caret needs no
        /// visual model).
        let isLeftToRight: Bool
        /// Boundary indices where an item rounded on its own starts (see
        /// `ShapedRuns.roundedItemStarts`); empty for plain text.
        let itemStarts: [Int32]
        /// `!itemStarts.isEmpty`, read without touching the array.
        let isItemized: Bool
        let strutHeight: Double
        let strutBox: (ascent: Double, descent: Double)
        let fixedLineHeight: Double?
        let edgeCache: EdgeCache
    }

    /// The text.
    public var text: String { storage.header.text }
    /// The shaper that prepared it (and reshapes unsafe line edges).
    public var shaper: any TextShaper { storage.header.shaper }
    /// The options used.
    public var options: TextLayoutOptions { storage.header.options }
    /// The identity of this preparation: copies of one `ShapedText` share it, a text
    /// prepared again gets another (what a table row holding one compares).
    package var preparationID: ObjectIdentifier { ObjectIdentifier(storage) }

    /// UTF-8 offsets of the grapheme cluster boundaries, from 0 to the text's length.
    var offsets: [Int32] { storage.header.offsets }
    /// The advance from the start of the text to each boundary, in 1/65536 pixel (tabs and
    /// mandatory breaks count 0 here).
    var x: [Int64] { storage.header.x }
    /// `Flags` per boundary (those about a cluster describe the cluster that starts there).
    var flags: [UInt8] { storage.header.flags }
    /// Where a line may end (soft opportunities, mandatory breaks, and the end of the
    /// text), ascending: what wrapping reads there besides the line steps (one a break
    /// entry, in the storage).
    var breakEntries: [BreakEntry] { storage.header.breakEntries }
    /// The index of the last boundary (the text's end).
    var lastBoundary: Int { storage.header.lastBoundary }
    /// What rounding the white space opening the text up to a layout unit adds to its first
    /// line (1/65536 pixel; see `BreakEntry.openingRound`).
    var textOpeningRound: Int64 { storage.header.textOpeningRound }
    var breaks: [Int32] { storage.withSteps { steps in (0..<breakEntries.count).map { steps[$0].boundary } } }
    var contentEnds: [Int32] { breakEntries.map(\.contentEnd) }
    /// The shaped runs.
    public var runs: [ShapedRun] { storage.header.runs }
    /// Vertical metrics of the runs' fonts (index 0: the primary font).
    public var faces: [FontBoxMetrics] { storage.header.faces }
    var hasTabs: Bool { storage.header.hasTabs }
    /// The advance of the hyphen shown at a line ending at a soft hyphen (1/65536 pixel).
    var hyphenAdvance: Int64 { storage.header.hyphenAdvance }
    /// Whether any run uses a font whose box reaches above or below the primary font's
    /// strut (else every line is a strut).
    var usesFallbackFonts: Bool { storage.header.usesFallbackFonts }
    var hasSeveralLevels: Bool { storage.header.hasSeveralLevels }
    var itemStarts: [Int32] { storage.header.itemStarts }
    /// The height of a line of the primary font alone, and its box.
    var strutHeight: Double { storage.header.strutHeight }
    var strutBox: (ascent: Double, descent: Double) { storage.header.strutBox }
    /// The shaper's fixed line height, if it has one.
    var fixedLineHeight: Double? { storage.header.fixedLineHeight }
    var edgeCache: EdgeCache { storage.header.edgeCache }

    enum Flags {
        static let opportunity: UInt8 = 1
        static let hard: UInt8 = 2
        static let unsafe: UInt8 = 4
        /// The cluster is a soft hyphen (U+00AD).
        static let softHyphen: UInt8 = 8
        static let hanging: UInt8 = 16
        static let tab: UInt8 = 32
        static let terminator: UInt8 = 64
        /// The boundary lies inside a glyph cluster (a ligature such as Arabic lam-alef):
        /// a caret may stop there, but a line truncated for an ellipsis is not cut there.
        static let insideGlyph: UInt8 = 128
    }

    /// Prepares `text` with `shaper`.
    ///
    /// - Throws: `.textTooLong` past 2^31 - 1 bytes; `.icu` if ICU fails; whatever the
    ///   shaper throws.
    /// - Complexity: O(n) plus shaping.
    public init(text: String, shaper: any TextShaper, options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) {
        var text = text
        let n = text.utf8.count
        guard n <= Int(Int32.max) else { throw .textTooLong(bytes: n) }
        var shaped = try shaper.shape(text)
        if !shaped.hasClusters(partitioning: n) { shaped.clusters = try TextItemizer.segment(text).clusters }
        let faces = shaped.faces.isEmpty ? [FontBoxMetrics(ascent: 0, descent: 0, lineGap: 0)] : shaped.faces
        // Lines are all the strut's height unless a face used reaches above or below it
        // (bold and italic of the primary family, a smaller code font, a fallback font
        // within the strut: every line box is the strut, as no union can grow it).
        let strutBox = faces[0].box(lineHeight: faces[0].lineSpacing)
        let tallerFaces = faces.indices.map { f in
            let b = faces[f].box(lineHeight: faces[f].lineSpacing)
            return f != 0 && (b.ascent > strutBox.ascent || b.descent > strutBox.descent)
        }
        let usesFallbackFonts = shaped.runs.contains { $0.face < tallerFaces.count && tallerFaces[$0.face] }
        let fixedLineHeight = shaper.fixedLineHeight
        let keepAll = options.keepAll
        let built: Result<Built, TextLayoutError> = text.withUTF8 { bytes in
            do throws(ICUError) {
                let iterators = try BreakIterators.browserForCurrentThread()
                try iterators.setText(bytes)
                return .success(Self.build(bytes, iterators: iterators, shaped: shaped, keepAll: keepAll))
            } catch {
                return .failure(.icu(error))
            }
        }
        let b = try built.get()
        let showsHyphens = shaped.hyphenAdvance != 0
        let lineEndTrims = shaped.lineEndTrims
        // Each place a line may end: what the scan reads (`LineStep`) and the rest.
        var entries: [BreakEntry] = []
        var steps: [LineStep] = []
        entries.reserveCapacity(b.breaks.count)
        steps.reserveCapacity(b.breaks.count)
        let boundaryCount = b.flags.count
        for k in 0..<b.breaks.count {
            let boundary = Int(b.breaks[k]), ce = Int(b.contentEnds[k])
            var flags: UInt8 = 0
            let bf = b.flags[boundary]
            if bf & Flags.hard != 0 { flags |= BreakEntry.hard }
            if bf & Flags.unsafe != 0 { flags |= BreakEntry.boundaryUnsafe }
            if ce < boundaryCount - 1 && b.flags[ce] & Flags.unsafe != 0 { flags |= BreakEntry.contentEndUnsafe }
            // A line ending at a soft hyphen shows a hyphen.
            let hyphenated = showsHyphens && ce > 0 && b.flags[ce - 1] & Flags.softHyphen != 0
            if hyphenated { flags |= BreakEntry.hyphenated }
            // A flush closing mark: the break directly follows it (or its line break does).
            var endTrim: Int32 = 0
            if !lineEndTrims.isEmpty && (boundary == ce || (bf & Flags.hard != 0 && ce == boundary - 1)) {
                endTrim = lineEndTrims[b.offsets[ce]] ?? 0
            }
            let contentX = b.x[ce] + (hyphenated ? shaped.hyphenAdvance : 0)
            entries.append(BreakEntry(contentEnd: Int32(ce), endTrim: endTrim, flags: flags))
            steps.append(LineStep(contentX: contentX, hang: Int32(truncatingIfNeeded: b.x[boundary] - contentX),
                                  boundary: Int32(boundary)))
        }
        if usesFallbackFonts && fixedLineHeight == nil {
            // Each segment's line box, so wrapping unites boxes without looking at runs.
            var previous = 0
            var r = 0
            let runs = shaped.runs
            let boxes = faces.map { $0.box(lineHeight: $0.lineSpacing) }
            for k in steps.indices {
                let segmentStart = Int(b.offsets[previous])
                let e = Int(steps[k].boundary)
                var segmentEnd = Int(b.offsets[e])
                if e > 0 && b.flags[e - 1] & Flags.terminator != 0 { segmentEnd = Int(b.offsets[e - 1]) }
                var ascent = 0.0, descent = 0.0
                while r > 0 && runs[r].range.lowerBound > segmentStart { r -= 1 }
                while r + 1 < runs.count && runs[r].range.upperBound <= segmentStart { r += 1 }
                var q = r
                while q < runs.count && runs[q].range.lowerBound < segmentEnd {
                    let face = runs[q].face
                    if face != 0 && face < boxes.count {
                        let box = boxes[face]
                        ascent = Swift.max(ascent, box.ascent)
                        descent = Swift.max(descent, box.descent)
                    }
                    q += 1
                }
                steps[k].boxAscent = Float(ascent)
                steps[k].boxDescent = Float(descent)
                previous = e
            }
        }
        // Entries whose segment holds the start of an item rounded on its own (styled text):
        // the scan over prepared advances stops there (see `ShapedText.forEachLine`).
        let itemStarts = Self.boundaries(of: shaped.roundedItemStarts, in: b.offsets)
        var crossesItem = [Bool](repeating: false, count: itemStarts.isEmpty ? 0 : steps.count)
        if !itemStarts.isEmpty {
            var k = 0
            for start in itemStarts {
                while k < steps.count && steps[k].boundary < start { k += 1 }
                if k < steps.count { crossesItem[k] = true }
            }
        }
        // Where wrapping cannot decide by prepared advances alone, and where the line box
        // changes.
        var following = Int32(steps.count)
        var k = steps.count - 1
        while k >= 0 {
            let sameBox = k + 1 < steps.count && steps[k + 1].boxAscent == steps[k].boxAscent
                && steps[k + 1].boxDescent == steps[k].boxDescent
            steps[k].nextBoxChange = sameBox ? steps[k + 1].nextBoxChange : Int32(k + 1)
            let f = entries[k].flags
            let boundary = Int(steps[k].boundary)
            let complex = f & (BreakEntry.hard | BreakEntry.boundaryUnsafe | BreakEntry.contentEndUnsafe | BreakEntry.hyphenated) != 0
                || entries[k].endTrim != 0 || steps[k].x != b.x[boundary]   // the hanging advance fits in `hang`
                || (k > 0 && steps[k].contentX < steps[k - 1].contentX)
            if !complex && !crossesItem.isEmpty && crossesItem[k] { entries[k].flags |= BreakEntry.itemStartOnly }
            if complex || (!crossesItem.isEmpty && crossesItem[k]) { following = Int32(k) }
            steps[k].nextComplex = following
            if f & BreakEntry.hard != 0 { entries[k].openingRound = Int32(Self.openingRound(b, from: boundary)) }
            k -= 1
        }
        let header = Header(text: text, shaper: shaper, options: options, offsets: b.offsets, x: b.x, flags: b.flags,
                            breakEntries: entries, lastBoundary: b.offsets.count - 1,
                            textOpeningRound: Self.openingRound(b, from: 0), runs: shaped.runs, faces: faces,
                            hasTabs: b.hasTabs, hyphenAdvance: shaped.hyphenAdvance, usesFallbackFonts: usesFallbackFonts,
                            hasSeveralLevels: shaped.runs.contains { $0.bidiLevel != shaped.runs[0].bidiLevel },
                            isLeftToRight: !shaped.runs.contains { $0.bidiLevel != 0 },
                            itemStarts: itemStarts, isItemized: !itemStarts.isEmpty,
                            strutHeight: strutBox.ascent + strutBox.descent, strutBox: strutBox,
                            fixedLineHeight: fixedLineHeight, edgeCache: EdgeCache())
        storage = ShapedStorage.make(header, steps: steps)
    }

    /// The boundary indices of UTF-8 `offsets` (ascending) that are boundaries of `all`.
    private static func boundaries(of offsets: [Int32], in all: [Int32]) -> [Int32] {
        var result: [Int32] = []
        var k = 0
        for o in offsets {
            while k < all.count && all[k] < o { k += 1 }
            if k < all.count && all[k] == o && k > 0 && (result.last.map { Int($0) < k } ?? true) { result.append(Int32(k)) }
        }
        return result
    }

    /// White space that opens a paragraph is an item of its own in Chromium, its width
    /// rounded up to a layout unit apart from the rest of the line: what that adds.
    private static func openingRound(_ b: Built, from s: Int) -> Int64 {
        let last = b.offsets.count - 1
        var k = s
        while k < last && b.flags[k] & Flags.hanging != 0 { k += 1 }
        let lead = b.x[k] - b.x[s]
        return ceilToLayoutUnit(lead) - lead
    }

    private struct Built {
        var offsets: [Int32] = []
        var x: [Int64] = []
        var flags: [UInt8] = []
        var breaks: [Int32] = []
        var contentEnds: [Int32] = []
        var hasTabs = false
    }

    private static func build(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, shaped: ShapedRuns,
                              keepAll: Bool) -> Built {
        let n = bytes.count
        var b = Built()
        let opportunities = BrowserLineBreaks.opportunities(bytes, iterators: iterators, keepAll: keepAll)
        // The shaper's cluster boundaries (checked to partition the text): the arrays are
        // made at their exact size.
        let clusters = shaped.clusters
        let capacity = clusters.count
        let table = ScalarTable.shared
        let advances = shaped.advances
        let unsafe = shaped.unsafeToBreak
        let runs = shaped.runs
        var count = 0
        var hasTabs = false
        var xs: [Int64] = []
        var flags: [UInt8] = []
        let offsets = [Int32](unsafeUninitializedCapacity: capacity) { offsetsOut, offsetCount in
            xs = [Int64](unsafeUninitializedCapacity: capacity) { xOut, xCount in
                flags = [UInt8](unsafeUninitializedCapacity: capacity) { flagsOut, flagCount in
                    var nextOpportunity = 0
                    var runIndex = 0     // runs, to find where each starts
                    var ci = 0
                    var i = 0
                    var x: Int64 = 0
                    var previousWasTerminator = false
                    while true {
                        var f: UInt8 = previousWasTerminator ? Flags.hard : 0
                        while nextOpportunity < opportunities.count && Int(opportunities[nextOpportunity]) < i { nextOpportunity += 1 }
                        if nextOpportunity < opportunities.count && Int(opportunities[nextOpportunity]) == i { f |= Flags.opportunity }
                        while runIndex < runs.count && runs[runIndex].range.upperBound <= i { runIndex += 1 }
                        // A run's start is safe to break (each run is shaped on its own).
                        let runStarts = runIndex < runs.count && runs[runIndex].range.lowerBound == i
                        if !runStarts && i > 0 && i < n && i < unsafe.count && unsafe[i] != 0 {
                            f |= unsafe[i] == 2 ? Flags.unsafe | Flags.insideGlyph : Flags.unsafe
                        }
                        if i == n {
                            offsetsOut[count] = Int32(i)
                            xOut[count] = x
                            flagsOut[count] = f
                            count += 1
                            break
                        }
                        let e = Int(clusters[ci + 1])
                        ci += 1
                        let b0 = bytes[i]
                        var kind: UInt8 = 0
                        if b0 < 0x80 {
                            switch b0 {
                            case 0x09: kind = Flags.tab
                            case 0x20: if e == i + 1 { kind = Flags.hanging }
                            case 0x0A, 0x0B, 0x0C, 0x0D: kind = Flags.terminator
                            default: break
                            }
                        } else {
                            let (scalar, length) = UTF8Scalar.decode(bytes, at: i)
                            if scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029 {
                                kind = Flags.terminator
                            } else if scalar == 0xAD && i + length == e {
                                f |= Flags.softHyphen
                            } else if i + length == e {
                                let properties = scalar < UInt32(table.count) ? ScalarProperties(bits: table[Int(scalar)])
                                    : ScalarProperties.of(scalar)
                                if properties.isHangingWhitespace { kind = Flags.hanging }
                            }
                        }
                        if kind == Flags.tab { hasTabs = true }
                        f |= kind
                        offsetsOut[count] = Int32(i)
                        xOut[count] = x
                        flagsOut[count] = f
                        count += 1
                        if kind != Flags.tab && kind != Flags.terminator {
                            var j = i
                            let end = Swift.min(e, advances.count)
                            while j < end { x += Int64(advances[j]); j += 1 }
                        }
                        previousWasTerminator = kind == Flags.terminator
                        i = e
                    }
                    flagCount = count
                }
                xCount = count
            }
            offsetCount = count
        }
        b.offsets = offsets
        b.x = xs
        b.flags = flags
        b.hasTabs = hasTabs
        // A glyph cluster spanning several grapheme clusters (a ligature, a reordered
        // syllable) has its whole advance on its first one; share it out evenly so a caret
        // inside it moves, as browsers place carets inside ligatures. Sums across the glyph
        // cluster are unchanged, and its inner boundaries are unsafe, so line widths are not.
        var g = 1
        while g < count - 1 {
            let offset = Int(b.offsets[g])
            guard offset < unsafe.count, unsafe[offset] == 2 else { g += 1; continue }
            let first = g - 1
            var last = g
            while last < count - 1 && Int(b.offsets[last]) < unsafe.count && unsafe[Int(b.offsets[last])] == 2 { last += 1 }
            // Grapheme clusters first..<last share the advance from boundary first to last.
            let total = b.x[last] - b.x[first]
            let parts = Int64(last - first)
            for k in (first + 1)..<last { b.x[k] = b.x[first] + total * Int64(k - first) / parts }
            g = last + 1
        }
        // Where lines may end, and where their content ends.
        var contentEnd = 0
        for k in 1..<count {
            let clusterFlags = b.flags[k - 1]
            // Trailing spaces, tabs and the line's break hang past the edge (pre-wrap).
            if clusterFlags & (Flags.hanging | Flags.terminator | Flags.tab) == 0 { contentEnd = k }
            let f = b.flags[k]
            if f & (Flags.opportunity | Flags.hard) != 0 || k == count - 1 {
                b.breaks.append(Int32(k))
                b.contentEnds.append(Int32(contentEnd))
            }
        }
        return b
    }

    /// The number of grapheme clusters.
    public var clusterCount: Int { offsets.count - 1 }

    /// Whether `boundary` (an index into `offsets`) is flagged `flag`.
    @inline(__always)
    func has(_ boundary: Int, _ flag: UInt8) -> Bool { flags[boundary] & flag != 0 }
}

/// What wrapping reads of a break entry on its fast path: a line's end is found by scanning
/// these, and a plain entry (not `complex`: no mandatory break, unsafe edge, soft hyphen or
/// flush mark) is taken without reading its `BreakEntry`. Two to a cache line, where a
/// `BreakEntry` takes one, and after the prepared text's header in one allocation.
struct LineStep: Sendable {
    /// The advance from the text's start to where the line's content ends (with the
    /// hyphen a soft hyphen shows).
    var contentX: Int64
    /// The advance of the white space hanging after the content (the entry is complex
    /// where it does not fit).
    var hang: Int32
    /// The boundary index where the line would end (the next one starts).
    var boundary: Int32
    /// The first entry at or after this one that wrapping must look at closely (a
    /// mandatory break, an unsafe edge, a soft hyphen, a flush closing mark, a content end
    /// that goes back, a hang too wide for `hang`; the entry count when none; see
    /// `ShapedText.forEachLine`).
    var nextComplex: Int32 = 0
    /// The first entry after this one whose line box differs (so wrapping unites boxes a
    /// stretch at a time).
    var nextBoxChange: Int32 = 0
    /// The line box (ascent, descent with half-leading) the segment ending here asks for:
    /// the largest over the fonts of its clusters (0 when lines are all struts).
    var boxAscent: Float = 0
    var boxDescent: Float = 0

    /// The advance from the text's start to `boundary` (exact unless the entry is complex
    /// for a wide hang: read `ShapedText.x` there).
    @inline(__always)
    var x: Int64 { contentX + Int64(hang) }
}

/// A prepared text's storage: its header, then one `LineStep` per break entry. Immutable
/// once made.
final class ShapedStorage: ManagedBuffer<ShapedText.Header, LineStep> {
    static func make(_ header: ShapedText.Header, steps: [LineStep]) -> ShapedStorage {
        let buffer = unsafeDowncast(create(minimumCapacity: steps.count) { _ in header }, to: ShapedStorage.self)
        buffer.withUnsafeMutablePointerToElements { elements in
            if let base = steps.withUnsafeBufferPointer({ $0.baseAddress }), !steps.isEmpty {
                elements.initialize(from: base, count: steps.count)
            }
        }
        return buffer
    }

    /// The steps (as many as the header's break entries), valid while this object lives.
    @inline(__always)
    func withSteps<R>(_ body: (UnsafePointer<LineStep>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToElements { try body(UnsafePointer($0)) }
    }
}

/// A place a line may end: what wrapping reads there besides its `LineStep`.
struct BreakEntry: Sendable {
    /// The boundary where its content ends (before hanging white space and the break).
    var contentEnd: Int32
    /// How much narrower this line is when it ends here with its last mark, fullwidth
    /// closing punctuation, set flush because the line's width ends inside it (0 where the
    /// break does not directly follow such a mark).
    var endTrim: Int32
    /// For a mandatory break: what rounding the white space opening the next paragraph up
    /// to a layout unit adds to its first line (1/65536 pixel).
    var openingRound: Int32 = 0
    var flags: UInt8

    static let hard: UInt8 = 1
    static let boundaryUnsafe: UInt8 = 2
    static let contentEndUnsafe: UInt8 = 4
    /// The line ends at a soft hyphen and shows a hyphen (`contentX` includes its advance).
    static let hyphenated: UInt8 = 8
    /// Plain but for the start of an item rounded on its own in its segment (styled text):
    /// the scan stops at it, measures it by items, and goes on.
    static let itemStartOnly: UInt8 = 16
}
