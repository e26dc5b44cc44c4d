import Testing
import Foundation
import ChatFormText
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
    func threadsComeAndGo() {
        let first = Self.layOutConcurrently(threads: 4, rounds: 3)
        let second = Self.layOutConcurrently(threads: 4, rounds: 3)
        #expect(first == second)
        #expect(first.allSatisfy { !$0.contains(-1) })
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
