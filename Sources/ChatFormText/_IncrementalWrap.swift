/// The rewrap behind `TextLayout.relaid(newText:edited:insertedCount:)` (see
/// `TextLayout+Incremental`): wrap again from two lines before an edit, and stop where two
/// consecutive new lines start where old ones started.
enum _IncrementalWrap {
    /// `layout` laid out again for `newText`, its text with the UTF-8 range `edited`
    /// replaced by `insertedCount` bytes, reusing the lines the edit cannot change.
    ///
    /// - Complexity: O(the text from two lines before the edit to where the lines meet
    ///   again) to wrap, plus O(lines) to copy and shift the reused ones.
    static func relaid(_ layout: TextLayout, newText: String, edited: Range<Int>, insertedCount: Int) throws(TextLayoutError)
        -> TextLayout {
        if let shaped = layout.shapedText {
            // Shaped text: shape the paragraph again (runs and fonts may change anywhere in it).
            return try ShapedText(text: newText, shaper: shaped.shaper, options: layout.options).layout(width: layout.width)
        }
        let old = layout.lines
        // The line the edit starts on, and two lines before it.
        var lo = 0, hi = old.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if old[mid].start <= edited.lowerBound { lo = mid } else { hi = mid - 1 }
        }
        let restartLine = Swift.max(0, lo - 2)
        let restart = old[restartLine].start
        let delta = insertedCount - edited.count
        let newEditEnd = edited.lowerBound + insertedCount
        let count = newText.utf8.count
        guard count <= Int(Int32.max) else { throw .textTooLong(bytes: count) }

        /// The index of the old line that starts at `start` (old coordinates), if any.
        func oldLine(startingAt start: Int) -> Int? {
            var lo = 0, hi = old.count - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                if old[mid].start == start { return mid }
                if old[mid].start < start { lo = mid + 1 } else { hi = mid - 1 }
            }
            return nil
        }

        var meet: Int? = nil
        var previousMatch: Int? = nil
        let measurer = layout.measurer
        let width = layout.options.wrapWidth(layout.width)
        let keepAll = layout.options.keepsAll
        // ICU takes the text only if the wrapper asks it something: a rewrap that stays on
        // the fast path (most keystrokes in a message) skips its set-up, as a large
        // paragraph's does.
        let fresh: [LineFragment] = try withBreakIterators(newText, whenAsked: true) { bytes, iterators in
            var wrapper = LineWrapper(bytes: bytes, iterators: iterators, measurer: measurer, width: width, keepAll: keepAll)
            wrapper.run(from: restart) { end in
                // A line ends (the next starts) at `end`. Stop once two consecutive line
                // starts past the edit are old ones: a whole line after the edit came out as
                // before, so the rules' look-back no longer reaches the edit.
                guard end >= newEditEnd, end < count, end - delta >= edited.upperBound,
                      let k = oldLine(startingAt: end - delta) else {
                    previousMatch = nil
                    return false
                }
                defer { previousMatch = k }
                guard let p = previousMatch, p == k - 1 else { return false }
                meet = k
                return true
            }
            return wrapper.lines
        }
        var result = layout
        result.text = newText
        var newLines = Array(old[0..<restartLine])
        newLines.reserveCapacity(restartLine + fresh.count + (meet.map { old.count - $0 } ?? 0))
        newLines.append(contentsOf: fresh)
        if let meet {
            for line in old[meet...] { newLines.append(line.shifted(by: delta)) }
        }
        result.lines = newLines
        return result
    }
}
