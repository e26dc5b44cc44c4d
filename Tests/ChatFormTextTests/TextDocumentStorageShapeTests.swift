@_spi(Benchmarks) @testable import ChatFormText
import Testing

/// `TextDocument._storageShape`, which the benchmark's trace reads around each keystroke to
/// see a rope leaf or a line chunk split or merge: its counts against the units' own.
@Suite("Storage shape")
struct TextDocumentStorageShapeTests {
    static let tiny = _ParagraphTuning(largeParagraph: 24, maxLeaf: 8, maxChunk: 4, window: 8, margin: 16)

    /// The leaves and chunks counted unit by unit, from the units themselves.
    static func counted(_ document: TextDocument) -> (units: Int, leaves: Int, chunks: Int) {
        var leaves = 0, chunks = 0
        for k in 0..<document.units.paragraphs.count {
            guard let large = document.units.paragraphs[k].large else { continue }
            leaves += large.rope.leaves.count
            chunks += large.lines.chunkCount
            var lines = 0
            large.lines.forEach(in: 0..<large.lines.count) { _ in lines += 1; return true }
            #expect(large.lines.chunkCount >= (lines + 3) / 4, "at most 4 lines a chunk")
        }
        return (document.units.paragraphs.count, leaves, chunks)
    }

    @Test func smallParagraphsHaveNoLeavesNorChunks() throws {
        let document = try TextDocument(text: "short\nlines", width: 40, tuning: Self.tiny)
        let shape = document._storageShape
        #expect(shape.units == 2 && shape.leaves == 0 && shape.chunks == 0)
    }

    @Test func countsFollowSplitsAndMerges() throws {
        let text = Array(repeating: "word", count: 40).joined(separator: " ")   // 199 bytes, one paragraph
        var document = try TextDocument(text: text, width: 12, tuning: Self.tiny)
        var shape = document._storageShape
        #expect(shape == Self.counted(document))
        #expect(shape.units == 1 && shape.leaves >= 199 / 8 && shape.chunks >= 2)
        // A paste in the middle splits leaves and chunks.
        let before = shape
        try document.replaceSubrange(100..<100, with: String(repeating: "paste ", count: 10))
        shape = document._storageShape
        #expect(shape == Self.counted(document))
        #expect(shape.leaves > before.leaves && shape.chunks > before.chunks)
        // Deleting it again merges them back to as few as the text needs.
        try document.replaceSubrange(100..<160, with: "")
        shape = document._storageShape
        #expect(shape == Self.counted(document))
        #expect(shape.leaves < before.leaves + 60 / 8)
    }
}
