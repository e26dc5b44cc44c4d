import ChatFormTesting
import Foundation

/// Headless Chromium, the reference renderer: loads a page, runs its script, and hands back
/// the DOM (`--dump-dom`) or a screenshot. Absent on machines without it (Tools/setup
/// installs it); the tests that need it skip with a message then.
enum Chromium {
    static let binary: String? = {
        if let path = ProcessInfo.processInfo.environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return path }
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"]
        where FileManager.default.isExecutableFile(atPath: path) { return path }
        return nil
    }()

    static let missing = "Chromium is not installed (Tools/setup test installs it): the picture tests against the browser are skipped"

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Runs Chromium on `url` with `arguments`; its standard output. Stopped after 90 s.
    static func run(_ arguments: [String], url: URL) throws -> String {
        guard let binary else { throw Failure(description: missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1", "--hide-scrollbars",
                             "--user-data-dir=\(profile.path)", "--no-first-run"] + arguments + [url.absoluteString]
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "en_US.UTF-8"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A watchdog ends a run that hangs; reading to the end returns when the process exits.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        watchdog.cancel()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's DOM after its scripts ran.
    static func dumpDOM(_ url: URL) throws -> String {
        try run(["--dump-dom", "--virtual-time-budget=5000"], url: url)
    }

    /// A screenshot of the page at `size` pixels, written to `file`.
    static func screenshot(_ url: URL, size: (Int, Int), to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try run(["--screenshot=\(file.path)", "--window-size=\(size.0),\(size.1)", "--virtual-time-budget=5000"], url: url)
    }

    /// The JSON a page's script wrote into `<pre id="results">`, decoded.
    static func results(in dom: String) throws -> Any {
        guard let start = dom.range(of: "<pre id=\"results\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw Failure(description: "the page wrote no results: \(dom.prefix(400))")
        }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    /// The folder CI keeps the screenshots in: `.build/pictures`.
    static let artifacts = ToolProcess.packageRoot.appendingPathComponent(".build/pictures")
}
