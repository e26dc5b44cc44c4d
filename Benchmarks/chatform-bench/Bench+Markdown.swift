import ChatFormFont
import ChatFormMarkdown
import ChatFormTesting
import ChatFormText
import Foundation

extension Bench {
    /// Markdown messages: parse (cmark-gfm) and lay out 100k messages at 320 px (10k with
    /// --quick) on every core, as `chatform measure` does with `{"id","markdown"}` lines: the
    /// 2,200 messages of the Markdown tuning corpus, repeated. Each result is checked against
    /// a serial layout of the same message. Beside it, the same sources measured as plain text
    /// (`ShapedText` in the body font, as `chatform measure` does `{"text"}` lines): the cost of
    /// parsing, styling and stacking blocks over plain paragraphs.
    func markdown(threads: Int, into results: inout Results) throws {
        let corpus = ToolProcess.packageRoot.appendingPathComponent("Tests/ChatFormMarkdownTests/Fixtures/markdown-tuning.jsonl")
        guard let data = FileManager.default.contents(atPath: corpus.path) else {
            progress("markdown: \(corpus.path) not found, skipped")
            return
        }
        struct Line: Decodable { var markdown: String }
        let decoder = JSONDecoder()
        let sources = try data.split(separator: 0x0A).map { try decoder.decode(Line.self, from: Data($0)).markdown }
        let typesetter: MarkdownTypesetter
        do { typesetter = try MarkdownTypesetter(theme: .default) } catch {
            progress("markdown: \(error), skipped")
            return
        }
        let count = quick ? 10_000 : 100_000
        progress("markdown: \(count) messages on \(threads) threads")
        let heights = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        defer { heights.deallocate() }
        let box = _SendableBuffer(heights)
        let seconds = Clock.time {
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                var i = t
                while i < count {
                    box.buffer[i] = (try? typesetter.layout(sources[i % sources.count], width: 320).height) ?? -1
                    i += threads
                }
            }
        }
        for i in stride(from: 0, to: count, by: 97) {
            let serial = try typesetter.layout(sources[i % sources.count], width: 320).height
            check(heights[i] == serial, "markdown: a parallel layout differs from a serial one")
        }
        check(!heights.contains(-1), "markdown: a message failed to lay out")
        results["markdown.measure.messages"] = Double(count)
        results["markdown.measure.threads"] = Double(threads)
        results["markdown.measure.bytes_per_message"] = Double(sources.reduce(0) { $0 + $1.utf8.count }) / Double(sources.count)
        results["markdown.measure.messages_per_s"] = Double(count) / seconds

        let body = try FontStack(family: "DejaVu Sans", size: 16)
        let plainSeconds = Clock.time {
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                var i = t
                while i < count {
                    box.buffer[i] = (try? ShapedText(text: sources[i % sources.count], shaper: body).measure(width: 320).height) ?? -1
                    i += threads
                }
            }
        }
        check(!heights.contains(-1), "markdown: a plain message failed to lay out")
        results["markdown.plain_same_sources.messages_per_s"] = Double(count) / plainSeconds
        results["markdown.measure.vs_plain"] = seconds / plainSeconds
    }
}

/// A buffer written by several threads, each index by one.
private struct _SendableBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Double>
    init(_ buffer: UnsafeMutableBufferPointer<Double>) { self.buffer = buffer }
}
