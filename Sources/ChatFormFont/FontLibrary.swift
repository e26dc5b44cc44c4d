internal import CChatFormShaping
import Synchronization

/// The process's font caches: opened faces by (file, index, size), fontconfig's fallback
/// order by language, and family lookups. Bounded and thread-safe.
final class FontLibrary: Sendable {
    static let shared = FontLibrary()

    /// At most this many faces stay open; past it the least recently used is closed when
    /// nothing else holds it.
    static let faceLimit = 64

    private struct FaceKey: Hashable {
        var path: String
        var index: Int
        var size: Double
    }

    private let faces = Mutex<(map: [FaceKey: (face: FontFace, used: UInt64)], clock: UInt64)>(([:], 0))
    private let fallbackLists = Mutex<[String: FallbackList]>([:])
    private let scalarFallbacks = Mutex<[String: (path: String, index: Int)?]>([:])
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

    /// fontconfig's fallback order for `language` (a BCP 47 tag such as "en-US", or
    /// "und-Zsye" for emoji presentation).
    /// The font fontconfig gives a pattern of `scalar` and `language` (cached; bounded).
    func fallback(for scalar: UInt32, language: String) -> (path: String, index: Int)? {
        let key = "\(scalar) \(language)"
        if let cached = scalarFallbacks.withLock({ $0[key] }) { return cached }
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let found = language.withCString { cfl_fallback_for_scalar(scalar, $0, &buffer, Int32(buffer.count), &index) } != 0
        let answer: (path: String, index: Int)? = found ? (String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), Int(index)) : nil
        scalarFallbacks.withLock { cache in
            if cache.count >= Self.scalarFallbackLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = answer
        }
        return answer
    }

    func fallbackList(language: String) throws(FontError) -> FallbackList {
        let key = language.lowercased()
        if let cached = fallbackLists.withLock({ $0[key] }) { return cached }
        guard cfl_fc_init() != 0, let list = FallbackList(language: key) else { throw .fontconfigUnavailable }
        return fallbackLists.withLock { lists in
            if let raced = lists[key] { return raced }
            lists[key] = list
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

    deinit { cfl_fallback_list_destroy(handle) }

    var count: Int { Int(cfl_fallback_list_count(handle)) }

    /// The first font at or after `from` that covers `scalar`.
    func first(covering scalar: UInt32, from: Int = 0) -> Int? {
        let i = cfl_fallback_list_find(handle, scalar, Int32(from))
        return i < 0 ? nil : Int(i)
    }

    func covers(_ i: Int, _ scalar: UInt32) -> Bool { cfl_fallback_list_covers(handle, Int32(i), scalar) != 0 }

    func font(_ i: Int) -> (path: String, index: Int) {
        (String(cString: cfl_fallback_list_path(handle, Int32(i))), Int(cfl_fallback_list_face_index(handle, Int32(i))))
    }
}
