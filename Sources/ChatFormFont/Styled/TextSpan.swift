import ChatFormText

/// A run of text in one style inside a styled paragraph (`StyledText`): bold, italic, inline
/// code, a link, a mention pill. Spans may split a word (`**bo**ld` is one word for line
/// breaking: breaks are found over the whole paragraph's text).
///
/// ```swift
/// let body = FontSpec(family: "Noto Sans", size: 16)
/// let spans: [StyledElement] = [
///     .text("Ask ", body),
///     .span(TextSpan("@kim", style: SpanStyle(font: body.with(weight: 700), edges: InlineEdges(padding: 4)))),
///     .text(" about it", body),
/// ]
/// ```
public struct TextSpan: Sendable, Hashable {
    /// The span's text (may be empty; may hold line breaks, which end lines).
    public var text: String
    /// How it is set.
    public var style: SpanStyle

    public init(_ text: String, style: SpanStyle) {
        self.text = text
        self.style = style
    }
}

/// How a span is set: its font, letter spacing and the edges of its inline box.
public struct SpanStyle: Sendable, Hashable {
    /// The font (family list, weight, style, size). A span's inline box is as tall as
    /// `line-height` makes it for this font (see `ParagraphStyle.lineHeight`).
    public var font: FontSpec
    /// CSS `letter-spacing` in pixels, added after every HarfBuzz cluster of the span
    /// (negative narrows) [0], except as Chromium leaves it out: after characters drawn
    /// as nothing (joiners, default ignorables), and in cursive scripts (Arabic, Syriac,
    /// N'Ko, Mongolian, Mandaic, Phags-pa, Hanifi Rohingya) after anything but white space.
    public var letterSpacing: Double
    /// Padding, border and margin at the span's start and end (a pill) [none]. Spans that
    /// stand for one nested box share it: give the first span the start edge and the last
    /// the end edge.
    public var edges: InlineEdges

    public init(font: FontSpec, letterSpacing: Double = 0, edges: InlineEdges = .zero) {
        self.font = font
        self.letterSpacing = letterSpacing
        self.edges = edges
    }
}

/// One element of a styled paragraph: a span of text or an attachment.
public enum StyledElement: Sendable, Hashable {
    /// Text in a style.
    case span(TextSpan)
    /// An atomic inline box (stands as U+FFFC in the paragraph's text).
    case attachment(InlineAttachment)

    /// Text in `font` with no other styling.
    public static func text(_ text: String, _ font: FontSpec) -> StyledElement {
        .span(TextSpan(text, style: SpanStyle(font: font)))
    }

    /// The element's UTF-8 length in the paragraph's text (3 for an attachment).
    public var utf8Count: Int {
        switch self {
        case .span(let span): span.text.utf8.count
        case .attachment: 3
        }
    }
}

/// The paragraph's own style: the font of its strut (the root inline box every line
/// starts with, as a `<div>`'s font sets it) and the line height.
public struct ParagraphStyle: Sendable, Hashable {
    /// The paragraph's font: every line is at least as tall as it makes a line.
    public var font: FontSpec
    /// CSS `line-height` of the paragraph and every span in it: `.normal` (each inline box
    /// as tall as its font's ascent + descent + line gap, boxes aligned on the baseline,
    /// the line box their union) or `.fixed` (each inline box that tall, centred on its
    /// font's ascent + descent; attachments are as tall as they are).
    public var lineHeight: FontStack.LineHeight
    /// The BCP 47 locale fallback fonts are chosen for [en-US].
    public var locale: String
    /// What changes where the paragraph's lines break, as a plain text's options hold it
    /// (the three properties below, and whether the spans' white space was collapsed
    /// before layout, as Markdown's inline text is: `TextLayoutOptions.collapsedBefore`).
    package var layoutOptions: TextLayoutOptions
    /// Korean word priority (CSS `word-break: keep-all`) [off].
    public var keepAll: Bool {
        get { layoutOptions.keepAll }
        set { layoutOptions.keepAll = newValue }
    }
    /// The paragraph's CSS text modes (`white-space`, `word-break`, `overflow-wrap`,
    /// `line-break`, `text-align`) [the defaults]; see `TextModes`.
    public var modes: TextModes {
        get { layoutOptions.modes }
        set { layoutOptions.modes = newValue }
    }
    /// The paragraph's base direction [`ltr`], as HTML `dir` sets it: the spans are itemized
    /// and shaped at the levels of a paragraph of that direction (`rtl`, or `auto`: its first
    /// strong character) and its lines placed from the right, as a plain text prepared with
    /// `TextLayoutOptions.direction` (a `<div dir="rtl">` of the spans in Chromium).
    public var direction: ParagraphDirection {
        get { layoutOptions.direction }
        set { layoutOptions.direction = newValue }
    }

    public init(font: FontSpec, lineHeight: FontStack.LineHeight = .normal, locale: String = "en-US", keepAll: Bool = false,
                modes: TextModes = TextModes(), direction: ParagraphDirection = .ltr) {
        self.font = font
        self.lineHeight = lineHeight
        self.locale = locale
        layoutOptions = TextLayoutOptions(keepAll: keepAll, modes: modes, direction: direction)
    }
}

extension StyledElement {
    /// The elements' text joined, each attachment as U+FFFC (`bytes` long: a styled
    /// paragraph's text), written straight into the string's storage, each span's bytes
    /// copied in place (its text appended to a byte array, which was then decoded again,
    /// cost a copy of each span, an array and a second pass over the bytes).
    static func joinedText(_ elements: [StyledElement], bytes n: Int) -> String {
        String(unsafeUninitializedCapacity: n) { dest in
            var at = 0
            for i in elements.indices {
                switch elements[i] {
                case .span(let span):
                    let copied = span.text.utf8.withContiguousStorageIfAvailable { src in
                        precondition(at + src.count <= n, "the elements' text is `bytes` long")
                        if let from = src.baseAddress, src.count > 0 {
                            UnsafeMutableRawPointer(dest.baseAddress.unsafelyUnwrapped + at).copyMemory(from: from, byteCount: src.count)
                        }
                        return src.count
                    }
                    if let copied {
                        at += copied
                    } else {
                        for b in span.text.utf8 {
                            precondition(at < n, "the elements' text is `bytes` long")
                            dest[at] = b
                            at += 1
                        }
                    }
                case .attachment:
                    precondition(at + 3 <= n, "the elements' text is `bytes` long")
                    dest[at] = 0xEF
                    dest[at + 1] = 0xBF
                    dest[at + 2] = 0xBC
                    at += 3
                }
            }
            precondition(at == n, "the elements' text is `bytes` long")
            return at
        }
    }
}
