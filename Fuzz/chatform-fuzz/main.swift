import CChatFormFuzz
import ChatFormFuzzing
import Foundation

// chatform-fuzz TARGET [libFuzzer options] [CORPUS_DIR...]
//
// Built for fuzzing (Fuzz/run: -sanitize=fuzzer and -DCHATFORM_FUZZ), it hands the
// arguments after TARGET to libFuzzer. In a normal build it runs every file of the given
// files and folders through the target's property once (a regression run of a corpus) and
// exits 1 if any breaks it, printing the time spent in the property (inputs per second)
// and the slowest input.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: chatform-fuzz \(names) [libFuzzer options] [CORPUS...]\n".utf8))
    exit(64)
}

/// The target libFuzzer's callback runs (a C callback cannot capture it).
nonisolated(unsafe) var selected = target

if cfl_fuzz_is_available() != 0 {
    // libFuzzer sees the program name and everything after the target's name.
    var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
    var argc = CInt(argv.count - 1)
    let status = argv.withUnsafeMutableBufferPointer { buffer -> CInt in
        var base = buffer.baseAddress
        return cfl_fuzz_run_driver(&argc, &base) { data, size in
            let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            do {
                try selected.check(bytes)
            } catch {
                // A broken property is a crash to libFuzzer: it saves the input.
                FileHandle.standardError.write(Data("\(selected.rawValue) property broken: \(error)\n".utf8))
                abort()
            }
            return 0
        }
    }
    exit(status)
}

// A normal build: replay files.
var failures = 0
var checked = 0
var busy = Duration.zero
var slowest = (time: Duration.zero, file: "")
for path in arguments.dropFirst(2) where !path.hasPrefix("-") {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("chatform-fuzz: no such file \(path)\n".utf8))
        exit(2)
    }
    let files = isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
        : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        checked += 1
        let bytes = [UInt8](data)
        let start = ContinuousClock.now
        do {
            try target.check(bytes)
        } catch {
            failures += 1
            print("\(file): \(error)")
        }
        let time = ContinuousClock.now - start
        busy += time
        if time > slowest.time { slowest = (time, file) }
    }
}
print("chatform-fuzz \(target.rawValue): \(checked) inputs, \(failures) broke the property")
// The time in the property alone (reading files left out): the rate to compare builds by.
let seconds = Double(busy.components.seconds) + Double(busy.components.attoseconds) * 1e-18
if checked > 0 {
    let rate = seconds > 0 ? Int((Double(checked) / seconds).rounded()) : 0
    let slowestMs = Double(slowest.time.components.seconds) * 1e3 + Double(slowest.time.components.attoseconds) * 1e-15
    print("checked in \(Int((seconds * 1e3).rounded())) ms: \(rate) inputs/s; slowest \(Int(slowestMs.rounded())) ms (\(slowest.file))")
}
exit(failures == 0 ? 0 : 1)
