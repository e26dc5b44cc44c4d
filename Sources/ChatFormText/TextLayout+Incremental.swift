/// Incremental rewrapping after an edit (SPEC §3: only what changed is measured again).
///
/// Greedy first-fit wrapping is memoryless at a line start: the lines from a line start on
/// depend only on the text from there (ICU's line iterator restarts its rules at any
/// boundary it is asked to follow). So after an edit the wrapper restarts two lines before
/// the edit (an edit can pull a word back onto the line above, and UAX #14 looks back across
/// spaces), and stops once two consecutive lines past the edit start where old lines started
/// (shifted by the edit's change in length): from there on the old lines are the new ones.
extension TextLayout {
    /// The layout of `newText`, which must be this layout's text with the UTF-8 range
    /// `edited` replaced by `insertedCount` bytes, reusing the lines the edit cannot change.
    ///
    /// The result equals `TextLayout(text: newText, …)` with the same width, metrics and
    /// options (the tests hold it to that after every random edit).
    ///
    /// - Complexity: O(the text from two lines before the edit to where the lines meet
    ///   again) to wrap, plus O(lines) to copy and shift the reused ones.
    func relaid(newText: String, edited: Range<Int>, insertedCount: Int) throws(TextLayoutError) -> TextLayout {
        if let shaped = shapedText {
            // Shaped text: shape the paragraph again (runs and fonts may change anywhere in it).
            return try ShapedText(text: newText, shaper: shaped.shaper, options: options).layout(width: width)
        }
        let old = lines
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
        let measurer = self.measurer
        let width = self.width
        let keepAll = options.keepAll
        let fresh: [LineFragment] = try withBreakIterators(newText) { bytes, iterators in
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
        var result = self
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
