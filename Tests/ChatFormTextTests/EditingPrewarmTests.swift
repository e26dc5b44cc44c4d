@testable import ChatFormText
import Synchronization
import Testing

/// `TextDocument.prewarm()`: the scratch document it edits is laid out like the document
/// asked, its edits succeed and undo each other, the document asked does not change (nor do
/// its rope paragraphs, which a copy would share), and of many concurrent calls exactly one
/// runs the edits.
@Suite("Editing prewarm")
struct EditingPrewarmTests {
    @Test(arguments: TextDocumentTests.setups)
    func scratchEditsLeaveTheDocumentAlone(_ setup: TextDocumentTests.Setup) throws {
        let text = "first paragraph, long enough to be a rope\nsecond 가나다 👍🏽 paragraph\n\nlast"
        for tuning in [_ParagraphTuning.standard, TextDocumentTests.tinyRopes] {
            let document = try TextDocument(text: text, width: setup.width, metrics: setup.metrics, tuning: tuning)
            let lines = document.lines(in: 0..<document.lineCount)
            #expect(try document.editScratchDocument() == "warm up", "\(setup), \(tuning)")
            document.prewarm()
            #expect(document.prewarm() == false, "a later call returns at once")
            #expect(document.text == text, "\(setup)")
            #expect(document.lines(in: 0..<document.lineCount) == lines, "\(setup)")
            // Still editable in place after the warm-up.
            var edited = document
            _ = try edited.replaceSubrange(0..<5, with: "1st")
            #expect(edited.text == "1st" + text.dropFirst(5))
            #expect(document.text == text)
        }
    }

    /// A fresh once-flag, as the process's is before its first call.
    final class Flag: Sendable { let value = Atomic<Bool>(false) }

    @Test func concurrentCallsRunTheEditsOnce() async throws {
        let document = try TextDocument(text: "a field\nof two paragraphs", width: 12)
        let lines = document.lines(in: 0..<document.lineCount)
        for round in 0..<20 {
            let flag = Flag()
            let ran = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<16 { group.addTask { document.prewarm(claiming: flag.value) } }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(ran == 1, "round \(round): \(ran) calls ran the edits")
            #expect(document.prewarm(claiming: flag.value) == false)
        }
        #expect(document.lines(in: 0..<document.lineCount) == lines)
    }
}
