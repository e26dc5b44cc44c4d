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
    /// runs after one to warm the file cache: `measure.cold_start_ms`. Times the release
    /// `chatform` next to this program; when it is missing and this program is the
    /// package's own build, it is built first (`swift build -c release --product chatform`,
    /// as `Tools/bench` does before running the benchmark); the key goes unreported only
    /// when that fails.
    func coldStart(runs: Int, into results: inout Results) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("chatform")
        if !FileManager.default.isExecutableFile(atPath: binary.path) { buildTool(beside: binary) }
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

    /// Builds the release `chatform` at `binary` when this program runs from a package's
    /// release build (a `release` folder under the package's `.build`, whose parent holds
    /// `Package.swift`) and a `swift` is on the path; does nothing otherwise.
    private func buildTool(beside binary: URL) {
        let folder = binary.deletingLastPathComponent().standardizedFileURL
        guard folder.lastPathComponent == "release" else { return }
        var build = folder
        while build.pathComponents.count > 1 && build.lastPathComponent != ".build" { build.deleteLastPathComponent() }
        let root = build.deletingLastPathComponent()
        guard build.lastPathComponent == ".build",
              FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else { return }
        progress("cold start: building the release chatform (swift build -c release --product chatform)")
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "build", "-c", "release", "--product", "chatform", "--package-path", root.path]
        swift.standardOutput = FileHandle.standardError
        do {
            try swift.run()
            swift.waitUntilExit()
        } catch {
            progress("cold start: swift build did not run: \(error)")
        }
    }
}
