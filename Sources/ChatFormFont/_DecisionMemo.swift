/// One thread's copy of the fallback answers it has used, read without a lock: a
/// direct-mapped table keyed by a stack word and a 64-bit key, each slot overwritten by the
/// next answer that lands on it. Two key layouts share it: a single scalar (the stack's
/// `_FontStackState.serial`, and `memoKey(_:emoji:languageCode:)`), and a cluster of several
/// scalars of up to 8 bytes (`memoStack`, its flags in the high bits, and the cluster's raw
/// bytes, `memoKey(_:_:_:)`).
///
/// What it keeps never goes stale: a stack's decision for a scalar, emoji flag and language
/// is the same whenever it is made (fontconfig's answers and the registry's face ids do not
/// change once given), and whether a face draws a scalar is the face's. So a slot can be
/// trusted until it is overwritten, and the stack's own table (behind its lock) is asked only
/// on a miss.
struct _DecisionMemo {
    /// Slots (a power of two).
    static let capacity = 2048
    /// Per slot: the stack's serial, then the key + 1 (0, 0: empty).
    private let keys: UnsafeMutablePointer<UInt64>
    private let values: UnsafeMutablePointer<Int32>

    init() {
        keys = .allocate(capacity: 2 * Self.capacity)
        keys.initialize(repeating: 0, count: 2 * Self.capacity)
        values = .allocate(capacity: Self.capacity)
        values.initialize(repeating: 0, count: Self.capacity)
    }

    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    @inline(__always)
    private static func slot(_ stack: UInt64, _ key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ stack &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> 53)
    }

    /// The answer kept for `key` of the stack `stack`, if its slot still holds it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func value(stack: UInt64, key: UInt64) -> Int? {
        let s = Self.slot(stack, key)
        guard keys[2 * s] == stack && keys[2 * s + 1] == key &+ 1 else { return nil }
        return Int(values[s])
    }

    /// Keeps `value` for `key` of the stack `stack` (in place of what its slot held).
    @inline(__always)
    func set(_ value: Int, stack: UInt64, key: UInt64) {
        let s = Self.slot(stack, key)
        keys[2 * s] = stack
        keys[2 * s + 1] = key &+ 1
        values[s] = Int32(truncatingIfNeeded: value)
    }
}
