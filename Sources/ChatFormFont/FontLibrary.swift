internal import CChatFormShaping
import Synchronization

/// The process's font caches: opened faces by (file, index, size), fontconfig's fallback
/// order by language, and family lookups. Bounded and thread-safe. fontconfig's fallback
/// answers are also kept between processes (`FallbackDiskCache`).
final class FontLibrary: Sendable {
    static let shared = FontLibrary()

    /// The cache of fallback answers on disk this library reads and adds to (nil: none).
    private let diskCache: @Sendable () -> FallbackDiskCache?

    /// A library keeping fontconfig's fallback answers in `FallbackDiskCache.shared`.
    init() { diskCache = { FallbackDiskCache.shared } }

    /// A library keeping fontconfig's fallback answers in `diskCache` (nil: asking
    /// fontconfig every process), for tests.
    init(diskCache: FallbackDiskCache?) { self.diskCache = { diskCache } }

    /// At most this many faces stay open; past it the least recently used is closed when
    /// nothing else holds it.
    static let faceLimit = 64

    private struct FaceKey: Hashable {
        var path: String
        var index: Int
        var size: Double
    }

    private let faces = Mutex<(map: [FaceKey: (face: FontFace, used: UInt64)], clock: UInt64)>(([:], 0))
    /// By the number of the language's tag in lowercase (`_ShapingLanguage.number`).
    private let fallbackLists = Mutex<[UInt32: FallbackList]>([:])
    /// `fallback(for:language:)`'s answers by the scalar (bits 0-31) and the language's
    /// number (`_ShapingLanguage.number`, bits 32-61): a word, not the language's string
    /// (hashing the string cost ~250 instructions a look-up, most of the look-up).
    private let scalarFallbacks = Mutex<[UInt64: (path: String, index: Int)?]>([:])
    static let scalarFallbackLimit = 1 << 14
    private let families = Mutex<[String: (path: String, index: Int)?]>([:])

    /// The face at `path`, `index`, `size`, opened once.
    func face(path: String, index: Int, size: Double) throws(FontError) -> FontFace {
        let key = FaceKey(path: path, index: index, size: size)
        if let hit = faces.withLock({ state -> FontFace? in
            guard let entry = state.map[key] else { return nil }
            state.clock += 1
            state.map[key]!.used = state.clock
            return entry.face
        }) { return hit }
        let face = try FontFace(path: path, index: index, size: size)
        return faces.withLock { state in
            if let raced = state.map[key] { return raced.face }
            if state.map.count >= Self.faceLimit,
               let oldest = state.map.min(by: { $0.value.used < $1.value.used })?.key {
                state.map[oldest] = nil
            }
            state.clock += 1
            state.map[key] = (face, state.clock)
            return face
        }
    }

