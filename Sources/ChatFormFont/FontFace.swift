internal import CChatFormShaping
import ChatFormText
import Synchronization

/// One face of a font file at one pixel size, ready to shape with HarfBuzz. A class
/// because it owns the C handles (released in `deinit`); immutable once opened, so it is
/// shared freely between threads.
///
/// Advances are what Chromium on Linux measures with subpixel positioning: FreeType's
/// unhinted advance at the size, in 1/65536 pixel, plus HarfBuzz's kerning and other
/// positioning. A bitmap-only face (colour emoji) advances by its strike's whole-pixel
/// advance scaled to the size.
public final class FontFace: Sendable {
    nonisolated(unsafe) let handle: OpaquePointer
    /// The file it was read from.
    public let path: String
    /// The face's index in the file (a collection holds several).
    public let index: Int
    /// Pixels per em.
    public let size: Double
    /// The family name the font reports.
    public let family: String
    /// Ascent, descent and line gap rounded as a browser rounds them.
    public let box: FontBoxMetrics
    /// Whether the face has outlines (false: a bitmap strike scaled to the size).
    public let isScalable: Bool
    /// Whether the face has colour glyphs (emoji presentation).
    public let hasColorGlyphs: Bool
    /// Fullwidth punctuation spacing data (nil when the font has no `halt`, or has `chws`).
    let hanKerning: HanKerning?
    /// A number no other face opened by this process has (caches key on it: an address
    /// may be reused once a face is gone).
    let serial: UInt64 = FontFace.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<UInt64>(0)
    /// By script and language (`_ShapingLanguage.number`, in the low 32 bits): whether no
    /// OpenType lookup HarfBuzz applies to the face's left-to-right text touches the space
    /// glyph (lists it, or skips base glyphs while matching and so may reach across it; a
    /// space classed other than base or unclassified answers no), so text may be shaped (and
    /// cached) word by word.
    private let isolation = Mutex<[UInt64: Bool]>([:])
    /// The last answers of `spaceIsIsolated`, read without a lock, one slot for each of the
    /// scripts whose tag's low bits pick it (a paragraph's runs alternate between a few
    /// scripts): the script in the high 32 bits, the language's number shifted by 2, then 2
    /// (known) plus the answer; 0 before the first.
    private let lastIsolation = InlineArray<4, Atomic<UInt64>> { _ in Atomic(0) }

    /// Whether text of `script` in `language`, left to right, shapes word by word (each
    /// word with the spaces after it) exactly as the whole run: see `lookupsSkipTheSpace`.
    func spaceIsIsolated(script: UInt32, language: _ShapingLanguage) -> Bool {
        let slot = Int(script & 3)
        let tag = UInt64(script) << 32 | UInt64(language.number) << 2
        let last = lastIsolation[slot].load(ordering: .relaxed)
        if last & 2 != 0 && last & ~3 == tag { return last & 1 != 0 }
        let answer: Bool
        let key = UInt64(script) << 32 | UInt64(language.number)
        if let known = isolation.withLock({ $0[key] }) {
            answer = known
        } else {
            answer = lookupsSkipTheSpace(script: script, language: language.tag)
            isolation.withLock { $0[key] = answer }
        }
        lastIsolation[slot].store(tag | 2 | (answer ? 1 : 0), ordering: .relaxed)
        return answer
    }

    /// HarfBuzz's answer for `spaceIsIsolated(script:language:)`: no lookup of its shape
    /// plan for left-to-right `script` text in `language` (every default feature of the
    /// script, the language system's `locl`, the script shaper's own, and `chws`, which
    /// shaping always turns on) lists the space glyph
    /// or skips base glyphs while matching, the space glyph is a base or unclassified glyph (no
    /// mark, ligature or component, which lookups ignoring those skip), and no legacy `kern` or AAT
    /// table applies. A face with fullwidth punctuation spacing (`hanKerning`) is no
    /// exception: `halt` is no default feature, and a run holding the punctuation it acts
    /// on is shaped whole with it (`HanKerning.mayApply`).
    func lookupsSkipTheSpace(script: UInt32, language: String) -> Bool {
        language.withCString { cfl_face_space_is_isolated(handle, script, $0) != 0 }
    }
    /// Whether the face draws the Hangul syllables U+AC00–U+D7A3: 1 none, 2 all, 3 some.
    private let hangulSyllables = _AskedOnce()

