import ChatFormText
import Synchronization

/// Real fonts as a `TextShaper`: a CSS-style font family list at one pixel size, with the
/// platform's fallback for characters those fonts lack (SPEC §2.1).
///
/// ```swift
/// let fonts = try FontStack(family: "Noto Sans", size: 16)
/// let layout = try TextLayout(text: "안녕하세요 👋🏽 hello", width: 240, metrics: fonts)
/// layout.height                         // each line as tall as the fonts used on it
/// ```
///
/// How a text is measured, as Chromium on Linux measures it:
/// - **Itemize**: bidi levels, script runs, emoji presentation (`TextItemizer`).
/// - **Fonts per cluster**: the first family that draws every scalar of the grapheme
///   cluster, else fontconfig's fallback order for the locale (`und-Zsye` for emoji
///   presentation), the first font that covers the cluster; with none, the primary font.
/// - **Shape** each run of one item and one font with HarfBuzz (kerning, ligatures,
///   joining), the paragraph around it as context.
/// - **Heights**: `lineHeight` `.normal` unites the primary font's strut with every font
///   used on a line (ascent, descent, line gap rounded as the browser rounds them), or a
///   fixed height.
///
/// Faces, fallback decisions and fontconfig's answers are cached (bounded, thread-safe),
/// so preparing many messages on many threads shapes and nothing else.
public struct FontStack: TextShaper {
    /// Pixel sizes a stack accepts.
    public static let sizeRange: ClosedRange<Double> = 0.5...4096
    /// The largest letter spacing a stack accepts, either way, in pixels.
    public static let letterSpacingLimit = 4096.0

    /// How tall lines are.
    public enum LineHeight: Sendable, Hashable {
        /// CSS `line-height: normal`: each line as tall as the fonts used on it.
        case normal
        /// Every line this many pixels.
        case fixed(Double)
    }

    /// The pixel size.
    public var size: Double { state.size }
    /// The line height rule.
    public var lineHeightRule: LineHeight { state.lineHeightRule }
    /// The BCP 47 locale fallback fonts are chosen for [en-US].
    public var locale: String { state.locale }
    /// Tab stops every this many spaces [8].
    public var tabWidth: Int { state.tabWidth }
    /// CSS `letter-spacing` in pixels [0]: added after every cluster this stack shapes
    /// (not after a default ignorable or U+FFFC; in a cursive script such as Arabic only
    /// after white space), optional ligatures off where it is not 0, and counted in each
    /// space of a tab stop (`tab-size` spaces of the primary font's space plus the
    /// spacing), as Chromium lays out a letter-spaced element.
    public private(set) var letterSpacing: Double
    /// The faces of the family list, in order (the first is the primary font).
    public var primaryFaces: [FontFace] { state.primaries }

    /// Everything the stack is but its letter spacing, in one object: a stack is two words,
    /// so a prepared text holding it as `any TextShaper` holds it inline (no box of its
    /// own a text).
    let state: _FontStackState

    /// A stack of the installed families `families` (CSS `font-family` order) at `size`
    /// pixels.
    ///
    /// - Throws: `FontError.familyNotFound` when fontconfig has no font of a family (it
    ///   would substitute another), `.invalidSize`, `.invalidLineHeight`,
    ///   `.fontconfigUnavailable`, `.noFonts`.
    public init(families: [String], size: Double, lineHeight: LineHeight = .normal, locale: String = "en-US",
                tabWidth: Int = 8, letterSpacing: Double = 0) throws(FontError) {
        var files: [(path: String, index: Int)] = []
        for family in families {
            guard let file = try FontLibrary.shared.lookup(family: family) else { throw .familyNotFound(family) }
            files.append(file)
        }
        try self.init(files: files, size: size, lineHeight: lineHeight, locale: locale, tabWidth: tabWidth,
                      letterSpacing: letterSpacing)
    }

    /// A stack of `spec`'s families at its weight, style and size (each family matched by
    /// fontconfig at that weight and style, as a browser picks a face).
    ///
    /// - Throws: as `init(families:size:lineHeight:locale:tabWidth:)`.
    public init(spec: FontSpec, lineHeight: LineHeight = .normal, locale: String = "en-US", tabWidth: Int = 8,
                letterSpacing: Double = 0) throws(FontError) {
        var files: [(path: String, index: Int)] = []
        for family in spec.families {
            guard let file = try FontLibrary.shared.lookup(family: family, weight: spec.weight, italic: spec.italic) else {
                throw .familyNotFound(family)
            }
            files.append(file)
        }
        try self.init(files: files, size: spec.size, lineHeight: lineHeight, locale: locale, tabWidth: tabWidth,
                      letterSpacing: letterSpacing)
    }

