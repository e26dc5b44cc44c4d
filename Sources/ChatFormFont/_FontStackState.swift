import ChatFormText
import Synchronization

/// The registry of faces a stack has used (its families first, then fallbacks as they
/// are found) and its fallback decisions.
final class _FontStackState: Sendable {
    let primaries: [FontFace]
    let locale: String
    let language: String
    /// `language` with its number (what faces keep their answers for it by).
    let shapingLanguage: _ShapingLanguage
    let size: Double
    let lineHeightRule: FontStack.LineHeight
    let tabWidth: Int
    private let registry: Mutex<(faces: [FontFace], boxes: [FontBoxMetrics], ids: [String: Int])>
    private let decisions = Mutex<Decisions>(Decisions())
    static let decisionLimit = 1 << 15
    /// A number no other stack made by this process has (from 1): the per-thread
    /// `_DecisionMemo` keys on it.
    let serial: UInt64 = _FontStackState.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<UInt64>(0)
    /// Bit b (b < 128) set: the primary font draws the printable ASCII byte b, whose
    /// fallback decision is then the primary font without asking anything.
    let asciiDrawn: (UInt64, UInt64)

    init(primaries: [FontFace], locale: String, size: Double, lineHeightRule: FontStack.LineHeight = .normal, tabWidth: Int = 8) {
        self.primaries = primaries
        self.lineHeightRule = lineHeightRule
        self.tabWidth = tabWidth
        self.locale = locale
        self.language = locale.lowercased()
        self.shapingLanguage = _ShapingLanguage(locale.lowercased())
        self.defaultLanguageCode = Self.languageCode(locale.lowercased())
        self.fallbackLanguages = [shapingLanguage] + Self.namedLanguages
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
                let (s, l) = UTF8Scalar.decode(bytes, at: i, end: end)
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
            let (s, l) = UTF8Scalar.decode(bytes, at: i, end: end)
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
            let key = Self.decisionKey(first, emoji: emoji, languageCode: languageCode)
            if let cached = decisions.withLock({ $0.single[key] }) { return cached }
            guard resolving else { return nil }
            return decide(first, emoji: emoji, languageCode: languageCode)
        }
        // Several scalars (an emoji with a modifier, a selector or joiners, a base and
        // its marks): by their values.
        let tag = UInt32(languageCode) << 1 | (emoji ? 1 : 0)
        let hash = ClusterDecisionTable.hash(bytes, start, end, tag: tag)
        if let cached = decisions.withLock({ $0.clusters.value(bytes, start, end, tag: tag, hash: hash) }) { return cached }
        guard resolving else { return nil }
        let chosen = resolve(Self.scalars(bytes, start, end), emoji: emoji, language: fallbackLanguages[Int(languageCode)])
        remember { $0.clusters.insert(bytes, start, end, tag: tag, hash: hash, value: chosen) }
        return chosen
    }

    /// Whether a run in fallback face `face` keeps every Hangul syllable that follows in it
    /// (a cluster of one syllable): no family draws any of them and `face` draws them all,
    /// so `face(forCluster:...)` answers the run's face for each without asking.
    /// (`face` borrowed, not retained: a paragraph asks once for each fallback face its
    /// Hangul words are in.)
    func keepsHangulSyllables(_ face: Unmanaged<FontFace>) -> Bool {
        face._withUnsafeGuaranteedRef { $0.hangulSyllableCoverage().all } && primariesDrawNoSyllables
    }

    /// Whether no family draws any Hangul syllable (asked of the fonts once).
    private var primariesDrawNoSyllables: Bool {
        noSyllables { primaries.allSatisfy { $0.hangulSyllableCoverage().none } ? 2 : 1 } == 2
    }
    /// `primariesDrawNoSyllables`: 1 no, 2 yes.
    private let noSyllables = _AskedOnce()

    /// Whether the primary font draws the ASCII byte `b` (< 0x80): its bit, no range to
    /// check (the bits of controls and DEL are clear).
    @inline(__always)
    func drawsASCII(ascii b: UInt8) -> Bool {
        (b < 64 ? asciiDrawn.0 : asciiDrawn.1) >> UInt64(b & 63) & 1 != 0
    }

    /// Whether the primary font draws every printable ASCII character (0x20-0x7E): then a
    /// byte's range alone answers `drawsASCII(ascii:)` for it, eight bytes at a time.
    var drawsPrintableASCII: Bool {
        asciiDrawn.0 & 0xFFFF_FFFF_0000_0000 == 0xFFFF_FFFF_0000_0000
            && asciiDrawn.1 & 0x7FFF_FFFF_FFFF_FFFF == 0x7FFF_FFFF_FFFF_FFFF
    }

    /// The `_DecisionMemo` key of the fallback decision for the single scalar `scalar`.
    @inline(__always)
    static func memoKey(_ scalar: UInt32, emoji: Bool, languageCode: UInt8) -> UInt64 {
        UInt64(scalar) | (emoji ? 1 << 21 : 0) | UInt64(languageCode) << 22
    }

    /// The `_DecisionMemo` stack word of the fallback decision for a cluster of several
    /// scalars in `length` (at most 8) bytes: the stack's serial, the flags and the length
    /// in its high bits (no stack's serial reaches them, so these never meet a single
    /// scalar's entries).
    @inline(__always)
    static func memoStack(_ serial: UInt64, length: Int, emoji: Bool, languageCode: UInt8) -> UInt64 {
        serial | 1 << 63 | UInt64(length) << 56 | (emoji ? 1 << 55 : 0) | UInt64(languageCode & 3) << 53
    }

    /// The `_DecisionMemo` key of a cluster of at most 8 bytes: its bytes, the first lowest.
    @inline(__always)
    static func memoKey(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var key: UInt64 = 0
        var i = end
        while i > start {
            i -= 1
            key = key << 8 | UInt64(bytes[i])
        }
        return key
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

    /// The code of `language` (0 for any language fallback does not distinguish).
    static func languageCode(_ language: String) -> UInt8 {
        UInt8(languageNames.dropFirst().firstIndex(of: language) ?? 0)
    }

    /// The code of the language fallback asks for in a run of `script` (`languageCode(script:)`),
    /// else `code` (the stack's).
    @inline(__always)
    static func fallbackLanguageCode(script: UInt32, default code: UInt8) -> UInt8 {
        languageCode(script: script) ?? code
    }

    /// `languageCode(language)`.
    let defaultLanguageCode: UInt8

    /// The language fallback asks for, by code (`fallbackLanguageCode(script:default:)`):
    /// `languageNames`, the stack's `language` in place of the empty name; with their numbers,
    /// which `FontLibrary`'s caches key on.
    let fallbackLanguages: [_ShapingLanguage]
    private static let namedLanguages = languageNames.dropFirst().map(_ShapingLanguage.init)
    /// The language of emoji presentation's fallback order.
    private static let emojiLanguage = _ShapingLanguage("und-zsye")

    /// The face of fallback font `file` at this size: the one this stack registered, if
    /// it did (no hashing of the path), else the library's.
    private func fallbackFace(_ file: (path: String, index: Int)) -> FontFace? {
        if let known = registry.withLock({ r in
            r.faces[primaries.count...].first { $0.index == file.index && $0.path == file.path }
        }) { return known }
        return try? FontLibrary.shared.face(path: file.path, index: file.index, size: size)
    }

    private func resolve(_ scalars: [UInt32], emoji: Bool, language: _ShapingLanguage) -> Int {
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
        for lang in emoji ? [Self.emojiLanguage, language] : [language] {
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

    /// The face (registry id) of the cluster `bytes[cs..<ce]` in a run so far in face `run`
    /// (-1: none yet; `runFaceObject`, unretained, when it is a fallback face the caller
    /// keeps alive): a browser shapes a stretch its fonts lack with the fallback font found
    /// for the stretch's first character, so a following cluster that font draws (and no
    /// family does) stays in it;
    /// else the cluster's own decision. Printable ASCII the primary font draws, and single
    /// scalars this thread has answered for before (`memo`), take no lock.
    @inline(__always)
    func face(forCluster bytes: UnsafeBufferPointer<UInt8>, _ cs: Int, _ ce: Int, memo: _DecisionMemo?,
              emoji: Bool, script: UInt32, languageCode: UInt8, run runFace: Int,
              runFaceObject: Unmanaged<FontFace>?) -> Int {
        let b0 = bytes[cs]
        if b0 < 0x80 && ce == cs + 1 && (b0 < 0x20 || b0 == 0x7F || drawsASCII(ascii: b0)) {
            return 0   // the primary font (no sticky check for one ASCII byte)
        }
        let (scalar, length) = UTF8Scalar.decode(bytes, at: cs)
        guard let memo, cs &+ length == ce else {
            return face(ofSeveral: bytes, cs, ce, memo: memo, emoji: emoji, script: script, languageCode: languageCode,
                        run: runFace, runFaceObject: runFaceObject)
        }
        // The cluster's own decision, when made: the same as the run's fallback face, it is
        // that face's without asking the fonts (a decision for a fallback face means no
        // family draws the cluster and that face does).
        let key = Self.memoKey(scalar, emoji: emoji, languageCode: languageCode)
        var known = memo.value(stack: serial, key: key)
        if known == nil, let found = face(forCluster: bytes, cs, ce, emoji: emoji, script: script, resolving: false) {
            memo.set(found, stack: serial, key: key)
            known = found
        }
        if known == runFace { return runFace }
        if let sticky = runFaceObject, b0 >= 0x80 {
            let stickyKey = Self.memoKey(scalar, keptIn: runFace)
            let kept: Bool
            if let answer = memo.value(stack: serial, key: stickyKey) {
                kept = answer != 0
            } else {
                kept = keeps(scalar, in: sticky.takeUnretainedValue())
                memo.set(kept ? 1 : 0, stack: serial, key: stickyKey)
            }
            if kept { return runFace }
        }
        if let known { return known }
        let chosen = decide(scalar, emoji: emoji, languageCode: languageCode)
        memo.set(chosen, stack: serial, key: key)
        return chosen
    }

    /// The decision for the single scalar `scalar` (not printable ASCII the primary font
    /// draws, nor a control), which the stack's table did not have when asked: made and
    /// kept there (`face(forCluster:_:_:emoji:script:)` without asking the table again).
    @inline(never)
    private func decide(_ scalar: UInt32, emoji: Bool, languageCode: UInt8) -> Int {
        let chosen = resolve([scalar], emoji: emoji, language: fallbackLanguages[Int(languageCode)])
        remember { $0.single[Self.decisionKey(scalar, emoji: emoji, languageCode: languageCode)] = chosen }
        return chosen
    }

    /// The key of the stack's decision for the single scalar `scalar` (`Decisions.single`).
    @inline(__always)
    private static func decisionKey(_ scalar: UInt32, emoji: Bool, languageCode: UInt8) -> UInt64 {
        UInt64(scalar) | (emoji ? 1 << 32 : 0) | UInt64(languageCode) << 33
    }

    /// `face(forCluster:_:_:memo:emoji:script:languageCode:run:runFaceObject:)` for a
    /// cluster of several scalars (an emoji with a modifier or a selector, a base and its
    /// marks): of at most 8 bytes, this thread's memo by the bytes; else the stack's tables.
    /// (Out of line: the one-scalar path stays small where it is inlined.)
    @inline(never)
    private func face(ofSeveral bytes: UnsafeBufferPointer<UInt8>, _ cs: Int, _ ce: Int, memo: _DecisionMemo?,
                      emoji: Bool, script: UInt32, languageCode: UInt8, run runFace: Int,
                      runFaceObject: Unmanaged<FontFace>?) -> Int {
        let short = memo != nil && ce - cs <= 8
        let memoStack = short ? Self.memoStack(serial, length: ce - cs, emoji: emoji, languageCode: languageCode) : 0
        let memoKey = short ? Self.memoKey(bytes, cs, ce) : 0
        var known = short ? memo?.value(stack: memoStack, key: memoKey) : nil
        if known == nil {
            known = face(forCluster: bytes, cs, ce, emoji: emoji, script: script, resolving: false)
            if short, let known { memo?.set(known, stack: memoStack, key: memoKey) }
        }
        if known == runFace { return runFace }
        if let sticky = runFaceObject?.takeUnretainedValue(),
           Self.withScalars(bytes, cs, ce, { scalars in
               self.primaries.allSatisfy { !$0.covers(scalars, variationSelectors: true) } && sticky.covers(scalars)
           }) {
            return runFace
        }
        if let known { return known }
        let chosen = face(forCluster: bytes, cs, ce, emoji: emoji, script: script)
        if short { memo?.set(chosen, stack: memoStack, key: memoKey) }
        return chosen
    }
}
