/// Why a script could not be replayed.
///
/// ```swift
/// do { _ = try BehaviorScript.run(scriptData: Data("{}".utf8), frames: false) }
/// catch let error as BehaviorScriptError { print(error) } // invalid JSON: missing 'behavior'
/// ```
public enum BehaviorScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is not JSON or does not have the script's shape.
    case invalidJSON(String)
    /// `behavior` names no known model.
    case unknownBehavior(String)
    /// A configuration field is missing or wrong.
    case invalidConfig(String)
    /// Event `index` has a type this behaviour does not know.
    case unknownEvent(index: Int, type: String)
    /// Event `index` lacks a field its type needs.
    case missingField(index: Int, field: String)
    /// Event `index` (nil: the configuration) was rejected by the model.
    case rejected(index: Int?, BehaviorError)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidJSON(let why): return "invalid JSON: \(why)"
        case .unknownBehavior(let name): return "unknown behavior '\(name)' (expected toolbar, header, tabs or sections)"
        case .invalidConfig(let why): return "invalid config: \(why)"
        case .unknownEvent(let index, let type): return "event \(index): unknown type '\(type)'"
        case .missingField(let index, let field): return "event \(index): missing field '\(field)'"
        case .rejected(let index, let error):
            return index.map { "event \($0): \(error)" } ?? "config: \(error)"
        }
    }
}
