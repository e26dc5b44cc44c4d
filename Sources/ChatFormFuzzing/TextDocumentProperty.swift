import ChatFormText
import ChatFormGeometry

/// The `document` target. Input: a width byte pair, a metrics byte, the initial text's
/// length and bytes (invalid UTF-8 repaired), then edits until the input runs out.
enum TextDocumentProperty {
    /// Pieces an edit inserts: line breaks of every kind, clusters that join what is
    /// around them, wide and zero-width text.
    static let pieces = ["a", " ", "\n", "\r", "\r\n", "\u{2028}", "\u{85}", "\t", "e\u{301}", "\u{301}", "한",
                         "\u{1100}", "\u{1161}", "界", "👍", "\u{1F3FD}", "\u{200D}", "\u{FE0F}", "🇰", "\u{1F1F7}",
                         "word ", "long-unbroken-word", "  ", "\u{3000}", "\u{200B}", "ไทย", "x\ny"]

    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        let width = TextLayoutProperty.width(input.byte(), input.byte())
        let metricsChoice = input.byte()
        let initial = String(decoding: input.take(Int(input.byte())), as: UTF8.self)
        let options = TextLayoutOptions(keepAll: metricsChoice & 1 != 0)
        if metricsChoice & 2 == 0 {
            try run(&input, initial: initial, width: width, metrics: TerminalCellMetrics(tabWidth: Int(metricsChoice >> 4) + 1),
                    options: options)
        } else {
            try run(&input, initial: initial, width: width,
                    metrics: FixedAdvanceMetrics(advance: 0.5 + Double(metricsChoice >> 3) / 8, lineHeight: 1.5), options: options)
        }
    }

    static func run(_ input: inout FuzzBytes, initial: String, width: Double, metrics: some TextMetrics,
                    options: TextLayoutOptions) throws(PropertyFailure) {
        var document: TextDocument
        do {
            document = try TextDocument(text: initial, width: width, metrics: metrics, options: options)
        } catch {
            guard case .invalidWidth = error, width.isNaN || width <= 0 else { throw PropertyFailure("document failed: \(error)") }
            return
        }
        try require(!width.isNaN && width > 0, "width \(width) accepted")
        try compare(document, metrics: metrics, options: options, after: "creation")
        var step = 0
        while !input.isEmpty && step < 64 {
            step += 1
            let op = input.byte()
            let count = document.utf8Count
            let a = input.uint16() % (count + 1)
            let b = Swift.min(count, a + Int(input.byte() % 12))
            let replacement: String
            switch op % 6 {
            case 0, 1: replacement = pieces[Int(input.byte()) % pieces.count]
            case 2: replacement = ""
            case 3: replacement = String(decoding: input.take(Int(input.byte() % 8)), as: UTF8.self)
            case 4:
                let newWidth = TextLayoutProperty.width(input.byte(), input.byte())
                do {
                    try document.setWidth(newWidth)
                    try require(!newWidth.isNaN && newWidth > 0, "width \(newWidth) accepted")
                } catch let error as PropertyFailure {
                    throw error
                } catch {
                    try require(newWidth.isNaN || newWidth <= 0, "width \(newWidth) refused: \(error)")
                }
                try compare(document, metrics: metrics, options: options, after: "setWidth(\(newWidth))")
                continue
            default:
                try checkCaret(document, offset: a, metrics: metrics, options: options)
                continue
            }
            let before = document.text
            let range = op & 0x80 != 0 ? a..<a : a..<b
            let boundaries: Set<Int>
            do { boundaries = Set(try ICUReference.graphemeBoundaries(in: before)) } catch {
                throw PropertyFailure("grapheme boundaries failed: \(error)")
            }
            let edit: TextDocument.EditResult
            do {
                edit = try document.replaceSubrange(range, with: replacement)
            } catch {
                guard case .notOnGraphemeBoundary = error else { throw PropertyFailure("edit \(range) failed: \(error)") }
                try require(!boundaries.contains(range.lowerBound) || !boundaries.contains(range.upperBound),
                            "edit \(range) on boundaries of \(before.debugDescription) refused")
                try require(document.text == before, "a refused edit changed the text")
                continue
            }
            try require(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound),
                        "edit \(range) inside a cluster of \(before.debugDescription) accepted")
            let old = Array(before.utf8)
            let expected = String(decoding: old[0..<range.lowerBound] + Array(replacement.utf8) + old[range.upperBound...], as: UTF8.self)
            try require(document.text == expected, "text after replacing \(range) is \(document.text.debugDescription), want \(expected.debugDescription)")
            try require(edit.caretOffset >= range.lowerBound + replacement.utf8.count && edit.caretOffset <= document.utf8Count,
                        "caret offset \(edit.caretOffset) after \(range) ← \(replacement.debugDescription)")
            try compare(document, metrics: metrics, options: options,
                        after: "replacing \(range) of \(before.debugDescription) with \(replacement.debugDescription)")
            try checkCaret(document, offset: edit.caretOffset, metrics: metrics, options: options)
        }
    }

    /// The document's lines equal a fresh layout of its text.
    static func compare(_ document: TextDocument, metrics: some TextMetrics, options: TextLayoutOptions,
                        after what: String) throws(PropertyFailure) {
        let text = document.text
        try require(document.utf8Count == text.utf8.count, "utf8Count \(document.utf8Count) after \(what)")
        let fresh: TextLayout
        do { fresh = try TextLayout(text: text, width: document.width, metrics: metrics, options: options) } catch {
            throw PropertyFailure("fresh layout failed: \(error)")
        }
        let lines = document.lines(in: 0..<document.lineCount)
        try require(lines == fresh.lines, "after \(what), lines of \(text.debugDescription) at \(document.width):\n\(lines)\nfresh:\n\(fresh.lines)")
        try require(document.height == fresh.height, "height \(document.height) vs \(fresh.height) after \(what)")
    }

    /// Caret answers at `offset` (both affinities, one line up and down) equal the fresh layout's.
    static func checkCaret(_ document: TextDocument, offset: Int, metrics: some TextMetrics,
                           options: TextLayoutOptions) throws(PropertyFailure) {
        let fresh: TextLayout
        do { fresh = try TextLayout(text: document.text, width: document.width, metrics: metrics, options: options) } catch {
            throw PropertyFailure("fresh layout failed: \(error)")
        }
        // The position nearest to points around the caret, and far away.
        for (x, y) in [(Double(offset % 7), Double(offset % 5)), (-1, -1), (1e308, 1e308), (.nan, .infinity), (3.5, -.infinity)] {
            let point = Point(x: x, y: y)
            try require(document.position(at: point) == fresh.position(at: point), "position at \(point): \(document.position(at: point)) vs \(fresh.position(at: point))")
        }
        for affinity in [TextAffinity.downstream, .upstream] {
            let position = TextPosition(offset: offset, affinity: affinity)
            let mine = Result { () throws(TextLayoutError) in try document.caretRect(for: position) }
            let theirs = Result { () throws(TextLayoutError) in try fresh.caretRect(for: position) }
            try require(mine == theirs, "caret rect at \(position): \(mine) vs \(theirs)")
            if case .success = mine {
                for lines in [-1, 1] {
                    let a = Result { () throws(TextLayoutError) in try document.position(movingVerticallyFrom: position, by: lines) }
                        .map { "\($0.position) \($0.goalX)" }
                    let b = Result { () throws(TextLayoutError) in try fresh.position(movingVerticallyFrom: position, by: lines) }
                        .map { "\($0.position) \($0.goalX)" }
                    try require(a == b, "moving \(lines) from \(position): \(a) vs \(b)")
                }
            }
        }
    }
}
