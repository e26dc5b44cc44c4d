"""Line clamp in Chromium: `record-browser-layout --clamp` (see Tools/README.md).

Every paragraph is laid out at each width under `-webkit-line-clamp: N` (`display:
-webkit-box; -webkit-box-orient: vertical; overflow: hidden`, the plain recorder's CSS
otherwise) for each N, and once on one line with `text-overflow: ellipsis` (`white-space:
pre; overflow: hidden`; its first line only, so `pre` is `nowrap` without the collapsing of
spaces). The paragraph's text is in a red span inside a blue div: the ellipsis is drawn in the
block's style (blue), the text in red, so a photograph of the page (DevTools
`Page.captureScreenshot`, read back into a canvas in the page) tells the text that is painted
from the ellipsis.

Recorded per layout:
- `height`: the clamped div's height (px).
- `hidden`: whether text was laid out past the last visible line, or (one line) whether a
  glyph's rect passes the box's edges and an ellipsis is painted.
- `lineStart`: UTF-8 offset of the last visible line's start.
- `visible`: UTF-8 ranges [start, end) of the last visible line's graphemes that are painted
  (red ink inside the grapheme's rect, or left of a grapheme that has; white space, which
  has no ink, counts between two painted graphemes, never at a range's end).
- `cut`: [start, end) of the graphemes Chromium reports twice (Range.getClientRects: the
  line truncator hides the text fragment it cuts and adds the part it keeps), or null.
- `ellipsisX`: where the ellipsis starts, from the div's left (px, to 1/8): the painted
  ellipsis's rightmost blue column, less the ink's right edge in a reference "…" drawn at
  a whole pixel (with `--dir rtl` or `auto`: its leftmost blue column, less the ink's left
  edge in the reference, each to a fraction of a pixel by the coverage of its edge
  columns); null when none is painted.
- `ellipsisWidth`: the reference "…"'s width.

With `--dir rtl` or `--dir auto` every box has that `dir` attribute (the header says which)
and each record says whether its box was laid out right to left (`rtl`, the computed
`direction`); the hidden part of a right-to-left line is its visual left, so the photograph's painted
graphemes are read from the right.
"""

import base64
import html
import json
import os
import sys
import time

PAD = 16          # left margin of every box, so ink left of the box is photographed
GAP = 12          # vertical gap between boxes

