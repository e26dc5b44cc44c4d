"""The CSS text modes in Chromium: `record-browser-layout --modes` (see Tools/README.md).

Every paragraph is laid out at each width once per mode, a mode being a few CSS declarations
laid over the plain recorder's block (`white-space: pre-wrap; overflow-wrap: break-word;
word-break: normal; line-break: auto; text-align: start; tab-size: 8; letter-spacing: normal`),
each div with a fixed line height so that a grapheme's line is its rect's vertical centre divided
by it. One Chromium page holds a batch of paragraphs under every mode and width.

Recorded, one JSON line per paragraph, family and width (short keys keep the fixture small):
- `id`, `f` (family), `w` (width).
- `s`: the line starts most of the modes give; `m`: {mode: line starts} for the modes whose
  starts differ from `s`. Line starts are UTF-8 offsets: 0, then each grapheme with a rect on
  a line below the previous one's (or, where a grapheme's rects span two lines, its first
  code point on the lower one), or the first one after a preserved newline. Graphemes
  without a rect, and under a collapsing `white-space` (normal, nowrap, pre-line) every space,
  tab and newline (removed at a line's start, removed or hanging at its end), are passed over,
  so a line starts at its first drawn grapheme.
- `x`, `r`: {mode: edges} for the modes setting `text-align`: each line's left and right edge
  from the div's, the union of the rects of its graphemes that are not hanging white space, a
  newline, or collapsed; null for a line with none.
- `n`: {mode: lines} where the div's height in lines is not the number of starts: a paragraph
  of collapsible white space alone under `normal`, `nowrap` and `pre-line` has no line.
- `g`: {"text-align=justify": per line [UTF-8 offset, left]} of the line's middle drawn
  grapheme (null for a line with none): where a caret inside a justified line sits.

The header lists the modes (`modes`): every line has each of them.

Modes are named `property=value` (`white-space=normal`, `tab-size=4`, `text-align=justify`).
"""

import json
import sys
import time

