/// One thread's copy of the fallback answers it has used, read without a lock: a two-way
/// set-associative table keyed by a stack word and a 64-bit key, the older answer of a full
/// set overwritten by the next one landing on it. Two key layouts share it: a single scalar
/// (the stack's `_FontStackState.serial`, and `memoKey(_:emoji:languageCode:)`), and a
/// cluster of several scalars of up to 8 bytes (`memoStack`, its flags in the high bits, and
/// the cluster's raw bytes, `memoKey(_:_:_:)`).
///
/// (Two ways, not one slot a key: in a direct-mapped table of 2,048 slots the chat corpus's
/// clusters collided on ~4% of the lookups, 0.66 a message, each miss then asking the
/// stack's table behind its lock.)
///
/// What it keeps never goes stale: a stack's decision for a scalar, emoji flag and language
/// is the same whenever it is made (fontconfig's answers and the registry's face ids do not
/// change once given), and whether a face draws a scalar is the face's. So an entry can be
/// trusted until it is overwritten, and the stack's own table (behind its lock) is asked only
/// on a miss.
struct _DecisionMemo {
    /// Sets of two entries (a power of two).
    static let sets = 2048
    /// Per set: its two entries, each the stack's serial then the key + 1 (0, 0: empty),
    /// the newer first.
    private let keys: UnsafeMutablePointer<UInt64>
    /// Per set: the two entries' values, in the order of `keys`.
    private let values: UnsafeMutablePointer<Int32>

    init() {
        keys = .allocate(capacity: 4 * Self.sets)
        keys.initialize(repeating: 0, count: 4 * Self.sets)
        values = .allocate(capacity: 2 * Self.sets)
        values.initialize(repeating: 0, count: 2 * Self.sets)
    }

    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    /// The set of `key` of the stack `stack`.
    @inline(__always)
    static func setIndex(_ stack: UInt64, _ key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ stack &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> 53)
    }

    /// The answer kept for `key` of the stack `stack`, if its set still holds it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func value(stack: UInt64, key: UInt64) -> Int? {
        let s = Self.setIndex(stack, key)
        let entry = keys + 4 * s
        if entry[0] == stack && entry[1] == key &+ 1 { return Int(values[2 * s]) }
        if entry[2] == stack && entry[3] == key &+ 1 { return Int(values[2 * s + 1]) }
        return nil
    }

    /// Keeps `value` for `key` of the stack `stack` (not kept: the caller found none): the
    /// set's newer entry becomes its older, in place of the older.
    @inline(__always)
    func set(_ value: Int, stack: UInt64, key: UInt64) {
        let s = Self.setIndex(stack, key)
        let entry = keys + 4 * s
        entry[2] = entry[0]
        entry[3] = entry[1]
        values[2 * s + 1] = values[2 * s]
        entry[0] = stack
        entry[1] = key &+ 1
        values[2 * s] = Int32(truncatingIfNeeded: value)
    }
}
