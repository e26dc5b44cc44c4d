import ChatFormTesting
import ChatFormText
import ChatFormFont
import ChatFormScroll
import ChatFormGeometry
import Foundation
import ArgumentParser

/// One kind of work `chatform-bench --instructions` does alone, so that an instruction count
/// (callgrind) of the process is that work and the process's fixed costs.
///
/// `Benchmarks/instructions` runs each kind with two pass counts and subtracts: what is left
/// is one pass, without start-up, corpus reading, font loading or the warm-up pass.
enum InstructionLoop: String, ExpressibleByArgument, CaseIterable {
    /// The engine's bulk wrap of the corpus (`TextLayout(text:width:)`, terminal cells).
    case wrap
    /// Raw ICU line-break iteration over the corpus (every opportunity, nothing else).
    case icu
    /// Preparing the font corpus's messages with a fresh font stack and an empty cache of
    /// shaped words (as the `font.prepare` key does).
    case prepare
    /// Laying the prepared messages out at eight new widths (as the `font.layout` key does).
    case layout
    /// `layout` clamped to two lines (`layout(width:lineClamp:)`, as the `clamp.lines2` key).
    case clamp
    /// `measure(width:)` of the prepared messages at the eight widths (line count and height).
    case measure
    /// The caret rects (primary and secondary) of every boundary of the bidi benchmark's
    /// 100-character mixed message (as the `bidi.caret_rect` key does), 1,000 times a pass.
    case caret
    /// Hit tests on the bidi benchmark's grid of points over that message, 1,000 times a pass.
    case hit
    /// `prepare` for the same messages cut into styled spans (as the `styled.prepare` key).
    case styledPrepare = "styled-prepare"
    /// `layout` for the styled messages (as the `styled.layout` key, with whole layouts).
    case styledLayout = "styled-layout"
    /// `measure` for the styled messages (as the `styled.layout` key does).
    case styledMeasure = "styled-measure"
    /// Width changes (360 ↔ 320 px) of the resize benchmark's chat, its 1,000 measured rows
    /// re-laid from their prepared text (as the `resize.chat10k_fonts.ms` key does).
    case resize
    /// The same width changes with every measured row shaped again (the
    /// `resize.chat10k_fonts.reshape_ms` key's path).
    case reshape
    /// 1,000 keystrokes in the middle of the 100,000-line field (as the
    /// `keystroke.field100k` keys: "x", a newline every tenth, a backspace every tenth).
    case fieldKeys = "field-keys"
    /// 600 keystrokes into messages of the 1,000,000-message chat (as the
    /// `keystroke.chat1M` keys: a message scrolled to, focused and typed into 60 times,
    /// then another; only the keystrokes run in the counted function).
    case chatKeys = "chat-keys"
    /// The chat's keystrokes (`--passes` × 600 of them) typed once to learn their kinds,
    /// then again through one function a kind (the first in a message, a new line, the
    /// typical one): callgrind's inclusive cost of each function is that kind's count.
    case chatKeyKinds = "chat-key-kinds"
    /// The process's first chat keystroke (`typeKeyZero`) and `--passes` × 59 more into the
    /// same message (`typeTypicalKey`): under callgrind, keystroke 0 of a process against a
    /// later one.
    case chatKeyZero = "chat-key-zero"
    /// The keystroke benchmark's sequence (`--passes` × 300 `scrollTo` calls, then
    /// `--passes` × 500 keystrokes, a message focused every 60), each keystroke through
    /// `typeEachKey`: under callgrind with `--toggle-collect` and `--dump-after` on it, one
    /// profile a keystroke, to find what the slowest do that the median does not.
    case chatKeyEach = "chat-key-each"
    /// `scrollTo` never-measured rows of the chat (`--passes` × 300 of them, as the
    /// `scrollTo.chat1M` keys): under callgrind with `--dump-after` on `scrollTo`, each
    /// call's instructions.
    case chatScrolls = "chat-scrolls"
    /// Rounds of keystrokes in the middle of the 1 MB paragraph (as the
    /// `keystroke.paragraph1MB` keys): each round types two characters, deletes one, splits
    /// the paragraph with a newline, joins it back and pastes 1 KB; `--passes` rounds after 5
    /// warm-up rounds. Each kind of edit runs in a function of its own
    /// (`countedParagraphType`, `…Backspace`, `…Newline`, `…Join`, `…Paste`), so that
    /// callgrind's `--toggle-collect` counts one kind alone.
    case paragraphKeys = "paragraph-keys"
    /// Writes the generated chat text (the bulk wrap's default corpus) to standard output,
    /// so a peer can read the same bytes; `--passes` is the size in megabytes.
    case text
}

