internal import CChatFormICU

/// An error reported by ICU, carrying ICU's status code and its name.
public struct ICUError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ICU's `UErrorCode` value (positive for failures).
    public let code: Int32
    /// ICU's name for the code, such as `U_MEMORY_ALLOCATION_ERROR`.
    public let name: String

    init(code: Int32) {
        self.code = code
        self.name = String(cString: cfl_error_name(code))
    }

    public var description: String { "ICU error \(code) (\(name))" }
}

/// The one place ChatFormLayout talks to ICU. ICU never appears in the public API.
enum ICU {
    /// Turns an ICU status into a thrown `ICUError`; warnings (negative codes) are success.
    static func checkSuccess(_ status: Int32) throws(ICUError) {
        if status > 0 { throw ICUError(code: status) }
    }

    /// The Unicode version of the ICU character data in use, e.g. "15.0".
    static let unicodeVersion: String = {
        var buffer = [CChar](repeating: 0, count: 16)
        cfl_unicode_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
