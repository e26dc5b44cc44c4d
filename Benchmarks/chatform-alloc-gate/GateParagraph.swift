import ChatFormScroll
import ChatFormTesting
import Foundation
import MallocInterposerSwift

/// Allocations at or above glibc's default mmap threshold (128 KiB) made while a hook is set
/// (`Gate.largeAllocations`): each would cost an `mmap` and a `munmap` and fresh page faults,
/// or grow the heap, inside one keystroke.
nonisolated(unsafe) private var largeAllocationCount = 0

extension Gate {
    /// glibc's default `M_MMAP_THRESHOLD`.
    static let mmapThreshold = 131_072

    /// Allocations made by `body`, and how many of them were of `mmapThreshold` bytes or more.
    static func largeAllocations(_ body: () throws -> Void) rethrows -> (all: Int, large: Int) {
        largeAllocationCount = 0
        MallocInterposerSwift.setAllocationHook { size in
            if size >= Gate.mmapThreshold { largeAllocationCount += 1 }
        }
        defer { MallocInterposerSwift.setAllocationHook(nil) }
        let all = try allocations(body)
        return (all, largeAllocationCount)
    }

    /// Traps unless the hook sees an allocation of `mmapThreshold` bytes and none of 100: a
    /// gate of zero must be able to fail.
    static func checkLargeAllocationHook() {
        let large = largeAllocations { Interposer.blackHole(malloc(mmapThreshold)) }
        let small = largeAllocations { Interposer.blackHole(malloc(100)) }
        precondition(large == (1, 1) && small == (1, 0), "the allocation hook counted \(large) and \(small)")
    }

    /// The paragraph benchmark's round in the middle of one 10 MB paragraph (no hard break):
    /// two characters typed, one deleted, a newline and the backspace that joins the lines
    /// back, 1 KB pasted; 5 warm-up rounds, then 100. Returns each keystroke's allocations,
    /// and each keystroke's allocations of 128 KiB or more.
    static func paragraphKeystrokes() throws -> (all: [Int], large: [Int]) {
        checkLargeAllocationHook()
        var rng = SplitMix64(seed: 9)
        var words: [String] = []
        var bytes = 0
        while bytes < 10_000_000 {
            let word = GateChat.words.randomElement(using: &rng)!
            words.append(word)
            bytes += word.utf8.count + 1
        }
        let text = words.joined(separator: " ")
        let paste = words[0..<200].joined(separator: " ")
        var table = try TableSession(rows: [.text("p", text, editable: true)], viewport: Viewport(size: Size(width: 40, height: 30)))
        var at = text.utf8.count / 2
        while (try? table.field.focus(FieldRef(row: "p"), caret: at)) == nil { at += 1 }
        var all: [Int] = [], large: [Int] = []
        for round in 0..<105 {
            let keys: [(inout TableSession<String>) throws -> Void] = [
                { try $0.field.type("y") }, { try $0.field.type("z") }, { try $0.field.deleteBackward() },
                { try $0.field.newline() }, { try $0.field.deleteBackward() }, { try $0.field.type(paste) },
            ]
            for key in keys {
                let n = try largeAllocations { try key(&table) }
                if round >= 5 {
                    all.append(n.all)
                    large.append(n.large)
                }
            }
        }
        return (all, large)
    }
}
