import ChatFormReplay
import ChatFormScroll

/// Every frame of a replay drawn on one self-contained HTML page (no network, no external
/// script): a slider and the arrow keys step through the frames, each shown with the event
/// that led to it; the frames where the caret rule is broken are listed first, in red, and
/// the page opens on the first of them. What `chatform replay SCRIPT --html OUT.html` writes.
///
/// ```swift
/// let page = try ReplayPage(script: Array(json.utf8), title: "seed 004")
/// page.brokenFrames                       // indices of frames that break the caret rule
/// try page.html.write(toFile: "replay.html", atomically: true, encoding: .utf8)
/// ```
///
/// Frames are the table after every event and at every animation frame the events play.
/// A seed behaviour's script (`{"behavior": …}`) is drawn too: each of its states as the
/// screen it drives (``BehaviorFrame``); the caret rule does not apply there.
/// A URL ending in `#frame-N` opens on frame N.
public struct ReplayPage: Sendable {
    /// One frame of the page.
    public struct Frame: Sendable {
        /// What the table showed (table scripts).
        public var frame: TableFrame?
        /// The behaviour's state (behaviour scripts).
        public var behavior: BehaviorFrame?
        /// The index of the event in the script, and the event as written.
        public var event: Int, eventJSON: String
        /// The animation frame's number, or nil for the state after the event.
        public var animationFrame: Int?
    }

    /// The page's title.
    public var title: String
    /// The frames, in the order they happened.
    public var frames: [Frame]
    /// How the table's units become pixels.
    public var drawing: LayoutPicture.Drawing

    /// Plays `script` (as `chatform replay` reads it) and keeps every frame.
    ///
    /// - Throws: `ReplayError` for a bad script, with its position.
    /// - Complexity: O(frames × the text on screen).
    public init(script: [UInt8], title: String, drawing: LayoutPicture.Drawing = .terminalCells) throws(ReplayError) {
        self.title = title
        self.drawing = drawing
        let json: JSONValue
        do { json = try JSONReader.parse(script) } catch { throw ReplayError(error.description) }
        if let behavior = json["behavior"]?.string {
            frames = try Self.behaviorFrames(script: script, json: json, behavior: behavior)
            return
        }
        var frames: [Frame] = []
        try Replay.run(script: script, options: Replay.Options(frames: true), emit: { _ in }) { moment in
            frames.append(Frame(frame: TableFrame(moment.table, caretRuleApplies: moment.caretRuleApplies), behavior: nil,
                                event: moment.event, eventJSON: moment.eventJSON, animationFrame: moment.frame))
        }
        self.frames = frames
    }

    /// The frames of a behaviour script: each output line of the replay, with the event
    /// it follows.
    static func behaviorFrames(script: [UInt8], json: JSONValue, behavior: String) throws(ReplayError) -> [Frame] {
        let lines = try BehaviorScript.run(script: script, frames: true)
        let events = json["events"]?.array ?? []
        let config = json["config"] ?? .object([])
        var frames: [Frame] = []
        var event = -1
        var offset: Double?
        for line in lines {
            guard let state = try? JSONReader.parse(Array(line.utf8)) else { continue }
            if state["kind"]?.string == "event", let index = state["index"]?.number {
                event = Int(index)
                if event < events.count, let o = events[event]["offset"]?.number { offset = o }
            }
            let k = Swift.max(0, event)
            frames.append(Frame(frame: nil, behavior: BehaviorFrame(behavior: behavior, config: config, state: state, eventOffset: offset),
                                event: k, eventJSON: k < events.count ? JSONWriter.encode(events[k]) : "{}",
                                animationFrame: state["frame"]?.number.map { Int($0) }))
        }
        return frames
    }

    /// The indices of the frames where the caret rule is broken.
    public var brokenFrames: [Int] {
        frames.indices.filter { frames[$0].frame?.verdict.map { !$0.holds } ?? false }
    }

    /// What led to frame `index`, in words.
    func caption(of index: Int) -> String {
        let f = frames[index]
        let when = f.animationFrame.map { "animation frame \($0) \(f.behavior == nil ? "of" : "after")" } ?? "after"
        return "frame \(index + 1)/\(frames.count), \(when) events[\(f.event)]: \(f.eventJSON)"
    }

