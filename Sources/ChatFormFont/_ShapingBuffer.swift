internal import CChatFormShaping
import ChatFormText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HarfBuzz buffer per thread, reused by every shaping call on that thread (HarfBuzz
/// buffers are not thread-safe; faces are).
final class ShapingBuffer {
    let handle: OpaquePointer

    /// Shaped short runs (words, mostly) of this thread (see `RunCache`). Only this thread
    /// touches it, and never across a call that reaches it again, so its accesses go
    /// unchecked (a dynamic exclusivity check on each word's lookup cost more than the copy
    /// of a hit).
    @exclusivity(unchecked) var runs = RunCache()
    /// This thread's fallback answers for single scalars, read without a lock.
    let memo = _DecisionMemo()
    static let runLimit = 8192

    /// How much narrower a fullwidth mark is set in half width (`halt`), by face and scalar.
    var trims: [TrimKey: Int32] = [:]
    struct TrimKey: Hashable {
        var face: UInt64
        var scalar: UInt32
    }

    func halfWidthTrim(face: FontFace, scalar: UInt32, _ compute: () -> Int32) -> Int32 {
        let key = TrimKey(face: face.serial, scalar: scalar)
        if let t = trims[key] { return t }
        let t = compute()
        if trims.count >= 4096 { trims.removeAll(keepingCapacity: true) }
        trims[key] = t
        return t
    }
    static let halt = HanKerning.tag("halt")
    static let liga = HanKerning.tag("liga")
    static let clig = HanKerning.tag("clig")

    /// Runs at most this long are cached.
    static let cachedRunBytes = 48

    private init?() {
        guard let h = cfl_shaper_create() else { return nil }
        handle = h
    }

    deinit {
        cfl_shaper_destroy(handle)
        memo.deallocate()
    }

    private static let key: pthread_key_t = ThreadObjectKey.make()

    /// Whether shaping executes the shape plans this buffer keeps (the default) rather than
    /// asking `hb_shape` each time (see `cfl_shaper_keep_plans`): the same glyphs, for tests
    /// that compare the two.
    func keepsShapePlans(_ keep: Bool) { cfl_shaper_keep_plans(handle, keep ? 1 : 0) }

    /// The runs this buffer has shaped through a kept plan, with ligatures on (`ligatures`)
    /// or off (for tests that check the kept plans are used).
    func keptPlanCalls(ligatures: Bool) -> Int { Int(cfl_shaper_kept_plan_calls(handle, ligatures ? 1 : 2)) }

    /// This thread's buffer (nil only if HarfBuzz cannot allocate one).
    static func forCurrentThread() -> ShapingBuffer? {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ShapingBuffer>.fromOpaque(existing).takeUnretainedValue()
        }
        guard let fresh = ShapingBuffer() else { return nil }
        pthread_setspecific(key, Unmanaged.passRetained(fresh).toOpaque())
        return fresh
    }

    /// Shapes bytes `range` of `bytes` with `face`, calling `body` with each glyph
    /// (cluster offset, advance in 1/65536 pixel, unsafe to break) in logical order;
    /// without `ligatures`, optional ligatures are off (`liga`, `clig`: what letter spacing
    /// does in a browser). Returns false when HarfBuzz could not allocate.
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, face: FontFace, script: UInt32, rtl: Bool,
               language: String, halves: [Range<Int>] = [], ligatures: Bool = true, _ body: (Int, Int32, Bool) -> Void) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return true }
        var glyphs: UnsafePointer<CFLGlyph>? = nil
        // HarfBuzz reads the text around the piece only in the scripts its Arabic shaper
        // joins (`readsContext`): in any other, the piece is passed alone, which spares
        // HarfBuzz decoding five characters each side (the same glyphs), and its clusters
        // (and the feature ranges) are offsets from `origin`.
        let origin = Self.readsContext(script) ? 0 : range.lowerBound
        var ranges = halves.map { CFLFeatureRange(tag: Self.halt, start: UInt32(Swift.max(0, $0.lowerBound - origin)),
                                                  end: UInt32(Swift.max(0, $0.upperBound - origin)), value: 1) }
        if !ligatures {
            ranges.append(CFLFeatureRange(tag: Self.liga, start: 0, end: .max, value: 0))
            ranges.append(CFLFeatureRange(tag: Self.clig, start: 0, end: .max, value: 0))
        }
        let count = language.withCString { lang in
            ranges.withUnsafeBufferPointer { r in
                cfl_shape(handle, face.handle, base + origin, Int32(origin == 0 ? bytes.count : range.count),
                          Int32(range.lowerBound - origin), Int32(range.count),
                          script, rtl ? 1 : 0, lang, r.baseAddress, Int32(r.count), &glyphs)
            }
        }
        guard count >= 0, let glyphs else { return count == 0 }
        for i in 0..<Int(count) {
            let g = glyphs[i]
            body(Int(g.cluster) &+ origin, g.advance, g.unsafeToBreak != 0)
        }
        return true
    }
}

