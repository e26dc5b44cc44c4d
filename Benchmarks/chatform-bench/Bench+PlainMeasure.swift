#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ChatFormTesting
import ChatFormText
import ChatFormFont

extension Bench {
    /// Plain messages measured as `chatform measure` measures them (issue 23): each message
    /// prepared with a stack kept across messages (its faces open, as in a running process)
    /// and its bubble measured at 320 px (height, lines, widest line, fit width). One thread,
    /// timed in its CPU time (what one core does, the scheduler's pauses left out), median
    /// of the runs: `measure.plain.msgs_per_s_per_core`.
    func plainMeasure(runs: Int, into results: inout Results) throws {
        let messages = try fontMessages()
        progress("plain measure: \(messages.count) messages in \(fontFamily) \(fontSize) px, one thread")
        let stack = try FontStack(family: fontFamily, size: fontSize)
        var rates: [Double] = []
        var total = 0.0
        for run in 0...runs {
            FontStack.clearShapedWordCache(keepingCapacity: true)
            let t = try Clock.timeBoth {
                for m in messages {
                    let prepared = try ShapedText(text: m, shaper: stack)
                    total += try prepared.measureBubble(width: 320).height
                }
            }
            if run > 0 { rates.append(Double(messages.count) / t.cpu) }
        }
        check(total > 0, "no message had a height")
        results["measure.plain.msgs_per_s_per_core"] = Stats(rates).median
    }

    /// Process start to the first height (issue 23): `chatform measure --width 320` run on
    /// one message, timed from launching the process to reading the first line it writes,
    /// fontconfig's set-up and the first fallback sort included; the median of `runs + 1`
    /// runs after one to warm the file cache: `measure.cold_start_ms`. Needs the release
    /// `chatform` next to this program (`swift build -c release --product chatform`);
    /// without it the key is not reported.
    func coldStart(runs: Int, into results: inout Results) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("chatform")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            progress("measure.cold_start_ms not measured: build chatform first (swift build -c release --product chatform)")
            return
        }
        progress("cold start: chatform measure on one message, \(runs + 2) processes")
        let message = Data(#"{"id":1,"text":"Deploy finished: api and web are live, 안녕하세요 👍🏽"}"#.utf8 + [0x0A])
        var times: [Double] = []
        for run in 0...(runs + 1) {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["measure", "--width", "320"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let start = Clock.now()
            try process.run()
            input.fileHandleForWriting.write(message)
            try input.fileHandleForWriting.close()
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            let elapsed = Double(Clock.now() - start) / 1e6
            process.waitUntilExit()
            check(process.terminationStatus == 0 && String(decoding: line, as: UTF8.self).contains("\"height\""),
                  "chatform measure gave no height: \(String(decoding: line, as: UTF8.self))")
            if run > 0 { times.append(elapsed) }
        }
        results["measure.cold_start_ms"] = Stats(times).median
    }
}
