import Foundation
import Testing
import ChatFormFont
@testable import ChatFormMarkdown

/// A layout does not depend on what the process did before it or beside it: the held-out
/// corpus laid out in both families on one thread, then again on four threads at once, each
/// with typesetters of its own made while the others work, the families interleaved in a
/// different order on each thread and each thread's cache of shaped words emptied now and
/// then, gives the same layouts (every block top, line start, height and widest line).
@Suite("Markdown shared state", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed"))
struct MarkdownSharedStateTests {
    struct Laid: Equatable {
        var tops: [Double]
        var starts: [[Int]]
        var height: Double
        var widest: Double
    }

    static func lay(_ typesetter: MarkdownTypesetter, _ markdown: String, width: Double) -> Laid? {
        guard let layout = try? typesetter.layout(markdown, width: width) else { return nil }
        return Laid(tops: layout.blocks.map(\.top), starts: layout.texts.map { $0.lines.map(\.start) },
                    height: layout.height, widest: layout.usedWidth)
    }

    @Test func layoutsDoNotDependOnWhatRanBeforeOrBeside() throws {
        let (header, _, messages) = try MarkdownBrowserParityTests.load("holdout")
        let ids = messages.keys.sorted()
        let families = ["DejaVu Sans", "Noto Sans"]
        let widths = [240.0, 480]
        // Jobs: (message, family, width), serial first.
        var list: [(id: String, family: Int, width: Double)] = []
        for id in ids { for f in families.indices { for w in widths { list.append((id, f, w)) } } }
        let jobs = list
        let serialTypesetters = try families.map { try MarkdownTypesetter(theme: MarkdownBrowserParityTests.theme(header, family: $0)) }
        let serial = jobs.map { Self.lay(serialTypesetters[$0.family], messages[$0.id]!, width: $0.width) }
        #expect(serial.allSatisfy { $0 != nil })

        let results = _Results(count: jobs.count)
        let threads = 4
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            // Typesetters made on this thread while the others lay out.
            guard let own = try? families.map({ try MarkdownTypesetter(theme: MarkdownBrowserParityTests.theme(header, family: $0)) })
            else { return }
            // Thread t takes every fourth job, in its own order (reversed on odd threads,
            // families swapped on threads 2 and 3).
            var mine = Array(stride(from: t, to: jobs.count, by: threads))
            if t % 2 == 1 { mine.reverse() }
            var n = 0
            for k in mine {
                let job = jobs[k]
                let other = t >= 2 ? 1 - job.family : job.family
                if n % 97 == 0 { FontStack.clearShapedWordCache() }
                n += 1
                // Work beside: the message in the other family first on threads 2 and 3.
                _ = Self.lay(own[other], messages[job.id]!, width: job.width)
                results.set(k, Self.lay(own[job.family], messages[job.id]!, width: job.width))
            }
        }
        var differing: [String] = []
        for (k, job) in jobs.enumerated() where results.values[k] != serial[k] {
            differing.append("\(job.id) \(families[job.family]) \(job.width)px")
        }
        #expect(differing.isEmpty, "\(differing.count) layouts differ on threads: \(differing.prefix(10))")
    }
}

private final class _Results: @unchecked Sendable {
    private(set) var values: [MarkdownSharedStateTests.Laid?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: MarkdownSharedStateTests.Laid?) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
}