/// Shaped short runs (words, mostly) of one thread, by face, script, direction, language,
/// text and one character of context each side: per byte of the run, its advance and its
/// unsafe-to-break code (see `ShapedRuns`). Open addressing over a 64-bit hash of the key;
/// keys and values live in three flat arrays, so a lookup allocates nothing and a hit
/// copies from contiguous memory. Emptied when it holds `ShapingBuffer.runLimit` runs.
struct RunCache {
    private struct Entry {
        var id: RunID
        var keyStart: Int32
        var valueStart: Int32
    }
    private var slots = _EntrySlots()
    private var entries: [Entry] = []
    private var keyBytes: [UInt8] = []
    private var advances: [Int32] = []
    private var unsafe: [UInt8] = []
    private var languages: [String] = []

    var count: Int { entries.count }

    /// Empties the cache; with `keepingCapacity`, its memory stays for the next runs.
    mutating func removeAll(keepingCapacity: Bool = false) {
        slots.removeAll(keepingCapacity: keepingCapacity)
        entries.removeAll(keepingCapacity: keepingCapacity)
        keyBytes.removeAll(keepingCapacity: keepingCapacity)
        advances.removeAll(keepingCapacity: keepingCapacity)
        unsafe.removeAll(keepingCapacity: keepingCapacity)
    }

    /// What identifies a run: `key` is the run with its context (a character before, and
    /// one after unless the run ends in a space); `id` the rest, with its hash.
    struct Key {
        var id: RunID
        var key: UnsafeBufferPointer<UInt8>
    }

    /// What identifies a run besides its bytes after the eighth (compared hash first): a
    /// key of at most 8 bytes (most words) is matched by these words alone, its bytes
    /// being `head`, with no compare of the bytes kept.
    struct RunID: Equatable {
        var hash: UInt64
        var face: UInt64
        /// The key's first 8 bytes, the first lowest (all of them, zeros above, when fewer).
        var head: UInt64
        /// The script, language, direction, ligatures, the run's start within the key's
        /// bytes and the key's length (`Shape.form(offset:keyCount:)`).
        var form: UInt64
        var length: Int32          // the run's length (the key may end with context or not)
    }

    /// What the keys of one run's pieces share (face, script, language, direction,
    /// ligatures), and its part of their hash: made once a run, not once a word.
    struct Shape {
        let face: UInt64
        let seed: UInt64
        /// The script (bits 0-31), the language (32-47), the direction (bit 62) and
        /// ligatures off (bit 63).
        let form: UInt64

        init(face: UInt64, script: UInt32, language: UInt16, rtl: Bool, ligatures: Bool = true) {
            self.face = face
            form = UInt64(script) | UInt64(language) << 32 | (rtl ? 1 << 62 : 0) | (ligatures ? 0 : 1 << 63)
            seed = RunCache.mix(face &* 0x9E37_79B9_7F4A_7C15, form)
        }

        /// `form` with a piece's start within its key (bits 48-55) and the key's length in
        /// bytes (at most 63: bits 56-61).
        @inline(__always)
        func form(offset: Int, keyCount: Int) -> UInt64 {
            form | UInt64(truncatingIfNeeded: offset & 0xFF) << 48 | UInt64(truncatingIfNeeded: keyCount & 0x3F) << 56
        }
    }

