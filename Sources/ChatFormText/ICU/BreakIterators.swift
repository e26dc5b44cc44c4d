internal import CChatFormICU
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one ICU line break iterator and one grapheme cluster iterator over the same UTF-8
/// text, and closes them in `deinit`.
///
/// Threading rule: ICU break iterators are not thread-safe. The engine never shares one
/// between threads: each thread lazily opens its own (`BreakIterators.forCurrentThread()`)
/// and reuses it for every layout on that thread, so nothing is opened per call on a hot
/// path. A layout must finish with the iterators before the same thread starts another
/// (layouts do not nest, so this always holds).
final class BreakIterators {
    private let handle: OpaquePointer

    init() throws(ICUError) {
        var status: Int32 = 0
        guard let h = cfl_linebreaker_open(nil, &status) else {
            throw ICUError(code: status == 0 ? 7 /* U_MEMORY_ALLOCATION_ERROR */ : status)
        }
        try ICU.checkSuccess(status)
        handle = h
    }

    deinit { cfl_linebreaker_close(handle) }

    /// Points both iterators at `bytes`, which must outlive every call until the next `setText`.
    func setText(_ bytes: UnsafeBufferPointer<UInt8>) throws(ICUError) {
        var status: Int32 = 0
        cfl_linebreaker_set_utf8(handle, bytes.baseAddress, Int64(bytes.count), &status)
        try ICU.checkSuccess(status)
    }

    /// The next line break opportunity, or nil at the end of the text.
    @inline(__always)
    func nextLineBreak() -> (offset: Int, hard: Bool)? {
        let next = cfl_linebreaker_next(handle)
        if next < 0 { return nil }
        return (Int(next), cfl_linebreaker_rule_status(handle) >= 100)
    }

    /// The first line break opportunity after `offset`, or nil at the end of the text.
    @inline(__always)
    func lineBreak(following offset: Int) -> (offset: Int, hard: Bool)? {
        let next = cfl_linebreaker_following(handle, Int32(offset))
        if next < 0 { return nil }
        return (Int(next), cfl_linebreaker_rule_status(handle) >= 100)
    }

    /// The end of the grapheme cluster that starts at `offset` (ICU, UAX #29).
    @inline(__always)
    func graphemeEnd(startingAt offset: Int) -> Int {
        Int(cfl_grapheme_following(handle, Int32(offset)))
    }

    /// The start of the grapheme cluster that ends at `offset`.
    @inline(__always)
    func graphemeStart(endingAt offset: Int) -> Int {
        Int(cfl_grapheme_preceding(handle, Int32(offset)))
    }

    /// Whether `offset` is a grapheme cluster boundary.
    func isGraphemeBoundary(_ offset: Int) -> Bool {
        cfl_grapheme_is_boundary(handle, Int32(offset)) != 0
    }

    // MARK: Per-thread reuse

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            // Thread exit: release that thread's iterators.
            #if canImport(Darwin)
            Unmanaged<BreakIterators>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<BreakIterators>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }()

    /// This thread's iterators, opened on first use and reused afterwards.
    static func forCurrentThread() throws(ICUError) -> BreakIterators {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<BreakIterators>.fromOpaque(existing).takeUnretainedValue()
        }
        let fresh = try BreakIterators()
        pthread_setspecific(key, Unmanaged.passRetained(fresh).toOpaque())
        return fresh
    }
}
