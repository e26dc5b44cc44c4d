/// Strict UTF-8 validation with the offset of the first bad byte, for input that does not
/// come from a Swift `String` (files, standard input, the network).
public enum UTF8Validation {
    /// The byte offset of the first ill-formed sequence (overlong forms, surrogates,
    /// scalars past U+10FFFF, truncated sequences and stray continuation bytes are all
    /// ill-formed), or nil when `bytes` is valid UTF-8.
    ///
    /// - Complexity: O(n).
    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        var i = 0
        while i < n {
            // Skip ASCII eight bytes at a time.
            while i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            if i >= n { break }
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return i
            }
            if i + 1 >= n || bytes[i + 1] < lower || bytes[i + 1] > upper { return i }
            for k in 2..<length where i + k >= n || bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    /// A `String` from UTF-8 bytes, or the offset of the first bad byte.
    ///
    /// - Throws: `TextLayoutError.invalidUTF8(offset:)`.
    /// - Complexity: O(n).
    public static func string(from bytes: [UInt8]) throws(TextLayoutError) -> String {
        let bad = bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
        if let bad { throw .invalidUTF8(offset: bad) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
