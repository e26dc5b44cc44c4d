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
    /// Thread CPU time (µs) of each kind of keystroke (recorded with or without the trace).
    private(set) var cpuByKind: [[Double]] = Array(repeating: [], count: ChatKeystrokeKind.allCases.count)
    /// Page faults of each kind of keystroke (with the trace).
    private var faultsByKind = Array(repeating: 0, count: ChatKeystrokeKind.allCases.count)

    func state(_ table: TableSession<Int>) -> State { State(table, usage: enabled) }

    mutating func record(_ k: Int, cpu: Double, _ before: State, _ after: State) {
        let kind: ChatKeystrokeKind = k % Bench.keystrokesPerMessage == 0 ? .first : after.height != before.height ? .newLine : .typical
        cpuByKind[kind.rawValue].append(cpu)
        guard enabled else { return }
        count += 1
        faultsByKind[kind.rawValue] += after.faults - before.faults
        if after.faults > before.faults { faulted += 1 }
        if after.preempted > before.preempted { preempted += 1 }
        let first = k % Bench.keystrokesPerMessage == 0 ? ", first in the message" : ""
        let line = "rows measured \(after.measured - before.measured), height \(after.height - before.height), cached \(before.cached) -> \(after.cached)\(first), page faults \(after.faults - before.faults), preempted \(after.preempted - before.preempted)"
        slowest.append((k, cpu, line))
        slowest.sort { $0.cpu > $1.cpu }
        if slowest.count > 12 { slowest.removeLast() }
    }

    /// Each kind's CPU p50 and max, as result keys (`keystroke.chat1M.cpu_first_p50_us`, ...).
    func record(into results: inout Results) {
        for kind in ChatKeystrokeKind.allCases where !cpuByKind[kind.rawValue].isEmpty {
            let stats = Stats(cpuByKind[kind.rawValue]), key = kind.name.replacingOccurrences(of: "-", with: "_")
            results["keystroke.chat1M.cpu_\(key)_p50_us"] = stats.median
            results["keystroke.chat1M.cpu_\(key)_max_us"] = stats.max
        }
    }

    func print(median: Double) {
        guard enabled else { return }
        progress("\(count) keystrokes: \(faulted) with a page fault, \(preempted) preempted")
        for kind in ChatKeystrokeKind.allCases where !cpuByKind[kind.rawValue].isEmpty {
            let stats = Stats(cpuByKind[kind.rawValue])
            progress("\(kind.name) keystrokes: \(stats.sorted.count), CPU p50 \(String(format: "%.1f", stats.median)) µs, max \(String(format: "%.1f", stats.max)) µs, page faults \(faultsByKind[kind.rawValue])")
        }
        for s in slowest {
            progress("keystroke \(s.k): \(String(format: "%.1f", s.cpu)) µs CPU (\(String(format: "%.1f", s.cpu / median))× p50), \(s.line)")
        }
    }
}

/// With `CHATFORM_BENCH_TRACE` set, the chat's `scrollTo` calls split by whether the thread
/// took a page fault or was preempted during the call: their CPU p50 and max, and the
/// slowest calls' rows measured.
struct ScrollTrace {
    let enabled = ProcessInfo.processInfo.environment["CHATFORM_BENCH_TRACE"] != nil
    /// CPU time (µs) of calls without a fault or preemption, with a fault, preempted.
    private var clean: [Double] = [], faulted: [Double] = [], preempted: [Double] = []
    private var faults = 0

    func state(_ table: TableSession<Int>) -> KeystrokeTrace.State { KeystrokeTrace.State(table, usage: enabled) }

    mutating func record(cpu: Double, _ before: KeystrokeTrace.State, _ after: KeystrokeTrace.State) {
        guard enabled else { return }
        faults += after.faults - before.faults
        if after.preempted > before.preempted { preempted.append(cpu) }
        else if after.faults > before.faults { faulted.append(cpu) }
        else { clean.append(cpu) }
    }

    func print() {
        guard enabled else { return }
        func line(_ name: String, _ values: [Double]) -> String {
            guard !values.isEmpty else { return "\(name) 0" }
            let s = Stats(values)
            return "\(name) \(values.count) (CPU p50 \(String(format: "%.1f", s.median)) µs, p99 \(String(format: "%.1f", s.p99)), max \(String(format: "%.1f", s.max)))"
        }
        progress("scrollTo: \(line("clean", clean)), \(line("with a page fault", faulted)), \(line("preempted", preempted)); \(faults) page faults")
    }
}
