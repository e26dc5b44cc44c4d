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
        /// The core the thread ran on, and that core's interrupts and softirqs so far.
        var core = -1, interrupts = 0, softirqs = 0
        init(_ table: TableSession<Int>, usage: Bool) {
            measured = table.rows.measurementsMade
            height = table.rows.contentHeight
            cached = table.rows.cachedMeasurementCount
            #if os(Linux)
            guard usage else { return }
            core = CoreInterrupts.currentCore()
            if Self.readsInterrupts { (interrupts, softirqs) = CoreInterrupts.counts(core: core) }
            var u = rusage()
            if getrusage(.init(1), &u) == 0 {  // RUSAGE_THREAD (a GNU extension the module does not export)
                faults = u.ru_minflt + u.ru_majflt
                preempted = u.ru_nivcsw + u.ru_nvcsw
            }
            #endif
        }

        /// With `CHATFORM_BENCH_TRACE=irq`, the core's interrupts are read around every
        /// sample (the reading itself leaves the caches cooler for the sample after it).
        static let readsInterrupts = ProcessInfo.processInfo.environment["CHATFORM_BENCH_TRACE"] == "irq"

        /// What the machine did during the sample that ran between `self` and `after`: the
        /// thread switched out or moved to another core, interrupted (hard or soft), a
        /// page fault, or nothing of these.
        func disturbance(until after: State) -> Disturbance {
            if after.preempted > preempted || after.core != core { return .switched }
            if after.interrupts > interrupts || after.softirqs > softirqs { return .interrupted }
            if after.faults > faults { return .faulted }
            return .none
        }

        /// What the counters say about the sample between `self` and `after`.
        func disturbanceLine(until after: State) -> String {
            let moved = after.core != core ? " (core \(core) -> \(after.core))" : ""
            return "page faults \(after.faults - faults), switches \(after.preempted - preempted)\(moved), "
                + "interrupts \(after.interrupts - interrupts), softirqs \(after.softirqs - softirqs)"
        }
    }

    /// What the machine did to a sample besides running it (see `State.disturbance`).
    enum Disturbance: Int, CaseIterable {
        case none, faulted, interrupted, switched
        var name: String { ["clean", "with a page fault", "interrupted", "switched out or moved"][rawValue] }
    }

    let enabled = ProcessInfo.processInfo.environment["CHATFORM_BENCH_TRACE"] != nil
    private var slowest: [(k: Int, cpu: Double, line: String)] = []
    /// CPU time (µs) of the keystrokes by what the machine did meanwhile (with the trace).
    private var byDisturbance = DisturbanceTally()
    /// Thread CPU time (µs) of each kind of keystroke (recorded with or without the trace).
    private(set) var cpuByKind: [[Double]] = Array(repeating: [], count: ChatKeystrokeKind.allCases.count)
    /// Thread CPU time (µs) of the process's first keystroke (recorded with or without the trace).
    private(set) var keyZeroCPU: Double?
    /// Page faults of each kind of keystroke (with the trace).
    private var faultsByKind = Array(repeating: 0, count: ChatKeystrokeKind.allCases.count)

    func state(_ table: TableSession<Int>) -> State { State(table, usage: enabled) }

    mutating func record(_ k: Int, cpu: Double, _ before: State, _ after: State) {
        let kind: ChatKeystrokeKind = k % Bench.keystrokesPerMessage == 0 ? .first : after.height != before.height ? .newLine : .typical
        cpuByKind[kind.rawValue].append(cpu)
        if k == 0 { keyZeroCPU = cpu }
        guard enabled else { return }
        faultsByKind[kind.rawValue] += after.faults - before.faults
        byDisturbance.record(cpu: cpu, before, after)
        let first = k % Bench.keystrokesPerMessage == 0 ? ", first in the message" : ""
        let line = "rows measured \(after.measured - before.measured), height \(after.height - before.height), cached \(before.cached) -> \(after.cached)\(first), \(before.disturbanceLine(until: after))"
        slowest.append((k, cpu, line))
        slowest.sort { $0.cpu > $1.cpu }
        if slowest.count > 12 { slowest.removeLast() }
    }

    /// Each kind's CPU p50 and max, as result keys (`keystroke.chat1M.cpu_first_p50_us`, ...),
    /// and the process's first keystroke (`keystroke.chat1M.cpu_key_zero_us`).
    func record(into results: inout Results) {
        if let keyZeroCPU { results["keystroke.chat1M.cpu_key_zero_us"] = keyZeroCPU }
        for kind in ChatKeystrokeKind.allCases where !cpuByKind[kind.rawValue].isEmpty {
            let stats = Stats(cpuByKind[kind.rawValue]), key = kind.name.replacingOccurrences(of: "-", with: "_")
            results["keystroke.chat1M.cpu_\(key)_p50_us"] = stats.median
            results["keystroke.chat1M.cpu_\(key)_max_us"] = stats.max
        }
    }

    /// Prints the split by disturbance, each kind's figures and the slowest keystrokes, each
    /// with the control loop's sample right after it over the loop's p50 (`floor`).
    func print(median: Double, floor: MachineFloor) {
        guard enabled else { return }
        let floorMedian = Stats(floor.cpu).median
        progress("keystrokes: \(byDisturbance.summary)")
        for kind in ChatKeystrokeKind.allCases where !cpuByKind[kind.rawValue].isEmpty {
            let stats = Stats(cpuByKind[kind.rawValue])
            progress("\(kind.name) keystrokes: \(stats.sorted.count), CPU p50 \(String(format: "%.1f", stats.median)) µs, max \(String(format: "%.1f", stats.max)) µs, page faults \(faultsByKind[kind.rawValue])")
        }
        for s in slowest {
            let beside = floor.ratio(afterSample: s.k, median: floorMedian).map { String(format: ", control loop after it %.1f× its p50", $0) } ?? ""
            progress("keystroke \(s.k): \(String(format: "%.1f", s.cpu)) µs CPU (\(String(format: "%.1f", s.cpu / median))× p50), \(s.line)\(beside)")
        }
    }
}

