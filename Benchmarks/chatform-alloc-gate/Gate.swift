import ChatFormScroll
import ChatFormText
import ChatFormTesting
import Foundation
import MallocInterposerSwift

/// The allocation gates: allocations on the hot paths (a keystroke in a message of a
/// million-message chat, a keystroke in a 100,000-line field, a layout with warm caches, an
/// edit in the middle of a 10 MB paragraph, and there none of 128 KiB or more),
/// counted by ordo-one's malloc interposer and held to the budgets in
/// `Benchmarks/allocation-budgets.txt`. Exits 1 when a figure is over its budget.
///
/// Usage: chatform-alloc-gate [--budgets FILE] [--record]
///   --record prints the measured figures in the budget file's format instead of checking.
@main
enum Gate {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        let record = arguments.contains("--record")
        var budgetPath = "Benchmarks/allocation-budgets.txt"
        if let i = arguments.firstIndex(of: "--budgets"), arguments.index(after: i) < arguments.endIndex {
            budgetPath = arguments[arguments.index(after: i)]
        }
        try Interposer.ensureLoaded()

        var figures: [(String, Int)] = []
        for (name, samples) in [("keystroke.chat1M", try chatKeystrokes()),
                                ("keystroke.field100k", try fieldKeystrokes()),
                                ("layout.warm", try warmLayouts())] {
            let sorted = samples.sorted()
            figures.append(("alloc.\(name).mean_x100", samples.reduce(0, +) * 100 / samples.count))
            figures.append(("alloc.\(name).p50", sorted[sorted.count / 2]))
            figures.append(("alloc.\(name).max", sorted.last!))
        }
        // The 10 MB paragraph's edits: their allocations, and none of 128 KiB or more.
        let paragraph = try paragraphKeystrokes()
        let sorted = paragraph.all.sorted()
        figures.append(("alloc.keystroke.paragraph10MB.mean_x100", paragraph.all.reduce(0, +) * 100 / paragraph.all.count))
        figures.append(("alloc.keystroke.paragraph10MB.p50", sorted[sorted.count / 2]))
        figures.append(("alloc.keystroke.paragraph10MB.max", sorted.last!))
        figures.append(("alloc.keystroke.paragraph10MB.large_max", paragraph.large.max()!))
        if record {
            for (key, value) in figures { print("\(key) \(value)") }
            return
        }
        let budgets = try Budgets(path: budgetPath)
        var failed = false
        print("allocations per operation (budget from \(budgetPath))")
        for (key, value) in figures {
            guard let budget = budgets.values[key] else {
                print("  \(key) \(value)  NO BUDGET")
                failed = true
                continue
            }
            let verdict = value <= budget ? "ok" : "OVER BUDGET"
            if value > budget { failed = true }
            print("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(value)  (budget \(budget))  \(verdict)")
        }
        if failed {
            FileHandle.standardError.write(Data("chatform-alloc-gate: a hot path allocates more than its budget\n".utf8))
            exit(1)
        }
    }

    /// Allocations made by `body`.
    static func allocations(_ body: () throws -> Void) rethrows -> Int {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        try body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    // MARK: The hot paths

    /// Keystrokes at the end of messages of a million-message chat (60 per message, then
    /// another message), as the benchmark types them; the first 60 warm up.
    static func chatKeystrokes() throws -> [Int] {
        var table = try TableSession(source: GateChat(count: 1_000_000), viewport: Viewport(size: Size(width: 40, height: 30)),
                                     configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 3))
        var rng = SplitMix64(seed: 5)
        let alphabet = Array("typing into a message of a million ")
        var samples: [Int] = []
        for k in 0..<1260 {
            if k % 60 == 0 {
                let target = Int.random(in: 0..<1_000_000, using: &rng)
                try table.scrollTo(target, anchor: .center)
                try table.field.focus(FieldRef(row: target))
                try table.field.move(.documentEnd)
            }
            let key = String(alphabet[k % alphabet.count])
            let n = try allocations { try table.field.type(key) }
            if k >= 60 { samples.append(n) }
        }
        return samples
    }

    /// Typing, newlines and backspaces in the middle of a 100,000-line field.
    static func fieldKeystrokes() throws -> [Int] {
        var rng = SplitMix64(seed: 11)
        let words = GateChat.words
        let text = (0..<100_000).map { _ in
            (0..<Int.random(in: 1...8, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
        }.joined(separator: "\n")
        var table = try TableSession(rows: [.text("field", text, editable: true, style: RowStyle(padding: EdgeInsets(top: 1, bottom: 1)))],
                                     viewport: Viewport(size: Size(width: 40, height: 30)))
        var caret = text.utf8.count / 2
        while (try? table.field.focus(FieldRef(row: "field"), caret: caret)) == nil { caret += 1 }
        var samples: [Int] = []
        for k in 0..<1100 {
            let n: Int
            switch k % 10 {
            case 7: n = try allocations { try table.field.newline() }
            case 9: n = try allocations { try table.field.deleteBackward() }
            default: n = try allocations { try table.field.type("x") }
            }
            if k >= 100 { samples.append(n) }
        }
        return samples
    }

    /// Layouts of chat messages at width 40 on a thread whose ICU iterators are warm.
    static func warmLayouts() throws -> [Int] {
        let messages = (0..<600).map(GateChat.message)
        var samples: [Int] = []
        for (k, message) in messages.enumerated() {
            var lines = 0
            let n = try allocations { lines = try TextLayout(text: message, width: 40).lineCount }
            precondition(lines >= 1)
            if k >= 100 { samples.append(n) }
        }
        return samples
    }
}

/// The recorded budgets: `key value` lines, `#` comments.
struct Budgets {
    var values: [String: Int] = [:]
    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            values[String(parts[0])] = value
        }
    }
}

/// The interposer counts only when its library's `malloc` is the one the process calls.
enum Interposer {
    /// Checks that an allocation is counted; if not, runs this program again with the
    /// interposer's library preloaded (`LD_PRELOAD`, next to this executable).
    static func ensureLoaded() throws {
        let counted = Gate.allocations { blackHole(malloc(24)) }
        if counted > 0 { return }
        if ProcessInfo.processInfo.environment["CHATFORM_ALLOC_GATE_PRELOADED"] != nil {
            FileHandle.standardError.write(Data("chatform-alloc-gate: the malloc interposer counts nothing, even preloaded\n".utf8))
            exit(2)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let library = executable.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
        guard FileManager.default.fileExists(atPath: library) else {
            FileHandle.standardError.write(Data("chatform-alloc-gate: \(library) not found\n".utf8))
            exit(2)
        }
        setenv("LD_PRELOAD", library, 1)
        setenv("CHATFORM_ALLOC_GATE_PRELOADED", "1", 1)
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        let argv = CommandLine.unsafeArgv
        execv(executable.path, argv)
        FileHandle.standardError.write(Data("chatform-alloc-gate: cannot run \(executable.path) again\n".utf8))
        exit(2)
    }

    @inline(never)
    static func blackHole(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }
}