extension Bench {
    /// Does `kind` once as a warm-up and then `passes` times, printing one line that says how
    /// much was done (bytes or messages a pass), for `Benchmarks/instructions`.
    func instructionLoop(_ kind: InstructionLoop, passes: Int) throws {
        switch kind {
        case .text:
            FileHandle.standardOutput.write(Data(Corpus.chatText(bytes: Swift.max(1, passes) * 1_000_000).utf8))
        case .wrap, .icu:
            let text = try instructionCorpus()
            let w = Double(width)
            var lines = 0
            for _ in 0...passes {
                switch kind {
                case .wrap: lines &+= try TextLayout(text: text, width: w).lineCount
                default: lines &+= try ICUReference.countLineBreaks(in: text)
                }
            }
            print("\(kind.rawValue) bytes=\(text.utf8.count) passes=\(passes) check=\(lines)")
        case .caret, .hit:
            let layout = try ShapedText(text: Self.bidiMessage, shaper: try FontStack(family: fontFamily, size: fontSize))
                .layout(width: 240)
            let boundaries = try layout.graphemeBoundaries()
            let points = Self.bidiPoints(layout)
            var sum = 0.0
            for _ in 0...passes {
                for _ in 0..<1_000 {
                    if kind == .caret {
                        for offset in boundaries { sum += try layout.caretRects(for: TextPosition(offset: offset)).primary.minX }
                    } else {
                        for p in points { sum += Double(layout.position(at: p).offset) }
                    }
                }
            }
            print("\(kind.rawValue) calls=\(1_000 * (kind == .caret ? boundaries.count : points.count)) passes=\(passes) check=\(sum)")
        case .fieldKeys:
            var table = try fieldTable()
            for pass in 0...passes {
                for k in 0..<1_000 { try Self.fieldKeystroke(pass * 1_000 + k, in: &table) }
            }
            print("\(kind.rawValue) keystrokes=1000 passes=\(passes) check=\(table.rows.contentHeight)")
        case .chatKeys:
            var table = try chatTable()
            var rng = SplitMix64(seed: 77)
            for pass in 0...passes {
                for k in 0..<600 { try Self.chatKeystroke(pass * 600 + k, in: &table, rng: &rng) }
            }
            print("\(kind.rawValue) keystrokes=600 passes=\(passes) check=\(table.rows.contentHeight)")
        case .chatKeyKinds:
            try chatKeystrokeKinds(Swift.max(1, passes) * 600)
        case .chatKeyZero:
            try chatKeystrokeZero(Swift.max(1, passes) * 59 + 1)
        case .chatKeyEach:
            try chatKeystrokeEach(scrolls: Swift.max(1, passes) * 300, keystrokes: Swift.max(1, passes) * 500)
        case .chatScrolls:
            var table = try chatTable()
            var rng = SplitMix64(seed: 77)
            var measured = 0
            for _ in 0..<(Swift.max(1, passes) * 300) {
                var target = Int.random(in: 0..<Self.chatCount, using: &rng)
                while table.rows.isMeasured(row: target) { target = Int.random(in: 0..<Self.chatCount, using: &rng) }
                let before = table.rows.measurementsMade
                try table.scrollTo(target, anchor: .top)
                measured += table.rows.measurementsMade - before
            }
            print("\(kind.rawValue) scrolls=\(Swift.max(1, passes) * 300) rows_measured=\(measured) check=\(table.viewport.offset)")
        case .paragraphKeys:
            var table = try Self.paragraphTable(megabytes: 1)
            let paste = Self.paragraphPaste
            for _ in 0..<5 {
                for kind in ParagraphKey.allCases { try kind.apply(to: &table, paste: paste) }
            }
            var tally = 0
            for _ in 0..<passes { try Self.countedParagraphRound(&table, paste: paste, tally: &tally) }
            print("\(kind.rawValue) rounds=\(passes) check=\(table.rows.contentHeight + Double(tally))")
        case .resize, .reshape:
            var table = try resizeTable(reusing: kind == .resize)
            var sum = 0.0
            for pass in 0...passes {
                try table.resize(to: Size(width: pass % 2 == 0 ? 320 : 360, height: 640))
                sum += table.rows.contentHeight
            }
            print("\(kind.rawValue) rows=\(table.rows.cachedMeasurementCount) passes=\(passes) check=\(sum)")
        case .prepare, .layout, .measure, .clamp:
            let messages = try fontMessages()
            var prepared: [ShapedText] = []
            var lines = 0
            let widths = (0..<8).map { 200.0 + Double($0) * 20 }
            for pass in 0...passes where kind == .prepare || pass == 0 {
                let stack = try FontStack(family: fontFamily, size: fontSize)
                FontStack.clearShapedWordCache()
                prepared = try messages.map { try ShapedText(text: $0, shaper: stack) }
            }
            if kind == .clamp {
                for _ in 0...passes {
                    for width in widths {
                        for text in prepared { lines &+= try text.layout(width: width, lineClamp: 2).lineCount }
                    }
                }
            } else if kind != .prepare {
                lines &+= try Self.relayouts(prepared, widths, passes: passes, measure: kind == .measure)
            }
            let unit = kind == .prepare ? messages.count : messages.count * widths.count
            print("\(kind.rawValue) messages=\(unit) passes=\(passes) check=\(lines &+ prepared.count)")
        case .styledPrepare, .styledLayout, .styledMeasure:
            let body = FontSpec(family: fontFamily, size: fontSize)
            let styles = StyleSet(body: body)
            let messages = try fontMessages().map { styles.elements(for: $0) }
            let paragraph = ParagraphStyle(font: body)
            var prepared: [StyledText] = []
            var lines = 0
            let widths = (0..<8).map { 200.0 + Double($0) * 20 }
            for pass in 0...passes where kind == .styledPrepare || pass == 0 {
                FontStack.clearShapedWordCache()
                prepared = try messages.map { try StyledText($0, style: paragraph) }
            }
            if kind != .styledPrepare {
                lines &+= try Self.relayouts(prepared.map(\.shaped), widths, passes: passes, measure: kind == .styledMeasure)
            }
            let unit = kind == .styledPrepare ? messages.count : messages.count * widths.count
            print("\(kind.rawValue) messages=\(unit) passes=\(passes) check=\(lines &+ prepared.count)")
        }
    }