CLAMP_SCRIPT = r"""
(function () {
  const data = JSON.parse(document.getElementById('data').textContent);
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const out = { boxes: [] };
  const ref = document.getElementById('ref');
  const refRect = ref.getBoundingClientRect();
  out.ref = { left: refRect.left, top: refRect.top, width: ref.firstChild.getBoundingClientRect().width,
              height: refRect.height };
  for (const box of document.querySelectorAll('.box')) {
    const span = box.firstChild, t = span.firstChild;
    const r = box.getBoundingClientRect();
    const g = [];
    if (t) for (const s of seg.segment(t.data)) {
      const rg = document.createRange();
      rg.setStart(t, s.index); rg.setEnd(t, s.index + s.segment.length);
      const rs = [...rg.getClientRects()].filter(q => q.height > 0);
      g.push({ i: s.index, n: s.segment.length, s: s.segment, rs: rs.map(q => [q.left, q.top, q.width, q.height]) });
    }
    out.boxes.push({ key: box.dataset.key, oneLine: box.dataset.key.endsWith('|0'),
                     rtl: getComputedStyle(box).direction === 'rtl', left: r.left, top: r.top + scrollY, width: r.width, height: r.height,
                     g: g });
  }
  window.__layout = out;
  document.getElementById('out').textContent = 'ready';
})();
window.analyse = function (src) {
  return new Promise(resolve => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const ctx = c.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      const W = c.width;
      const at = (x, y) => { const k = (y * W + x) * 4; return [px[k], px[k + 1], px[k + 2]]; };
      const blue = p => p[2] - p[0] > 60 && p[2] - p[1] > 60;
      // How much of a pixel blue ink covers (blue on white: red and green fall together).
      const cover = p => (p[2] > 200 && Math.abs(p[0] - p[1]) < 24) ? Math.max(0, (255 - Math.max(p[0], p[1])) / 255) : 0;
      // The left edge of blue ink found at column x (its leftmost blue column), to a
      // fraction of a pixel: the column before it counts by its coverage, as does x itself.
      const leftEdge = (x, y0, y1) => {
        let c0 = 0, c1 = 0;
        for (let y = y0; y < y1; y++) { c0 = Math.max(c0, cover(at(x - 1, y))); c1 = Math.max(c1, cover(at(x, y))); }
        return c0 > 0.02 ? x - c0 : x + 1 - c1;
      };
      // Painted text: not white and not tinted blue (the ellipsis's edges blend blue into white).
      const ink = p => !(p[2] - p[0] > 15 && p[2] - p[1] > 15) && (p[0] < 235 || p[1] < 235 || p[2] < 235);
      const L = window.__layout;
      // The reference ellipsis: its rightmost blue column from its left edge.
      const ref = L.ref;
      let refRight = null, refLeft = null;
      for (let y = Math.floor(ref.top); y < Math.ceil(ref.top + ref.height); y++)
        for (let x = Math.floor(ref.left); x < Math.ceil(ref.left + ref.width) + 4; x++)
          if (blue(at(x, y))) {
            if (refRight === null || x > refRight) refRight = x;
            if (refLeft === null || x < refLeft) refLeft = x;
          }
      const result = { refRight: refRight === null ? null : refRight + 1 - ref.left,
                       refLeft: refLeft === null ? null
                         : leftEdge(refLeft, Math.floor(ref.top), Math.ceil(ref.top + ref.height)) - ref.left, boxes: [] };
      for (const b of L.boxes) {
        const bottom = b.top + b.height;
        // Lines by the top of each grapheme's last rect.
        const tops = [];
        for (const g of b.g) { if (g.rs.length) { const q = g.rs[g.rs.length - 1]; g.top = q[1] + scrollY; g.q = q;
          if (!tops.some(t => Math.abs(t - g.top) < 0.5)) tops.push(g.top); } }
        tops.sort((a, c) => a - c);
        const inside = tops.filter(t => t < bottom - 0.5);
        const lastTop = inside.length ? inside[inside.length - 1] : null;
        const last = b.g.filter(g => g.top !== undefined && Math.abs(g.top - lastTop) < 0.5);
        // Text past the last visible line, or (one line) a glyph past the box's edges and an
        // ellipsis painted: a glyph's rect may pass the edge where the line fits (closing
        // punctuation set flush), and a blue emoji is no ellipsis.
        let hidden = tops.length > inside.length;
        const past = b.g.some(g => g.q && (g.q[0] + g.q[2] > b.left + b.width + 1 / 128 || g.q[0] < b.left - 1 / 128));
        let bandTop = lastTop === null ? b.top : lastTop, bandBottom = bottom;
        for (const g of last) bandTop = Math.min(bandTop, g.q[1] + scrollY);
        const y0 = Math.max(0, Math.floor(bandTop)), y1 = Math.min(c.height, Math.ceil(bandBottom));
        let right = null, left = null;
        for (let y = y0; y < y1; y++)
          for (let x = Math.max(0, Math.floor(b.left) - 8); x < Math.min(W, Math.ceil(b.left + b.width) + 8); x++)
            if (blue(at(x, y))) {
              if (right === null || x > right) right = x;
              if (left === null || x < left) left = x;
            }
        const inked = last.map(g => {
          const q = g.q;
          const xa = Math.max(0, Math.ceil(b.left), Math.ceil(q[0] + 1));
          const xb = Math.min(W - 1, Math.floor(b.left + b.width) - 1, Math.floor(q[0] + q[2] - 1));
          let n = 0;
          for (let y = y0; y < y1; y++) for (let x = xa; x <= xb; x++) if (ink(at(x, y))) n++;
          return n;
        });
        if (b.oneLine) hidden = past && right !== null;
        const dup = b.g.filter(g => g.rs.length >= 2 && g.top !== undefined && Math.abs(g.top - lastTop) < 0.5);
        result.boxes.push({ key: b.key, rtl: b.rtl, height: b.height, hidden: hidden,
          lineStart: last.length ? last[0].i : null,
          last: last.map((g, k) => [g.i, g.n, g.s, inked[k], g.q[0]]),
          cut: dup.length ? [Math.min(...dup.map(g => g.i)), Math.max(...dup.map(g => g.i + g.n))] : null,
          ellipsisRight: right === null ? null : right + 1 - b.left,
          ellipsisLeft: left === null ? null : leftEdge(left, y0, y1) - b.left });
      }
      resolve(JSON.stringify(result));
    };
    img.src = src;
  });
};
"""


