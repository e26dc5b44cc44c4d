/// Decoding helpers over valid UTF-8 (Swift strings guarantee validity): the package's one
/// UTF-8 decoder (the font layer reads scalars with it too).
///
/// The namespace is public, its members `package`: Swift 6.3 serializes no `@inlinable` body
/// of a member of a `package` type (not even `@_transparent`: another module sees only the
/// declaration), so `decode(_:at:)` was a call from the font layer, ~430 instructions a chat
/// message; a `package` member of a public type is serialized and inlined.
@_documentation(visibility: package)
public enum UTF8Scalar {
    /// Whether a line must end after `scalar` (UAX #14's BK, CR, LF and NL: U+000A–U+000D,
    /// U+0085, U+2028, U+2029).
    @inline(__always)
    package static func isMandatoryBreak(_ scalar: UInt32) -> Bool {
        (scalar >= 0x0A && scalar <= 0x0D) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
    }

    /// The scalar that starts at `i` and its length in bytes. (Inlinable: the font layer's
    /// fallback walk decodes each cluster with it, optimized there with its caller.)
    @inlinable @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 {
            return (((b0 & 0x1F) &<< 6) | (UInt32(bytes[i &+ 1]) & 0x3F), 2)
        }
        if b0 < 0xF0 {
            return (((b0 & 0x0F) &<< 12) | ((UInt32(bytes[i &+ 1]) & 0x3F) &<< 6) | (UInt32(bytes[i &+ 2]) & 0x3F), 3)
        }
        return (((b0 & 0x07) &<< 18) | ((UInt32(bytes[i &+ 1]) & 0x3F) &<< 12)
                | ((UInt32(bytes[i &+ 2]) & 0x3F) &<< 6) | (UInt32(bytes[i &+ 3]) & 0x3F), 4)
    }

    /// The scalar that starts at `i` and its length, read from `bytes[i..<end]` only: as
    /// `decode(_:at:)` when the scalar ends by `end`, else U+FFFD for the bytes left (a
    /// sequence cut at `end`, as a range cutting a scalar leaves it). A cluster's fallback
    /// decision is kept by its own bytes, so it must not read the bytes after it.
    @inlinable @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (scalar: UInt32, length: Int) {
        let b0 = bytes[i]
        let length = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
        return i &+ length <= end ? decode(bytes, at: i) : (0xFFFD, end &- i)
    }

    /// Whether the three bytes at `j` (`j + 3 <= bytes.count`, a scalar's start) are a Hangul
    /// syllable (U+AC00-U+D7A3), nothing decoded: UTF-8 keeps the scalars' order, so the
    /// syllables are the byte triples from EA B0 80 to ED 9E A3 read as one big-endian
    /// number; a lead byte below EA (ASCII, two bytes, other three-byte scalars) gives less,
    /// one above ED (U+E000 and up, four bytes) more.
    @inline(__always)
    package static func isHangulSyllable(_ bytes: UnsafeBufferPointer<UInt8>, at j: Int) -> Bool {
        let v = UInt32(bytes[j]) << 16 | UInt32(bytes[j &+ 1]) << 8 | UInt32(bytes[j &+ 2])
        return v &- 0xEA_B080 <= 0xED_9EA3 - 0xEA_B080
    }

    /// The start of the scalar that ends at `i` (i > 0).
    @inline(__always)
    package static func startOfScalar(endingAt i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i - 1
        while j > 0 && bytes[j] & 0xC0 == 0x80 { j -= 1 }
        return j
    }

    /// The end of the scalar that starts at `i` (i < count).
    @inline(__always)
    package static func endOfScalar(startingAt i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i + 1
        while j < bytes.count && bytes[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }
}
