import Testing
@testable import ChatFormText

/// A wrapper is made for every keystroke's rewrap, and its segment buffer (a line's pending
/// pieces) is reserved as it is made: the block asked of malloc must stay within glibc's
/// per-thread cache of small blocks (requests of at most 1,032 bytes), or each keystroke takes
/// it from the heap's shared bins (the chat's first keystroke into a newly focused message
/// took a page fault there about every other time, with a 2 KiB reservation).
@Suite("Wrapper segment")
struct WrapperSegmentTests {
    @Test func aNewWrappersSegmentFitsTheThreadCache() throws {
        let text = "a few words to wrap"
        let measurer = Measurer(TerminalCellMetrics())
        let capacity = try withBreakIterators(text) { bytes, iterators in
            LineWrapper(bytes: bytes, iterators: iterators, measurer: measurer, width: 40, keepAll: false).segment.capacity
        }
        // An array's block: its 32-byte header, then its elements.
        let requested = 32 + capacity * MemoryLayout<LineWrapper.Pending>.stride
        #expect(capacity >= 16, "room for a line's pieces without growing: \(capacity)")
        #expect(requested <= 1_032, "\(requested) bytes asked for \(capacity) pending pieces")
    }
}
