import Synchronization

/// Reshaped edge widths, cached per (start, end) boundary pair; shared by every layout of
/// one `ShapedText` (so its copies share it) and safe across threads.
final class EdgeCache: Sendable {
    private let storage = Mutex<[Int64: Int64]>([:])
    /// Mixed-direction lines made for the caret, per (line start, content end): the same
    /// at every width that breaks a line there.
    private let bidiLines = Mutex<[Int64: _BidiLine]>([:])
    /// The ellipsis's advance, packed (see `ShapedText.ellipsisMetrics`); 0 until shaped.
    let ellipsis = Atomic<Int64>(0)
    static let limit = 4096

    func bidiLine(_ key: Int64, _ compute: () throws(TextLayoutError) -> _BidiLine?) throws(TextLayoutError) -> _BidiLine? {
        if let line = bidiLines.withLock({ $0[key] }) { return line }
        guard let line = try compute() else { return nil }
        bidiLines.withLock { lines in
            if lines.count >= Self.limit / 16 { lines.removeAll(keepingCapacity: true) }
            lines[key] = line
        }
        return line
    }

    func value(_ key: Int64, _ compute: () -> Int64) -> Int64 {
        if let v = storage.withLock({ $0[key] }) { return v }
        let v = compute()
        storage.withLock { s in
            if s.count >= Self.limit { s.removeAll(keepingCapacity: true) }
            s[key] = v
        }
        return v
    }
}