    /// The small number standing for `language` in keys (languages are few: one a stack).
    mutating func languageID(_ language: String) -> UInt16 {
        if let k = languages.firstIndex(of: language) { return UInt16(k) }
        if languages.count >= Int(UInt16.max) { languages.removeAll(); removeAll() }
        languages.append(language)
        return UInt16(languages.count - 1)
    }

    /// The key of a piece of `length` bytes starting `offset` bytes into `bytes` (the piece
    /// with its context: at most `ShapingBuffer.cachedRunBytes` plus two characters), shaped
    /// as `shape` says. (Transparent, as `ShapingBuffer.key(_:of:_:context:)`.)
    @_transparent
    static func key(_ shape: Shape, offset: Int, length: Int, bytes: UnsafeBufferPointer<UInt8>) -> Key {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        assert(count < 64 && offset < 256, "a cached piece's key is at most 48 bytes and two characters")
        let form = shape.form(offset: offset, keyCount: count)
        let head = count >= 8 ? raw.loadUnaligned(as: UInt64.self) : packed(raw)
        var h = mix(shape.seed ^ form ^ UInt64(truncatingIfNeeded: length) << 20, head)
        if count > 8 {
            // Then 8 bytes at a time, the last 8 overlapping those before when fewer are left
            // (the key's length is in the hash).
            var i = 8
            while i &+ 8 < count {
                h = mix(h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i &+= 8
            }
            h = mix(h, raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
        return Key(id: RunID(hash: mix(h, 0x2545_F491_4F6C_DD1D), face: shape.face, head: head, form: form,
                             length: Int32(truncatingIfNeeded: length)),
                   key: bytes)
    }

    /// The fewer than 8 bytes of `raw` as one word, the first lowest (as a little-endian
    /// load of 8 bytes reads them: a key of 8 or more has its first 8 loaded so), zeros above: two
    /// 4-byte loads (overlapping when fewer than 8 bytes), or three single bytes.
    @inline(__always)
    static func packed(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let count = raw.count
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return low | high << UInt64(truncatingIfNeeded: (count &- 4) &* 8)
        }
        guard count > 0 else { return 0 }
        // 1 to 3 bytes: the first, the middle and the last (the same byte twice when fewer).
        let middle = count >> 1, last = count &- 1
        return UInt64(raw[0]) | UInt64(raw[middle]) << UInt64(truncatingIfNeeded: middle &* 8)
            | UInt64(raw[last]) << UInt64(truncatingIfNeeded: last &* 8)
    }

    @inline(__always)
    fileprivate static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
        let m = (h ^ v) &* 0xBF58_476D_1CE4_E5B9
        return m ^ (m >> 31)
    }

    /// Whether entry `e` is the run of `k`: the same id (and so the same key length and
    /// first 8 bytes), and the same bytes after the eighth.
    @inline(__always)
    private func matches(_ e: Entry, _ k: Key) -> Bool {
        guard e.id == k.id else { return false }
        if k.key.count <= 8 { return true }
        return keyBytes.withUnsafeBufferPointer { stored in
            Self.equal(UnsafeRawPointer(stored.baseAddress! + Int(e.keyStart)), UnsafeRawPointer(k.key.baseAddress!),
                       count: k.key.count)
        }
    }

    /// Whether the `count` bytes at `a` and `b` are equal: up to 16 bytes in at most two
    /// pairs of loads (overlapping when fewer), not through `memcmp` (a word's key is a few
    /// bytes, and the call cost ~30 instructions a lookup). (Out of line, as `copy`: inlined,
    /// their branches made the word loop too large for the inliner to fill.)
    @inline(never)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            guard count <= 16 else { return memcmp(a, b, count) == 0 }
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var i = 0
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i &+= 1
        }
        return true
    }

    /// Copies `count` advances and codes from `advances` and `unsafe` to `advancesOut` and
    /// `unsafeOut` (distinct memory): up to 16 of each in overlapping vector and word moves,
    /// not through `memmove` (two calls a cached word cost ~50 instructions).
    @inline(never)
    static func copy(_ count: Int, advances: UnsafePointer<Int32>, unsafe: UnsafePointer<UInt8>,
                     to advancesOut: UnsafeMutablePointer<Int32>, _ unsafeOut: UnsafeMutablePointer<UInt8>) {
        let a = UnsafeRawPointer(advances), u = UnsafeRawPointer(unsafe)
        let ao = UnsafeMutableRawPointer(advancesOut), uo = UnsafeMutableRawPointer(unsafeOut)
        if count >= 8 && count <= 16 {
            moveOverlapping(SIMD8<Int32>.self, from: a, to: ao, bytes: count &* 4)
            moveOverlapping(UInt64.self, from: u, to: uo, bytes: count)
        } else if count >= 4 && count < 8 {
            moveOverlapping(SIMD4<Int32>.self, from: a, to: ao, bytes: count &* 4)
            moveOverlapping(UInt32.self, from: u, to: uo, bytes: count)
        } else if count < 4 {
            var i = 0
            while i < count {
                advancesOut[i] = advances[i]
                unsafeOut[i] = unsafe[i]
                i &+= 1
            }
        } else {
            advancesOut.update(from: advances, count: count)
            unsafeOut.update(from: unsafe, count: count)
        }
    }

    /// Copies the cached run for `k` into `advances` and `unsafe` from `start` (`k.id.length`
    /// of each); false when not cached. (Mutating only so that a caller holding the cache
    /// in a class property accesses it in place rather than copying it. Inlined: a word's
    /// lookup called out of line cost ~20 instructions more a word.)
    @inline(__always)
    mutating func copy(_ k: Key, into advancesOut: UnsafeMutableBufferPointer<Int32>,
              _ unsafeOut: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Bool {
        guard !slots.isEmpty, let found = slots.find(k.id.hash, { matches(entries[$0], k) }).entry else { return false }
        let e = entries[found]
        let v = Int(e.valueStart), count = Int(e.id.length)
        advances.withUnsafeBufferPointer { a in
            unsafe.withUnsafeBufferPointer { u in
                Self.copy(count, advances: a.baseAddress! + v, unsafe: u.baseAddress! + v,
                          to: advancesOut.baseAddress! + start, unsafeOut.baseAddress! + start)
            }
        }
        return true
    }

    /// Copies `bytes` bytes (from the size of `T` to twice it) from `from` to `to` (distinct
    /// memory) as the first and the last `T`, which overlap when fewer than twice.
    @inline(__always)
    private static func moveOverlapping<T: BitwiseCopyable>(_: T.Type, from: UnsafeRawPointer, to: UnsafeMutableRawPointer,
                                                            bytes: Int) {
        let tail = bytes &- MemoryLayout<T>.size
        let first = from.loadUnaligned(as: T.self), last = from.loadUnaligned(fromByteOffset: tail, as: T.self)
        to.storeBytes(of: first, as: T.self)
        to.storeBytes(of: last, toByteOffset: tail, as: T.self)
    }

    /// Keeps the run for `k`: `k.id.length` advances and codes from `start`.
    mutating func insert(_ k: Key, advances advancesIn: UnsafeMutableBufferPointer<Int32>,
                         _ unsafeIn: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        let count = Int(k.id.length)
        if entries.count >= ShapingBuffer.runLimit { removeAll(keepingCapacity: true) }
        if slots.isEmpty { slots.rebuild(capacity: ShapingBuffer.runLimit * 2, hashes: []) }
        let found = slots.find(k.id.hash) { matches(entries[$0], k) }
        if found.entry != nil { return }
        entries.append(Entry(id: k.id, keyStart: Int32(keyBytes.count), valueStart: Int32(advances.count)))
        slots.put(entries.count - 1, at: found.slot)
        keyBytes.append(contentsOf: k.key)
        advances.append(contentsOf: UnsafeBufferPointer(rebasing: advancesIn[start..<(start + count)]))
        unsafe.append(contentsOf: UnsafeBufferPointer(rebasing: unsafeIn[start..<(start + count)]))
    }
}
