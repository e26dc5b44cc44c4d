import ChatFormMotion
import Foundation

/// Replaying: a clock, one runner per behaviour, frame sampling.
extension BehaviorScript {
    /// Replays the script (see `run(scriptData:frames:)`).
    /// - Throws: `BehaviorScriptError`.
    public func run(frames: Bool) throws -> [String] {
        var runner: any _BehaviorRunner
        do {
            switch behavior {
            case .toolbar: runner = try _ToolbarRunner(config: config)
            case .header: runner = try _HeaderRunner(config: config)
            case .tabs: runner = try _TabsRunner(config: config)
            case .sections: runner = try _SectionsRunner(config: config)
            }
        } catch let error as BehaviorError {
            throw BehaviorScriptError.rejected(index: nil, error)
        }
        var clock: AnimationClock
        do { clock = try AnimationClock(frameRate: config.frameRate ?? 60) } catch let error as MotionError {
            throw BehaviorScriptError.invalidConfig(error.description)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var lines: [String] = []
        func emit(_ output: BehaviorScriptOutput) throws {
            lines.append(String(decoding: try encoder.encode(output), as: UTF8.self))
        }
        func moveClock(to time: Double, index: Int?) throws {
            let crossed: [Double]
            do { crossed = try clock.advance(to: time) } catch {
                throw BehaviorScriptError.rejected(index: index, .timeWentBackwards(previous: clock.now, time: time))
            }
            guard frames else { return }
            for t in crossed {
                var output = runner.sample(at: t)
                output.kind = "frame"
                output.frame = clock.frameIndex(atOrBefore: t)
                try emit(output)
            }
        }

        for (index, event) in events.enumerated() {
            var time = event.at ?? clock.now
            if event.type == "advance" {
                guard let by = event.by else { throw BehaviorScriptError.missingField(index: index, field: "by") }
                guard by.isFinite, by >= 0 else {
                    throw BehaviorScriptError.rejected(index: index, .invalidNumber(name: "by", value: by))
                }
                time += by
            }
            guard time.isFinite else {
                throw BehaviorScriptError.rejected(index: index, .invalidNumber(name: "at", value: time))
            }
            guard time - clock.now <= 3600 else {
                throw BehaviorScriptError.rejected(index: index, .invalidNumber(name: "at (more than an hour later)", value: time))
            }
            try moveClock(to: time, index: index)
            var output: BehaviorScriptOutput
            if event.type == "advance" {
                output = runner.sample(at: time)
            } else {
                do {
                    output = try runner.apply(event, index: index, at: time)
                } catch let error as BehaviorError {
                    throw BehaviorScriptError.rejected(index: index, error)
                }
            }
            output.kind = "event"
            output.index = index
            output.type = event.type
            try emit(output)
        }
        if frames {
            let limit = clock.now + 10
            while !runner.isSettled(at: clock.now) && clock.now < limit {
                let next = clock.time(ofFrame: clock.frameIndex(atOrBefore: clock.now) + 1)
                try moveClock(to: next, index: nil)
            }
        }
        return lines
    }
}

/// One behaviour's replay state.
protocol _BehaviorRunner {
    /// Applies an event at `time` and returns the state after it.
    mutating func apply(_ event: BehaviorScript.Event, index: Int, at time: Double) throws -> BehaviorScriptOutput
    /// The state at `time` without an event.
    func sample(at time: Double) -> BehaviorScriptOutput
    /// True when no animation is running at `time`.
    func isSettled(at time: Double) -> Bool
}

extension BehaviorScript.Event {
    /// The field's value, or `missingField`.
    func require(_ value: Double?, _ name: String, _ index: Int) throws -> Double {
        guard let value else { throw BehaviorScriptError.missingField(index: index, field: name) }
        return value
    }

    /// The string field's value, or `missingField`.
    func require(_ value: String?, _ name: String, _ index: Int) throws -> String {
        guard let value else { throw BehaviorScriptError.missingField(index: index, field: name) }
        return value
    }
}

extension BehaviorScript.Config {
    func require(_ value: Double?, _ name: String) throws -> Double {
        guard let value else { throw BehaviorScriptError.invalidConfig("missing '\(name)'") }
        return value
    }
}
