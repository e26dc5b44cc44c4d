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
/// path.
///
/// Nesting: a walk holds its pair from `lend()` to `giveBack()`. User code runs inside
/// walks (a `TextMetrics.advance(of:)`, a `forEachCaretStop` body) and may lay other text out
/// on the same thread; that layout then takes the next pair of the thread's chain (opened on
/// the first such nesting and kept), so the text and position of the walk around it stay
/// where they were.
final class BreakIterators {
    private let handle: OpaquePointer
    /// The rules the pair was opened with; a nested pair opens with the same.
    private let locale: String?
    /// Whether a walk holds the pair (between `lend()` and `giveBack()`).
    private var isLent = false
    /// The pair a walk started inside one holding this pair takes (nil until one did).
    private var nested: BreakIterators?
    /// Text given to `setTextWhenAsked` and not yet handed to ICU.
    private var pendingText: UnsafeBufferPointer<UInt8>?
    /// Text ICU failed to take when it was handed over on first use, and ICU's failure.
    private var refusedText: UnsafeBufferPointer<UInt8>?
    private var refusal: ICUError?

    /// Opens iterators for `locale` (nil: ICU's root rules, UAX #14 as ICU implements it;
    /// `"en@lb=normal"`: CSS `line-break: normal`, the rules a browser uses by default).
    init(locale: String? = nil) throws(ICUError) {
        var status: Int32 = 0
        let opened: OpaquePointer? = if let locale {
            locale.withCString { cfl_linebreaker_open($0, &status) }
        } else {
            cfl_linebreaker_open(nil, &status)
        }
        guard let h = opened else {
            throw ICUError(code: status == 0 ? 7 /* U_MEMORY_ALLOCATION_ERROR */ : status)
        }
        try ICU.checkSuccess(status)
        handle = h
        self.locale = locale
    }

    deinit { cfl_linebreaker_close(handle) }

    /// Points both iterators at `bytes`, which must outlive every call until the next `setText`.
    func setText(_ bytes: UnsafeBufferPointer<UInt8>) throws(ICUError) {
        pendingText = nil
        refusedText = nil
        refusal = nil
        var status: Int32 = 0
        cfl_linebreaker_set_utf8(handle, bytes.baseAddress, Int64(bytes.count), &status)
        try ICU.checkSuccess(status)
    }

    /// Points both iterators at `bytes` when the first question is asked of them, not now: a
    /// walk whose fast paths answer every cluster never pays for ICU's set-up. `bytes` must
    /// outlive every call until `finishWhenAsked()`, which the walk calls at its end.
    func setTextWhenAsked(_ bytes: UnsafeBufferPointer<UInt8>) {
        pendingText = bytes
        refusedText = nil
        refusal = nil
    }

    /// Ends a walk started with `setTextWhenAsked`: the text is forgotten if ICU never took
    /// it.
    ///
    /// - Throws: ICU's error if it failed to take the text when first asked (its answers
    ///   were then each scalar's end, and the walk's result must be dropped).
    func finishWhenAsked() throws(ICUError) {
        pendingText = nil
        refusedText = nil
        if let refusal {
            self.refusal = nil
            throw refusal
        }
    }

    /// Hands ICU the pending text, if any: false when ICU refused it (`refusedText`).
    @inline(__always)
    private func handOver() -> Bool {
        guard let bytes = pendingText else { return refusedText == nil }
        pendingText = nil
        var status: Int32 = 0
        cfl_linebreaker_set_utf8(handle, bytes.baseAddress, Int64(bytes.count), &status)
        guard status > 0 else { return true }
        refusedText = bytes
        refusal = ICUError(code: status)
        return false
    }

    /// The next line break opportunity, or nil at the end of the text.
    ///
    /// Only the offset comes from ICU. Whether the break is mandatory is decided by the
    /// character before it (UAX #14 LB4, LB5: BK, CR, LF, NL): ICU's rule status is not
    /// reliable for that, because boundaries ICU finds with its dictionaries (Thai, Lao,
    /// Khmer, Burmese) report the status of the boundary that ends the dictionary range.
    @inline(__always)
    func nextLineBreak(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, hard: Bool)? {
        guard handOver() else { return nil }
        let next = cfl_linebreaker_next(handle)
        if next < 0 { return nil }
        return (Int(next), Self.endsWithMandatoryBreak(bytes, Int(next)))
    }

    /// Moves the line break iterator back to the text's start, so that `nextLineBreak`
    /// walks from there (cheaper than a `lineBreak(following:)` near the start, which
    /// backs up to a safe point first).
    @inline(__always)
    func rewindLineBreaks() {
        guard handOver() else { return }
        cfl_linebreaker_first(handle)
    }

    /// The first line break opportunity after `offset`, or nil at the end of the text.
    @inline(__always)
    func lineBreak(following offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, hard: Bool)? {
        guard handOver() else { return nil }
        let next = cfl_linebreaker_following(handle, Int32(offset))
        if next < 0 { return nil }
        return (Int(next), Self.endsWithMandatoryBreak(bytes, Int(next)))
    }

