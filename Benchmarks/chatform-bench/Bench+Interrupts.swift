#if canImport(Glibc)
import Glibc
#endif

/// The interrupts a core has taken (`/proc/interrupts`: timer ticks, function-call and
/// TLB-shootdown IPIs, devices) and its softirqs (`/proc/softirqs`), for the traces: on a
/// kernel without `CONFIG_IRQ_TIME_ACCOUNTING` the time an interrupt and the softirqs run
/// at its exit take is charged to the thread it interrupted, so a sample's thread CPU time
/// includes them. Read before and after a sample on the same core, with no context switch
/// in between, the difference is what interrupted the sample (and the few microseconds
/// of reading the files around it).
struct CoreInterrupts {
    /// The core the calling thread runs on (`sched_getcpu`, found at run time: Glibc's
    /// module does not export it), or -1.
    static func currentCore() -> Int {
        guard let f = getCPU else { return -1 }
        return Int(f())
    }

    private static let getCPU: (@convention(c) () -> Int32)? = {
        guard let p = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getcpu") else { return nil }
        return unsafeBitCast(p, to: (@convention(c) () -> Int32).self)
    }()

    /// Hard interrupts and softirqs taken by core `core` since boot (0 when unreadable).
    static func counts(core: Int) -> (hard: Int, soft: Int) {
        guard core >= 0 else { return (0, 0) }
        return (sum(of: "/proc/interrupts", core: core), sum(of: "/proc/softirqs", core: core))
    }

    nonisolated(unsafe) private static let buffer: UnsafeMutableRawBufferPointer = {
        let b = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        b.initializeMemory(as: UInt8.self, repeating: 0)
        return b
    }()

    /// The sum of column `core` over the rows of a per-core table (a header line naming
    /// the cores, then `NAME: n0 n1 ... description`); rows with fewer numbers are skipped.
    private static func sum(of path: String, core: Int) -> Int {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        // One buffer for the process, touched once: reading the tables allocates nothing
        // (an allocation could take a page fault that the trace would count in a sample).
        let buffer = Self.buffer
        var count = 0
        while count < buffer.count {
            let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
            if n <= 0 { break }
            count += n
        }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        var total = 0, line = 0, i = 0
        while i < bytes.count {
            var end = i
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            if line > 0 {
                // Skip the name up to its colon, then read numbers.
                var j = i
                while j < end && bytes[j] != 0x3A { j += 1 }
                j += 1
                var column = 0, value = 0, inNumber = false
                while j < end {
                    let b = bytes[j]
                    if b >= 0x30 && b <= 0x39 {
                        value = value * 10 + Int(b - 0x30); inNumber = true
                    } else if b == 0x20 || b == 0x09 {
                        if inNumber {
                            if column == core { total += value; break }
                            column += 1; value = 0; inNumber = false
                        }
                    } else {
                        break   // the description: this row has fewer columns
                    }
                    j += 1
                }
                if inNumber && column == core { total += value }
            }
            line += 1
            i = end + 1
        }
        return total
    }
}

/// The calling thread's context switches (voluntary and not), page faults and core, read
/// around each timed sample (`getrusage(RUSAGE_THREAD)` and `sched_getcpu`: a system call
/// and a vDSO read, outside the timed region).
struct ThreadUsage: Equatable {
    var switches = 0, faults = 0, core = -1

    static func now() -> ThreadUsage {
        var usage = ThreadUsage(core: CoreInterrupts.currentCore())
        #if os(Linux)
        var u = rusage()
        if getrusage(.init(1), &u) == 0 {  // RUSAGE_THREAD (a GNU extension the module does not export)
            usage.switches = u.ru_nivcsw + u.ru_nvcsw
            usage.faults = u.ru_minflt + u.ru_majflt
        }
        #endif
        return usage
    }
}

/// The samples the scheduler left alone: the thread was not switched out or moved to
/// another core during the sample or since the previous one ended (when another process
/// ran on the core, the sample starts with its caches and TLB refilled by that process: a
/// keystroke of 6 µs then takes up to 80). Page faults count as the sample's own work (a
/// `scrollTo` that measures new rows grows the heap onto fresh pages). Interrupts are not
/// seen here (reading `/proc/interrupts` around every sample would itself cool the
/// caches; `CHATFORM_BENCH_TRACE=irq` does, to count them). Their CPU time, keyed
/// `KEY.cpu_undisturbed_*`, is the engine's own spread.
struct UndisturbedSamples {
    private var previous: ThreadUsage?
    private(set) var cpu: [Double] = []
    private(set) var count = 0
    /// Every sample in order: its CPU time, its page faults, and whether the thread was
    /// switched out or moved during it or since the sample before.
    private var all: [(cpu: Double, faults: Int, disturbed: Bool)] = []

    /// Records a sample of `cpu` µs that ran between `before` and `after`.
    mutating func record(cpu time: Double, _ before: ThreadUsage, _ after: ThreadUsage) {
        count += 1
        defer { previous = after }
        let switched = after.switches != before.switches || after.core != before.core
            || previous.map { $0.switches != before.switches || $0.core != before.core } ?? false
        all.append((time, after.faults - before.faults, switched))
        if !switched { cpu.append(time) }
    }

    /// `KEY.cpu_undisturbed_share`, `…_p50_us`, `…_p99_over_p50`, `…_max_over_p50`; and what
    /// happened at the slowest sample and at the p99 one, beside `KEY.cpu_max_over_p50` and
    /// `KEY.cpu_p99_over_p50`: its page faults (`KEY.cpu_max_page_faults`), whether the
    /// thread was switched out or moved (`KEY.cpu_max_switched`, 1 or 0), and the control
    /// loop's sample right after it over the loop's p50 (`KEY.floor_beside_max_over_p50`,
    /// `KEY.floor_beside_p99_over_p50`): above 2, the machine itself ran slow at that moment.
    /// With `CHATFORM_BENCH_SAMPLES=FILE`, every sample's CPU time goes to FILE (kind `all`).
    func record(key: String, floor: MachineFloor? = nil, into results: inout Results) {
        guard !cpu.isEmpty, count > 0 else { return }
        let s = Stats(cpu)
        results["\(key).cpu_undisturbed_share"] = Double(cpu.count) / Double(count)
        results["\(key).cpu_undisturbed_p50_us"] = s.median
        results["\(key).cpu_undisturbed_p99_over_p50"] = s.p99 / s.median
        results["\(key).cpu_undisturbed_max_over_p50"] = s.max / s.median
        let times = all.map(\.cpu)
        Bench.appendSamples(["all": times], key: key)
        let slowest = Bench.indexOfQuantile(1, in: times), p99 = Bench.indexOfQuantile(0.99, in: times)
        results["\(key).cpu_max_page_faults"] = Double(all[slowest].faults)
        results["\(key).cpu_max_switched"] = all[slowest].disturbed ? 1 : 0
        results["\(key).cpu_p99_page_faults"] = Double(all[p99].faults)
        if let floor {
            let median = Stats(floor.cpu).median
            if let r = floor.ratio(afterSample: slowest, median: median) { results["\(key).floor_beside_max_over_p50"] = r }
            if let r = floor.ratio(afterSample: p99, median: median) { results["\(key).floor_beside_p99_over_p50"] = r }
        }
    }
}