    /// The file and face index fontconfig has for `family`, or nil when it only has a
    /// substitute. Generic families (`sans-serif`, `serif`, `monospace`, ...) take
    /// fontconfig's choice.
    func lookup(family: String, weight: Int = 400, italic: Bool = false) throws(FontError) -> (path: String, index: Int)? {
        let key = weight == 400 && !italic ? family : "\(family)\u{0}\(weight)\(italic ? "i" : "")"
        if let cached = families.withLock({ $0[key] }) { return cached }
        guard cfl_fc_init() != 0 else { throw .fontconfigUnavailable }
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        var exact: Int32 = 0
        let found = family.withCString {
            cfl_fc_match_family_style($0, Int32(weight), italic ? 1 : 0, &buffer, Int32(buffer.count), &index, &exact)
        }
        let generic = ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy"].contains(family.lowercased())
        let result: (path: String, index: Int)? = found != 0 && (exact != 0 || generic)
            ? (String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), Int(index))
            : nil
        families.withLock { $0[key] = result }
        return result
    }

    /// The face fontconfig gives for `family` whether or not it has that family (its
    /// substitute), as a browser resolves its default standard font ("Times New Roman").
    func substitute(family: String) -> (path: String, index: Int)? {
        if let cached = substitutes.withLock({ $0[family] }) { return cached }
        let result = lookupSubstitute(family: family)
        substitutes.withLock { $0[family] = .some(result) }
        return result
    }

    private let substitutes = Mutex<[String: (path: String, index: Int)?]>([:])

    private func lookupSubstitute(family: String) -> (path: String, index: Int)? {
        guard cfl_fc_init() != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        var exact: Int32 = 0
        let found = family.withCString { cfl_fc_match_family($0, &buffer, Int32(buffer.count), &index, &exact) }
        guard found != 0 else { return nil }
        return (String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), Int(index))
    }

    /// The font fontconfig gives a pattern of `scalar` and `language` (its tag; cached by
    /// the language's number; bounded; kept on disk between processes).
    func fallback(for scalar: UInt32, language: _ShapingLanguage) -> (path: String, index: Int)? {
        let key = UInt64(scalar) | UInt64(language.number) << 32
        if let cached = scalarFallbacks.withLock({ $0[key] }) { return cached }
        let answer = askFallback(for: scalar, language: language.tag)
        scalarFallbacks.withLock { cache in
            if cache.count >= Self.scalarFallbackLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = answer
        }
        return answer
    }

    /// The disk cache's answer when it has one naming a fallback face that has `scalar`, else
    /// fontconfig's sort (kept on disk).
    private func askFallback(for scalar: UInt32, language: String) -> (path: String, index: Int)? {
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let disk = diskCache()
        if let position = disk?.scalarAnswer(scalar, language: language) {
            if position < 0 { return nil }
            if cfl_fc_fallback_font(position, scalar, &buffer, Int32(buffer.count), &index) != 0 {
                return (Self.string(buffer), Int(index))
            }
        }
        var position: Int32 = -1
        let found = language.withCString { cfl_fallback_for_scalar(scalar, $0, &buffer, Int32(buffer.count), &index, &position) }
        if found == 0 || (found == 1 && position >= 0) {
            disk?.record(scalar: scalar, language: language, position: found == 1 ? position : -1)
        }
        return found == 1 ? (Self.string(buffer), Int(index)) : nil
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// fontconfig's fallback order for `language` (a BCP 47 tag in lowercase such as "en-us",
    /// or "und-zsye" for emoji presentation): from the disk cache when it has it, else sorted
    /// (and kept on disk).
    func fallbackList(language: _ShapingLanguage) throws(FontError) -> FallbackList {
        assert(language.tag == language.tag.lowercased(), "a fallback list's language is a lowercase tag")
        if let cached = fallbackLists.withLock({ $0[language.number] }) { return cached }
        let key = language.tag
        guard cfl_fc_init() != 0 else { throw .fontconfigUnavailable }
        let disk = diskCache()
        var made = disk?.list(language: key).flatMap { FallbackList(positions: $0) }
        if made == nil, let sorted = FallbackList(language: key) {
            if let positions = sorted.positions { disk?.record(list: positions, language: key) }
            made = sorted
        }
        guard let list = made else { throw .fontconfigUnavailable }
        return fallbackLists.withLock { lists in
            if let raced = lists[language.number] { return raced }
            lists[language.number] = list
            return list
        }
    }
}

/// fontconfig's scalable fonts sorted for one language, with their coverage. Immutable.
final class FallbackList: Sendable {
    nonisolated(unsafe) private let handle: OpaquePointer

    init?(language: String) {
        guard let h = language.withCString({ cfl_fallback_list_create($0) }) else { return nil }
        handle = h
    }

    /// The fonts numbered `positions` in fontconfig's sets, in that order (a list kept on
    /// disk), or nil when one is not a fallback face.
    init?(positions: [Int32]) {
        let numbers = positions.isEmpty ? [0] : positions
        guard let h = numbers.withUnsafeBufferPointer({ cfl_fallback_list_from_positions($0.baseAddress!, Int32(positions.count)) })
        else { return nil }
        handle = h
    }

    deinit { cfl_fallback_list_destroy(handle) }

    var count: Int { Int(cfl_fallback_list_count(handle)) }

    /// The first font at or after `from` that covers `scalar`.
    func first(covering scalar: UInt32, from: Int = 0) -> Int? {
        let i = cfl_fallback_list_find(handle, scalar, Int32(from))
        return i < 0 ? nil : Int(i)
    }

    func covers(_ i: Int, _ scalar: UInt32) -> Bool { cfl_fallback_list_covers(handle, Int32(i), scalar) != 0 }

    /// The fonts' numbers in fontconfig's sets, or nil when one has none.
    var positions: [Int32]? {
        let numbers = (0..<count).map { cfl_fallback_list_position(handle, Int32($0)) }
        return numbers.allSatisfy { $0 >= 0 } ? numbers : nil
    }

    func font(_ i: Int) -> (path: String, index: Int) {
        (String(cString: cfl_fallback_list_path(handle, Int32(i))), Int(cfl_fallback_list_face_index(handle, Int32(i))))
    }
}
