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
    let state: State

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
        self.state = State(primaries: faces, locale: locale, size: size, lineHeightRule: lineHeight, tabWidth: max(1, tabWidth))
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

extension FontStack {
    /// The registry of faces a stack has used (its families first, then fallbacks as they
    /// are found) and its fallback decisions.
    final class State: Sendable {
        let primaries: [FontFace]
        let locale: String
        let language: String
        let size: Double
        let lineHeightRule: LineHeight
        let tabWidth: Int
        private let registry: Mutex<(faces: [FontFace], boxes: [FontBoxMetrics], ids: [String: Int])>
        private let decisions = Mutex<Decisions>(Decisions())
        static let decisionLimit = 1 << 15
        /// A number no other stack made by this process has (from 1): the per-thread
        /// `_DecisionMemo` keys on it.
        let serial: UInt64 = State.serials.add(1, ordering: .relaxed).newValue
        private static let serials = Atomic<UInt64>(0)
        /// Bit b (b < 128) set: the primary font draws the printable ASCII byte b, whose
        /// fallback decision is then the primary font without asking anything.
        let asciiDrawn: (UInt64, UInt64)

        init(primaries: [FontFace], locale: String, size: Double, lineHeightRule: LineHeight = .normal, tabWidth: Int = 8) {
            self.primaries = primaries
            self.lineHeightRule = lineHeightRule
            self.tabWidth = tabWidth
            self.locale = locale
            self.language = locale.lowercased()
            self.defaultLanguageCode = Self.languageCode(locale.lowercased())
            self.size = size
            var ids: [String: Int] = [:]
            for (i, f) in primaries.enumerated() where ids["\(f.path)#\(f.index)"] == nil { ids["\(f.path)#\(f.index)"] = i }
            self.registry = Mutex((primaries, primaries.map(\.box), ids))
            var drawn: (UInt64, UInt64) = (0, 0)
            for b in 0x20..<0x7F as Range<UInt32> where primaries[0].glyph(for: Unicode.Scalar(b)!) != nil {
                if b < 64 { drawn.0 |= 1 << UInt64(b) } else { drawn.1 |= 1 << UInt64(b - 64) }
            }
            self.asciiDrawn = drawn
            self.standardFace = FontLibrary.shared.substitute(family: "Times New Roman").flatMap {
                try? FontLibrary.shared.face(path: $0.path, index: $0.index, size: size)
            }
        }

        func faceList() -> [FontFace] { registry.withLock { $0.faces } }

        /// The browser's default standard font at this size, if fontconfig has one (found
        /// when the stack is made).
        let standardFace: FontFace?

        /// The hyphen shown at a soft hyphen: U+2010 from the primary font, else '-'.
        var hyphenAdvance: Int64 {
            let face = primaries[0]
            guard let glyph = face.glyph(for: "\u{2010}") ?? face.glyph(for: "-") else { return 0 }
            return Int64((face.advance(ofGlyph: glyph) * 65536).rounded())
        }

        /// Calls `body` with the scalars of `bytes[start..<end]` (on the stack when few).
        @inline(__always)
        static func withScalars<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                   _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: end - start) { buffer in
                var count = 0
                var i = start
                while i < end {
                    let (s, l) = UTF8Scalar.decode(bytes, at: i)
                    buffer[count] = s
                    count += 1
                    i += l
                }
                return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
        }

        static func scalars(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt32] {
            var scalars: [UInt32] = []
            var i = start
            while i < end {
                let (s, l) = UTF8Scalar.decode(bytes, at: i)
                scalars.append(s)
                i += l
            }
            return scalars
        }
        func boxes() -> [FontBoxMetrics] { registry.withLock { $0.boxes } }

        private func id(of face: FontFace) -> Int {
            registry.withLock { r in
                // A fallback face registered before is found as itself (a stack's faces are
                // few; a fallback is appended only under a name no face had); the file's name
                // is built only for a face not found so (a family's, or a new one).
                if let known = r.faces[primaries.count...].firstIndex(where: { $0 === face }) { return known }
                let key = "\(face.path)#\(face.index)"
                if let id = r.ids[key] { return id }
                r.faces.append(face)
                r.boxes.append(face.box)
                r.ids[key] = r.faces.count - 1
                return r.faces.count - 1
            }
        }

        /// The face (registry id) for the cluster `[start, end)`.
        func face(forCluster bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, emoji: Bool,
                  script: UInt32 = 0) -> Int {
            face(forCluster: bytes, start, end, emoji: emoji, script: script, resolving: true) ?? 0
        }

        /// The face (registry id) for the cluster `[start, end)`; without `resolving`, nil
        /// when it is not decided yet (nothing is asked of the fonts, nothing registered).
        /// Decisions are looked up by the cluster's scalars, never by a string.
        func face(forCluster bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, emoji: Bool,
                  script: UInt32, resolving: Bool) -> Int? {
            let b0 = bytes[start]
            if b0 < 0x80 && end == start + 1 {
                if b0 < 0x20 || b0 == 0x7F { return 0 }
                if primaries[0].glyph(for: Unicode.Scalar(b0)) != nil { return 0 }
            }
            let (first, firstLength) = UTF8Scalar.decode(bytes, at: start)
            let languageCode = Self.fallbackLanguageCode(script: script, default: defaultLanguageCode)
            if start + firstLength == end {
                let key = UInt64(first) | (emoji ? 1 << 32 : 0) | UInt64(languageCode) << 33
                if let cached = decisions.withLock({ $0.single[key] }) { return cached }
                guard resolving else { return nil }
                let chosen = resolve([first], emoji: emoji, language: Self.fallbackLanguage(script: script, default: language))
                remember { $0.single[key] = chosen }
                return chosen
            }
            // Several scalars (an emoji with a modifier, a selector or joiners, a base and
            // its marks): by their values.
            let tag = UInt32(languageCode) << 1 | (emoji ? 1 : 0)
            let hash = ClusterDecisionTable.hash(bytes, start, end, tag: tag)
            if let cached = decisions.withLock({ $0.clusters.value(bytes, start, end, tag: tag, hash: hash) }) { return cached }
            guard resolving else { return nil }
            let chosen = resolve(Self.scalars(bytes, start, end), emoji: emoji,
                                 language: Self.fallbackLanguage(script: script, default: language))
            remember { $0.clusters.insert(bytes, start, end, tag: tag, hash: hash, value: chosen) }
            return chosen
        }