MODES_SCRIPT = r"""
(function () {
  const D = JSON.parse(document.getElementById('data').textContent);
  const out = { layouts: [], errors: [], ms: 0 };
  const t0 = performance.now();
  const L = D.fixedLineHeight;
  const hanging = new Set(D.hanging);
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const host = document.getElementById('host');
  const range = document.createRange();

  function graphemeRects(node, start, end) {
    range.setStart(node, start);
    range.setEnd(node, end);
    return range.getClientRects();
  }

  function measure(p, mode, width, div) {
    const text = p.text;
    const node = div.firstChild;
    const box = div.getBoundingClientRect();
    const lay = { id: p.id, w: width, m: mode.name, s: [0] };
    if (!node) return lay;
    const keepsNewlines = mode.keepsNewlines;
    const starts = [0];
    const lefts = [Infinity], rights = [-Infinity];
    const drawn = [[]];   // per line: [UTF-16 index, left] of each drawn grapheme (justify)
    let afterNewline = false;
    let seenOnLine = false;
    for (const { segment, index } of seg.segment(text)) {
      const isNewline = segment === '\n' && keepsNewlines;
      if (afterNewline) { starts.push(index); lefts.push(Infinity); rights.push(-Infinity); drawn.push([]); seenOnLine = false; }
      afterNewline = isNewline;
      if (isNewline) continue;
      // Collapsible white space is never drawn at a line's start (removed there) nor at its
      // end (removed or hanging): it decides no line.
      if (mode.collapses && (segment === ' ' || segment === '\t' || segment === '\n')) continue;
      const rects = graphemeRects(node, index, index + segment.length);
      let r = null;
      for (let k = rects.length - 1; k >= 0; k--) if (rects[k].height > 0) { r = rects[k]; break; }
      if (!r) continue;
      const line = Math.floor((r.top + r.height / 2 - box.top) / L);
      if (line >= starts.length) {
        // A line may start inside a grapheme (break-all breaks before a Thai SARA AM, a code
        // point at a time): at the first of its code points drawn on the new line.
        // Lines up to the one of its first rect start at the grapheme.
        let at = index;
        const first = Array.from(rects).find((q) => q.height > 0);
        const firstLine = Math.floor((first.top + first.height / 2 - box.top) / L);
        while (starts.length <= Math.min(firstLine, line)) { starts.push(index); lefts.push(Infinity); rights.push(-Infinity); drawn.push([]); }
        if (firstLine < line) {
          for (let c = index + 1; c < index + segment.length; c++) {
            const u = segment.charCodeAt(c - index);
            if (u >= 0xdc00 && u <= 0xdfff) continue;
            const cr = graphemeRects(node, c, index + segment.length);
            const q = Array.from(cr).find((z) => z.height > 0);
            if (q && Math.floor((q.top + q.height / 2 - box.top) / L) === line) { at = c; break; }
          }
        }
        while (starts.length <= line) { starts.push(at); lefts.push(Infinity); rights.push(-Infinity); drawn.push([]); }
      } else if (line !== starts.length - 1) {
        out.errors.push({ id: p.id, width, mode: mode.name, index, what: 'line ' + line + ' expected ' + (starts.length - 1) });
      }
      seenOnLine = true;
      const isSpace = segment.length === 1 && (hanging.has(segment.charCodeAt(0)) || segment === '\n');
      if (!isSpace && r.width > 0) {
        const k = starts.length - 1;
        lefts[k] = Math.min(lefts[k], r.left - box.left);
        rights[k] = Math.max(rights[k], r.right - box.left);
        if (mode.justify) drawn[k].push([index, r.left - box.left]);
      }
    }
    const lines = Math.round(box.height / L);
    // A paragraph of collapsible white space alone has no line (height 0) under the
    // collapsing modes: recorded as `n`, not a failed check.
    const blank = mode.collapses && lines === 0 && /^[ \t\n]*$/.test(text);
    if (lines !== starts.length && text.length > 0 && !blank)
      out.errors.push({ id: p.id, width, mode: mode.name, what: 'height ' + box.height + ' for ' + starts.length + ' lines' });
    lay.s = starts;
    lay.n = lines;
    // Under justify, each line's middle drawn grapheme and its left edge (a caret inside
    // the line as Chromium places it).
    if (mode.justify) lay.g = drawn.map((d) => (d.length ? d[Math.floor(d.length / 2)] : null));
    const fix = (v) => (isFinite(v) ? v : null);
    if (mode.align) lay.x = lefts.map(fix);
    if (mode.align) lay.r = rights.map(fix);
    return lay;
  }

  for (const mode of D.modes) {
    for (const width of D.widths) {
      const made = [];
      const frag = document.createDocumentFragment();
      for (const p of D.paras) {
        const div = document.createElement('div');
        div.className = 'f';
        div.style.cssText = mode.css;
        div.style.width = width + 'px';
        div.textContent = p.text;
        frag.appendChild(div);
        made.push([p, div]);
      }
      host.appendChild(frag);
      for (const [p, div] of made) out.layouts.push(measure(p, mode, width, div));
      host.textContent = '';
    }
  }
  out.ms = performance.now() - t0;
  document.getElementById('out').textContent = JSON.stringify(out);
})();
"""

# The modes recorded by default: every value of each property but the default's, which the
# plain fixtures hold. `keepsNewlines`: whether the mode keeps a newline as a line break.
DEFAULT_MODES = [
    "white-space=normal", "white-space=nowrap", "white-space=pre", "white-space=pre-line",
    "word-break=break-all", "word-break=keep-all",
    "overflow-wrap=normal", "overflow-wrap=anywhere",
    "line-break=strict", "line-break=normal", "line-break=loose", "line-break=anywhere",
    "text-align=start", "text-align=end", "text-align=center", "text-align=justify",
    "letter-spacing=1px", "letter-spacing=-0.5px",
    "tab-size=4", "tab-size=1",
]


def mode_spec(name):
    prop, _, value = name.partition("=")
    if not value:
        sys.exit(f"record-browser-layout: a mode is PROPERTY=VALUE, not {name!r}")
    keeps = not (prop == "white-space" and value in ("normal", "nowrap"))
    collapses = prop == "white-space" and value in ("normal", "nowrap", "pre-line")
    return {"name": name, "css": f"{prop}: {value};", "keepsNewlines": keeps, "collapses": collapses,
            "align": prop == "text-align", "justify": name == "text-align=justify"}


