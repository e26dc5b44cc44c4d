/// Timing curves read and write the script form: the strings `"linear"`, `"easeIn"`,
/// `"easeOut"`, `"easeInOut"`, or the object `{"spring": {"duration": d, "bounce": b}}`
/// (`bounce` defaults to 0). A decoded spring is validated (`MotionError` on bad numbers).
///
/// ```swift
/// let curve = try JSONDecoder().decode(TimingCurve.self,
///                                      from: Data(#"{"spring":{"duration":0.3,"bounce":0.2}}"#.utf8))
/// ```
extension TimingCurve: Codable {
    private struct SpringParameters: Codable {
        var duration: Double
        var bounce: Double?
    }

    private enum CodingKeys: String, CodingKey {
        case spring
    }

    /// Decodes a curve name or a spring object.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            switch name {
            case "linear": self = .linear
            case "easeIn": self = .easeIn
            case "easeOut": self = .easeOut
            case "easeInOut": self = .easeInOut
            default: throw MotionError.unknownCurve(name)
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let parameters = try container.decode(SpringParameters.self, forKey: .spring)
        self = try TimingCurve.spring(duration: parameters.duration, bounce: parameters.bounce ?? 0).validated()
    }

    /// Encodes the curve in the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut:
            var single = encoder.singleValueContainer()
            try single.encode(name)
        case .spring(let duration, let bounce):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(SpringParameters(duration: duration, bounce: bounce), forKey: .spring)
        }
    }

    /// The script name of the curve (`"spring"` for springs).
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .spring: return "spring"
        }
    }
}
