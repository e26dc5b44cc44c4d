import Dispatch

/// Bulk layout of long multi-paragraph text on several threads.
///
/// The text is cut into chunks just after mandatory breaks, each chunk is wrapped on its own
/// thread (with that thread's own ICU iterators), and the lines are joined with their
/// offsets shifted. The result is identical to the single-threaded layout because nothing
/// crosses a mandatory break:
/// - greedy wrapping restarts at every hard break (the line ends there; its x, content x and
///   pending segment are reset), exactly as at the start of a text;
/// - ICU's forward line-break iteration restarts its rules at every boundary, and a
///   mandatory break is always one (UAX #14 LB4, LB5), so a chunk's opportunities are the
///   whole text's, shifted;
/// - no grapheme cluster spans a mandatory break (UAX #29 GB4, GB5: every one of them is a
///   control), and a chunk's first character meets its rules as at the start of a text;
/// - the empty line a chunk ending in a mandatory break gets at its end is dropped, except
///   for the last chunk, where it belongs to the text.
///
/// ```swift
/// let layout = try TextLayout(text: bigLog, width: 80, threads: 4)
/// ```
extension TextLayout {
    /// Lays `text` out like `init(text:width:metrics:options:)`, on up to `threads` threads
    /// (clamped to `1...maximumThreads`). Text with fewer mandatory breaks than threads (or
    /// short text) uses fewer.
    ///
    /// - Throws: the same errors as `init(text:width:metrics:options:)`.
    /// - Complexity: O(n) in the text's UTF-8 length, spread over the threads.
    public init(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                options: TextLayoutOptions = TextLayoutOptions(), threads: Int) throws(TextLayoutError) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        if let shaper = metrics as? any TextShaper {
            self = try ShapedText(text: text, shaper: shaper, options: options).layout(width: width)
            return
        }
        self.text = text
        self.lineBottoms = []
        self.width = width
        self.options = options
        self.lineHeight = TextMetricsLimits.lineHeight(metrics.lineHeight)
        self.measurer = Measurer(metrics)
        self.shapedText = nil
        self.lines = try Self.wrapInParallel(text, width: options.wrapWidth(width), measurer: measurer, keepAll: options.keepsAll,
                                             threads: threads)
    }

    /// The most threads one layout starts [1024]; more count as this many.
    public static let maximumThreads = 1024

    /// The smallest chunk worth a thread of its own.
    static let parallelChunkMinimum = 1 << 16

    static func wrapInParallel(_ text: String, width: Double, measurer: Measurer, keepAll: Bool,
                               threads: Int) throws(TextLayoutError) -> [LineFragment] {
        var text = text
        let n = text.utf8.count
        guard n <= Int(Int32.max) else { throw .textTooLong(bytes: n) }
        let threads = Swift.min(Swift.max(threads, 1), maximumThreads)
        // A few chunks per thread balance the load when one chunk is slower (scripts that
        // need ICU) or a core is busy.
        let wanted = max(1, min(threads * 4, n / parallelChunkMinimum))
        if wanted == 1 || threads == 1 { return try wrap(text, width: width, measurer: measurer, keepAll: keepAll) }
        let cuts = text.withUTF8 { chunkBoundaries($0, count: wanted) }
        if cuts.count == 2 { return try wrap(text, width: width, measurer: measurer, keepAll: keepAll) }

        let chunks = cuts.count - 1
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result<[LineFragment], TextLayoutError>>.allocate(capacity: chunks)
        results.initialize(repeating: .success([]))
        defer { results.deinitialize(); results.deallocate() }
        let shared = text
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var local = shared
            results[c] = local.withUTF8 { all in
                wrapLines(UnsafeBufferPointer(rebasing: all[cuts[c]..<cuts[c + 1]]), width: width,
                          measurer: measurer, keepAll: keepAll)
            }
        }
        var total = 0
        for c in 0..<chunks { total += (try results[c].get()).count }
        var lines: [LineFragment] = []
        lines.reserveCapacity(total)
        for c in 0..<chunks {
            var part = try results[c].get()
            if c < chunks - 1, let last = part.last, last.start == last.end { part.removeLast() }
            let shift = cuts[c]
            for line in part {
                lines.append(LineFragment(start: line.start + shift, end: line.end + shift,
                                          width: line.width, terminatorLength: line.terminatorLength))
            }
        }
        return lines
    }

    /// Offsets 0 = c0 < c1 < … < ck = n where every inner cut is just after a mandatory break
    /// (LF, VT, FF, CR or CRLF, NEL, LS, PS), near the even split into `count` pieces.
    static func chunkBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Int] {
        let n = bytes.count
        var cuts = [0]
        for k in 1..<count {
            var p = max(cuts[cuts.count - 1], n / count * k)
            // Lead bytes 0x0A-0x0D, C2, E2 are never UTF-8 continuation bytes: scanning bytes is safe.
            while p < n {
                let b = bytes[p]
                if b == 0x0D {
                    p += p + 1 < n && bytes[p + 1] == 0x0A ? 2 : 1
                    break
                }
                if b >= 0x0A && b <= 0x0C { p += 1; break }
                if b == 0xC2 && p + 1 < n && bytes[p + 1] == 0x85 { p += 2; break }
                if b == 0xE2 && p + 2 < n && bytes[p + 1] == 0x80 && (bytes[p + 2] == 0xA8 || bytes[p + 2] == 0xA9) {
                    p += 3
                    break
                }
                p += 1
            }
            if p < n && p > cuts[cuts.count - 1] { cuts.append(p) }
        }
        cuts.append(n)
        return cuts
    }
}
