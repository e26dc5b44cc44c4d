import ChatFormBehaviors
import ChatFormMotion

/// Replaying: a clock, one runner per behaviour, frame sampling.
extension BehaviorScript {
    /// Replays the script (see ``run(script:frames:)``).
    /// - Throws: ``ReplayError`` naming the event (or the configuration) and what the model
    ///   rejected.
    /// - Complexity: O(events + frames).
    public func run(frames: Bool) throws(ReplayError) -> [String] {
        var lines: [String] = []
        try run(frames: frames) { lines.append($0.jsonLine) }
        return lines
    }

    /// Replays the script as ``run(frames:)`` does, handing `observe` each output (frames as
    /// they are reached, events as they are applied) instead of writing its line (its
    /// ``BehaviorScriptOutput/jsonLine``). The fuzz property checks the outputs themselves here.
    package func run(frames: Bool, observe: (BehaviorScriptOutput) -> Void) throws(ReplayError) {
        var runner: any _BehaviorRunner
        do {
            switch behavior {
            case .toolbar: runner = try _ToolbarRunner(config: config)
            case .header: runner = try _HeaderRunner(config: config)
            case .tabs: runner = try _TabsRunner(config: config)
            case .sections: runner = try _SectionsRunner(config: config)
            }
        } catch {
            throw Self.wrap(error, "script.config")
        }
        var clock: AnimationClock
        let frameRate = config.frameRate ?? 60
        guard frameRate >= 1, frameRate <= 1000 else {
            throw ReplayError("script.config.frameRate: must be within 1...1000 (got \(JSONWriter.number(frameRate)))")
        }
        do { clock = try AnimationClock(frameRate: frameRate) } catch {
            throw ReplayError("script.config.frameRate: \(error)")
        }
        func moveClock(to time: Double, path: String) throws(ReplayError) {
            guard time >= clock.now else {
                throw ReplayError("\(path): \(BehaviorError.timeWentBackwards(previous: clock.now, time: time))")
            }
            // Frames are listed while something animates; then the clock jumps, so a long
            // quiet gap costs nothing per frame (and without frames nothing is listed at all).
            var listed = 0
            while frames && !runner.isSettled(at: clock.now) {
                let next = clock.time(ofFrame: clock.frameIndex(atOrBefore: clock.now) + 1)
                guard next <= time else { break }
                listed += 1
                guard listed <= AnimationClock.maximumFramesPerStep else {
                    throw ReplayError("\(path): more than \(AnimationClock.maximumFramesPerStep) frames in one step")
                }
                do { try clock.advance(to: next) } catch { throw ReplayError("\(path): \(error)") }
                var output = runner.sample(at: next)
                output.kind = "frame"
                output.frame = clock.frameIndex(atOrBefore: next)
                observe(output)
            }
            if clock.now < time {
                do { clock = try AnimationClock(frameRate: clock.frameRate, now: time) } catch { throw ReplayError("\(path): \(error)") }
            }
        }

        for (index, event) in events.enumerated() {
            let path = "events[\(index)]"
            var time = event.at ?? clock.now
            if event.type == "advance" {
                guard let by = event.by else { throw ReplayError("\(path): missing \"by\"") }
                guard by.isFinite, by >= 0 else { throw ReplayError("\(path).by: must be zero or more (got \(JSONWriter.number(by)))") }
                time += by
            }
            guard time.isFinite else { throw ReplayError("\(path).at: must be finite") }
            guard time - clock.now <= 3600 else {
                throw ReplayError("\(path).at: more than an hour after the previous event (\(JSONWriter.number(time)))")
            }
            try moveClock(to: time, path: path)
            var output: BehaviorScriptOutput
            if event.type == "advance" {
                output = runner.sample(at: time)
            } else {
                do {
                    output = try runner.applying(event, path: path, at: time)
                } catch {
                    throw Self.wrap(error, "\(path) (\(event.type))")
                }
            }
            output.kind = "event"
            output.index = index
            output.type = event.type
            observe(output)
        }
        if frames {
            let limit = clock.now + 10
            while !runner.isSettled(at: clock.now) && clock.now < limit {
                let next = clock.time(ofFrame: clock.frameIndex(atOrBefore: clock.now) + 1)
                try moveClock(to: next, path: "frames")
            }
        }
    }

    /// A runner's error as a `ReplayError`: its own errors pass through, the models' get the path.
    private static func wrap(_ error: any Error, _ path: String) -> ReplayError {
        if let error = error as? ReplayError { return error }
        return ReplayError("\(path): \(error)")
    }
}

/// One behaviour's replay state.
protocol _BehaviorRunner {
    /// Applies an event at `time`, writing what the event itself did (a classification, a
    /// snap target, a press's action) into `output`; `path` names the event in errors.
    mutating func apply(_ event: BehaviorScript.Event, path: String, at time: Double,
                        into output: inout BehaviorScriptOutput) throws
    /// Writes the behaviour's state at `time` into `output`.
    func describe(at time: Double, into output: inout BehaviorScriptOutput)
    /// True when no animation is running at `time`.
    func isSettled(at time: Double) -> Bool
}

extension _BehaviorRunner {
    /// The state at `time` without an event.
    func sample(at time: Double) -> BehaviorScriptOutput {
        var output = BehaviorScriptOutput(kind: "frame", time: time)
        describe(at: time, into: &output)
        return output
    }

    /// Applies an event at `time` and returns what it did with the state after it; `path`
    /// names the event in errors.
    mutating func applying(_ event: BehaviorScript.Event, path: String, at time: Double) throws -> BehaviorScriptOutput {
        var output = BehaviorScriptOutput(kind: "frame", time: time)
        try apply(event, path: path, at: time, into: &output)
        describe(at: time, into: &output)
        return output
    }
}

extension BehaviorScript.Event {
    /// The field's value, or a `ReplayError` naming it.
    func require<T>(_ value: T?, _ name: String, _ path: String) throws(ReplayError) -> T {
        guard let value else { throw ReplayError("\(path): missing \"\(name)\"") }
        return value
    }

    /// The error for a type the behaviour does not know.
    func unknown(_ path: String, _ behavior: String, _ types: String) -> ReplayError {
        ReplayError("\(path).type: unknown \(behavior) event \"\(type)\" (\(types))")
    }
}

extension BehaviorScript.Config {
    /// The field's value, or a `ReplayError` naming it.
    func require<T>(_ value: T?, _ name: String) throws(ReplayError) -> T {
        guard let value else { throw ReplayError("script.config: missing \"\(name)\"") }
        return value
    }

    /// The `mode` field read as a `Mode`, nil when absent, or a `ReplayError` naming the
    /// `behavior`'s modes (`choices`).
    func mode<Mode: RawRepresentable>(_: Mode.Type, of behavior: String, choices: String) throws(ReplayError) -> Mode?
    where Mode.RawValue == String {
        guard let name = mode else { return nil }
        guard let value = Mode(rawValue: name) else {
            throw ReplayError("script.config.mode: unknown \(behavior) mode \"\(name)\" (\(choices))")
        }
        return value
    }
}
