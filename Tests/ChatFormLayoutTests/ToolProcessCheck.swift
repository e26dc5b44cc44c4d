import ChatFormTesting
import Foundation
import Testing

/// Runs the built `chatform` for the articles that show its commands.
enum ToolProcessCheck {
    /// `chatform replay - [--frames]` on `script`; its output lines.
    static func replay(_ script: String, frames: Bool = false) throws -> [String] {
        let result = try ToolProcess.run(["replay", "-"] + (frames ? ["--frames"] : []), stdin: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return result.text.split(separator: "\n").map(String.init)
    }
}