/// With `CHATFORM_BENCH_TRACE` set, the chat's `scrollTo` calls split by whether the thread
/// took a page fault or was preempted during the call: their CPU p50 and max, and the
/// slowest calls' rows measured.
struct ScrollTrace {
    let enabled = ProcessInfo.processInfo.environment["CHATFORM_BENCH_TRACE"] != nil
    private var byDisturbance = DisturbanceTally()

    func state(_ table: TableSession<Int>) -> KeystrokeTrace.State { KeystrokeTrace.State(table, usage: enabled) }

    mutating func record(cpu: Double, _ before: KeystrokeTrace.State, _ after: KeystrokeTrace.State) {
        guard enabled else { return }
        byDisturbance.record(cpu: cpu, before, after)
    }

    func print() {
        guard enabled else { return }
        progress("scrollTo: \(byDisturbance.summary)")
    }
}

/// Samples' thread CPU times split by what the machine did during each (a trace's
/// `KeystrokeTrace.Disturbance`), with the page faults, interrupts and softirqs counted.
struct DisturbanceTally {
    private var cpu: [[Double]] = Array(repeating: [], count: KeystrokeTrace.Disturbance.allCases.count)
    private var faults = 0, interrupts = 0, softirqs = 0

    mutating func record(cpu time: Double, _ before: KeystrokeTrace.State, _ after: KeystrokeTrace.State) {
        let d = before.disturbance(until: after)
        cpu[d.rawValue].append(time)
        faults += after.faults - before.faults
        if d != .switched {
            interrupts += after.interrupts - before.interrupts
            softirqs += after.softirqs - before.softirqs
        }
    }

    var summary: String {
        let count = cpu.reduce(0) { $0 + $1.count }
        let parts = KeystrokeTrace.Disturbance.allCases.map { d -> String in
            let values = cpu[d.rawValue]
            guard !values.isEmpty else { return "\(d.name) 0" }
            let s = Stats(values)
            return "\(d.name) \(values.count) (CPU p50 \(String(format: "%.1f", s.median)) µs, p99 \(String(format: "%.1f", s.p99)), max \(String(format: "%.1f", s.max)))"
        }
        return "\(count): " + parts.joined(separator: ", ") + "; \(faults) page faults, \(interrupts) interrupts and \(softirqs) softirqs on the sample's core"
    }
}
