/// Metrics that shape whole runs of text instead of measuring clusters one by one: real
/// fonts (SPEC §2.1). A layout made with a shaper prepares the text once (`ShapedText`:
/// items, fonts, shaped advances, break opportunities) and wraps it at any width by
/// arithmetic.
///
/// `ChatFormFont`'s `FontStack` is the shaper that ships with the package (HarfBuzz,
/// fontconfig fallback). A shaper is also a `TextMetrics`, so everything that takes
/// metrics (tables, documents, the tool) takes a shaper.
public protocol TextShaper: TextMetrics {
    /// Itemizes `text` (bidi, script, fonts) and shapes each run.
    ///
    /// - Complexity: O(n) in the text's length.
    func shape(_ text: String) throws(TextLayoutError) -> ShapedRuns

    /// Itemizes `text` as a paragraph of base direction `direction` (its bidi levels resolved
    /// at that paragraph level, as ``TextItemizer/segment(_:direction:)`` gives them) and
    /// shapes each run. The default ignores the direction (`shape(_:)`): a shaper that does
    /// not implement it shapes every paragraph at left-to-right levels.
    ///
    /// - Complexity: O(n) in the text's length.
    func shape(_ text: String, direction: ParagraphDirection) throws(TextLayoutError) -> ShapedRuns

    /// The advance of bytes `range` of `text` shaped on their own with `run`'s font,
    /// script and direction (the text around them is read as context, as a browser
    /// reshapes the edge of a line that ends or starts where glyphs are not safe to break).
    /// In 1/65536 pixel.
    func advance(of range: Range<Int>, in text: String, run: ShapedRun) -> Int64

    /// A fixed line height set by the caller, or nil for CSS `line-height: normal` (each
    /// line as tall as the fonts used on it).
    var fixedLineHeight: Double? { get }

    /// Where a tab that starts `x` from the line's start ends (1/65536 pixel).
    func tabStop(afterFixed x: Int64) -> Int64
}

extension TextShaper {
    public func shape(_ text: String, direction: ParagraphDirection) throws(TextLayoutError) -> ShapedRuns {
        try shape(text)
    }

    /// `text` shaped in a paragraph of base direction `direction`: by `shape(_:)` when it is
    /// left to right, else by `shape(_:direction:)`.
    @inline(__always)
    func shape(_ text: String, in direction: ParagraphDirection) throws(TextLayoutError) -> ShapedRuns {
        direction == .ltr ? try shape(text) : try shape(text, direction: direction)
    }
}

/// A run of glyphs in one font: the unit a shaper reports.
public struct ShapedRun: Sendable, Hashable {
    /// UTF-8 range.
    public var range: Range<Int>
    /// Index of the font in `ShapedRuns.faces`.
    public var face: Int
    /// UAX #9 embedding level (odd: right-to-left).
    public var bidiLevel: UInt8
    /// ISO 15924 script code packed big-endian.
    public var script: UInt32
    /// Index of the item (same script, direction and emoji priority) the run belongs to.
    /// A browser rounds each item's width on a line up to 1/64 pixel.
    public var item: Int

    public init(range: Range<Int>, face: Int, bidiLevel: UInt8, script: UInt32, item: Int) {
        self.range = range
        self.face = face
        self.bidiLevel = bidiLevel
        self.script = script
        self.item = item
    }
}

/// The vertical metrics of one font at its size, rounded as a browser rounds them: the
/// line box a run in this font asks for.
public struct FontBoxMetrics: Sendable, Hashable {
    /// Distance from the baseline up, in whole pixels.
    public var ascent: Double
    /// Distance from the baseline down, in whole pixels.
    public var descent: Double
    /// The line gap, in whole pixels.
    public var lineGap: Double

    public init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }

    /// CSS `line-height: normal` for this font: ascent + descent + line gap.
    public var lineSpacing: Double { ascent + descent + lineGap }

    /// Ascent and descent with the leading of `lineHeight` split around them (the upper
    /// half rounded down to 1/64 pixel, as a browser's layout units do).
    package func box(lineHeight: Double) -> (ascent: Double, descent: Double) {
        let leading = lineHeight - (ascent + descent)
        let upper = (leading * 32).rounded(.towardZero) / 64
        return (ascent + upper, descent + (leading - upper))
    }
}

/// What a shaper reports for one text.
public struct ShapedRuns: Sendable {
    /// The runs, in logical order, covering the text.
    public var runs: [ShapedRun]
    /// Per UTF-8 byte: the advance (1/65536 pixel) of the glyphs whose cluster starts at
    /// that byte; 0 inside clusters.
    public var advances: [Int32]
    /// Per UTF-8 byte: 0 where a glyph cluster starts and a line may break before it as
    /// shaped; 1 where a cluster starts but breaking before it would change shaping
    /// (HarfBuzz's unsafe-to-break: kerning, joining); 2 inside a cluster (a ligature or a
    /// reordered syllable spans several characters).
    public var unsafeToBreak: [UInt8]
    /// The vertical metrics of each font the runs name; index 0 is the primary font (the
    /// strut of every line).
    public var faces: [FontBoxMetrics]