    /// Whether the face has a glyph for every Hangul syllable (U+AC00–U+D7A3; `all`), for
    /// none, or for some only: asked of the font once (11,172 glyph lookups at most).
    func hangulSyllableCoverage() -> (all: Bool, none: Bool) {
        let known = hangulSyllables {
            let coverage = coverage(0xAC00...0xD7A3)
            return coverage.all ? 2 : coverage.none ? 1 : 3
        }
        return (known == 2, known == 1)
    }

    /// Whether the face has a glyph for every scalar of `scalars` (`all`), for none, or for
    /// some only: asked of the font's cmap in one batch, not through the answers
    /// `glyph(for:)` remembers.
    func coverage(_ scalars: ClosedRange<UInt32>) -> (all: Bool, none: Bool) {
        let answer = cfl_face_coverage(handle, scalars.lowerBound, scalars.upperBound)
        return (answer == 1, answer == 0)
    }

    /// By language (`_ShapingLanguage.number`): whether left-to-right Hangul syllables
    /// shape as their nominal glyphs (see `plainHangulAdvances(language:)`).
    let hangulPlain = Mutex<[UInt32: Bool]>([:])
    /// The last answer of `plainHangulAdvances(language:)`, read without a lock: the
    /// language's number shifted by 2, then 2 (known) plus the answer; 0 before the first.
    let lastHangulPlain = Atomic<UInt64>(0)
    /// The address of the syllables' advances (11,172, U+AC00 first), read from the font at
    /// the first plain answer and kept until `deinit`; 0 before.
    let hangulTable = Atomic<UInt>(0)

    private let asciiGlyphs: [UInt32]
    /// The advance of the space (U+0020) in 1/65536 pixel; 0 when the face has no glyph for it.
    let spaceAdvance: Int32

    /// Opens face `index` of the font file at `path` at `size` pixels per em.
    ///
    /// - Throws: `FontError.invalidSize`, `.cannotOpen`.
    public init(path: String, index: Int = 0, size: Double) throws(FontError) {
        guard size.isFinite, FontStack.sizeRange.contains(size) else { throw .invalidSize(size) }
        guard index >= 0 && index < Int(Int32.max) else { throw .cannotOpen(path: path, freeTypeError: 6) }
        var error: Int32 = 0
        guard let handle = path.withCString({ cfl_face_open($0, Int32(index), size, &error) }) else {
            throw .cannotOpen(path: path, freeTypeError: error)
        }
        self.handle = handle
        self.path = path
        self.index = index
        self.size = size
        self.family = String(cString: cfl_face_family(handle))
        var m = CFLFaceMetrics()
        cfl_face_metrics(handle, &m)
        self.isScalable = m.scalable != 0
        self.box = Self.browserBox(ascent: m.ascent, descent: m.descent, leading: m.leading)
        self.asciiGlyphs = (0..<128).map { cfl_face_glyph(handle, UInt32($0)) }
        self.spaceAdvance = asciiGlyphs[0x20] == 0 ? 0 : cfl_face_advance(handle, asciiGlyphs[0x20])
        self.hasColorGlyphs = cfl_face_has_color(handle) != 0
        self.hanKerning = HanKerning(face: handle)

    }

    deinit {
        cfl_face_close(handle)
        UnsafeMutablePointer<Int32>(bitPattern: hangulTable.load(ordering: .acquiring))?.deallocate()
    }

