"""The styles of the styled-message corpora, shared by Tools/make-styled-corpus and
Tools/record-browser-layout --spans (the Swift parity test maps the same keys; see
Tools/README.md, "Styled messages").

A styled message is JSONL: {"id": ..., "elements": [...]}, each element either
  {"text": "...", "style": KEY}      a span (KEY below; "" is the paragraph's own font)
  {"img": [WIDTH, HEIGHT, OFFSET]}   an attachment: <img width height style="vertical-align: OFFSETpx">
with a margin of 0 1px (its edges), standing as U+FFFC (3 UTF-8 bytes) in the paragraph's text.
"""

MONO = "DejaVu Sans Mono"
IMG_MARGIN = 1

# KEY -> (weight, italic, family override, size scale, letter spacing px, edges px (start, end),
#         css for the edges)
STYLES = {
    "": (400, False, None, 1.0, 0.0, (0, 0), ""),
    "b": (700, False, None, 1.0, 0.0, (0, 0), ""),
    "i": (400, True, None, 1.0, 0.0, (0, 0), ""),
    "bi": (700, True, None, 1.0, 0.0, (0, 0), ""),
    "code": (400, False, MONO, 0.875, 0.0, (3, 3), "padding: 0 2px; border: 0 solid; border-width: 0 1px;"),
    "mention": (700, False, None, 1.0, 0.0, (6, 6), "padding: 0 4px; border: 0 solid; border-width: 0 1px; margin: 0 1px;"),
    "big": (400, False, None, 1.25, 0.0, (0, 0), ""),
    "spaced": (400, False, None, 1.0, 0.5, (0, 0), ""),
    "small": (400, False, None, 0.75, 0.0, (0, 0), ""),
}


def span_css(key, family, size):
    weight, italic, fam, scale, spacing, _, edges = STYLES[key]
    fam = fam or family
    css = f"font-family: '{fam}'; font-size: {size * scale}px; font-weight: {weight}; "
    css += "font-style: italic; " if italic else "font-style: normal; "
    if spacing:
        css += f"letter-spacing: {spacing}px; "
    return css + edges
