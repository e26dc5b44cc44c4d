// Invariant checks for tests, compiled into debug builds only.
#if DEBUG
extension TextDocument {
    /// Traps unless the document is well formed: the chunk bookkeeping adds up; both trees
    /// hold one row per paragraph with that paragraph's line count and UTF-8 length; every
    /// paragraph but the last ends in exactly one mandatory break and holds no other (so no
    /// lone CR is followed by a paragraph starting with LF), and the last holds none; only
    /// the last paragraph may be empty; every paragraph is laid out at the document's width.
    /// Tests call it after every mutation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        paragraphs._checkInvariants()
        let count = paragraphs.count
        precondition(count >= 1, "a document has at least one paragraph")
        precondition(lineTree.count == count && byteTree.count == count, "one tree row per paragraph")
        var index = 0
        var previousEndsInCR = false
        paragraphs.forEach(from: 0) { paragraph in
            let isLast = index == count - 1
            precondition(lineTree.height(at: index) == Double(paragraph.lineCount), "line count of paragraph \(index)")
            if let heightTree {
                precondition(heightTree.height(at: index) == paragraph.height, "height of paragraph \(index)")
            }
            precondition(byteTree.height(at: index) == Double(paragraph.utf8Count), "length of paragraph \(index)")
            paragraph._checkInvariants()
            precondition(paragraph.width == width, "paragraph \(index) laid out at another width")
            if paragraph.large != nil {
                precondition(paragraph.utf8Count * 2 >= tuning.largeParagraph && !(metrics is any TextShaper),
                             "paragraph \(index) is large below half the large size")
            }
            let text = paragraph.text
            let ranges = Self.splitParagraphs(text)
            if isLast {
                precondition(ranges.count == 1, "last paragraph holds a mandatory break")
            } else {
                precondition(ranges.count == 2 && ranges[1].isEmpty && paragraph.utf8Count > 0,
                             "paragraph \(index) does not end in exactly one mandatory break")
            }
            precondition(!(previousEndsInCR && text.utf8.first == 0x0A),
                         "a CR ends paragraph \(index - 1) and an LF starts the next")
            previousEndsInCR = text.utf8.last == 0x0D
            index += 1
            return true
        }
    }
}
#endif
