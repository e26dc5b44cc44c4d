import ChatFormTesting
import ChatFormScroll
import ChatFormFont

extension Bench {
    /// A width change in a chat with real fonts (rotation, split view, a window resized): a
    /// 10,000-message table with 1,000 rows measured is resized, and every measured row is
    /// laid out again at the new width, from its kept prepared text (`resize.chat10k_fonts.ms`)
    /// and, in the same run, by shaping each message again as before
    /// (`resize.chat10k_fonts.reshape_ms`). Both tables must end with the same frames.
    /// `resize.chat10k_fonts.warm_cpu_ms` is a width change right after another (the rows'
    /// memory in the caches), to tell the relay's work from its waiting for memory.
    func resizeWithFonts(runs: Int, into results: inout Results) throws {
        let count = Self.resizeRowCount, measuredRows = Self.resizeMeasuredRows
        progress("resizing a \(count)-message chat in \(fontFamily) with \(measuredRows) rows measured")
        var kept = try resizeTable(reusing: true)
        var reshaped = try resizeTable(reusing: false)
        check(kept.cachedMeasurementCount >= measuredRows, "only \(kept.cachedMeasurementCount) rows measured")
        var fast: [Double] = [], slow: [Double] = [], fastCPU: [Double] = [], slowCPU: [Double] = []
        // Four width changes a run: each takes a few milliseconds, so on a loaded machine a
        // median of five would be one preemption away from another figure.
        for run in 0...(4 * runs) {
            let size = Size(width: run % 2 == 0 ? 320 : 360, height: 640)
            let before = kept.measurementsMade
            let tf = try Clock.timeBoth { try kept.resize(to: size) }
            check(kept.measurementsMade - before >= measuredRows, "the resize re-laid \(kept.measurementsMade - before) rows")
            let ts = try Clock.timeBoth { try reshaped.resize(to: size) }
            for i in stride(from: 0, to: count, by: 97) {
                check(kept.frame(ofRow: i) == reshaped.frame(ofRow: i), "row \(i) differs after a resize from kept prepared text")
            }
            check(kept.viewport.offset == reshaped.viewport.offset, "the offsets differ after a resize")
            if run > 0 {
                fast.append(tf.wall * 1e3)
                slow.append(ts.wall * 1e3)
                fastCPU.append(tf.cpu * 1e3)
                slowCPU.append(ts.cpu * 1e3)
            }
        }
        // The same width change back to back (the rows' memory still in the caches): what
        // the relay costs without waiting for memory. In the runs above the reshaping table
        // runs between two resizes of the kept one and leaves little of it in the caches.
        var warm: [Double] = []
        for run in 0...runs {
            try kept.resize(to: Size(width: 340, height: 640))
            let t = try Clock.timeBoth { try kept.resize(to: Size(width: 320, height: 640)) }
            if run > 0 { warm.append(t.cpu * 1e3) }
        }
        let kept50 = Stats(fast).median, reshaped50 = Stats(slow).median
        results["resize.chat10k_fonts.ms"] = kept50
        results["resize.chat10k_fonts.reshape_ms"] = reshaped50
        results["resize.chat10k_fonts.speedup"] = reshaped50 / kept50
        // The same in the thread's CPU time: the scheduler's pauses left out.
        let keptCPU = Stats(fastCPU).median, reshapedCPU = Stats(slowCPU).median
        results["resize.chat10k_fonts.cpu_ms"] = keptCPU
        results["resize.chat10k_fonts.reshape_cpu_ms"] = reshapedCPU
        results["resize.chat10k_fonts.cpu_speedup"] = reshapedCPU / keptCPU
        results["resize.chat10k_fonts.warm_cpu_ms"] = Stats(warm).median
    }

    static let resizeRowCount = 10_000
    static let resizeMeasuredRows = 1_000

    /// The resize benchmark's chat: 10,000 messages in the font family, scrolled through
    /// from the bottom until 1,000 rows are measured; `reusing` says whether a width change
    /// re-lays measured rows from their prepared text or shapes them again.
    func resizeTable(reusing: Bool) throws -> TableSession<Int> {
        var rng = SplitMix64(seed: 10_000)
        let rows = (0..<Self.resizeRowCount).map { Row.text($0, Corpus.message(&rng)) }
        let fonts = try FontStack(family: fontFamily, size: fontSize)
        let configuration = TableConfiguration(metrics: fonts, contentAlignment: .bottom, estimatedRowHeight: 3 * fonts.lineHeight)
        var t = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 360, height: 640)), configuration: configuration)
        t.reusesPreparedText = reusing
        var id = Self.resizeRowCount - 1
        while t.cachedMeasurementCount < Self.resizeMeasuredRows && id >= 0 {
            try t.scrollTo(id, anchor: .top)
            id -= 10
        }
        return t
    }
}
