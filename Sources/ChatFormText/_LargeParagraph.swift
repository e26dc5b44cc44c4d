/// Sizes that decide when a paragraph is stored as a rope and how the rope is cut. Tests use
/// tiny ones so leaves split scalars and clusters and every edit crosses chunks.
struct _ParagraphTuning: Sendable, Hashable {
    /// A paragraph of at least this many bytes is a `_LargeParagraph` [16 KiB]; one that
    /// shrinks below half of it goes back to a `TextLayout`.
    var largeParagraph = 16_384
    /// The most bytes in a rope leaf [4 KiB]: an edit moves up to this many bytes inside its
    /// leaf; a leaf that splits rebuilds the prefix sums over n / 4 KiB leaves.
    var maxLeaf = 4_096
    /// The most lines in a line chunk [512]: an edit shifts up to this many lines' offsets
    /// inside its chunk; a chunk that splits rebuilds the sums over lines / 512 chunks.
    var maxChunk = 512
    /// How far past the edit the first rewrap window reaches [4 KiB]; it grows ×4 until the
    /// lines meet the old ones.
    var window = 4_096
    /// How far past the old line after a meeting point the window must reach for the meeting
    /// point to count [1 KiB]: what decides where a line ends (the next segment's clusters,
    /// ICU's look-ahead) lies within it.
    var margin = 1_024
    /// How many lines before the usual restart (two lines before the edit) a rewrap may
    /// restart instead, at a line start where the wrapper begins without ICU [4].
    var fastRestartLines = 4

    static let standard = _ParagraphTuning()
}

/// A large paragraph of cell, fixed or custom metrics (not shaped): its text in a `_Rope`
/// and its lines in a `_LineStore`, so a keystroke costs O(log n) plus the lines it rewraps.
///
/// An edit rewraps from two lines before it (as `TextLayout.relaid` does) over a window of
/// the text copied out of the rope: a few lines of context before the restart (ICU backs up
/// to a safe point) and up to a few KiB after the edit; once two consecutive new line starts
/// are old ones, far enough inside the window, the old lines from there on are reused (their
/// offsets move through the chunk sums). If they do not meet in the window, it grows.
///
/// Its rope and lines sit in one shared object, copied on write: a copy of the paragraph
/// (the document's lookups hand paragraphs around by value) costs one reference count, not
/// one for each of the rope's and the line store's arrays.
struct _LargeParagraph: Sendable {
    private(set) var storage: _LargeParagraphStorage

    var rope: _Rope { _read { yield storage.rope } }
    var lines: _LineStore { _read { yield storage.lines } }
    var width: Double { storage.width }
    var options: TextLayoutOptions { storage.options }
    var lineHeight: Double { storage.lineHeight }
    var measurer: Measurer { storage.measurer }
    var tuning: _ParagraphTuning { storage.tuning }

    /// Wraps `bytes` (one paragraph: at most a mandatory break, at its end).
    ///
    /// - Throws: `.textTooLong` past 2^31 - 1 bytes; `.icu`.
    /// - Complexity: O(n).
    init(_ bytes: UnsafeBufferPointer<UInt8>, width: Double, measurer: Measurer, options: TextLayoutOptions,
         lineHeight: Double, tuning: _ParagraphTuning) throws(TextLayoutError) {
        guard bytes.count <= Int(Int32.max) else { throw .textTooLong(bytes: bytes.count) }
        let wrapped = try _TextWrapping.lines(bytes, width: width, measurer: measurer, keepAll: options.keepsAll).get()
        storage = _LargeParagraphStorage(rope: _Rope(bytes, maxLeaf: tuning.maxLeaf),
                                         lines: _LineStore(wrapped, maxChunk: tuning.maxChunk), width: width,
                                         options: options, lineHeight: lineHeight, measurer: measurer, tuning: tuning)
    }

    /// The storage, made unique first if a copy of the paragraph shares it.
    mutating func uniqueStorage() -> _LargeParagraphStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The paragraph's UTF-8 length.
    var utf8Count: Int { rope.count }