    /// A stack of one installed family.
    public init(family: String, size: Double, lineHeight: LineHeight = .normal, locale: String = "en-US",
                tabWidth: Int = 8, letterSpacing: Double = 0) throws(FontError) {
        try self.init(families: [family], size: size, lineHeight: lineHeight, locale: locale, tabWidth: tabWidth,
                      letterSpacing: letterSpacing)
    }

    /// A stack of font files (face `index` of each), in order.
    ///
    /// - Throws: `FontError.cannotOpen`, `.invalidSize`, `.invalidLineHeight`,
    ///   `.invalidLetterSpacing`, `.noFonts`.
    public init(files: [(path: String, index: Int)], size: Double, lineHeight: LineHeight = .normal,
                locale: String = "en-US", tabWidth: Int = 8, letterSpacing: Double = 0) throws(FontError) {
        guard size.isFinite, Self.sizeRange.contains(size) else { throw .invalidSize(size) }
        guard letterSpacing.isFinite, abs(letterSpacing) <= Self.letterSpacingLimit else { throw .invalidLetterSpacing(letterSpacing) }
        if case .fixed(let h) = lineHeight, !(h.isFinite && h > 0) { throw .invalidLineHeight(h) }
        guard !files.isEmpty else { throw .noFonts }
        var faces: [FontFace] = []
        for file in files {
            faces.append(try FontLibrary.shared.face(path: file.path, index: file.index, size: size))
        }
        self.letterSpacing = letterSpacing
        self.state = _FontStackState(primaries: faces, locale: locale, size: size, lineHeightRule: lineHeight, tabWidth: max(1, tabWidth))
    }

    /// A stack of one font file.
    public init(file path: String, index: Int = 0, size: Double, lineHeight: LineHeight = .normal,
                locale: String = "en-US", tabWidth: Int = 8, letterSpacing: Double = 0) throws(FontError) {
        try self.init(files: [(path, index)], size: size, lineHeight: lineHeight, locale: locale, tabWidth: tabWidth,
                      letterSpacing: letterSpacing)
    }

    /// This stack with another letter spacing (the same faces and caches).
    func spaced(_ spacing: Double) -> FontStack {
        var copy = self
        copy.letterSpacing = spacing
        return copy
    }

    /// The face a shaped run is drawn with (its `face` index names a face this stack has
    /// used: its families first, then fallback fonts in the order they were found).
    public func face(of run: ShapedRun) -> FontFace {
        let faces = state.faceList()
        return run.face < faces.count ? faces[run.face] : faces[0]
    }

    /// Empties the calling thread's cache of shaped words and of fullwidth marks' half-width
    /// savings (what a measurement of cold
    /// preparation needs; faces and fontconfig's answers stay, as a page's loaded fonts do).
    /// With `keepingCapacity`, the cache keeps its memory (emptying it is then a few hundred
    /// nanoseconds: what a measurement of one message at a time wants).
    public static func clearShapedWordCache(keepingCapacity: Bool = false) {
        guard let buffer = ShapingBuffer.forCurrentThread() else { return }
        buffer.runs.removeAll(keepingCapacity: keepingCapacity)
        buffer.trims.removeAll(keepingCapacity: keepingCapacity)
    }

    // MARK: TextMetrics

    public var lineHeight: Double { fixedLineHeight ?? state.primaries[0].box.lineSpacing }

    public var fixedLineHeight: Double? {
        if case .fixed(let h) = lineHeightRule { return h }
        return nil
    }

    /// The cluster shaped on its own (a layout made with this stack never asks: it shapes
    /// whole runs).
    public func advance(of cluster: GraphemeCluster) -> Double {
        guard let runs = try? shape(cluster.string) else { return 0 }
        return Double(runs.advances.reduce(Int64(0)) { $0 + Int64($1) }) / 65536
    }

    public func tabStop(after x: Double) -> Double {
        guard x.isFinite else { return x }
        return Double(tabStop(afterFixed: Int64((x * 65536).rounded()))) / 65536
    }

    /// CSS `tab-size` in spaces of the primary font, each with the letter spacing; a stop
    /// closer than half a space is skipped for the next one. Where the spaces add up to
    /// nothing or less (a letter spacing of minus a space or more), a tab is as wide as the
    /// letter spacing, at least nothing.
    public func tabStop(afterFixed x: Int64) -> Int64 {
        let primary = state.primaries[0]
        let space = Int64((primary.glyph(for: " ").map { primary.advance(ofGlyph: $0) } ?? size / 2) * 65536)
        let interval = (space + Int64(_LetterSpacing.fixed(letterSpacing))) * Int64(tabWidth)
        guard interval > 0 else { return x + Swift.max(0, Int64(_LetterSpacing.fixed(letterSpacing))) }
        var stop = (x / interval + 1) * interval
        if stop - x < space / 2 { stop += interval }
        return stop
    }

    // MARK: TextShaper

    // Shaping: FontStack+Shaping.swift.
}