    /// By UTF-8 offset just past a character, how much narrower it is when it ends a line
    /// and the line's width ends inside it (fullwidth closing punctuation set flush when that
    /// lets it fit, as `text-spacing-trim: normal` does).
    public var lineEndTrims: [Int32: Int32]
    /// The advance of the hyphen a line ending at a soft hyphen (U+00AD) shows (1/65536
    /// pixel).
    public var hyphenAdvance: Int64
    /// The text's grapheme cluster boundaries (UTF-8 offsets from 0 to its length, rising),
    /// as `TextItemizer.segment` gives them with the items a shaper needs: the caret stops
    /// and the unit of every advance. Boundaries that do not rise from 0 to the text's
    /// length are replaced by ICU's when the text is prepared (a documented clamp).
    public var clusters: [Int32] { didSet { clustersRise = false } }
    /// UTF-8 offsets (ascending, inside the text) where an inline item starts whose width
    /// on a line the browser rounds up to a layout unit on its own, the line's width being
    /// the sum (a styled paragraph's spans, attachments and bidi runs); empty for a plain
    /// text, whose items preparing finds (its bidi runs and zero width non-joiners:
    /// `_ItemBoundaries`).
    package var roundedItemStarts: [Int32]
    /// By UTF-8 offset just past a character: the end edge (padding, border, margin; 1/65536
    /// pixel, positive) of an inline box whose text ends in white space after that
    /// character. A line ending in that white space shows the edge (`advances` put it on the
    /// character), but its fit is checked without it: Blink fits the text, then adds the
    /// closing edge after the hanging white space without a check.
    package var lineEndHangingEdges: [Int32: Int32]
    /// Per grapheme boundary (parallel to `clusters`), bit 0 set where the browser's default
    /// break rules let a line end, as the itemizer found them on its walk
    /// (`TextItemizer.segmentWithOpportunities`), and the other bits the kind of the cluster
    /// starting there (`_ClusterFlags.kind`); empty when the shaper did not find them.
    /// A prepared text with the default `word-break` and `line-break` reads them instead of
    /// asking the rules again.
    package var opportunities: [UInt8]
    /// Whether `clusters` are known to rise, one above the other (the itemizer found them),
    /// so that `hasClusters(partitioning:)` checks only their ends (not a pass over them:
    /// about 260 instructions a message). False from the public init, and once `clusters`
    /// is set: a shaper's own boundaries are checked.
    package var clustersRise: Bool

    /// The runs, advances, unsafe-to-break marks, fonts and cluster boundaries of one text.
    public init(runs: [ShapedRun], advances: [Int32], unsafeToBreak: [UInt8], faces: [FontBoxMetrics], clusters: [Int32]) {
        self.runs = runs
        self.advances = advances
        self.unsafeToBreak = unsafeToBreak
        self.faces = faces
        self.clusters = clusters
        lineEndTrims = Dictionary()
        hyphenAdvance = 0
        roundedItemStarts = []
        lineEndHangingEdges = Dictionary()
        opportunities = []
        clustersRise = false
    }

    /// The runs, advances, unsafe-to-break marks, fonts, cluster boundaries (and whether they
    /// are known to rise, `clustersRise`), break opportunities, hyphen advance and line-end
    /// trims of one text, all at once (a shaper
    /// setting the last three after the public init paid for their writes through the
    /// value and an outlined destroy: about 40 instructions a text).
    ///
    /// Every stored property is assigned here once, none has a default value: with
    /// defaults, the init built two empty dictionaries from literals, then copied the whole
    /// value and destroyed the copy (seven releases; about 500 instructions a text).
    package init(runs: [ShapedRun], advances: [Int32], unsafeToBreak: [UInt8], faces: [FontBoxMetrics], clusters: [Int32],
                 opportunities: [UInt8], hyphenAdvance: Int64, lineEndTrims: [Int32: Int32], clustersRise: Bool) {
        self.runs = runs
        self.advances = advances
        self.unsafeToBreak = unsafeToBreak
        self.faces = faces
        self.clusters = clusters
        self.opportunities = opportunities
        self.hyphenAdvance = hyphenAdvance
        self.lineEndTrims = lineEndTrims
        self.clustersRise = clustersRise
        roundedItemStarts = []
        lineEndHangingEdges = Dictionary()
    }

    /// The bit of an opportunity byte (`opportunities`, as `TextItemizer` finds them) that
    /// flags a Hangul syllable alone (`_ClusterFlags.syllable`).
    package static let syllableBit: UInt8 = _ClusterFlags.syllable

    /// Whether `clusters` rise from 0 to `count` (only the ends looked at when they are
    /// known to rise: `clustersRise`).
    func hasClusters(partitioning count: Int) -> Bool {
        guard let first = clusters.first, first == 0, Int(clusters[clusters.count - 1]) == count else { return false }
        if clustersRise { return true }
        // Every step's difference and'ed: the sign stays if each one rises. In 32 bits, four
        // to a vector register: a difference of two values that are not negative is exact
        // there, and every value or'ed tells whether one is.
        return clusters.withUnsafeBufferPointer { c in
            var steps: Int32 = -1, values: Int32 = 0
            for k in 1..<c.count {
                steps &= c[k - 1] &- c[k]
                values |= c[k]
            }
            return steps < 0 && values >= 0
        }
    }
}