    /// A layout of lines `range` alone: their text, offsets from the first one's start
    /// (`base`). Caret questions about a line need only its own clusters: a line starts and
    /// ends on cluster boundaries.
    ///
    /// - Complexity: O(log n + length of the lines).
    func window(lines range: Range<Int>) -> (layout: TextLayout, base: Int) {
        var local: [LineFragment] = []
        local.reserveCapacity(range.count)
        var base = 0
        lines.forEach(in: range) { line in
            if local.isEmpty { base = line.start }
            local.append(line.shifted(by: -base))
            return true
        }
        let count = local[local.count - 1].end
        // Lines start and end on cluster boundaries: the bytes are whole scalars.
        let text = String(unsafeUninitializedCapacity: count) { buffer in
            rope.copyBytes(base..<base + count, to: buffer)
            return count
        }
        let layout = TextLayout(window: text, lines: local, width: width, options: options, lineHeight: lineHeight,
                                measurer: measurer)
        return (layout, base)
    }

    /// The window of the line holding `offset` (the last line starting at or before it).
    func window(around offset: Int) -> (layout: TextLayout, base: Int) {
        let k = lines.lineIndex(startingAtOrBefore: offset)
        return window(lines: k..<k + 1)
    }

    /// Whether `offset` (`1..<utf8Count`) is a grapheme boundary that needs no ICU: between
    /// two scalars that no rule of UAX #29 keeps together (GB999). False means "ask ICU", not
    /// "no".
    ///
    /// After an ASCII character other than CR, or a scalar of Grapheme_Cluster_Break Other,
    /// SpacingMark, V, T, LV or LVT (not Prepend, Extend, ZWJ, L, Regional_Indicator nor a
    /// control), a scalar that is not Extend, ZWJ, SpacingMark, V nor T starts a new cluster:
    /// GB9/GB9a keep marks on, GB6-GB8 need an L before or a V or T after, GB9b a Prepend
    /// before, GB11 and GB9c (emoji sequences, Indic conjuncts) a ZWJ or an Extend before,
    /// GB12/13 two regional indicators, GB3-GB5 a control or CR.
    ///
    /// - Complexity: O(log n).
    func isPlainBoundary(_ offset: Int) -> Bool {
        let (before, after) = rope.bytePair(at: offset - 1)
        if before < 0x80 && before != 0x0D, let after, after < 0x80 { return true }   // the common case
        let near = Swift.max(0, offset - 4)..<Swift.min(offset + 4, rope.count)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
            rope.copyBytes(near, to: buffer)
            let b = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[0..<near.count])
            return Self.isPlainBoundary(b, at: offset - near.lowerBound)
        }
    }

    /// `isPlainBoundary(_:)` at `i` (`1..<b.count`) of `b`, which holds the whole scalar
    /// before `i` and the one starting at `i`.
    ///
    /// - Complexity: O(1).
    static func isPlainBoundary(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i < b.count, b[i] & 0xC0 != 0x80 else { return false }   // inside a scalar
        let before = b[i - 1]
        if before >= 0x80 {
            let s = UTF8Scalar.startOfScalar(endingAt: i, in: b)
            guard b[s] >= 0xC0 else { return false }
            switch ScalarProperties.of(UTF8Scalar.decode(b, at: s).scalar).graphemeBreak {
            case .other, .spacingMark, .v, .t, .lv, .lvt: break
            default: return false
            }
        } else if before == 0x0D {
            return false
        }
        if b[i] < 0x80 { return true }   // after ASCII other than CR or a plain scalar, ASCII starts a cluster
        switch ScalarProperties.of(UTF8Scalar.decode(b, at: i).scalar).graphemeBreak {
        case .extend, .zwj, .spacingMark, .v, .t: return false
        default: return true
        }
    }

    // MARK: Editing

    /// Replaces `range` of the text with `inserted` and, when `other` is given, also
    /// everything after the range with `other`'s text from byte `other.from` on (two
    /// units joined). `inserted` may hold mandatory breaks: the unit then holds several
    /// paragraphs, and the wrapper restarts its lines at each break as a fresh layout does.
    ///
    /// - Throws: `.textTooLong` past 2^31 - 1 bytes; `.icu`. A throwing call changes nothing.
    /// - Complexity: O(log n + the rewrapped text + maxLeaf + maxChunk); with `other`, plus
    ///   one element per leaf and per chunk of `other`.
    /// - Returns: the first rewrapped line, how many lines were rewrapped, and whether the
    ///   lines after them are reused ones.
    @discardableResult
    mutating func splice(_ range: Range<Int>, with inserted: [UInt8],
                         thenAppend other: (paragraph: _LargeParagraph, from: Int)? = nil) throws(TextLayoutError)
        -> (restartLine: Int, freshCount: Int, reused: Bool) {
        precondition(other == nil || range.upperBound == utf8Count, "a join replaces the rest of the paragraph")
        if other == nil, let undone = undoLastEdit(range, inserted) { return undone }
        // Unique before the rewrap: the rewrap fills the storage's scratch arrays.
        let storage = uniqueStorage()
        let (fresh, restartLine, meet) = try rewrap(range, inserted, suffix: other?.paragraph ?? self,
                                                    from: other?.from ?? range.upperBound, scratch: storage)
        defer { if fresh.capacity <= _LargeParagraphStorage.maxScratchLines { storage.rewrapArrays.lines = fresh } }
        if let other {
            storage.lastEdit = nil
            storage.rope.replaceSubrange(range, with: inserted)
            storage.rope.append(other.paragraph.rope, from: other.from)
            storage.lines.replaceSubrange(restartLine..<storage.lines.count, with: fresh)
            if let meet { storage.lines.append(other.paragraph.lines, from: meet) }
        } else {
            let replaced = restartLine..<(meet ?? storage.lines.count)
            storage.keepLastEdit(range, inserted, lines: replaced, freshCount: fresh.count, reused: meet != nil)
            storage.rope.replaceSubrange(range, with: inserted)
            storage.lines.replaceSubrange(replaced, with: fresh)
        }
        return (restartLine, fresh.count, meet != nil)
    }

    /// The lines of `self[0..<range.lowerBound] + inserted + suffix[from...]` from two lines
    /// before the edit to where they meet `suffix`'s lines (`meet`, an index into them), or
    /// to the end.
    /// The window's bytes and the wrapper's arrays are `scratch`'s, refilled in place and left
    /// there for the next rewrap (the fresh lines go back after they are stored).
    private func rewrap(_ range: Range<Int>, _ inserted: [UInt8], suffix: _LargeParagraph, from b: Int,
                        scratch: _LargeParagraphStorage) throws(TextLayoutError)
        -> (fresh: [LineFragment], restartLine: Int, meet: Int?) {
        let a = range.lowerBound
        let newEditEnd = a + inserted.count
        let n = newEditEnd + suffix.utf8Count - b
        guard n <= Int(Int32.max) else { throw .textTooLong(bytes: n) }
        let delta = newEditEnd - b   // a suffix byte at old offset o is at o + delta
        let lo = lines.lineIndex(startingAtOrBefore: a)
        // Two lines before the edit, or up to `fastRestartLines` earlier where the wrapper
        // starts on its fast path (chosen in the first window, the same bytes in every one).
        let latest = Swift.max(0, lo - 2)
        let earliest = Swift.max(0, latest - tuning.fastRestartLines)
        var restartLine = latest
        var chosen = false
        // Context before the earliest restart for ICU: two more lines, or more up to 512 bytes.
        let earliestStart = lines[earliest].start
        var contextLine = earliest
        while contextLine > 0 && earliest - contextLine < 8
                && (earliest - contextLine < 2 || earliestStart - lines[contextLine].start < 512) {
            contextLine -= 1
        }
        let contextStart = lines[contextLine].start
        var reach = tuning.window
        var bytes = scratch.windowBytes
        var arrays: LineWrapper.Recyclables? = scratch.rewrapArrays
        scratch.windowBytes = []
        scratch.rewrapArrays = LineWrapper.Recyclables()
        defer { scratch.windowBytes = bytes.capacity <= _LargeParagraphStorage.maxScratchBytes ? bytes : [] }
        while true {
            var windowEnd = Swift.min(n, newEditEnd + reach)
            // End the window on a scalar boundary.
            while windowEnd < n && suffix.rope.byte(at: windowEnd - delta) & 0xC0 == 0x80 { windowEnd += 1 }
            bytes.removeAll(keepingCapacity: true)
            bytes.reserveCapacity(windowEnd - contextStart)
            rope.appendBytes(contextStart..<a, to: &bytes)
            bytes.append(contentsOf: inserted)
            suffix.rope.appendBytes(b..<(windowEnd - delta), to: &bytes)
            var test = _MeetingTest(oldLines: suffix.lines, newEditEnd: newEditEnd, count: n, delta: delta, oldEditEnd: b,
                                    windowEnd: windowEnd, margin: tuning.margin)
            let result: Result<LineWrapper.Recyclables, ICUError> = bytes.withUnsafeBufferPointer { buffer in
                do throws(ICUError) {
                    let iterators = try BreakIterators.forCurrentThread().lend()
                    defer { iterators.giveBack() }
                    // ICU takes the window only if the wrapper asks it something: a rewrap
                    // that stays on the fast path (most keystrokes) skips its set-up.
                    iterators.setTextWhenAsked(buffer)
                    var wrapper = LineWrapper(bytes: buffer, iterators: iterators, measurer: measurer, width: width,
                                              keepAll: options.keepsAll, recycling: arrays.take())
                    // No line starting inside the edit is where the new lines meet the old.
                    wrapper.firstStopAsked = newEditEnd - contextStart
                    if !chosen {
                        chosen = true
                        restartLine = fastRestart(latest, earliest, wrapper, contextStart)
                    }
                    let restart = lines[restartLine].start
                    // The wrapper keeps its `stop` closure (an escaping one): the test's state
                    // is reached through a pointer, so that no captured variable is boxed and
                    // checked for exclusive access on every line.
                    withUnsafeMutablePointer(to: &test) { test in
                        wrapper.run(from: restart - contextStart) { lineEnd in test.pointee.meets(lineEnd + contextStart) }
                    }
                    // ICU's failure to take the window, if it was asked: the lines are dropped.
                    try iterators.finishWhenAsked()
                    return .success(wrapper.takeRecyclables())
                } catch {
                    return .failure(error)
                }
            }
            var wrapped: LineWrapper.Recyclables
            switch result {
            case .success(let taken): wrapped = taken
            case .failure(let error): throw .icu(error)
            }
            if test.meet != nil || windowEnd == n {
                scratch.rewrapArrays.segment = wrapped.segment
                var fresh = wrapped.lines
                wrapped.lines = []
                for k in fresh.indices { fresh[k] = fresh[k].shifted(by: contextStart) }
                return (fresh, restartLine, test.meet)
            }
            arrays = wrapped
            reach *= 4
        }
    }

    /// The latest of lines `earliest...latest` whose start `wrapper` (on bytes from
    /// `contextStart`) begins on its fast path, else `latest`: a line start before the edit
    /// restarts the wrap as well as any other, and wrapping a line or two more on the fast
    /// path costs less than ICU's first opportunity from a cold iterator.
    private func fastRestart(_ latest: Int, _ earliest: Int, _ wrapper: LineWrapper, _ contextStart: Int) -> Int {
        var k = latest
        while !wrapper.startsOnFastPath(lines[k].start - contextStart) {
            if k == earliest { return latest }
            k -= 1
        }
        return k
    }

    #if DEBUG
    /// Traps unless the rope and the line store are well formed and the lines cover the text.
    func _checkInvariants() {
        rope._checkInvariants()
        lines._checkInvariants()
        precondition(lines.byteCount == rope.count, "lines cover \(lines.byteCount) of \(rope.count) bytes")
    }
    #endif
}

