import ChatFormText

/// A stack's fallback decisions: single scalars, and clusters of several scalars.
struct Decisions {
    var single = DecisionTable()
    var clusters = ClusterDecisionTable()

    var count: Int { single.count + clusters.count }
}

/// Fallback decisions for single scalars (key: scalar, emoji flag, language code), open
/// addressing with a multiplicative hash: no hashing of the key through `Hasher` and no
/// allocation per lookup.
struct DecisionTable {
    private var keys: [UInt64] = []      // key + 1; 0 = empty
    private var values: [Int32] = []
    private(set) var count = 0

    subscript(key: UInt64) -> Int? {
        get {
            guard !keys.isEmpty else { return nil }
            let mask = keys.count - 1
            var p = Self.slot(key, mask)
            while keys[p] != 0 {
                if keys[p] == key &+ 1 { return Int(values[p]) }
                p = (p + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }
            if (count + 1) * 2 > keys.count { grow() }
            let mask = keys.count - 1
            var p = Self.slot(key, mask)
            while keys[p] != 0 && keys[p] != key &+ 1 { p = (p + 1) & mask }
            if keys[p] == 0 { count += 1 }
            keys[p] = key &+ 1
            values[p] = Int32(newValue)
        }
    }

    mutating func removeAll() {
        keys = []
        values = []
        count = 0
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// Makes room (first 512 slots: the chat corpus decides about 210 scalars a stack, so a
    /// table starting at 256 grew a second time, rehashing, in every new stack).
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(512, keys.count * 2)
        keys = [UInt64](repeating: 0, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        count = 0
        for (k, key) in oldKeys.enumerated() where key != 0 { self[key &- 1] = Int(oldValues[k]) }
    }
}

/// Fallback decisions for clusters of two or more scalars (an emoji with a modifier or a
/// selector, a ZWJ sequence, a base and its marks), by the scalars, the emoji flag and the
/// language code (`tag`): open addressing over a 64-bit hash, the keys' scalars in one flat
/// array. A lookup decodes the cluster's bytes, hashes them and compares them in place: no
/// string, no `Hasher`, no allocation.
struct ClusterDecisionTable {
    private struct Entry {
        var hash: UInt64
        var start: Int32
        var count: Int32
        var tag: UInt32
        var value: Int32
    }
    private var slots = _EntrySlots()
    private var entries: [Entry] = []
    private var scalars: [UInt32] = []

    var count: Int { entries.count }

    /// The key's hash: the scalars of `bytes[start..<end]` and `tag`.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tag: UInt32) -> UInt64 {
        var h = UInt64(tag) &* 0x9E37_79B9_7F4A_7C15
        var i = start
        while i < end {
            let (s, l) = UTF8Scalar.decode(bytes, at: i, end: end)
            h = (h ^ UInt64(s)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += l
        }
        return h
    }

    /// The decision for the cluster `bytes[start..<end]` with `tag`, whose `hash` is given.
    func value(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tag: UInt32, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        return slots.find(hash) { matches(entries[$0], bytes, start, end, tag: tag, hash: hash) }.entry
            .map { Int(entries[$0].value) }
    }

    /// Keeps `value` for the cluster `bytes[start..<end]` with `tag` (not already kept).
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tag: UInt32, hash: UInt64,
                         value: Int) {
        if (entries.count + 1) * 2 > slots.capacity {
            slots.rebuild(capacity: Swift.max(256, slots.capacity * 2), hashes: entries.lazy.map(\.hash))
        }
        let found = slots.find(hash) { matches(entries[$0], bytes, start, end, tag: tag, hash: hash) }
        if found.entry != nil { return }
        let first = scalars.count
        var i = start
        while i < end {
            let (s, l) = UTF8Scalar.decode(bytes, at: i, end: end)
            scalars.append(s)
            i += l
        }
        entries.append(Entry(hash: hash, start: Int32(first), count: Int32(scalars.count - first), tag: tag,
                             value: Int32(value)))
        slots.put(entries.count - 1, at: found.slot)
    }

    mutating func removeAll() {
        slots.removeAll(keepingCapacity: false)
        entries.removeAll(keepingCapacity: true)
        scalars.removeAll(keepingCapacity: true)
    }

    private func matches(_ e: Entry, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tag: UInt32,
                         hash: UInt64) -> Bool {
        guard e.hash == hash && e.tag == tag else { return false }
        var k = Int(e.start)
        let last = k + Int(e.count)
        var i = start
        while i < end {
            guard k < last else { return false }
            let (s, l) = UTF8Scalar.decode(bytes, at: i, end: end)
            if scalars[k] != s { return false }
            k += 1
            i += l
        }
        return k == last
    }
}
