#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Wall-clock timing with a monotonic clock.
enum Clock {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// This thread's CPU time in nanoseconds: unlike the wall clock, it does not count the
    /// time the thread waits while other processes run.
    static func threadCPU() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds taken by `body`, on the wall clock and in this thread's CPU time.
    static func times(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let start = now(), startCPU = threadCPU()
        try body()
        let cpu = threadCPU(), wall = now()
        return (Double(wall - start) / 1e9, Double(cpu - startCPU) / 1e9)
    }

    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }
}

/// Order statistics of a sample.
struct Stats {
    var sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    func quantile(_ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let i = Int((q * Double(sorted.count - 1)).rounded())
        return sorted[Swift.min(Swift.max(0, i), sorted.count - 1)]
    }
    var median: Double { quantile(0.5) }
    var p99: Double { quantile(0.99) }
    var max: Double { sorted.last ?? .nan }
}

/// Peak resident memory in MiB.
func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The machine, as far as the program can tell.
func machineDescription() -> String {
    var model = "unknown CPU"
    if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    var uts = utsname()
    uname(&uts)
    let system = withUnsafeBytes(of: &uts.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let release = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(model), \(cores) cores, \(String(format: "%.0f", memory)) GiB, \(system) \(release)"
}

/// Progress for long phases, on standard error (the table goes to standard output).
func progress(_ message: String) {
    FileHandle.standardError.write(Data("… \(message)\n".utf8))
}

/// Fails the run when a result is wrong: a fast wrong answer must not be reported.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("chatform-bench: check failed: \(message())\n".utf8))
        exit(1)
    }
}
