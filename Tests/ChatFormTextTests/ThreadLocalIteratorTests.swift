import Testing
import Foundation
@testable import ChatFormText
import ChatFormTesting

/// Each thread opens its own ICU iterators on first use and releases them when it exits
/// (README "Threading"). Run under ThreadSanitizer in CI (`.ci/run`): layouts on many
/// threads at once, on threads that come and go, must give the single-threaded answers.
@Suite("Thread-local iterators")
struct ThreadLocalIteratorTests {
    static let texts: [String] = (0..<12).map { k in
        var random = SplitMix64(seed: UInt64(k) &+ 1300)
        return (0..<400).map { _ in RandomText.pieces.randomElement(using: &random)! }.joined(separator: k % 3 == 0 ? "\n" : " ")
    }

    /// Lays every text out on `threads` threads at once, each many times, and returns the
    /// line counts each thread saw (every thread must see the single-threaded ones).
    static func layOutConcurrently(threads: Int, rounds: Int) -> [[Int]] {
        let results = LockedResults(count: threads)
        let group = DispatchGroup()
        for t in 0..<threads {
            // A new thread each time: its iterators are opened, used, and released at exit.
            group.enter()
            let thread = Thread {
                var counts: [Int] = []
                for round in 0..<rounds {
                    let text = texts[(t + round) % texts.count]
                    let width = Double(5 + (t * 7 + round) % 50)
                    counts.append((try? TextLayout(text: text, width: width).lineCount) ?? -1)
                    counts.append(CellWidth.of(text))
                }
                results.set(t, counts)
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return results.values
    }

    @Test("layouts on many threads at once equal the single-threaded ones")
    func concurrentLayouts() throws {
        let threads = 6, rounds = 8
        let seen = Self.layOutConcurrently(threads: threads, rounds: rounds)
        for t in 0..<threads {
            var expected: [Int] = []
            for round in 0..<rounds {
                let text = Self.texts[(t + round) % Self.texts.count]
                expected.append(try TextLayout(text: text, width: Double(5 + (t * 7 + round) % 50)).lineCount)
                expected.append(CellWidth.of(text))
            }
            #expect(seen[t] == expected, "thread \(t)")
        }
    }

    @Test("threads that exit release their iterators; new ones open fresh ones")
    func threadsComeAndGo() throws {
        let mine = ObjectIdentifier(try BreakIterators.forCurrentThread())
        for _ in 0..<2 {
            // Each thread lays text out (opening both kinds of iterators) and leaves weak
            // references to the iterators it used; once it has exited, nothing holds them.
            let seen = WeakIterators()
            let group = DispatchGroup()
            for t in 0..<4 {
                group.enter()
                let thread = Thread {
                    _ = try? TextLayout(text: Self.texts[t], width: 17)
                    if let plain = try? BreakIterators.forCurrentThread(),
                       let browser = try? BreakIterators.browserForCurrentThread() {
                        seen.add(plain, fresh: ObjectIdentifier(plain) != mine)
                        seen.add(browser, fresh: ObjectIdentifier(browser) != mine)
                    }
                    group.leave()
                }
                thread.start()
            }
            group.wait()
            #expect(seen.count == 8)
            #expect(seen.allFresh)
            // Thread-exit destructors run after `leave()`: give them a moment.
            let deadline = Date().addingTimeInterval(5)
            while seen.liveCount > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(seen.liveCount == 0, "iterators of exited threads still alive")
        }
    }

    @Test("parallel layouts run from several threads at once")
    func parallelLayoutsAtOnce() throws {
        let text = Self.texts.joined(separator: "\n")
        let expected = try TextLayout(text: text, width: 31).lines
        let results = LockedResults(count: 3)
        DispatchQueue.concurrentPerform(iterations: 3) { k in
            let lines = (try? TextLayout(text: text, width: 31, threads: 2 + k).lines) ?? []
            results.set(k, lines == expected ? [1] : [0])
        }
        #expect(results.values == [[1], [1], [1]])
    }
}

/// Results written by several threads, read after they are done.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [[Int]]

    init(count: Int) { storage = Array(repeating: [], count: count) }

    func set(_ index: Int, _ value: [Int]) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [[Int]] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Weak references to the iterators threads used, written by those threads.
final class WeakIterators: @unchecked Sendable {
    private struct Entry { weak var iterators: BreakIterators? }
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var fresh = true

    func add(_ iterators: BreakIterators, fresh isFresh: Bool) {
        lock.withLock {
            entries.append(Entry(iterators: iterators))
            fresh = fresh && isFresh
        }
    }

    var count: Int { lock.withLock { entries.count } }
    var allFresh: Bool { lock.withLock { fresh } }
    /// How many of the iterators are still alive.
    var liveCount: Int { lock.withLock { entries.filter { $0.iterators != nil }.count } }
}