    /// Whether the scalar before `end` is a mandatory break: LF, VT, FF, CR, NEL, LS or PS.
    @inline(__always)
    static func endsWithMandatoryBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        guard end > 0 else { return false }
        let last = bytes[end - 1]
        if last < 0x80 { return last >= 0x0A && last <= 0x0D }
        if end >= 2 && bytes[end - 2] == 0xC2 && last == 0x85 { return true }
        return end >= 3 && bytes[end - 3] == 0xE2 && bytes[end - 2] == 0x80 && (last == 0xA8 || last == 0xA9)
    }

    /// The end of the grapheme cluster that starts at `offset` (ICU, UAX #29).
    @inline(__always)
    func graphemeEnd(startingAt offset: Int) -> Int {
        guard handOver() else { return UTF8Scalar.endOfScalar(startingAt: offset, in: refusedText!) }
        return Int(cfl_grapheme_following(handle, Int32(offset)))
    }

    /// The start of the grapheme cluster that ends at `offset`.
    @inline(__always)
    func graphemeStart(endingAt offset: Int) -> Int {
        guard handOver() else { return UTF8Scalar.startOfScalar(endingAt: offset, in: refusedText!) }
        return Int(cfl_grapheme_preceding(handle, Int32(offset)))
    }

    /// Whether `offset` is a grapheme cluster boundary.
    func isGraphemeBoundary(_ offset: Int) -> Bool {
        guard handOver() else {
            let text = refusedText!
            return offset <= 0 || offset >= text.count || text[offset] & 0xC0 != 0x80
        }
        return cfl_grapheme_is_boundary(handle, Int32(offset)) != 0
    }

    // MARK: Lending

    /// This pair, or the first pair down its chain of nested pairs that no walk holds (opened
    /// on first need with the same rules), held until `giveBack()`. Each walk lends the pair
    /// it uses and gives it back when it ends, so a walk started inside another (user code in
    /// a walk laying text out) cannot move the outer walk's text.
    ///
    /// - Throws: ICU's error if a nested pair cannot be opened.
    @inline(__always)
    func lend() throws(ICUError) -> BreakIterators {
        guard _slowPath(isLent) else {
            isLent = true
            return self
        }
        return try lendNested()
    }

    @inline(never)
    private func lendNested() throws(ICUError) -> BreakIterators {
        var pair = self
        while pair.isLent {
            if pair.nested == nil { pair.nested = try BreakIterators(locale: pair.locale) }
            pair = pair.nested.unsafelyUnwrapped
        }
        pair.isLent = true
        return pair
    }

    /// Ends the walk that lent this pair: the next walk on the thread may take it.
    @inline(__always)
    func giveBack() { isLent = false }

    /// How many pairs down this one's chain a walk holds now (tests: none after a walk).
    var lentCount: Int {
        var count = 0
        var pair: BreakIterators? = self
        while let p = pair {
            if p.isLent { count += 1 }
            pair = p.nested
        }
        return count
    }

    // MARK: Per-thread reuse

    private static let key: pthread_key_t = ThreadObjectKey.make()
    private static let browserKey: pthread_key_t = ThreadObjectKey.make()

    /// This thread's iterators, opened on first use and reused afterwards.
    static func forCurrentThread() throws(ICUError) -> BreakIterators {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<BreakIterators>.fromOpaque(existing).takeUnretainedValue()
        }
        let fresh = try BreakIterators()
        pthread_setspecific(key, Unmanaged.passRetained(fresh).toOpaque())
        return fresh
    }

    /// This thread's iterators with the rules of CSS `line-break: normal` (ICU's
    /// `@lb=normal` tailoring, which Chromium uses for every line), opened on first use.
    static func browserForCurrentThread() throws(ICUError) -> BreakIterators {
        if let existing = pthread_getspecific(browserKey) {
            return Unmanaged<BreakIterators>.fromOpaque(existing).takeUnretainedValue()
        }
        let fresh = try BreakIterators(locale: "en@lb=normal")
        pthread_setspecific(browserKey, Unmanaged.passRetained(fresh).toOpaque())
        return fresh
    }
}

/// Runs `body` with this thread's ICU iterators pointed at `text`'s UTF-8 bytes (a pair
/// lent for the call: a layout `body` starts takes another, see `BreakIterators.lend()`).
///
/// With `whenAsked`, ICU takes the text only when `body` first asks the iterators something
/// (`setTextWhenAsked`), so a walk whose fast paths answer everything skips ICU's set-up;
/// if ICU then refuses the text, `body` has run on each scalar's end as a cluster's and its
/// result is dropped for the error thrown.
func withBreakIterators<R>(_ text: String, whenAsked: Bool = false,
                           _ body: (UnsafeBufferPointer<UInt8>, BreakIterators) -> R) throws(TextLayoutError) -> R {
    var copy = text
    let result: Result<R, ICUError> = copy.withUTF8 { bytes in
        do throws(ICUError) {
            let iterators = try BreakIterators.forCurrentThread().lend()
            defer { iterators.giveBack() }
            guard whenAsked else {
                try iterators.setText(bytes)
                return .success(body(bytes, iterators))
            }
            iterators.setTextWhenAsked(bytes)
            let value = body(bytes, iterators)
            try iterators.finishWhenAsked()
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
    switch result {
    case .success(let value): return value
    case .failure(let error): throw .icu(error)
    }
}
