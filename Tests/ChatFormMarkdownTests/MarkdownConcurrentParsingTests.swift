import Foundation
import Testing
@testable import ChatFormMarkdown

/// Messages parsed on several threads at once parse as they do alone. cmark-gfm keeps the
/// characters that start an extension's inline syntax (`~` for strikethrough, `:` and `w`
/// for autolinks) in one table for the whole process, which every parse adds its
/// extensions' characters to and removes them from around its inline parsing: two parses
/// at once saw `~~gone~~` as plain text when the other had just removed `~` (a layout
/// wider by its tildes, found as a flaky layout in `MarkdownCacheTests`).
@Suite("Markdown concurrent parsing")
struct MarkdownConcurrentParsingTests {
    static let sources = [
        "~~Fòrmat òbrôzu BMP~~ виконати PREPARE для транзакції",
        "~~.cpsetup için eksik argüman ayracı ','~~ Szuahéli (Kenya)",
        "See https://bugs.llvm.org/show_bug.cgi?id=43193 and www.example.com, or ~~not~~.",
        // A long paragraph: its inline parsing is a long window for another parse to close.
        String(repeating: "Some words, ~~struck~~ and a link to https://example.org/a?b=c beside them. ", count: 40),
    ]

    @Test func threadsParseAsOneThreadDoes() throws {
        let serial = try Self.sources.map { try MarkdownDocument.html(for: $0) }
        // The extensions' syntax is there when parsed alone.
        #expect(serial[0].contains("<del>") && serial[2].contains("<a href=\"https://bugs.llvm.org"))
        let rounds = 2000, threads = 4
        let differing = _Count()
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for r in 0..<rounds {
                let k = (r + t) % Self.sources.count
                if (try? MarkdownDocument.html(for: Self.sources[k])) != serial[k] { differing.add() }
            }
        }
        #expect(differing.value == 0, "\(differing.value) of \(rounds * threads) parses on \(threads) threads differ from parsing alone")
    }
}

private final class _Count: @unchecked Sendable {
    private var n = 0
    private let lock = NSLock()
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