    /// `passes + 1` times: every text laid out (or measured) at every width; the line count.
    private static func relayouts(_ texts: [ShapedText], _ widths: [Double], passes: Int, measure: Bool) throws -> Int {
        var lines = 0
        for _ in 0...passes {
            for width in widths {
                for text in texts { lines &+= measure ? try text.measure(width: width).lineCount : try text.layout(width: width).lineCount }
            }
        }
        return lines
    }

    /// The bulk-wrap corpus for an instruction count: `--corpus` or 2 MB of generated chat.
    private func instructionCorpus() throws -> String {
        guard let corpus else { return Corpus.chatText(bytes: 2_000_000) }
        guard let data = FileManager.default.contents(atPath: corpus) else { throw ValidationError("cannot read \(corpus)") }
        return try UTF8Validation.string(from: [UInt8](data))
    }

    /// The real-font messages: `--font-corpus` (one a line) or the 500 built-in ones.
    func fontMessages() throws -> [String] {
        if let fontCorpus {
            guard let data = FileManager.default.contents(atPath: fontCorpus) else { throw ValidationError("cannot read \(fontCorpus)") }
            let messages = try UTF8Validation.string(from: [UInt8](data)).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            guard !messages.isEmpty else { throw ValidationError("the font corpus has no messages") }
            return messages
        }
        var rng = SplitMix64(seed: 500)
        return (0..<500).map { _ in Corpus.message(&rng) }
    }
}
