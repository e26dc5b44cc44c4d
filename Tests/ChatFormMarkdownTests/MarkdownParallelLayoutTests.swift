import Foundation
import Testing
@testable import ChatFormMarkdown

/// One typesetter used from several threads at once (as `chatform measure` uses it) gives
/// the layouts a single thread gives. CI runs this suite under ThreadSanitizer too (its name
/// matches the sanitizer run's filter).
@Suite("Markdown parallel layout", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed"))
struct MarkdownParallelLayoutTests {
    @Test func threadsGiveTheSerialLayouts() throws {
        let corpus = try String(contentsOf: MarkdownBrowserParityTests.fixtures.appendingPathComponent("markdown-holdout.jsonl"),
                                encoding: .utf8)
        struct Line: Decodable { var markdown: String }
        let sources = try corpus.split(separator: "\n").prefix(120).map {
            try JSONDecoder().decode(Line.self, from: Data($0.utf8)).markdown
        }
        let typesetter = try MarkdownTypesetter(theme: .default)
        let serial = try sources.map { try typesetter.layout($0, width: 300) }
        let slots = _Slots(count: sources.count)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for i in stride(from: t, to: sources.count, by: 4) {
                slots.set(i, try? typesetter.layout(sources[i], width: 300))
            }
        }
        #expect(slots.values == serial.map { Optional($0) })
    }
}

private final class _Slots: @unchecked Sendable {
    private(set) var values: [MarkdownLayout?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: MarkdownLayout?) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
}
