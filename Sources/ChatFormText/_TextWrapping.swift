import Dispatch

/// A `LineWrapper` run over a whole text: on this thread, or cut into chunks after mandatory
/// breaks and wrapped on several (`inParallel`), or recording the break opportunities it
/// accepts (for the differential tests).
///
/// The parallel result is identical to the single-threaded one because nothing crosses a
/// mandatory break:
/// - greedy wrapping restarts at every hard break (the line ends there; its x, content x and
///   pending segment are reset), exactly as at the start of a text;
/// - ICU's forward line-break iteration restarts its rules at every boundary, and a
///   mandatory break is always one (UAX #14 LB4, LB5), so a chunk's opportunities are the
///   whole text's, shifted;
/// - no grapheme cluster spans a mandatory break (UAX #29 GB4, GB5: every one of them is a
///   control), and a chunk's first character meets its rules as at the start of a text;
/// - the empty line a chunk ending in a mandatory break gets at its end is dropped, except
///   for the last chunk, where it belongs to the text.
enum _TextWrapping {
    /// The smallest chunk worth a thread of its own.
    static let parallelChunkMinimum = 1 << 16

    /// The lines of `text` at `width`.
    ///
    /// - Throws: `.textTooLong` past 2^31 - 1 bytes; `.icu`.
    /// - Complexity: O(n) in the text's UTF-8 length.
    static func lines(_ text: String, width: Double, measurer: Measurer, keepAll: Bool) throws(TextLayoutError) -> [LineFragment] {
        var text = text
        let count = text.utf8.count
        guard count <= Int(Int32.max) else { throw .textTooLong(bytes: count) }
        return try text.withUTF8 { bytes in
            lines(bytes, width: width, measurer: measurer, keepAll: keepAll)
        }.get()
    }

    /// Wraps `bytes` with this thread's ICU iterators: the one place a `LineWrapper` runs
    /// over a whole text (whole layouts, parallel chunks, large paragraphs, the ICU-only
    /// reference).
    ///
    /// - Complexity: O(n).
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, width: Double, measurer: Measurer, keepAll: Bool,
                      fastPath: Bool = true) -> Result<[LineFragment], TextLayoutError> {
        do throws(ICUError) {
            let iterators = try BreakIterators.forCurrentThread().lend()
            defer { iterators.giveBack() }
            try iterators.setText(bytes)
            var wrapper = LineWrapper(bytes: bytes, iterators: iterators, measurer: measurer,
                                      width: width, keepAll: keepAll, fastPath: fastPath)
            wrapper.reserveLinesForWholeText()
            wrapper.run()
            return .success(wrapper.lines)
        } catch {
            return .failure(.icu(error))
        }
    }

    /// The break opportunities wrapping accepts, in order, with whether each is mandatory:
    /// the same walk as `lines` (fast path included), recording each opportunity where a
    /// segment ends. Differential tests hold it to `ICUReference.lineBreaks`.
    ///
    /// - Complexity: O(n) in the text's UTF-8 length.
    static func breakOpportunities(_ text: String, keepAll: Bool, width: Double = 40,
                                   metrics: some TextMetrics = TerminalCellMetrics()) throws(TextLayoutError) -> [(offset: Int, hard: Bool)] {
        guard text.utf8.count <= Int(Int32.max) else { throw .textTooLong(bytes: text.utf8.count) }
        let measurer = Measurer(metrics)
        return try withBreakIterators(text) { bytes, iterators in
            var wrapper = LineWrapper(bytes: bytes, iterators: iterators, measurer: measurer, width: width, keepAll: keepAll)
            wrapper.recordedOpportunities = []
            wrapper.run()
            return wrapper.recordedOpportunities!
        }
    }

    /// The lines of `text` at `width`, wrapped on up to `threads` threads (clamped to
    /// `1...TextLayout.maximumThreads`); text with fewer mandatory breaks than threads (or
    /// short text) uses fewer.
    ///
    /// - Complexity: O(n) in the text's UTF-8 length, spread over the threads.
    static func inParallel(_ text: String, width: Double, measurer: Measurer, keepAll: Bool,
                           threads: Int) throws(TextLayoutError) -> [LineFragment] {
        var text = text
        let n = text.utf8.count
        guard n <= Int(Int32.max) else { throw .textTooLong(bytes: n) }
        let threads = Swift.min(Swift.max(threads, 1), TextLayout.maximumThreads)
        // A few chunks per thread balance the load when one chunk is slower (scripts that
        // need ICU) or a core is busy.
        let wanted = max(1, min(threads * 4, n / parallelChunkMinimum))
        if wanted == 1 || threads == 1 { return try lines(text, width: width, measurer: measurer, keepAll: keepAll) }
        let cuts = text.withUTF8 { _MandatoryBreaks.chunkBoundaries($0, count: wanted) }
        if cuts.count == 2 { return try lines(text, width: width, measurer: measurer, keepAll: keepAll) }

        let chunks = cuts.count - 1
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result<[LineFragment], TextLayoutError>>.allocate(capacity: chunks)
        results.initialize(repeating: .success([]))
        defer { results.deinitialize(); results.deallocate() }
        let shared = text
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var local = shared
            results[c] = local.withUTF8 { all in
                lines(UnsafeBufferPointer(rebasing: all[cuts[c]..<cuts[c + 1]]), width: width,
                      measurer: measurer, keepAll: keepAll)
            }
        }
        var total = 0
        for c in 0..<chunks { total += (try results[c].get()).count }
        var joined: [LineFragment] = []
        joined.reserveCapacity(total)
        for c in 0..<chunks {
            var part = try results[c].get()
            if c < chunks - 1, let last = part.last, last.start == last.end { part.removeLast() }
            for line in part { joined.append(line.shifted(by: cuts[c])) }
        }
        return joined
    }
}
