import Testing
import Foundation
@testable import ChatFormFont
import ChatFormTesting

/// A face remembers its nominal glyph look-ups (`cfl_face_glyph`, 1,024 slots by scalar, a
/// later scalar taking an earlier one's slot): what `glyph(for:)` answers must not depend
/// on what was asked before, nor on the slot's other scalars.
@Suite("Glyph memo", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct GlyphMemoTests {
    /// Scalars of the Latin, Greek, Cyrillic, Hangul, CJK and emoji blocks (far more than the
    /// slots: many share one), asked of a fresh face in ascending order and then again in a
    /// shuffled order: the same glyph each time, present exactly where the font's cmap has
    /// one (asked in one batch, past the memo).
    @Test func answersDoNotDependOnWhatWasAskedBefore() throws {
        let scalars = Array(0x80...0x52F) + Array(0x2000...0x20CF) + Array(0x3000...0x30FF) + Array(0xAC00...0xAE00)
            + Array(0x4E00...0x5200) + Array(0x1F300...0x1F64F)
        for family in ["Noto Sans", "DejaVu Sans", "Noto Sans CJK KR"] {
            let file = try #require(try FontLibrary.shared.lookup(family: family), "\(family)")
            // Opened here, not through the library: its memo empty.
            let face = try FontFace(path: file.path, index: file.index, size: 16)
            let first = scalars.map { face.glyph(for: Unicode.Scalar($0)!) }
            var rng = SplitMix64(seed: 125)
            let order = scalars.indices.shuffled(using: &rng)
            var mismatches = 0
            for k in order where face.glyph(for: Unicode.Scalar(scalars[k])!) != first[k] { mismatches += 1 }
            #expect(mismatches == 0, "\(family): answers changed when asked again")
            let wrong = scalars.indices.filter { k in
                let s = UInt32(scalars[k]), cmap = face.coverage(s...s)
                return cmap.all != (first[k] != nil) || cmap.none != (first[k] == nil)
            }
            #expect(wrong.count == 0, "\(family): \(wrong.count) answers differ from the cmap's, first U+\(wrong.first.map { String(scalars[$0], radix: 16) } ?? "")")
            #expect(first.contains { $0 != nil } && first.contains { $0 == nil }, "\(family): a test of present and absent glyphs")
        }
    }

    /// The memo is read and written by any thread (relaxed atomics, one word an answer): two
    /// threads asking one fresh face for overlapping scalars at once (two thirds of the
    /// scalars each, the middle third both, in their own shuffled orders, many rounds, so
    /// slots change hands while the other thread reads them) get the cmap's answer every
    /// time: a fresh face's first answers, themselves held to the cmap asked in one batch.
    @Test func twoThreadsAskingOneFaceGetTheCmapsAnswers() throws {
        let scalars = Array(0x80...0x52F) + Array(0x3000...0x30FF) + Array(0xAC00...0xAE00) + Array(0x4E00...0x5200)
            + Array(0x1F300...0x1F64F)
        for family in ["Noto Sans", "Noto Sans CJK KR"] {
            let file = try #require(try FontLibrary.shared.lookup(family: family), "\(family)")
            let reference = try FontFace(path: file.path, index: file.index, size: 16)
            // Each scalar asked once of an empty memo: the cmap's answer.
            let expected = scalars.map { reference.glyph(for: Unicode.Scalar($0)!) }
            let unlike = scalars.indices.filter { k in
                let s = UInt32(scalars[k]), cmap = reference.coverage(s...s)
                return cmap.all != (expected[k] != nil) || cmap.none != (expected[k] == nil)
            }
            #expect(unlike.isEmpty, "\(family): a fresh face's answers differ from the cmap's")
            #expect(expected.contains { $0 != nil } && expected.contains { $0 == nil }, "\(family): present and absent glyphs")

            let face = try FontFace(path: file.path, index: file.index, size: 16)
            let third = scalars.count / 3
            let parts = [Array(scalars.indices.prefix(2 * third)), Array(scalars.indices.dropFirst(third))]
            let workers = parts.indices.map { _ in GlyphWorker() }
            let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            for (w, part) in parts.enumerated() {
                let worker = workers[w]
                Thread {
                    var rng = SplitMix64(seed: 130 + UInt64(w))
                    ready.signal()
                    go.wait()
                    for _ in 0..<12 {
                        for k in part.shuffled(using: &rng) {
                            if face.glyph(for: Unicode.Scalar(scalars[k])!) != expected[k] { worker.wrong += 1 }
                            worker.asked += 1
                        }
                    }
                    done.signal()
                }.start()
            }
            ready.wait(); ready.wait()
            go.signal(); go.signal()
            done.wait(); done.wait()
            // (The semaphore orders each worker's counts before these reads.)
            #expect(workers.map(\.asked) == parts.map { 12 * $0.count })
            #expect(workers.map(\.wrong) == [0, 0], "\(family): answers other than the cmap's")
        }
    }
}

/// One thread's tally in `twoThreadsAskingOneFaceGetTheCmapsAnswers`: written by that thread
/// alone, read after it signalled that it is done.
private final class GlyphWorker: @unchecked Sendable {
    var asked = 0
    var wrong = 0
}