/// Whether the rewrap has met the old lines: two consecutive new line starts past the edit
/// that are old line starts, the old line after them inside the window with a margin (what
/// decides where that line ends lies within it).
private struct _MeetingTest {
    let oldLines: _LineStore
    /// Where the edit ends in the new text, the new text's length, how far the old text after
    /// the edit moved, where the edit ended in the old text, the window's end (new offsets).
    let newEditEnd: Int, count: Int, delta: Int, oldEditEnd: Int, windowEnd: Int, margin: Int
    private var scanner: _LineStore.Scanner? = nil
    private var previousMatch: Int? = nil
    /// The old line the new lines meet, once they do.
    private(set) var meet: Int? = nil

    init(oldLines: _LineStore, newEditEnd: Int, count: Int, delta: Int, oldEditEnd: Int, windowEnd: Int, margin: Int) {
        self.oldLines = oldLines
        self.newEditEnd = newEditEnd
        self.count = count
        self.delta = delta
        self.oldEditEnd = oldEditEnd
        self.windowEnd = windowEnd
        self.margin = margin
    }

    /// Whether the new line starting at `g` (a new offset) is where the rewrap can stop.
    mutating func meets(_ g: Int) -> Bool {
        guard g >= newEditEnd, g < count, g - delta >= oldEditEnd else {
            previousMatch = nil
            return false
        }
        if scanner == nil { scanner = _LineStore.Scanner(oldLines, from: g - delta) }
        guard let (k, old) = scanner!.line(startingAt: g - delta) else {
            previousMatch = nil
            return false
        }
        defer { previousMatch = k }
        guard let p = previousMatch, p == k - 1,
              windowEnd == count || old.end + delta + margin <= windowEnd else { return false }
        meet = k
        return true
    }
}

