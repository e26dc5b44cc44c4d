// Invariant checks for tests, compiled into debug builds only.
#if DEBUG
extension TextDocument {
    /// Traps unless the document is well formed (see `_DocumentUnits._checkInvariants()`).
    /// Tests call it after every mutation.
    /// - Complexity: O(n).
    func _checkInvariants() { units._checkInvariants() }
}

extension _DocumentUnits {
    /// Traps unless the units are well formed: the chunk bookkeeping adds up; the trees
    /// hold one row per unit with that unit's line count, UTF-8 length and mandatory breaks;
    /// every unit but the last ends in a mandatory break, and the last does not; a flat unit
    /// holds no other break, and a large one holds others only as a large unit may (it is
    /// large, or holds several paragraphs); no lone CR ends a unit followed by one starting
    /// with LF; only the last unit may be empty; every unit is laid out at the document's width.
    /// - Complexity: O(n).
    func _checkInvariants() {
        paragraphs._checkInvariants()
        let count = paragraphs.count
        precondition(count >= 1, "a document has at least one paragraph")
        precondition(lineTree.count == count && byteTree.count == count && breakTree.count == count, "one tree row per unit")
        var index = 0
        var previousEndsInCR = false
        paragraphs.forEach(from: 0) { paragraph in
            let isLast = index == count - 1
            precondition(lineTree.value(at: index) == paragraph.lineCount, "line count of paragraph \(index)")
            if let heightTree {
                precondition(heightTree.height(at: index) == paragraph.height, "height of paragraph \(index)")
            }
            precondition(byteTree.value(at: index) == paragraph.utf8Count, "length of paragraph \(index)")
            paragraph._checkInvariants()
            precondition(paragraph.width == width, "paragraph \(index) laid out at another width")
            let text = paragraph.text
            let ranges = _MandatoryBreaks.paragraphs(of: text)
            precondition(breakTree.value(at: index) == paragraph.hardCount && paragraph.hardCount == ranges.count - 1,
                         "mandatory breaks of unit \(index)")
            if paragraph.large != nil {
                precondition(!(metrics is any TextShaper), "unit \(index) of shaped text is large")
                precondition(paragraph.utf8Count * 2 >= tuning.largeParagraph || ranges.count > 2 || (isLast && ranges.count > 1),
                             "unit \(index) is large below half the large size")
            } else {
                precondition(ranges.count <= 2, "flat unit \(index) holds \(ranges.count - 1) mandatory breaks")
            }
            if isLast {
                precondition(ranges.count == 1 || !ranges[ranges.count - 1].isEmpty, "the last unit ends in a mandatory break")
            } else {
                precondition(ranges.count >= 2 && ranges[ranges.count - 1].isEmpty && paragraph.utf8Count > 0,
                             "unit \(index) does not end in a mandatory break")
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