    /// The page.
    ///
    /// - Complexity: O(frames × the text on screen).
    public var html: String {
        let broken = brokenFrames
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>\(SVG.escape(title))</title>
        <style>
        body { font: 14px 'DejaVu Sans', sans-serif; margin: 16px; color: #222; }
        h1 { font-size: 18px; margin: 0 0 6px; }
        .broken-list { color: #d93025; margin: 6px 0; }
        .broken-list a { color: #d93025; margin-right: 8px; }
        .kept-all { color: #1e8e3e; margin: 6px 0; }
        .controls { display: flex; align-items: center; gap: 8px; margin: 8px 0; }
        .controls input { width: 420px; }
        #label.broken { color: #d93025; font-weight: bold; }
        section.frame[hidden] { display: none; }
        section.frame p.event { font: 12px 'DejaVu Sans Mono', monospace; margin: 4px 0; white-space: pre-wrap; }
        section.frame.broken p.event { color: #d93025; }
        </style></head>
        <body>
        <h1>\(SVG.escape(title))</h1>
        <p>\(frames.count) frames. Keys: ← and → step a frame, Home and End jump.</p>

        """
        if frames.contains(where: { $0.behavior != nil }) {
            html += "<p>A seed behaviour's replay: each state drawn as the screen it drives, its fields beside it.</p>\n"
        } else if broken.isEmpty {
            html += "<p class=\"kept-all\">The caret rule holds at every frame where it applies.</p>\n"
        } else {
            html += "<p class=\"broken-list\">The caret rule is broken at \(broken.count) frame\(broken.count == 1 ? "" : "s"): "
            for index in broken {
                html += "<a href=\"#frame-\(index)\" data-frame=\"\(index)\">\(index + 1)</a>"
            }
            html += "</p>\n"
        }
        html += """
        <div class="controls"><button id="prev" type="button">←</button>
        <input id="slider" type="range" min="0" max="\(Swift.max(0, frames.count - 1))" value="\(broken.first ?? 0)">
        <button id="next" type="button">→</button><span id="label"></span></div>
        <main>

        """
        for index in frames.indices {
            let f = frames[index]
            let state = f.frame?.verdict.map { $0.holds ? "kept" : "broken" } ?? "not-checked"
            // Not named frame-N: a fragment naming an element would scroll the page to it.
            html += "<section class=\"frame \(state)\" data-index=\"\(index)\" data-event=\"\(f.event)\" hidden>\n"
            html += "<p class=\"event\">\(SVG.escape(caption(of: index)))</p>\n"
            if let frame = f.frame { html += frame.svg(drawing: drawing, id: String(index)) }
            if let behavior = f.behavior { html += behavior.svg(id: String(index)) }
            html += "</section>\n"
        }
        html += """
        </main>
        <script>
        (function () {
          var sections = document.querySelectorAll('section.frame');
          var slider = document.getElementById('slider'), label = document.getElementById('label');
          var current = -1;
          function show(i) {
            if (sections.length === 0) return;
            i = Math.max(0, Math.min(sections.length - 1, i));
            if (current >= 0) sections[current].hidden = true;
            sections[i].hidden = false;
            current = i;
            slider.value = i;
            var broken = sections[i].classList.contains('broken');
            label.textContent = 'frame ' + (i + 1) + ' of ' + sections.length + (broken ? ': caret rule broken' : '');
            label.className = broken ? 'broken' : '';
            if (location.hash !== '#frame-' + i) history.replaceState(null, '', '#frame-' + i);
          }
          function fromHash() {
            var m = /^#frame-(\\d+)$/.exec(location.hash);
            return m ? parseInt(m[1], 10) : null;
          }
          slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
          document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
          document.getElementById('next').addEventListener('click', function () { show(current + 1); });
          document.addEventListener('keydown', function (e) {
            if (e.key === 'ArrowLeft') { show(current - 1); e.preventDefault(); }
            else if (e.key === 'ArrowRight') { show(current + 1); e.preventDefault(); }
            else if (e.key === 'Home') { show(0); e.preventDefault(); }
            else if (e.key === 'End') { show(sections.length - 1); e.preventDefault(); }
          });
          document.querySelectorAll('.broken-list a').forEach(function (a) {
            a.addEventListener('click', function (e) { show(parseInt(a.dataset.frame, 10)); e.preventDefault(); });
          });
          window.addEventListener('hashchange', function () { var i = fromHash(); if (i !== null) show(i); });
          var start = fromHash();
          show(start !== null ? start : parseInt(slider.value, 10));
        })();
        </script>
        </body></html>

        """
        return html
    }
}
