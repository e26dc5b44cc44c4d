import Testing
import Foundation
@testable import ChatFormFuzzing
import ChatFormReplay
import ChatFormScroll
import ChatFormTesting

/// The replay target's fast path: generated scripts built as values, states checked from
/// the table and the behaviour outputs instead of from their parsed lines.
@Suite("Replay fuzz property")
struct ReplayPropertyTests {
    /// Random inputs of the generated kinds (fixed seed), and the corpus's.
    static func generatedInputs() throws -> [[UInt8]] {
        var random = SplitMix64(seed: 29)
        var inputs = try FuzzCorpusTests.corpus(.replay).map { try [UInt8](Data(contentsOf: $0)) }.filter { ($0.first ?? 0) & 4 != 0 }
        for k in 0..<200 {
            let flags: UInt8 = (k % 2 == 0 ? 4 : 12) | UInt8(k % 4)
            inputs.append([flags] + (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        return inputs
    }

    /// The generator hands the replay a value, not text: its text must read back to it, so
    /// an input means what `chatform replay` would make of the script written out.
    @Test("a generated script's text reads back to the script")
    func generatedScriptsReadBack() throws {
        for data in try Self.generatedInputs() {
            var input = FuzzBytes(data)
            let flags = input.byte()
            let script = flags & 8 == 0 ? ReplayScriptGenerator.script(&input) : ReplayScriptGenerator.behaviorScript(&input)
            let text = JSONWriter.encode(script)
            #expect(try JSONReader.parse(Array(text.utf8)) == script, "\(text)")
        }
    }

    /// What the property checks at every frame is what `chatform replay` writes: the
    /// states `Replay.play` hands over are the lines `Replay.run` prints, number for number.
    @Test("the states checked are the lines written")
    func statesAreTheLines() throws {
        var compared = 0
        var framesCompared = 0
        // The table scripts of the seed corpus, written and generated.
        var scripts: [JSONValue] = try FuzzCorpusTests.corpus(.replay).compactMap { file in
            let data = try [UInt8](Data(contentsOf: file))
            guard let flags = data.first, flags & 4 == 0, let script = try? JSONReader.parse(Array(data.dropFirst())),
                  script["behavior"] == nil else { return nil }
            return script
        }
        for data in try Self.generatedInputs() where data[0] & 8 == 0 {
            var input = FuzzBytes(data)
            _ = input.byte()
            scripts.append(ReplayScriptGenerator.script(&input))
        }
        for script in scripts {
            let options = Replay.Options(frames: true)
            // Up to the first event that fails, if one does (its frames are not written).
            var states: [[Double]] = []
            var pending: [[Double]] = []
            _ = try? Replay.play(script, options: options) { moment in
                if moment.frame != nil {
                    pending.append(Self.numbers(of: moment.table))
                } else {
                    states += pending + [Self.numbers(of: moment.table)]
                    pending = []
                }
            }
            var lines: [String] = []
            try? Replay.run(script: Array(JSONWriter.encode(script).utf8), options: options) { lines.append($0) }
            #expect(lines.count == states.count)
            for (line, state) in zip(lines, states) {
                let value = try JSONReader.parse(Array(line.utf8))
                var numbers = [value["offset"], value["contentHeight"], value["viewport"]?["height"],
                               value["insets"]?["top"], value["insets"]?["bottom"], value["keyboard"]].map { $0?.number ?? .nan }
                numbers += [value["caret"]?["y"]?.number ?? -1, value["firstVisible"]?["screenY"]?.number ?? -1]
                for row in value["rows"]?.array ?? [] { numbers += [row["y"]?.number ?? .nan, row["height"]?.number ?? .nan] }
                #expect(numbers == state, "\(line)")
                if value["frame"] != nil { framesCompared += 1 }
                compared += 1
            }
        }
        #expect(compared > 150 && framesCompared > 50, "\(compared) lines, \(framesCompared) frames")
    }

    /// The property's frame budget: a script plays up to the `advance` that would step the
    /// table past it, frames or not, and every event before it is checked as before.
    @Test("the frame budget stops a script before the advance that would pass it")
    func frameBudgetStopsBeforeTheAdvance() throws {
        func script(rate: Int, duration: Double) throws -> JSONValue {
            let text = #"{"viewport":{"width":20,"height":10},"frameRate":\#(rate),"rows":[{"id":"a","text":"hi","editable":true}],"#
                + #""events":[{"focus":"a"},{"keyboard":{"height":4,"duration":\#(duration)}},{"advance":\#(duration + 1)},{"type":"x"}]}"#
            return try JSONReader.parse(Array(text.utf8))
        }
        for frames in [false, true] {
            var options = Replay.Options(frames: frames)
            options.frameBudget = ReplayProperty.frameBudget
            // 60 s at 1,000 frames a second: 60,001 frames; stopped before the advance.
            var reported = 0
            #expect(try Replay.play(try script(rate: 1000, duration: 60), options: options) { reported += $0.frame == nil ? 0 : 1 } == 2)
            #expect(reported == 0)
            // 60 s at 60 a second fits (3,601 frames), and so does everything after it.
            reported = 0
            #expect(try Replay.play(try script(rate: 60, duration: 60), options: options) { reported += $0.frame == nil ? 0 : 1 } == 4)
            #expect(reported == (frames ? 3601 : 0))
            options.frameBudget = nil
            #expect(try Replay.play(try script(rate: 1000, duration: 60), options: options) { _ in } == 4)
        }
        // The property passes on both, the budget stopping the first.
        for rate in [1000, 60] {
            try ReplayProperty.check([1] + Array(JSONWriter.encode(try script(rate: rate, duration: 60)).utf8))
        }
    }

    static func numbers(of t: TableSession<String>) -> [Double] {
        var numbers = [t.viewport.offset, t.rows.contentHeight, t.viewport.size.height, t.viewport.topInset,
                       t.viewport.bottomInset, t.viewport.keyboardOverlap, t.caret?.rect.minY ?? -1, t.rows.firstVisible()?.screenY ?? -1]
        for i in 0..<t.rows.count {
            let frame = t.rows.frame(ofRow: i)
            numbers += [frame.y, frame.height]
        }
        return numbers
    }

    /// The checks made at every frame refuse what they are there to refuse.
    @Test("the state checks refuse broken states")
    func stateChecksCanFail() {
        let rule = ReplayProperty.Clamp(applies: true, bottomAligned: false)
        let good = ReplayProperty.State(time: 0, offset: 0, contentHeight: 30, width: 40, height: 20, topInset: 0,
                                        bottomInset: 0, keyboard: 0, caret: (x: 1, y: 2, height: 1), firstVisible: 0)
        let rows = [(y: 0.0, height: 10.0), (y: 10.0, height: 20.0)]
        #expect(ReplayProperty.problem(in: good, rows: rows, rule) == nil)
        var broken: [(ReplayProperty.State, [(y: Double, height: Double)])] = []
        for k in 0..<5 {
            var state = good
            switch k {
            case 0: state.offset = .nan
            case 1: state.caret = (x: 1, y: .infinity, height: 1)
            case 2: state.firstVisible = -.infinity
            case 3: state.offset = 11   // past the end: 30 - 20
            default: state.offset = -1
            }
            broken.append((state, rows))
        }
        broken.append((good, [(y: 0, height: 10), (y: 11, height: 19)]))        // a gap
        broken.append((good, [(y: 0, height: 10), (y: 10, height: 10)]))        // short of the content
        broken.append((good, [(y: 0, height: 10), (y: 10, height: .nan)]))
        for (state, rows) in broken {
            #expect(ReplayProperty.problem(in: state, rows: rows, rule) != nil, "\(state) \(rows)")
        }
        // Without the clamp (drags), an offset past the end is allowed.
        var dragged = good
        dragged.offset = 11
        #expect(ReplayProperty.problem(in: dragged, rows: rows, ReplayProperty.Clamp(applies: false, bottomAligned: false)) == nil)
    }

    @Test("the line checks refuse broken lines")
    func lineChecksCanFail() {
        let rule = ReplayProperty.Clamp(applies: true, bottomAligned: false)
        let line = #"{"event":0,"offset":0,"contentHeight":10,"viewport":{"width":5,"height":20},"insets":{"top":0,"bottom":0},"caret":null,"firstVisible":null,"rows":[{"id":"a","y":0,"height":10}]}"#
        #expect(ReplayProperty.problem(in: line, allRows: true, rule) == nil)
        for bad in [line.replacingOccurrences(of: #""offset":0"#, with: #""offset":null"#),
                    line.replacingOccurrences(of: #""height":10}"#, with: #""height":null}"#),
                    line.replacingOccurrences(of: #""y":0,"#, with: #""y":1,"#),
                    line.replacingOccurrences(of: #""offset":0"#, with: #""offset":5"#),
                    String(line.dropLast())] {
            #expect(ReplayProperty.problem(in: bad, allRows: true, rule) != nil, "\(bad)")
        }
        // An id that reads "null" is not a null.
        #expect(ReplayProperty.problem(in: line.replacingOccurrences(of: #""id":"a""#, with: #""id":"null""#), allRows: true, rule) == nil)
    }

    /// Every number field of a behaviour's output is one the property checks, so a field
    /// added later cannot go unchecked; a value that is not finite is refused.
    @Test("every number of a behaviour's output is checked")
    func behaviorNumbersAreChecked() {
        var output = BehaviorScriptOutput(kind: "frame", time: 1)
        (output.position, output.offset, output.headerPosition, output.alpha) = (1, 2, 3, 4)
        (output.snapTargetOffset, output.overlayOffset, output.containerOffset, output.listOffset) = (5, 6, 7, 8)
        (output.overlayContentHeight, output.targetOffset, output.listOffsets) = (9, 10, ["a": 11])
        var checked: Set<String> = []
        output.forEachNumber { key, _ in checked.insert(key) }
        let numeric = Set(Mirror(reflecting: output).children.compactMap { child -> String? in
            let type = Swift.type(of: child.value)
            return type == Double.self || type == Double?.self || type == [String: Double]?.self ? child.label : nil
        })
        #expect(numeric.count >= 12)
        #expect(checked == numeric)
        #expect(ReplayProperty.problem(in: output) == nil)
        #expect(ReplayProperty.problem(inLineOf: output) == nil)
        for k in 0..<3 {
            var bad = output
            switch k {
            case 0: bad.alpha = .nan
            case 1: bad.listOffsets = ["a": .infinity]
            default: bad.time = -.infinity
            }
            #expect(ReplayProperty.problem(in: bad) != nil)
            #expect(ReplayProperty.problem(inLineOf: bad) != nil)
        }
    }
}