/// What a `_LargeParagraph` holds, shared by its copies. Only a paragraph holding the sole
/// reference changes it (`isKnownUniquelyReferenced`, else it copies it first), so no two
/// threads see a change to one: the class is as sendable as the value it stands for. The
/// rope, the lines and the undo's arrays are changed in place through the paragraph, never
/// while another access to them is open, so they skip the run-time exclusivity check a class
/// property costs.
final class _LargeParagraphStorage: @unchecked Sendable {
    @exclusivity(unchecked) var rope: _Rope
    @exclusivity(unchecked) var lines: _LineStore
    /// How to undo the last edit without rewrapping (`_LargeParagraph.undoLastEdit`), if it
    /// was small enough to keep.
    @exclusivity(unchecked) var lastEdit: _LastEdit?
    /// Arrays of edits no longer kept, refilled by the next ones (`keepLastEdit`).
    @exclusivity(unchecked) var spareBytes: [[UInt8]] = []
    @exclusivity(unchecked) var spareLines: [[LineFragment]] = []
    /// The last rewrap's window bytes and wrapper arrays, refilled by the next (`rewrap`).
    @exclusivity(unchecked) var windowBytes: [UInt8] = []
    @exclusivity(unchecked) var rewrapArrays = LineWrapper.Recyclables()
    /// The most bytes and lines the scratch arrays keep [64 KiB, 2,048 lines]: a larger rewrap's
    /// arrays are let go, not held for the paragraph's life.
    static let maxScratchBytes = 65_536
    static let maxScratchLines = 2_048
    let width: Double
    let options: TextLayoutOptions
    let lineHeight: Double
    let measurer: Measurer
    let tuning: _ParagraphTuning