def modes_page(family, size, widths, paras, modes, h):
    data = {
        "widths": widths,
        "paras": paras,
        "modes": modes,
        "fixedLineHeight": h.FIXED_LINE_HEIGHT_PER_PX * size,
        "hanging": h.HANGING,
    }
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><style>
body {{ margin: 0; }}
#host {{ position: absolute; left: 0; top: 0; width: 100000px; }}
.f {{ {h.block_css(family, size)} line-height: {h.FIXED_LINE_HEIGHT_PER_PX * size}px; }}
pre#out {{ display: none; }}
</style></head><body><div id="host"></div>
<script type="application/json" id="data">{h.script_json(data)}</script>
<pre id="out"></pre>
<script>{MODES_SCRIPT}</script>
</body></html>
"""


def record_modes(args, h):
    paras = h.read_corpus(args.corpus)
    families = args.family or ["DejaVu Sans", "Noto Sans"]
    size = (args.size or [16])[0]
    widths = args.width or [160, 260, 400]
    names = args.modes.split(",") if args.modes and args.modes != "all" else DEFAULT_MODES
    modes = [mode_spec(n) for n in names]
    tables = {p["id"]: h.utf16_to_utf8_offsets(p["text"]) for p in paras}
    header = {
        "chromium": h.chromium_version(),
        "flags": h.chromium_flags(args.headless),
        "lang": "en_US.UTF-8",
        "css": "white-space: pre-wrap; overflow-wrap: break-word; word-break: normal; tab-size: 8; "
               f"line-height: {h.FIXED_LINE_HEIGHT_PER_PX * size}px; margin: 0; padding: 0; then the mode",
        "fonts": {f: h.fc_match(f) for f in families},
        "corpus": args.corpus.split("/")[-1],
        "size": size,
        "widths": widths,
        "modes": names,
        "keys": "one line per paragraph, family and width: s (the line starts most modes give), m ({mode: starts} "
                "where they differ), x/r ({mode: left/right edges}, text-align modes), n ({mode: lines} where the "
                "height is not the starts' count), g (justify: each line's middle drawn grapheme [offset, left]); "
                "see Tools/modes_recorder.py",
    }
    errors, records = [], []
    started = time.time()
    for family in families:
        for lo in range(0, len(paras), args.batch):
            batch = paras[lo:lo + args.batch]
            dom, err = h.run_chromium(modes_page(family, size, widths, batch, modes, h), args.headless)
            out = h.read_out(dom, err)
            for e in out["errors"]:
                e.update(family=family)
                errors.append(e)
            for lay in out["layouts"]:
                table = tables[lay["id"]]
                rec = {"id": lay["id"], "f": family, "w": h.number(lay["w"]), "m": lay["m"],
                       "s": [table[s] for s in lay["s"]]}
                for key in ("x", "r"):
                    if key in lay:
                        rec[key] = [None if v is None else h.number(round(v * 64) / 64) for v in lay[key]]
                if lay.get("n", len(rec["s"])) != len(rec["s"]):
                    rec["n"] = lay["n"]
                if "g" in lay:
                    rec["g"] = [None if g is None else [table[g[0]], h.number(round(g[1] * 64) / 64)] for g in lay["g"]]
                records.append(rec)
            print(f"  {family} paragraphs {lo}-{lo + len(batch) - 1}: {len(out['layouts'])} layouts, "
                  f"{out['ms']:.0f} ms in page", file=sys.stderr)
    header["layouts"] = len(records)
    header["errors"] = len(errors)
    write(args.out, header, records)
    for e in errors[:50]:
        print("  check failed:", json.dumps(e, ensure_ascii=False), file=sys.stderr)
    print(f"record-browser-layout: {len(records)} mode layouts of {len(paras)} paragraphs to {args.out}, "
          f"{len(errors)} failed checks, {time.time() - started:.0f} s", file=sys.stderr)
    return 0


def compact(records):
    """One line per paragraph, family and width from one record per layout (see the module's
    doc): the starts most modes give, the others' by mode, the edges by mode."""
    groups = {}
    for rec in records:
        groups.setdefault((rec["id"], rec["f"], rec["w"]), []).append(rec)
    lines = []
    for (pid, family, width), recs in groups.items():
        counts = {}
        for r in recs:
            key = json.dumps(r["s"])
            counts[key] = counts.get(key, 0) + 1
        common = json.loads(max(counts, key=counts.get))
        line = {"id": pid, "f": family, "w": width, "s": common}
        differing = {r["m"]: r["s"] for r in recs if r["s"] != common}
        if differing:
            line["m"] = differing
        for key in ("x", "r", "n", "g"):
            edges = {r["m"]: r[key] for r in recs if key in r}
            if edges:
                line[key] = edges
        lines.append(line)
    return lines


def write(path, header, records):
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(header, ensure_ascii=False) + "\n")
        for line in compact(records):
            f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
