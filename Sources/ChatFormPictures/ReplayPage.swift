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
/// A URL ending in `#frame-N` opens on frame N.
public struct ReplayPage: Sendable {
    /// One frame of the page.
    public struct Frame: Sendable {
        /// What the table showed.
        public var frame: TableFrame
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

    /// Plays `script` (a table script, as `chatform replay` reads) and keeps every frame.
    ///
    /// - Throws: `ReplayError` for a bad script, or one that drives no table (a seed
    ///   behaviour's script).
    /// - Complexity: O(frames × the text on screen).
    public init(script: [UInt8], title: String, drawing: LayoutPicture.Drawing = .terminalCells) throws(ReplayError) {
        self.title = title
        self.drawing = drawing
        var frames: [Frame] = []
        try Replay.run(script: script, options: Replay.Options(frames: true), emit: { _ in }) { moment in
            frames.append(Frame(frame: TableFrame(moment.table, caretRuleApplies: moment.caretRuleApplies),
                                event: moment.event, eventJSON: moment.eventJSON, animationFrame: moment.frame))
        }
        self.frames = frames
    }

    /// The indices of the frames where the caret rule is broken.
    public var brokenFrames: [Int] {
        frames.indices.filter { frames[$0].frame.verdict.map { !$0.holds } ?? false }
    }

    /// What led to frame `index`, in words.
    func caption(of index: Int) -> String {
        let f = frames[index]
        let when = f.animationFrame.map { "animation frame \($0) of" } ?? "after"
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
        if broken.isEmpty {
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
            let state = f.frame.verdict.map { $0.holds ? "kept" : "broken" } ?? "not-checked"
            html += "<section class=\"frame \(state)\" id=\"frame-\(index)\" data-event=\"\(f.event)\" hidden>\n"
            html += "<p class=\"event\">\(SVG.escape(caption(of: index)))</p>\n"
            html += f.frame.svg(drawing: drawing, id: String(index))
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