    init(rope: _Rope, lines: _LineStore, width: Double, options: TextLayoutOptions, lineHeight: Double,
         measurer: Measurer, tuning: _ParagraphTuning) {
        self.rope = rope
        self.lines = lines
        self.width = width
        self.options = options
        self.lineHeight = lineHeight
        self.measurer = measurer
        self.tuning = tuning
    }

    /// A copy sharing the arrays until either side changes them.
    func copy() -> _LargeParagraphStorage {
        let copy = _LargeParagraphStorage(rope: rope, lines: lines, width: width, options: options, lineHeight: lineHeight,
                                          measurer: measurer, tuning: tuning)
        copy.lastEdit = lastEdit
        return copy
    }
}

/// Runs `body` on `text`'s UTF-8 bytes, keeping `body`'s typed error.
func withUTF8Bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(TextLayoutError) -> R) throws(TextLayoutError) -> R {
    var text = text
    let result: Result<R, TextLayoutError> = text.withUTF8 { bytes in
        do throws(TextLayoutError) { return .success(try body(bytes)) } catch { return .failure(error) }
    }
    return try result.get()
}

/// Runs `body` on `bytes`, keeping `body`'s typed error.
func withUTF8Bytes<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws(TextLayoutError) -> R) throws(TextLayoutError) -> R {
    let result: Result<R, TextLayoutError> = bytes.withUnsafeBufferPointer { buffer in
        do throws(TextLayoutError) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
}
