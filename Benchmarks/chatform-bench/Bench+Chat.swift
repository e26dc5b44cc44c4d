#if canImport(Glibc)
import Glibc
#endif
import ChatFormTesting
import ChatFormScroll
import Foundation

extension Bench {
    /// The million-message chat's row count.
    static let chatCount = 1_000_000

    /// Keystrokes typed into one message of the chat before the next one is focused.
    static let keystrokesPerMessage = 60

    /// The benchmark chat: a million generated messages in a 40 × 30 viewport, opened at its end.
    func chatTable() throws -> TableSession<Int> {
        try TableSession(source: GeneratedChat(count: Self.chatCount), viewport: Viewport(size: Size(width: 40, height: 30)),
                         configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 3))
    }

    /// Like a user: a random message scrolled to, focused, the caret at its end.
    static func focusChatMessage(in table: inout TableSession<Int>, rng: inout SplitMix64) throws {
        let target = Int.random(in: 0..<chatCount, using: &rng)
        try table.scrollTo(target, anchor: .center)
        try table.field.focus(FieldRef(row: target))
        try table.field.move(.documentEnd)
    }

    /// The text of keystroke `k` in the chat.
    static func chatKey(_ k: Int) -> String {
        let alphabet = Array("typing into a message of a million ")
        return String(alphabet[k % alphabet.count])
    }

    /// Keystroke `k` of the chat benchmark, focusing another message every
    /// `keystrokesPerMessage` keystrokes.
    static func chatKeystroke(_ k: Int, in table: inout TableSession<Int>, rng: inout SplitMix64) throws {
        if k % keystrokesPerMessage == 0 { try focusChatMessage(in: &table, rng: &rng) }
        try table.field.type(chatKey(k))
    }
}

/// With `CHATFORM_BENCH_TRACE` set, the chat's slowest keystrokes in thread CPU time, each
/// with what it did (rows measured, the content's height change, the measurements kept,
/// whether it was the first in a newly focused message) and what the system did meanwhile
/// (the thread's page faults, and its involuntary context switches: a keystroke preempted
/// counts its cache refills as CPU time): where a tail comes from, real work or the machine.
struct KeystrokeTrace {
    /// What a keystroke changed is read from the table (and the thread's usage) before and
    /// after it.
    struct State {
        var measured: Int, height: Double, cached: Int
        var faults = 0, preempted = 0
        init(_ table: TableSession<Int>, usage: Bool) {
            measured = table.rows.measurementsMade
            height = table.rows.contentHeight
            cached = table.rows.cachedMeasurementCount
            #if os(Linux)
            guard usage else { return }
            var u = rusage()
            if getrusage(.init(1), &u) == 0 {  // RUSAGE_THREAD (a GNU extension the module does not export)
                faults = u.ru_minflt + u.ru_majflt
                preempted = u.ru_nivcsw
            }
            #endif
        }
    }

    let enabled = ProcessInfo.processInfo.environment["CHATFORM_BENCH_TRACE"] != nil
    private var slowest: [(k: Int, cpu: Double, line: String)] = []
    /// Keystrokes (all of them) with a page fault, and preempted ones.
    private var faulted = 0, preempted = 0, count = 0

    func state(_ table: TableSession<Int>) -> State { State(table, usage: enabled) }

    mutating func record(_ k: Int, cpu: Double, _ before: State, _ after: State) {
        guard enabled else { return }
        count += 1
        if after.faults > before.faults { faulted += 1 }
        if after.preempted > before.preempted { preempted += 1 }
        let first = k % Bench.keystrokesPerMessage == 0 ? ", first in the message" : ""
        let line = "rows measured \(after.measured - before.measured), height \(after.height - before.height), cached \(before.cached) -> \(after.cached)\(first), page faults \(after.faults - before.faults), preempted \(after.preempted - before.preempted)"
        slowest.append((k, cpu, line))
        slowest.sort { $0.cpu > $1.cpu }
        if slowest.count > 12 { slowest.removeLast() }
    }

    func print(median: Double) {
        guard enabled else { return }
        progress("\(count) keystrokes: \(faulted) with a page fault, \(preempted) preempted")
        for s in slowest {
            progress("keystroke \(s.k): \(String(format: "%.1f", s.cpu)) µs CPU (\(String(format: "%.1f", s.cpu / median))× p50), \(s.line)")
        }
    }
}
