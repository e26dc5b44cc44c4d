import Foundation
import ChatFormTesting

/// The command under test, with this target's fixtures.
enum Tool {
    static func fixture(_ name: String) -> URL { ToolProcess.fixture(name, target: "ChatFormReplayTests") }
    static func run(_ arguments: [String], stdin: Data = Data(), timeLimit: Double? = nil) throws -> ToolProcess.Result {
        try ToolProcess.run(arguments, stdin: stdin, timeLimit: timeLimit)
    }
}
