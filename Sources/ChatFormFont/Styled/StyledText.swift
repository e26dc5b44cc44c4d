import ChatFormText
import Synchronization

/// A styled paragraph prepared once (SPEC §2.1): spans of text each in its own font, size,
/// weight, style and letter spacing, pills with padded edges, and attachments (atomic
/// inline boxes), ready to wrap at any width by arithmetic, as a plain `ShapedText` is.
///
/// ```swift
/// let body = FontSpec(family: "Noto Sans", size: 16)
/// let message = try StyledText([
///     .text("Deploy is ", body),
///     .span(TextSpan("done", style: SpanStyle(font: body.with(weight: 700)))),
///     .attachment(InlineAttachment(width: 20, height: 20, baselineOffset: -4, name: ":tada:")),
/// ], style: ParagraphStyle(font: body))
/// let layout = try message.layout(width: 240)       // lines, heights
/// let bubble = try message.measureBubble(width: 240) // height, widest line, fitWidth
/// ```
///
/// How it is laid out, as Chromium lays out the same spans as inline elements:
/// - **One text.** The spans' texts are joined, each attachment standing as U+FFFC
///   (`InlineAttachment.character`, 3 UTF-8 bytes); line starts and offsets are in that
///   text. Break opportunities are found once over all of it (ICU and the browser's rules,
///   as for plain text), so a span may split a word and an attachment breaks as an `<img>`.
/// - **Shaping**: the text is itemized once (bidi levels, scripts, clusters), then each
///   stretch of spans in one font and one letter spacing is shaped as a range of the whole
///   text, the text around it as context (kerning and ligatures cross span boundaries
///   inside a stretch, Arabic joins across every boundary, as in the browser); the fallback
///   font for what a stretch's fonts lack is picked from its first letter of a real script
///   (Common text alone in a span falls back as Common text); letter spacing turns optional
///   ligatures off and is added after every HarfBuzz cluster of its span (not after letters
///   of cursive scripts, as Chromium); a span's start edge widens its first cluster and its
///   end edge its last that is not a space (a space ending the span hangs at a line end after
///   the edge), so an edge goes with the first or last piece of a span broken across lines
///   (`box-decoration-break: slice`).
/// - **Line boxes** (`line-height: normal`): the paragraph font's strut, united on the
///   baseline with each span's inline box (its font and the fallback fonts its text used)
///   and each attachment's margin box; with a fixed line height, each inline box is that
///   tall around its font's ascent and descent, and attachments keep their own height.
///
/// Preparing costs the shaping of each font stretch; `layout(width:)`,
/// `measureBubble(width:)` and `fitWidth(width:)` are the plain prepared text's arithmetic.
public struct StyledText: Sendable {
    /// The elements, as given.
    public let elements: [StyledElement]
    /// The paragraph's style.
    public let style: ParagraphStyle
    /// The prepared text behind it (the joined text, attachments as U+FFFC): lines, caret
    /// geometry, widths.
    public let shaped: ShapedText
    /// Where each element starts in the joined text (UTF-8), and the text's length last.
    public let elementOffsets: [Int]

    /// The paragraph's text: the spans' texts joined, each attachment as U+FFFC.
    public var text: String { shaped.text }

    /// Prepares `elements` in `style`.
    ///
    /// - Throws: `StyledTextError.font` for an unknown family or a bad size or line height;
    ///   `.invalidAttachment`, `.invalidSpacing` for numbers that are not finite (or negative
    ///   sizes); `.layout` for text past 2^31 - 1 bytes or an ICU failure.
    /// - Complexity: O(n) in the text's length plus the shaping of each stretch in one font.
    public init(_ elements: [StyledElement], style: ParagraphStyle) throws(StyledTextError) {
        self.elements = elements
        self.style = style
        let (text, shapedRuns, shaper, offsets) = try StyledShaper.prepare(elements, style: style)
        self.elementOffsets = offsets
        do {
            self.shaped = try ShapedText(text: text, shaped: shapedRuns, shaper: shaper, options: style.layoutOptions)
        } catch {
            throw .layout(error)
        }
    }

    /// The lines at `width` pixels (`.infinity`: no wrapping): ranges in `text`, widths,
    /// each line's top and height.
    ///
    /// - Throws: `.layout(.invalidWidth)` for a zero, negative or NaN width.
    /// - Complexity: as `ShapedText.layout(width:)`: arithmetic over the break entries.
    public func layout(width: Double) throws(StyledTextError) -> TextLayout {
        do { return try shaped.layout(width: width) } catch { throw .layout(error) }
    }

    /// Line count, height, widest line and fit width at `width` (see
    /// `ShapedText.measureBubble(width:)`).
    ///
    /// - Throws: `.layout(.invalidWidth)` for a zero, negative or NaN width.
    /// - Complexity: as `ShapedText.measureBubble(width:)`.
    public func measureBubble(width: Double) throws(StyledTextError) -> BubbleMeasurement {
        do { return try shaped.measureBubble(width: width) } catch { throw .layout(error) }
    }

    /// The index of the element holding UTF-8 `offset` of `text` (the last element for the
    /// text's end).
    ///
    /// - Complexity: O(log elements).
    public func element(at offset: Int) -> Int {
        var lo = 0, hi = Swift.max(0, elementOffsets.count - 2)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if elementOffsets[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