def clamp_page(family, size, boxes, block_css, css_family, script_json, direction="ltr"):
    """boxes: (key, text, width, n) with n = 0 for one line with text-overflow."""
    dir_attr = "" if direction == "ltr" else f' dir="{direction}"'
    divs = []
    for key, text, width, n in boxes:
        if n == 0:
            style = (f"width: {width}px; white-space: pre; overflow: hidden; text-overflow: ellipsis;")
        else:
            style = (f"width: {width}px; display: -webkit-box; -webkit-box-orient: vertical; "
                     f"-webkit-line-clamp: {n}; overflow: hidden;")
        divs.append(f'<div class="box"{dir_attr} data-key="{html.escape(key)}" style="{style}">'
                    f'<span class="t">{html.escape(text)}</span></div>')
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><style>
body {{ margin: 0; padding: {GAP}px {PAD}px; background: #fff; }}
.box, .ref {{ {block_css(family, size)} line-height: normal; color: rgb(0, 0, 255); margin-bottom: {GAP}px; }}
.t {{ color: rgb(255, 0, 0); }}
.ref {{ width: max-content; }}
pre#out {{ display: none; }}
</style></head><body><div class="ref" id="ref"><span>\u2026</span></div>{"".join(divs)}
<script type="application/json" id="data">{script_json({})}</script>
<pre id="out"></pre>
<script>{CLAMP_SCRIPT}</script>
</body></html>
"""


BLANK = set(" \t\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
            "\u202f\u205f\u3000\u200b\u200c\u200d\u2060\ufeff\u00ad\n")


def visible_ranges(last, table, rtl=False):
    """Merged UTF-8 ranges of painted graphemes (blank ones only between two painted).

    What is hidden of a line is its visual end (the line truncator keeps the graphemes left
    of the ellipsis; right of it in a right-to-left block), so a grapheme left (right) of a
    painted one whose ink the photograph misses (a thin apostrophe, a combining mark) is
    painted too."""
    def blank(s):
        return all(ch in BLANK for ch in s)
    painted_x = [x for i, n, s, ink, x in last if ink >= 2 and not blank(s)]
    if rtl:
        painted_x = [-x for x in painted_x]
    rightmost = max(painted_x) if painted_x else None
    ranges = []
    previous_painted = False
    for i, n, s, ink, x in last:
        a, b = table[i], table[i + n]
        if blank(s):
            continue
        if ink >= 2 or (rightmost is not None and (-x if rtl else x) < rightmost):
            if previous_painted:
                ranges[-1][1] = b
            else:
                ranges.append([a, b])
            previous_painted = True
        else:
            previous_painted = False
    return ranges


def record_clamp(args, h):
    """h: the recorder's helpers (read_corpus, run helpers, DevTools, ...)."""
    paras = h.read_corpus(args.corpus)
    families = args.family or ["DejaVu Sans", "Noto Sans"]
    size = (args.size or [16])[0]
    widths = args.width or [160, 240, 320]
    clamps = [int(n) for n in (args.clamp_lines or "1,2,3").split(",")]
    direction = args.dir or "ltr"
    tables = {p["id"]: h.utf16_to_utf8_offsets(p["text"]) for p in paras}
    jobs = []
    for family in families:
        for width in widths:
            for n in [*clamps, 0]:
                for p in paras:
                    text = p["text"] if n else p["text"].split("\n")[0]
                    jobs.append((family, width, n, p["id"], text))
    records = []
    started = time.time()
    dt = h.DevTools(args.headless)
    try:
        for family in families:
            fam_jobs = [j for j in jobs if j[0] == family]
            for lo in range(0, len(fam_jobs), args.batch):
                batch = fam_jobs[lo:lo + args.batch]
                boxes = [(f"{j[3]}|{j[1]}|{j[2]}", j[4], j[1], j[2]) for j in batch]
                page = clamp_page(family, size, boxes, h.block_css, h.css_family, h.script_json, direction)
                path = os.path.join(dt.workdir, f"clamp{lo}.html")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(page)
                target = dt.call("Target.createTarget", {"url": "file://" + path})["targetId"]
                session = dt.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
                width = max(j[1] for j in batch) + 2 * PAD
                dt.call("Emulation.setDeviceMetricsOverride", {"width": int(width), "height": 800,
                                                                 "deviceScaleFactor": 1, "mobile": False}, session)
                for _ in range(400):
                    state = dt.call("Runtime.evaluate", {"returnByValue": True, "expression":
                                    "document.readyState + (document.getElementById('out') || {}).textContent"},
                                    session)
                    if state.get("result", {}).get("value") == "completeready":
                        break
                    time.sleep(0.05)
                dt.call("Page.enable", session=session)
                height = dt.call("Runtime.evaluate", {"returnByValue": True, "expression":
                                 "Math.ceil(document.documentElement.scrollHeight)"}, session)["result"]["value"]
                shot = dt.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                               "clip": {"x": 0, "y": 0, "width": int(width), "height": height, "scale": 1}},
                               session, timeout=120)
                res = dt.call("Runtime.evaluate", {"returnByValue": True, "awaitPromise": True, "expression":
                              f"analyse('data:image/png;base64,{shot['data']}')"}, session, timeout=120)
                out = json.loads(res["result"]["value"])
                dt.call("Target.closeTarget", {"targetId": target})
                ref_right, ref_left = out["refRight"], out["refLeft"]
                for box, job in zip(out["boxes"], batch):
                    family_, width_, n, pid, text = job
                    table = tables[pid] if n else h.utf16_to_utf8_offsets(text)
                    ex = None
                    if box["rtl"]:
                        if box["ellipsisLeft"] is not None and ref_left is not None:
                            ex = round((box["ellipsisLeft"] - ref_left) * 8) / 8
                    elif box["ellipsisRight"] is not None and ref_right is not None:
                        ex = round((box["ellipsisRight"] - ref_right) * 8) / 8
                    records.append({
                        "id": pid, "family": family, "size": size, "width": h.number(width_), "clamp": n,
                        "height": h.number(box["height"]), "hidden": box["hidden"],
                        "lineStart": None if box["lineStart"] is None else table[box["lineStart"]],
                        "visible": visible_ranges(box["last"], table, box["rtl"]),
                        "cut": None if box["cut"] is None else [table[box["cut"][0]], table[box["cut"][1]]],
                        "ellipsisX": ex,
                        **({"rtl": box["rtl"]} if direction != "ltr" else {}),
                    })
                print(f"  {family} boxes {lo}-{lo + len(batch) - 1}: {time.time() - started:.0f} s", file=sys.stderr)
    finally:
        dt.close()
    header = {
        "chromium": h.chromium_version(), "corpus": os.path.basename(args.corpus), "size": size,
        "families": families, "widths": widths, "clamps": clamps, "dir": direction,
        "fonts": {f: h.fc_match(f) for f in families},
        "css": "as record-browser-layout, color: blue, the text in a red span; clamp N: display: -webkit-box; "
               "-webkit-box-orient: vertical; -webkit-line-clamp: N; overflow: hidden; clamp 0: the first line "
               "with white-space: pre; overflow: hidden; text-overflow: ellipsis",
        "fields": __doc__.split("Recorded per layout:")[1].strip(),
        "layouts": len(records),
    }
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps(header, ensure_ascii=False) + "\n")
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"record-browser-layout: {len(records)} clamped layouts to {args.out}, {time.time() - started:.0f} s",
          file=sys.stderr)
    return 0
