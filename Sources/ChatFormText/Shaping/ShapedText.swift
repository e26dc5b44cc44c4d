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
/// so the width stays exact; a line ending there must also fit as Chromium checks it: its
/// positions to the last safe place rounded up to 1/64 pixel, plus the reshaped end.
public struct ShapedText: Sendable {
    /// Everything prepared, in one object: a copy of a `ShapedText` (an array element
    /// passed to a method, a message handed to a table) costs one reference count, not one
    /// per array; and the steps wrapping scans (`LineStep`) follow the header in the same
    /// allocation, so a layout starts on memory it has already touched.
    nonisolated(unsafe) let storage: ShapedStorage   // immutable once made (see ShapedStorage)

    /// The text.
    public var text: String { storage.head.pointee.text }
    /// The shaper that prepared it (and reshapes unsafe line edges).
    public var shaper: any TextShaper { storage.head.pointee.shaper }
    /// The options used.
    public var options: TextLayoutOptions { storage.head.pointee.options }
    /// The identity of this preparation: copies of one `ShapedText` share it, a text
    /// prepared again gets another (what a table row holding one compares).
    package var preparationID: ObjectIdentifier { ObjectIdentifier(storage) }

    /// UTF-8 offsets of the grapheme cluster boundaries, from 0 to the text's length.
    @inline(__always)
    var offsets: PackedColumn<Int32, UInt16> {
        let c = storage.head.pointee.columns
        return PackedColumn(storage, at: c.offsets, count: c.boundaryCount, narrow: c.narrowIndices)
    }
    /// The advance from the start of the text to each boundary, in 1/65536 pixel (tabs and
    /// mandatory breaks count 0 here).
    @inline(__always)
    var x: PackedColumn<Int64, Int32> {
        let c = storage.head.pointee.columns
        return PackedColumn(storage, at: c.x, count: c.boundaryCount, narrow: c.narrowX)
    }
    /// `Flags` per boundary (those about a cluster describe the cluster that starts there).
    @inline(__always)
    var flags: StoredColumn<UInt8> {
        let c = storage.head.pointee.columns
        return StoredColumn(owner: storage, elements: storage.column(c.flags, c.boundaryCount, as: UInt8.self))
    }
    /// Where a line may end (soft opportunities, mandatory breaks, and the end of the
    /// text), ascending: what wrapping reads there besides the line steps (one a break
    /// entry, in the storage).
    @inline(__always)
    var breakEntries: BreakEntries { BreakEntries(storage) }
    /// The line boxes of the break entries, when lines are not all struts
    /// (`ShapedColumns.hasBoxes`).
    @inline(__always)
    var lineBoxes: LineBoxes? { storage.head.pointee.columns.hasBoxes ? LineBoxes(storage) : nil }
    /// The index of the last boundary (the text's end).
    var lastBoundary: Int { storage.head.pointee.lastBoundary }
    /// What rounding the white space opening the text up to a layout unit adds to its first
    /// line (1/65536 pixel; see `BreakEntry.openingRound`).
    var textOpeningRound: Int64 { storage.head.pointee.textOpeningRound }
    var breaks: [Int32] { storage.withSteps { steps in (0..<storage.head.pointee.entryCount).map { steps[$0].boundary } } }
    var contentEnds: [Int32] { breakEntries.map(\.contentEnd) }
    /// The shaped runs.
    public var runs: [ShapedRun] { Array(runList) }
    /// The shaped runs, read from the storage (what the engine reads; `runs` copies them).
    @inline(__always)
    var runList: RunColumn {
        let c = storage.head.pointee.columns
        return RunColumn(owner: storage, runs: storage.column(c.runs, c.runCount, as: PackedRun.self))
    }
    /// Vertical metrics of the runs' fonts (index 0: the primary font).
    public var faces: [FontBoxMetrics] { storage.head.pointee.faces }
    var hasTabs: Bool { storage.head.pointee.hasTabs }
    /// The advance of the hyphen shown at a line ending at a soft hyphen (1/65536 pixel).
    var hyphenAdvance: Int64 { storage.head.pointee.hyphenAdvance }
    /// Whether any run uses a font whose box reaches above or below the primary font's
    /// strut (else every line is a strut).
    var usesFallbackFonts: Bool { storage.head.pointee.usesFallbackFonts }
    /// The inline items rounded on their own (`_ItemBoundaries`) after the first, which
    /// starts at 0; empty for a plain text of one bidi level without zero width non-joiners.
    var items: StoredColumn<ItemStart> {
        let c = storage.head.pointee.columns
        return StoredColumn(owner: storage, elements: storage.column(c.items, c.itemCount, as: ItemStart.self))
    }
    /// The height of a line of the primary font alone, and its box.
    var strutHeight: Double { storage.head.pointee.strutHeight }
    var strutBox: (ascent: Double, descent: Double) { storage.head.pointee.strutBox }
    /// The shaper's fixed line height, if it has one.
    var fixedLineHeight: Double? { storage.head.pointee.fixedLineHeight }
    var edgeCache: EdgeCache { storage.edgeCache }