    /// A browser's rounding of the font's metrics: ascent, descent and line gap each
    /// rounded to whole pixels (half up). Chromium's Linux adjustment that moves a pixel from
    /// ascent to descent applies only with subpixel glyph positioning in its font render
    /// style, which headless Chromium does not set: its line heights (recorded in the
    /// fixtures) are the plain roundings.
    static func browserBox(ascent: Float, descent: Float, leading: Float) -> FontBoxMetrics {
        let a = (ascent + 0.5).rounded(.down)
        let d = (descent + 0.5).rounded(.down)
        let gap = (leading + 0.5).rounded(.down)
        return FontBoxMetrics(ascent: Double(a), descent: Double(d), lineGap: Double(max(0, gap)))
    }

    /// The nominal glyph for `scalar`, or nil when the face has none.
    ///
    /// - Complexity: O(1).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let g = scalar.value < 128 ? asciiGlyphs[Int(scalar.value)] : cfl_face_glyph(handle, scalar.value)
        return g == 0 ? nil : g
    }

    /// The advance of `glyph` in pixels.
    public func advance(ofGlyph glyph: UInt32) -> Double {
        Double(cfl_face_advance(handle, glyph)) / 65536
    }

    /// Whether the face draws every scalar of `scalars` that needs a glyph (default-ignorable
    /// scalars, variation selectors and joiners never do). With `variationSelectors`, an
    /// emoji followed by VS16 (emoji presentation) needs the face's glyph for that sequence
    /// or a colour face, and one followed by VS15 (text) a face without colour, as a browser
    /// asks of the fonts a page names.
    func covers<C: RandomAccessCollection>(_ scalars: C, variationSelectors: Bool = false) -> Bool
        where C.Element == UInt32, C.Index == Int {
        for k in scalars.indices {
            let s = scalars[k]
            if FontFace.isIgnorable(s) { continue }
            let g = s < 128 ? asciiGlyphs[Int(s)] : cfl_face_glyph(handle, s)
            if g == 0 { return false }
            if variationSelectors, k + 1 < scalars.endIndex, scalars[k + 1] == 0xFE0F || scalars[k + 1] == 0xFE0E {
                let selector = scalars[k + 1]
                if cfl_face_variation_glyph(handle, s, selector) != 0 { continue }
                if selector == 0xFE0F && !hasColorGlyphs { return false }
                if selector == 0xFE0E && hasColorGlyphs { return false }
            }
        }
        return true
    }

    /// Scalars a shaper draws with no glyph of their own: joiners, variation selectors,
    /// tags, bidi controls and other default-ignorable code points, and controls.
    static func isIgnorable(_ s: UInt32) -> Bool {
        if s < 0x20 || s == 0x7F { return true }
        if s < 0xAD { return false }
        return s == 0xAD || s == 0x034F || s == 0x061C || (s >= 0x115F && s <= 0x1160) || (s >= 0x17B4 && s <= 0x17B5)
            || (s >= 0x180B && s <= 0x180F) || (s >= 0x200B && s <= 0x200F) || (s >= 0x202A && s <= 0x202E)
            || (s >= 0x2060 && s <= 0x206F) || s == 0x3164 || (s >= 0xFE00 && s <= 0xFE0F) || s == 0xFEFF
            || s == 0xFFA0 || (s >= 0x1BCA0 && s <= 0x1BCA3) || (s >= 0x1D173 && s <= 0x1D17A)
            || (s >= 0xE0000 && s <= 0xE0FFF)
    }
}

/// A language text is shaped in (a stack's), with a number no other language shaped by this
/// process has: what a face's answers that depend on the language are kept by.
struct _ShapingLanguage: Sendable {
    /// The BCP 47 tag HarfBuzz is given.
    let tag: String
    /// From 1, one a distinct tag.
    let number: UInt32

    private static let numbers = Mutex<[String: UInt32]>([:])

    init(_ tag: String) {
        self.tag = tag
        self.number = Self.numbers.withLock { numbers in
            if let known = numbers[tag] { return known }
            let next = UInt32(truncatingIfNeeded: numbers.count + 1) & 0x3FFF_FFFF
            numbers[tag] = next
            return next
        }
    }
}
