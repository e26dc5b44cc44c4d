#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ChatFormText
import ChatFormFont

extension Bench {
    /// What a prepared message keeps in memory (issue 23): the font corpus prepared with a
    /// warm stack (faces open, fallback decisions made) and every prepared text kept; the
    /// heap bytes in use after, minus before, a message
    /// (`font.prepared.bytes_per_text`). The allocator counts them (glibc's `malloc_info`,
    /// each block's usable size: the real capacities of the break entries, advances, runs
    /// and every other buffer a prepared text holds, and its storage). The text itself is
    /// the caller's string, shared and not counted; the cache of shaped words is emptied
    /// before both counts (it belongs to the stack, not to a message).
    func preparedBytes(into results: inout Results) throws {
        let messages = try fontMessages()
        let stack = try FontStack(family: fontFamily, size: fontSize)
        // A first pass makes the stack's lasting decisions (fallback faces, their metrics).
        for m in messages { _ = try ShapedText(text: m, shaper: stack) }
        var kept: [ShapedText] = []
        kept.reserveCapacity(messages.count)
        FontStack.clearShapedWordCache()
        let before = Self.heapBytesInUse()
        for m in messages { kept.append(try ShapedText(text: m, shaper: stack)) }
        FontStack.clearShapedWordCache()
        let after = Self.heapBytesInUse()
        check(kept.count == messages.count && after > before, "preparing kept no memory")
        results["font.prepared.bytes_per_text"] = Double(after - before) / Double(messages.count)
        withExtendedLifetime(kept) {}
    }

    /// Bytes the allocator has handed out and not taken back, on every arena: glibc's
    /// `malloc_info` report (looked up at run time: Swift's Glibc module leaves out
    /// malloc.h), its totals after the last heap: the memory taken from the system, less
    /// the free chunks ("fast" and "rest", the top chunk included), plus mmapped blocks.
    /// The report is written through a memory stream, whose buffer is counted alike before
    /// and after.
    static func heapBytesInUse() -> Int {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { fatalError("malloc_info is missing (not glibc?)") }
        let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var length = 0
        guard let stream = open_memstream(&buffer, &length) else { fatalError("open_memstream failed") }
        _ = mallocInfo(0, stream)
        fclose(stream)
        guard let buffer else { fatalError("malloc_info wrote nothing") }
        let xml = String(cString: buffer)
        free(buffer)
        // The totals for every arena follow the last heap's report.
        let totals = xml.range(of: "</heap>", options: .backwards).map { String(xml[$0.upperBound...]) } ?? xml
        func figure(_ tag: String, _ type: String) -> Int {
            guard let start = totals.range(of: "<\(tag) type=\"\(type)\""),
                  let sizeStart = totals.range(of: "size=\"", range: start.upperBound..<totals.endIndex),
                  let end = totals[sizeStart.upperBound...].firstIndex(of: "\"") else { fatalError("malloc_info: no \(tag) \(type)") }
            return Int(totals[sizeStart.upperBound..<end]) ?? 0
        }
        return figure("system", "current") - figure("total", "fast") - figure("total", "rest") + figure("total", "mmap")
    }

    /// `font.prepared.bytes_per_text` as first reported (the default corpus of 500 generated
    /// messages, Noto Sans 16 px, 2026-11-26 06:19 UTC; 5,232 in a second run, 6,033 on
    /// `Benchmarks/corpus/chat-messages.txt`): issue 23's target is half of it (with the
    /// default corpus).
    static let preparedBytesFirstFigure = 5_227.0
}
