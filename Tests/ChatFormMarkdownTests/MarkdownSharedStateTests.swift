import Foundation
import Testing
import ChatFormFont
@testable import ChatFormMarkdown

/// A layout does not depend on what the process did before it or beside it: the held-out
/// corpus laid out in both families on one thread, then again on four threads at once, each
/// with typesetters of its own made while the others work, the families interleaved in a
/// different order on each thread and each thread's cache of shaped words emptied now and
/// then, gives the same layouts (block tops, line starts, height and widest line at 240 and
/// 480 px, as `MarkdownCacheTests` compares them).
@Suite("Markdown shared state", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed"))
struct MarkdownSharedStateTests {
    @Test func layoutsDoNotDependOnWhatRanBeforeOrBeside() throws {
        let (header, _, messages) = try MarkdownBrowserParityTests.load("holdout")
        let families = ["DejaVu Sans", "Noto Sans"]
        var list: [(id: String, family: Int)] = []
        for id in messages.keys.sorted() { for f in families.indices { list.append((id, f)) } }
        let jobs = list
        let serialTypesetters = try families.map { try MarkdownTypesetter(theme: MarkdownBrowserParityTests.theme(header, family: $0)) }
        let serial = try jobs.map { try MarkdownCacheTests.lay(serialTypesetters[$0.family], messages[$0.id]!) }

        let results = _Results(count: jobs.count)
        let threads = 4
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            // Typesetters made on this thread while the others lay out.
            guard let own = try? families.map({ try MarkdownTypesetter(theme: MarkdownBrowserParityTests.theme(header, family: $0)) })
            else { return }
            // Thread t takes every fourth job, in its own order (reversed on odd threads).
            var mine = Array(stride(from: t, to: jobs.count, by: threads))
            if t % 2 == 1 { mine.reverse() }
            for (n, k) in mine.enumerated() {
                let job = jobs[k]
                if n % 97 == 0 { FontStack.clearShapedWordCache() }
                // Work beside: on threads 2 and 3, the message in the other family first.
                if t >= 2 { _ = try? MarkdownCacheTests.lay(own[1 - job.family], messages[job.id]!) }
                results.set(k, try? MarkdownCacheTests.lay(own[job.family], messages[job.id]!))
            }
        }
        var differing: [String] = []
        for (k, job) in jobs.enumerated() where results.values[k] != serial[k] { differing.append("\(job.id) \(families[job.family])") }
        #expect(differing.isEmpty, "\(differing.count) messages lay out otherwise on threads: \(differing.prefix(10))")
    }
}

private final class _Results: @unchecked Sendable {
    private(set) var values: [[MarkdownCacheTests.Laid]?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: [MarkdownCacheTests.Laid]?) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
}