        /// Whether the primary font draws the printable ASCII byte `b` (< 0x80).
        @inline(__always)
        func drawsASCII(_ b: UInt8) -> Bool {
            b < 64 ? asciiDrawn.0 >> UInt64(b) & 1 != 0 : asciiDrawn.1 >> UInt64(b &- 64) & 1 != 0
        }

        /// The `_DecisionMemo` key of the fallback decision for the single scalar `scalar`.
        @inline(__always)
        static func memoKey(_ scalar: UInt32, emoji: Bool, languageCode: UInt8) -> UInt64 {
            UInt64(scalar) | (emoji ? 1 << 21 : 0) | UInt64(languageCode) << 22
        }

        /// The `_DecisionMemo` key of whether no family draws `scalar` and the fallback face
        /// `face` (registry id) does (the run's face then keeps it).
        @inline(__always)
        static func memoKey(_ scalar: UInt32, keptIn face: Int) -> UInt64 {
            UInt64(scalar) | 1 << 24 | UInt64(truncatingIfNeeded: face) << 25
        }

        /// Whether no family draws the single scalar `scalar` and `face` does (the sticky
        /// check of a run in a fallback face, for a one-scalar cluster).
        func keeps(_ scalar: UInt32, in face: FontFace) -> Bool {
            let one = CollectionOfOne(scalar)
            return primaries.allSatisfy { !$0.covers(one, variationSelectors: true) } && face.covers(one)
        }

        /// Stores a fallback decision, emptying both tables first when they are full.
        private func remember(_ store: (inout Decisions) -> Void) {
            decisions.withLock { d in
                if d.count >= Self.decisionLimit {
                    d.single.removeAll()
                    d.clusters.removeAll()
                }
                store(&d)
            }
        }

        /// The languages fallback distinguishes, by code (0: any other, the default).
        static let languageNames = ["", "ko", "ja"]

        /// The code of the language a browser asks fontconfig's fallback for from the script
        /// of the run a character is in (a symbol inside a Hangul run falls back as Korean
        /// text does), or nil when the script does not decide it: the one mapping from
        /// scripts to languages.
        @inline(__always)
        static func languageCode(script: UInt32) -> UInt8? {
            switch script {
            case 0x4861_6E67: return 1                   // Hang: ko
            case 0x4869_7261, 0x4B61_6E61: return 2      // Hira, Kana: ja
            default: return nil
            }
        }

        /// The fallback language for a run of `script`, else `language`.
        static func fallbackLanguage(script: UInt32, default language: String) -> String {
            languageCode(script: script).map { languageNames[Int($0)] } ?? language
        }

        /// The code of `language` (0 for any language fallback does not distinguish).
        static func languageCode(_ language: String) -> UInt8 {
            UInt8(languageNames.dropFirst().firstIndex(of: language) ?? 0)
        }

        /// `languageCode(fallbackLanguage(script:default:))` without the strings.
        @inline(__always)
        static func fallbackLanguageCode(script: UInt32, default code: UInt8) -> UInt8 {
            languageCode(script: script) ?? code
        }

        /// `languageCode(language)`.
        let defaultLanguageCode: UInt8

        /// The face of fallback font `file` at this size: the one this stack registered, if
        /// it did (no hashing of the path), else the library's.
        private func fallbackFace(_ file: (path: String, index: Int)) -> FontFace? {
            if let known = registry.withLock({ r in
                r.faces[primaries.count...].first { $0.index == file.index && $0.path == file.path }
            }) { return known }
            return try? FontLibrary.shared.face(path: file.path, index: file.index, size: size)
        }

        private func resolve(_ scalars: [UInt32], emoji: Bool, language: String) -> Int {
            for (i, face) in primaries.enumerated() where face.covers(scalars, variationSelectors: true) {
                return i == 0 ? 0 : id(of: face)
            }
            guard let first = scalars.first(where: { !FontFace.isIgnorable($0) }) else { return 0 }
            // Before the system's fallback, a browser tries its default standard font
            // (Times New Roman, which fontconfig substitutes: Liberation Serif on Debian).
            if !emoji, let standard = standardFace, standard.covers(scalars, variationSelectors: true) {
                return id(of: standard)
            }
            // Text asks fontconfig as Chromium does: a pattern holding the character and
            // the language, sorted; the first font that has it (the character in the
            // pattern changes fontconfig's order, so a list sorted without it is not enough).
            if !emoji, let file = FontLibrary.shared.fallback(for: first, language: language),
               let face = fallbackFace(file),
               face.covers(scalars) {
                return id(of: face)
            }
            let languages = emoji ? ["und-zsye", language] : [language]
            for lang in languages {
                guard let list = try? FontLibrary.shared.fallbackList(language: lang) else { continue }
                var from = 0
                while let k = list.first(covering: first, from: from) {
                    if scalars.allSatisfy({ FontFace.isIgnorable($0) || list.covers(k, $0) }) {
                        let file = list.font(k)
                        if let face = fallbackFace(file),
                           face.covers(scalars) {
                            return id(of: face)
                        }
                    }
                    from = k + 1
                }
            }
            return 0
        }

    }
}
