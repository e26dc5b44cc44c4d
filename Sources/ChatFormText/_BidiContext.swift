internal import CChatFormICU

/// The embedding levels of one line of a text that is not prepared (terminal cells, fixed
/// or custom metrics), read from as little of the text as decides them.
///
/// UAX #9 resolves a character's level from the characters around it up to the nearest
/// strong one on each side (and from explicit embeddings and isolates, which can reach
/// across a paragraph). So the line is resolved by ICU together with its context: back to
/// the nearest strong character before it and on to the nearest after it, never across a
/// mandatory break (every mandatory break ends a bidi paragraph here, as it ends a
/// ``TextDocument`` paragraph), and to the whole hard line when an explicit directional
/// control is near. A whole text and a document's paragraph give the same levels, and a
/// long paragraph kept in a rope reads only the bytes it needs.
enum _BidiContext {
    /// The levels of bytes `line` of a text of `count` bytes read through `bytes` (a range
    /// of it), or nil when the line holds no right-to-left character or bidi control (in a
    /// left-to-right paragraph; at `paragraphLevel` 1 every line is resolved).
    static func levels(line: Range<Int>, count: Int, paragraphLevel: UInt8 = 0, bytes: (Range<Int>) -> [UInt8]) -> [UInt8]? {
        let own = bytes(line)
        let needed = paragraphLevel != 0 || own.withUnsafeBufferPointer { TextItemizer.needsBidi($0, 0..<$0.count) }
        guard needed else { return nil }
        var controls = own.withUnsafeBufferPointer { hasExplicitControl($0) }
        // Back to the nearest strong character (or a mandatory break, or the start).
        var lo = line.lowerBound
        var chunk = 64
        var scanning = true
        while scanning && lo > 0 {
            let from = Swift.max(0, lo - chunk)
            let piece = bytes(from..<lo)
            var i = piece.count
            while i > 0 {
                var j = i - 1
                while j > 0 && piece[j] & 0xC0 == 0x80 { j -= 1 }
                if from > 0 && j == 0 && piece[0] & 0xC0 == 0x80 { break }   // a split scalar: read more
                let scalar = piece.withUnsafeBufferPointer { UTF8Scalar.decode($0, at: j).scalar }
                if UTF8Scalar.isMandatoryBreak(scalar) { scanning = false; break }
                lo = from + j
                i = j
                let kind = cfl_bidi_class(scalar)
                if isExplicit(kind) { controls = true }
                if !controls && isStrong(kind) { scanning = false; break }
            }
            if i == 0 && from == 0 { break }
            chunk *= 2
        }
        // On to the nearest strong character after the line.
        var hi = line.upperBound
        chunk = 64
        scanning = true
        while scanning && hi < count {
            let base = hi
            let to = Swift.min(count, base + chunk)
            let piece = bytes(base..<to)
            var i = 0
            while i < piece.count {
                let first = piece[i]
                let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
                if i + length > piece.count && to < count { break }   // a split scalar: read more
                let scalar = piece.withUnsafeBufferPointer { UTF8Scalar.decode($0, at: i).scalar }
                if UTF8Scalar.isMandatoryBreak(scalar) { scanning = false; break }
                i = Swift.min(piece.count, i + length)
                hi = base + i
                let kind = cfl_bidi_class(scalar)
                if isExplicit(kind) { controls = true }
                if !controls && isStrong(kind) { scanning = false; break }
            }
            chunk *= 2
        }
        let window = bytes(lo..<hi)
        guard let all = window.withUnsafeBufferPointer({ TextItemizer.bidiLevels($0, paragraphLevel: paragraphLevel) }) else { return nil }
        return Array(all[(line.lowerBound - lo)..<(line.upperBound - lo)])
    }

    static func isStrong(_ kind: Int32) -> Bool { kind == 0 || kind == 1 || kind == 13 }

    static func isExplicit(_ kind: Int32) -> Bool { (11...16).contains(kind) && kind != 13 || (20...23).contains(kind) }

    static func hasExplicitControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 { i += 1; continue }
            let (scalar, length) = UTF8Scalar.decode(bytes, at: i)
            if isExplicit(cfl_bidi_class(scalar)) { return true }
            i += length
        }
        return false
    }
}
