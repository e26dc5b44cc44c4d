@testable import ChatFormText
import Testing

/// `TextDocument.warmUpEditing()`: the scratch document it edits is laid out like the
/// document asked, its edits succeed and undo each other, and the document asked does
/// not change (nor do its rope paragraphs, which a copy would share).
@Suite("Editing warm-up")
struct EditingWarmUpTests {
    @Test(arguments: TextDocumentTests.setups)
    func scratchEditsLeaveTheDocumentAlone(_ setup: TextDocumentTests.Setup) throws {
        let text = "first paragraph, long enough to be a rope\nsecond 가나다 👍🏽 paragraph\n\nlast"
        for tuning in [_ParagraphTuning.standard, TextDocumentTests.tinyRopes] {
            let document = try TextDocument(text: text, width: setup.width, metrics: setup.metrics, tuning: tuning)
            let lines = document.lines(in: 0..<document.lineCount)
            #expect(try document.editScratchDocument() == "warm up", "\(setup), \(tuning)")
            document.warmUpEditing()
            document.warmUpEditing()
            #expect(document.text == text, "\(setup)")
            #expect(document.lines(in: 0..<document.lineCount) == lines, "\(setup)")
            // Still editable in place after the warm-up.
            var edited = document
            _ = try edited.replaceSubrange(0..<5, with: "1st")
            #expect(edited.text == "1st" + text.dropFirst(5))
            #expect(document.text == text)
        }
    }
}
