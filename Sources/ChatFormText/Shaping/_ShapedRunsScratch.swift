#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This thread's spare arrays for a shaper's output: the buffers of the last `ShapedRuns`
/// a text was prepared from, given back once its packed storage was copied out of them, so
/// the next text shaped on the thread writes into them instead of allocating its own (and
/// freeing them after); and the itemizer's items, which the shaper gives back itself once it
/// has shaped them (`keep(items:)`: they are not part of `ShapedRuns`). Arrays with room for
/// more than `limit` elements (runs and items: `runLimit`) are not kept: one long text leaves
/// no large buffer behind, and a thread keeps at most about 1.1 MiB here (256 KiB of
/// advances, 64 KiB of codes, 160 KiB of runs, 128 KiB of items, 256 KiB of cluster
/// boundaries, 64 KiB of opportunities, 256 KiB for the break walk's columns). A caller of
/// `FontStack.shape` that stores its `ShapedRuns` may hold arrays with that much room.
///
/// Arrays keep their value semantics: an array taken from here is the taker's alone, and an
/// array given back that someone else still holds is copied on its first write.
package final class ShapedRunsScratch {
    // Only this thread touches them, and never across a call that reaches them again, so
    // their accesses go unchecked (the dynamic exclusivity checks cost about 400
    // instructions a text).
    @exclusivity(unchecked) private var advances: [Int32] = []
    @exclusivity(unchecked) private var unsafeToBreak: [UInt8] = []
    @exclusivity(unchecked) private var runs: [ShapedRun] = []
    @exclusivity(unchecked) private var clusters: [Int32] = []
    @exclusivity(unchecked) private var opportunities: [UInt8] = []
    @exclusivity(unchecked) private var items: [TextItem] = []
    /// The memory a text's break walk writes its columns in (`PreparedBreaks(capacity:scratch:)`),
    /// `walkBytes` long, and whether a walk holds it now (a walk started while another
    /// holds it gets memory of its own).
    @exclusivity(unchecked) private var walk: UnsafeMutableRawPointer? = nil
    @exclusivity(unchecked) private var walkBytes = 0
    @exclusivity(unchecked) private var walkLent = false
    /// The most elements an array kept here may have room for (advances: 256 KiB).
    static let limit = 1 << 16
    /// The most runs an array kept here may have room for (160 KiB).
    static let runLimit = limit / 16

    private static let key: pthread_key_t = ThreadObjectKey.make()

    /// This thread's scratch, made on first use.
    package static func forCurrentThread() -> ShapedRunsScratch {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ShapedRunsScratch>.fromOpaque(existing).takeUnretainedValue()
        }
        let fresh = ShapedRunsScratch()
        pthread_setspecific(key, Unmanaged.passRetained(fresh).toOpaque())
        return fresh
    }

    /// `count` zero advances, in the kept buffer when there is one.
    package func takeAdvances(zeroed count: Int) -> [Int32] { Self.take(&advances, zeroed: count) }

    /// `count` zero unsafe-to-break codes, in the kept buffer when there is one.
    package func takeUnsafeToBreak(zeroed count: Int) -> [UInt8] { Self.take(&unsafeToBreak, zeroed: count) }

    /// Cluster boundaries `boundaries`, copied into the kept buffer when there is one.
    package func takeClusters(copying boundaries: UnsafeBufferPointer<Int32>) -> [Int32] {
        Self.take(&clusters, copying: boundaries)
    }

    /// Opportunity bytes `bytes`, copied into the kept buffer when there is one.
    package func takeOpportunities(copying bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        Self.take(&opportunities, copying: bytes)
    }

    /// Items `found` (the itemizer's, `TextItemizer.segmentWithOpportunities`), copied into the
    /// kept buffer when it has room for them, else into an array of their own.
    /// (Not into the empty kept array: growing it went through the standard library's
    /// unspecialized allocation, ~400 instructions a text more than `Array(_:)`, as every
    /// text would pay where no shaper gives its items back.)
    package func takeItems(copying found: UnsafeBufferPointer<TextItem>) -> [TextItem] {
        if items.capacity < found.count { return Array(found) }
        return Self.take(&items, copying: found)
    }

    /// Keeps `shaped`'s items (taken with `takeItems(copying:)`; room for at most `runLimit`)
    /// for the next text: a shaper gives them back once it has shaped them (an allocation and
    /// a free a text fewer, ~200 instructions a chat message).
    package func keep(items shaped: consuming [TextItem]) {
        if shaped.capacity <= Self.runLimit { items = shaped }
    }

    /// The runs to reserve for shaping `bytes` bytes in `items` items: an item may hold runs of
    /// several faces (a Hangul word and the space after it are two; growing the array cost
    /// about 700 instructions a copy), so a run each 4 bytes, but no more up front than this
    /// scratch keeps (`runLimit`): a long text's array grows as its runs come.
    package static func runCapacity(bytes: Int, items: Int) -> Int {
        Swift.max(2 * items + 4, Swift.min(bytes / 4 + 4, runLimit))
    }

    /// An empty array of runs with room for `capacity`, the kept buffer when there is one.
    package func takeRuns(capacity: Int) -> [ShapedRun] {
        var taken: [ShapedRun] = []
        swap(&taken, &runs)
        taken.removeAll(keepingCapacity: true)
        taken.reserveCapacity(capacity)
        return taken
    }

    /// Keeps `shaped`'s advances, unsafe-to-break codes, runs, cluster boundaries and
    /// opportunities (each with room for at most `limit` elements, runs `runLimit`)
    /// for the next text, leaving in `shaped` what was kept before (empty, unless nothing
    /// took it since).
    func keep(_ shaped: inout ShapedRuns) {
        if shaped.advances.capacity <= Self.limit { swap(&advances, &shaped.advances) }
        if shaped.unsafeToBreak.capacity <= Self.limit { swap(&unsafeToBreak, &shaped.unsafeToBreak) }
        if shaped.runs.capacity <= Self.runLimit { swap(&runs, &shaped.runs) }
        if shaped.clusters.capacity <= Self.limit { swap(&clusters, &shaped.clusters) }
        if shaped.opportunities.capacity <= Self.limit { swap(&opportunities, &shaped.opportunities) }
    }

    /// At least `bytes` bytes, 8-byte aligned, for a break walk's columns: this thread's
    /// walk memory when no walk holds it (grown if it is short, up to `walkLimit` bytes),
    /// else memory of the walk's own. Give it back with `giveBackWalkMemory(_:)`.
    /// (A typed allocation: `UnsafeMutableRawPointer.allocate(byteCount:alignment:)` of an
    /// alignment malloc already gives goes through `posix_memalign`, about 450 instructions
    /// a text against about 100 for `malloc`; reusing the memory saves the rest.)
    func takeWalkMemory(bytes: Int) -> UnsafeMutableRawPointer {
        if !walkLent && bytes <= Self.walkLimit {
            if bytes > walkBytes || walk == nil {
                walk?.deallocate()
                // Grown at least twofold (a thread preparing longer and longer texts does
                // not reallocate for each), within the limit.
                walkBytes = Swift.min(Swift.max(bytes, 2 * walkBytes, 4096), Self.walkLimit)
                walk = UnsafeMutableRawPointer(UnsafeMutablePointer<UInt64>.allocate(capacity: (walkBytes + 7) / 8))
            }
            walkLent = true
            return walk!
        }
        return UnsafeMutableRawPointer(UnsafeMutablePointer<UInt64>.allocate(capacity: (bytes + 7) / 8))
    }

    /// Ends a walk's hold on `memory` (from `takeWalkMemory(bytes:)`): this thread's walk
    /// memory is kept, other memory freed.
    func giveBackWalkMemory(_ memory: UnsafeMutableRawPointer) {
        if memory == walk { walkLent = false } else { memory.deallocate() }
    }

    /// The most bytes of walk memory a thread keeps (a text of about 2,500 clusters).
    static let walkLimit = 1 << 18

    deinit { walk?.deallocate() }

    /// `values` copied into `kept`'s buffer (its old elements replaced, its capacity kept),
    /// `kept` left empty.
    /// (One `replaceSubrange` of all the old elements: `removeAll(keepingCapacity:)` is a
    /// `replaceSubrange` too, and the `append` after it checked the buffer again, about 55
    /// instructions a call more.)
    @inline(__always)
    private static func take<T>(_ kept: inout [T], copying values: UnsafeBufferPointer<T>) -> [T] {
        var taken: [T] = []
        swap(&taken, &kept)
        taken.replaceSubrange(0..<taken.count, with: values)
        return taken
    }

    /// `count` zeros in `kept`'s buffer (emptied, its capacity kept, then filled), `kept`
    /// left empty.
    /// (`Array(repeating:count:)` allocates through the standard library's unspecialized
    /// `_allocateBufferUninitialized`, which looks up the storage class's metadata on every
    /// call: about 950 instructions an array; growing an empty array here uses the
    /// specialized path.)
    /// Up to `limit` elements are copied from a block of zeros (`zeros(_:)`; a copy of a buffer is a
    /// `memcpy`; appending `repeatElement(0, count:)` stored the elements one at a time, about
    /// 3 instructions a byte of text for each of the advances and the codes).
    @inline(__always)
    private static func take<T: FixedWidthInteger>(_ kept: inout [T], zeroed count: Int) -> [T] {
        if count <= limit, let zeros = zeros(T.self) {
            return take(&kept, copying: UnsafeBufferPointer(start: zeros, count: count))
        }
        var taken: [T] = []
        swap(&taken, &kept)
        taken.removeAll(keepingCapacity: true)
        taken.reserveCapacity(count)
        taken.append(contentsOf: repeatElement(0, count: count))
        return taken
    }

    /// `limit` zeros of type `T` to copy from, for the two types taken zeroed (nil for any
    /// other): `zeroAdvances` and `zeroCodes`.
    @inline(__always)
    private static func zeros<T>(_: T.Type) -> UnsafePointer<T>? {
        if T.self == Int32.self { return UnsafeRawPointer(zeroAdvances).assumingMemoryBound(to: T.self) }
        if T.self == UInt8.self { return UnsafeRawPointer(zeroCodes).assumingMemoryBound(to: T.self) }
        return nil
    }

    /// Zeros to copy from, one block a type, bound to it once and never written (`calloc`:
    /// a large block is mapped on demand, its pages the system's one zero page until
    /// written). Shared by all threads, read only.
    nonisolated(unsafe) private static let zeroAdvances: UnsafePointer<Int32> = zeroBlock(Int32.self)
    nonisolated(unsafe) private static let zeroCodes: UnsafePointer<UInt8> = zeroBlock(UInt8.self)

    /// `limit` zeros of `T`, bound to `T` for good.
    private static func zeroBlock<T: FixedWidthInteger>(_: T.Type) -> UnsafePointer<T> {
        UnsafePointer(calloc(limit, MemoryLayout<T>.stride)!.bindMemory(to: T.self, capacity: limit))
    }
}
