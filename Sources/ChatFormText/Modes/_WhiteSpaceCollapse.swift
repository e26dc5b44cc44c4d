/// CSS white-space processing (CSS Text 3 §4.1.1) for the collapsing modes (`normal`,
/// `nowrap`, `pre-line`), done in place: the text keeps every byte, so line ranges, carets
/// and offsets stay in the caller's text. What the browser removes is kept as a space of no
/// width (a caret there sits where the kept space ends), and what it turns into a space (a
/// tab, a newline in `normal` and `nowrap`) is broken and shaped as a space.
///
/// - Spaces and tabs next to a newline are removed.
/// - In `normal` and `nowrap`, a newline becomes a space; in `pre-line` it stays a break.
/// - A tab becomes a space; a space after a space (or after a newline turned space) is
///   removed, so a run keeps its first.
/// - The run of white space opening the paragraph (the start of its first line) is removed.
///
/// Carriage returns, U+3000 and the other spaces are not collapsible (as in CSS) and stay.
struct WhiteSpaceCollapse {
    /// The text to break and shape: the caller's, with each tab and each newline that
    /// becomes a space (and each removed byte) replaced by U+0020; as many bytes.
    let text: String
    /// UTF-8 offsets of the removed bytes (each one byte: a space, a tab or a newline),
    /// ascending. Their advances are made zero after shaping.
    let removed: [Int32]

    /// Processes `text` for `mode`; nil when the mode keeps white space (`pre-wrap`, `pre`)
    /// or nothing changes.
    init?(_ text: String, mode: TextModes.WhiteSpace) {
        guard mode.collapsesSpaces else { return nil }
        var bytes = Array(text.utf8)
        let n = bytes.count
        var removed: [Int32] = []
        var changed = false
        let keepsNewlines = mode.keepsNewlines
        var i = 0
        while i < n {
            let b = bytes[i]
            guard b == 0x20 || b == 0x09 || b == 0x0A else { i += 1; continue }
            // A run of spaces, tabs and newlines: [i, j).
            var j = i
            var newlines = 0
            while j < n && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A) {
                if bytes[j] == 0x0A { newlines += 1 }
                j += 1
            }
            var keptSpace = i == 0   // the paragraph's opening run: nothing kept
            for k in i..<j {
                let c = bytes[k]
                if c == 0x0A && keepsNewlines { continue }
                if c == 0x0A || (newlines == 0 && !keptSpace) {
                    if newlines > 0 && c != 0x0A { removed.append(Int32(k)) }   // next to a newline
                    else if keptSpace { removed.append(Int32(k)) }
                    else { keptSpace = true }
                } else {
                    removed.append(Int32(k))
                }
                if c != 0x20 { bytes[k] = 0x20; changed = true }
            }
            i = j
        }
        guard changed || !removed.isEmpty else { return nil }
        self.text = String(decoding: bytes, as: UTF8.self)
        self.removed = removed
    }

    /// Gives the removed bytes no advance.
    func apply(to shaped: inout ShapedRuns) {
        for k in removed where Int(k) < shaped.advances.count { shaped.advances[Int(k)] = 0 }
    }
}

extension ShapedText {
    /// Whether the paragraph's last line, bytes `start..<end` (not ended by a mandatory
    /// break), holds nothing but white space its collapsing `white-space` mode removes
    /// (`normal`, `nowrap`: spaces, tabs, newlines; `pre-line`: spaces and tabs): Chromium
    /// makes no line box of it (a paragraph of white space alone is 0 px tall; in
    /// `pre-line`, spaces after the last newline add no line). The engine keeps the line,
    /// for the caret, with no height.
    ///
    /// - Complexity: O(end - start).
    func endsInBlankLine(_ start: Int, _ end: Int) -> Bool {
        let mode = options.modes.whiteSpace
        guard mode.collapsesSpaces, end > start else { return false }
        let keepsNewlines = mode.keepsNewlines
        let utf8 = text.utf8
        guard end <= utf8.count else { return false }
        var i = utf8.index(utf8.startIndex, offsetBy: start)
        for _ in start..<end {
            let b = utf8[i]
            guard b == 0x20 || b == 0x09 || (b == 0x0A && !keepsNewlines) else { return false }
            i = utf8.index(after: i)
        }
        return true
    }
}
