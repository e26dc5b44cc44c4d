/// What the machine alone does to a sample's thread CPU time: a loop of register arithmetic
/// (no memory, no calls, no allocation; its instruction count is fixed) timed like the
/// benchmark's samples, one right after each of them, and sized to their median. Its
/// spread is not the engine's: the timer and IPI interrupts and the softirqs the kernel
/// charges to the interrupted thread (this kernel has no `CONFIG_IRQ_TIME_ACCOUNTING`),
/// and the moments a hypervisor takes the core without the guest counting it as stolen.
/// Taken at the same moments under the same load as the samples it sits between, its
/// `p99/p50` and `max/p50` are the floor the samples' ratios are read against (keys
/// `KEY.floor_cpu_p99_over_p50`, `KEY.floor_cpu_max_over_p50`).
struct MachineFloor {
    /// Samples of the engine used to size the loop [64]; the floor is sampled after them.
    let sizingSamples: Int

    init(sizingSamples: Int = 64) {
        self.sizingSamples = sizingSamples
    }

    /// The engine's samples given so far (`sample(after:)` calls).
    var samples: Int { iterations == 0 ? sizing.count : sizingSamples + cpu.count }

    private var sizing: [Double] = []
    private var iterations = 0
    private(set) var cpu: [Double] = []
    private var sink: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Records the engine's sample `engineCPU` (µs); from the `sizingSamples`-th on, times
    /// one loop of the engine samples' median length right after it.
    mutating func sample(after engineCPU: Double) {
        if iterations == 0 {
            sizing.append(engineCPU)
            guard sizing.count == sizingSamples else { return }
            iterations = Self.iterations(forMicroseconds: Stats(sizing).median)
        }
        var x = sink
        let n = iterations
        let (_, seconds) = Clock.timeBoth { x = Self.spin(x, n) }
        sink = x
        cpu.append(seconds * 1e6)
    }

    /// The loop's sample taken right after the engine's sample `index` (0-based, in the
    /// order given to `sample(after:)`) over the loop's median: above 1 the machine itself
    /// ran slower at that moment. Nil for the samples that sized the loop.
    func ratio(afterSample index: Int, median: Double) -> Double? {
        let j = index - sizingSamples
        guard j >= 0, j < cpu.count, median > 0 else { return nil }
        return cpu[j] / median
    }

    /// `KEY.floor_cpu_p50_us`, `…p99_over_p50` and `…max_over_p50`.
    func record(key: String, into results: inout Results) {
        guard !cpu.isEmpty else { return }
        let s = Stats(cpu)
        results["\(key).floor_cpu_p50_us"] = s.median
        results["\(key).floor_cpu_p99_over_p50"] = s.p99 / s.median
        results["\(key).floor_cpu_max_over_p50"] = s.max / s.median
        if sink == 0 { progress("(the loop's value is used)") }
    }

    /// Iterations of `spin` that take about `microseconds` of CPU: the fastest of a few
    /// timed runs gives the time an iteration.
    private static func iterations(forMicroseconds microseconds: Double) -> Int {
        let probe = 100_000
        var best = Double.infinity, x: UInt64 = 1
        for _ in 0..<5 {
            let (_, seconds) = Clock.timeBoth { x = spin(x, probe) }
            best = Swift.min(best, seconds)
        }
        if x == 0 { progress("(the loop's value is used)") }
        return Swift.max(1, Int(microseconds * 1e-6 / (best / Double(probe))))
    }

    /// `n` rounds of xorshift: a fixed number of register instructions.
    @inline(never)
    private static func spin(_ seed: UInt64, _ n: Int) -> UInt64 {
        var x = seed | 1
        for _ in 0..<n {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
        }
        return x
    }
}