    /// The flags of `flags` (see `_ClusterFlags`).
    typealias Flags = _ClusterFlags


    /// Prepares `text` with `shaper`.
    ///
    /// - Throws: `.textTooLong` past 2^31 - 1 bytes; `.icu` if ICU fails; whatever the
    ///   shaper throws.
    /// - Complexity: O(n) plus shaping.
    public init(text: String, shaper: any TextShaper, options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) {
        let n = text.utf8.count
        guard n <= Int(Int32.max) else { throw .textTooLong(bytes: n) }
        // White space a collapsing mode removes or turns into spaces (`TextModes.whiteSpace`).
        let collapse = WhiteSpaceCollapse(text, mode: options.modes.whiteSpace)
        // (The text shaped borrowed, not copied out of `collapse?.text ?? text`: a retain and a release.)
        let shaped = if let collapse { try shaper.shape(collapse.text, in: options.direction) }
            else { try shaper.shape(text, in: options.direction) }
        try self.init(text: text, shaped: shaped, shaper: shaper, options: options, collapse: collapse,
                      shapedCollapsed: true)
    }

    /// Prepares `text` shaped as `shaped` (a styled paragraph, shaped a stretch of spans at a
    /// time from `text` as given); `shaper` reshapes line edges afterwards.
    ///
    /// - Throws: as `init(text:shaper:options:)`, but for the shaper's errors.
    /// - Complexity: O(n).
    package init(text: String, shaped: ShapedRuns, shaper: any TextShaper,
                 options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) {
        let n = text.utf8.count
        guard n <= Int(Int32.max) else { throw .textTooLong(bytes: n) }
        let collapse = WhiteSpaceCollapse(text, mode: options.modes.whiteSpace)
        try self.init(text: text, shaped: shaped, shaper: shaper, options: options, collapse: collapse,
                      shapedCollapsed: false)
    }

    /// `shapedCollapsed`: whether `shaped` was found on the collapsed text (when there is one).
    /// (`shaper` borrowed: the header copies it once, where it is kept; passed on owned, it
    /// was copied and destroyed once more on the way.)
    private init(text: String, shaped: consuming ShapedRuns, shaper: borrowing any TextShaper, options: TextLayoutOptions,
                 collapse: WhiteSpaceCollapse?, shapedCollapsed: Bool) throws(TextLayoutError) {
        var shaped = shaped
        let hasClusters = shaped.hasClusters(partitioning: text.utf8.count)
        if !hasClusters { shaped.clusters = try TextItemizer.segment(collapse?.text ?? text).clusters }
        // The shaper's opportunities hold for its own clusters, on the text it shaped: not
        // for clusters found here, nor for the collapsed text when it shaped `text`.
        if !hasClusters || (collapse != nil && !shapedCollapsed) { shaped.opportunities = [] }
        collapse?.apply(to: &shaped)
        let scratch = ShapedRunsScratch.forCurrentThread()
        storage = try PreparedBreaks.storage(text: text, breaking: collapse?.text, shaper: shaper, options: options, shaped: shaped,
                                             scratch: scratch)
        scratch.keep(&shaped)   // packed: its arrays serve the next text
    }

    /// The number of grapheme clusters.
    public var clusterCount: Int { offsets.count - 1 }

    /// Whether `boundary` (an index into `offsets`) is flagged `flag`.
    @inline(__always)
    func has(_ boundary: Int, _ flag: UInt8) -> Bool { flags[boundary] & flag != 0 }

    /// Whether `boundary` is one `word-break: break-all` adds inside a glyph cluster, before
    /// a SARA AM (`BreakRules.splittingClusters`, flagged as prepare makes it). A line that
    /// nothing fits does not end there: Chromium ends it at the first opportunity after the
    /// glyph cluster (measured: `ทำ` whole at 2 px, `ท` then `ำ` at 12 px).
    @inline(__always)
    func isSplitCluster(_ boundary: Int) -> Bool { has(boundary, Flags.splitCluster) }

    /// Whether the cluster starting at `boundary` is an atomic inline (U+FFFC: an image, an
    /// attachment).
    func isAtomicInline(_ boundary: Int) -> Bool {
        let o = Int(offsets[boundary])
        guard Int(offsets[boundary + 1]) - o >= 3, let (b0, b1, b2) = threeBytes(at: o) else { return false }
        return b0 == 0xEF && b1 == 0xBF && b2 == 0xBC
    }

    /// The text's three UTF-8 bytes from byte `offset`, nil if fewer are left: what tells a
    /// 3-byte scalar (U+FFFC) at a boundary without decoding it.
    private func threeBytes(at offset: Int) -> (UInt8, UInt8, UInt8)? {
        let utf8 = text.utf8
        guard offset >= 0, offset + 3 <= utf8.count else { return nil }
        let i = utf8.index(utf8.startIndex, offsetBy: offset)
        return (utf8[i], utf8[utf8.index(after: i)], utf8[utf8.index(i, offsetBy: 2)])
    }
}

