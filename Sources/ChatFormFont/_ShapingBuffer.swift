internal import CChatFormShaping
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HarfBuzz buffer per thread, reused by every shaping call on that thread (HarfBuzz
/// buffers are not thread-safe; faces are).
final class ShapingBuffer {
    let handle: OpaquePointer

    /// Shaped short runs (words, mostly) of this thread, by face, script, direction, text
    /// and one character of context each side: per byte of the run, its advance and its
    /// unsafe-to-break code (see `ShapedRuns`).
    struct RunKey: Hashable {
        var face: ObjectIdentifier
        var script: UInt32
        var rtl: Bool
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(face)
            hasher.combine(script)
            hasher.combine(rtl)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
    var runs: [RunKey: (advances: [Int32], unsafe: [UInt8])] = [:]
    static let runLimit = 8192

    /// How much narrower a fullwidth mark is set in half width (`halt`), by face and scalar.
    var trims: [TrimKey: Int32] = [:]
    struct TrimKey: Hashable {
        var face: ObjectIdentifier
        var scalar: UInt32
    }

    func halfWidthTrim(face: FontFace, scalar: UInt32, _ compute: () -> Int32) -> Int32 {
        let key = TrimKey(face: ObjectIdentifier(face), scalar: scalar)
        if let t = trims[key] { return t }
        let t = compute()
        if trims.count >= 4096 { trims.removeAll(keepingCapacity: true) }
        trims[key] = t
        return t
    }
    /// Runs at most this long are cached.
    static let cachedRunBytes = 48

    private init?() {
        guard let h = cfl_shaper_create() else { return nil }
        handle = h
    }

    deinit { cfl_shaper_destroy(handle) }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ShapingBuffer>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ShapingBuffer>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

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
    /// (cluster offset, advance in 1/65536 pixel, unsafe to break) in logical order.
    /// Returns false when HarfBuzz could not allocate.
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, face: FontFace, script: UInt32, rtl: Bool,
               language: String, halves: [Range<Int>] = [], _ body: (Int, Int32, Bool) -> Void) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return true }
        var glyphs: UnsafePointer<CFLGlyph>? = nil
        let halt = HanKerning.tag("halt")
        let ranges = halves.map { CFLFeatureRange(tag: halt, start: UInt32($0.lowerBound), end: UInt32($0.upperBound)) }
        let count = language.withCString { lang in
            ranges.withUnsafeBufferPointer { r in
                cfl_shape(handle, face.handle, base, Int32(bytes.count), Int32(range.lowerBound), Int32(range.count),
                          script, rtl ? 1 : 0, lang, r.baseAddress, Int32(r.count), &glyphs)
            }
        }
        guard count >= 0, let glyphs else { return count == 0 }
        for i in 0..<Int(count) {
            let g = glyphs[i]
            body(Int(g.cluster), g.advance, g.unsafeToBreak != 0)
        }
        return true
    }
}
