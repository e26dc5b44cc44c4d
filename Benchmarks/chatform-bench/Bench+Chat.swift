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
        try table.focus(FieldRef(row: target))
        try table.move(.documentEnd)
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
        try table.type(chatKey(k))
    }
}

/// With `CHATFORM_BENCH_TRACE` set, the chat's slowest keystrokes in thread CPU time, each
/// with what it did (rows measured, the content's height change, the measurements kept):
/// where a tail comes from.
struct KeystrokeTrace {
    /// What a keystroke changed is read from the table before and after it.
    struct State {
        var measured: Int, height: Double, cached: Int
        init(_ table: TableSession<Int>) {
            measured = table.rows.measurementsMade
            height = table.rows.contentHeight
            cached = table.rows.cachedMeasurementCount
        }
    }

    let enabled = ProcessInfo.processInfo.environment["CHATFORM_BENCH_TRACE"] != nil
    private var slowest: [(k: Int, cpu: Double, line: String)] = []

    mutating func record(_ k: Int, cpu: Double, _ before: State, _ after: State) {
        guard enabled else { return }
        let line = "rows measured \(after.measured - before.measured), height \(after.height - before.height), cached \(before.cached) -> \(after.cached)"
        slowest.append((k, cpu, line))
        slowest.sort { $0.cpu > $1.cpu }
        if slowest.count > 12 { slowest.removeLast() }
    }

    func print(median: Double) {
        for s in slowest {
            progress("keystroke \(s.k): \(String(format: "%.1f", s.cpu)) µs CPU (\(String(format: "%.1f", s.cpu / median))× p50), \(s.line)")
        }
    }
}
