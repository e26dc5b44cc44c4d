/// The offsets the content allows (SPEC §4) and the minimal scroll that reveals a
/// rectangle (SPEC §5.2), from the content's height: the scroll state knows the viewport,
/// the table tells it how tall the content is.
extension ScrollState {
    /// The offset that puts the content's end on the bottom inset (or the content's top at
    /// the band's top when the content is shorter).
    func endOffset(contentHeight: Double, alignment: ContentAlignment) -> Double {
        let end = contentHeight + viewport.bottomInset - viewport.size.height
        // With bottom alignment, content shorter than the band sits at the band's bottom.
        let start = alignment == .bottom ? Swift.min(viewport.minOffset, end) : viewport.minOffset
        return Swift.max(start, end)
    }

    /// The offsets SPEC §4 allows: from the content's top (with bottom alignment, short
    /// content at the band's bottom) to its end on the bottom inset, or to `pinnedOffset`
    /// (a pinned row's top at the band's top) when that lies further.
    func bounds(contentHeight: Double, alignment: ContentAlignment, pinnedOffset: Double?) -> ClosedRange<Double> {
        let end = contentHeight + viewport.bottomInset - viewport.size.height
        let low = alignment == .bottom ? Swift.min(viewport.minOffset, end) : viewport.minOffset
        let high = Swift.max(low, end)
        return low...(pinnedOffset.map { Swift.max(high, $0) } ?? high)
    }

    /// The offset that shows `rect` grown by `margin` inside the visible band with as little
    /// scrolling as possible (the margin never reaching past the content), unclamped.
    func offset(revealing rect: Rect, margin: Double, contentHeight: Double) -> Double {
        CaretVisibility.offset(revealing: rect.minY...rect.maxY, margin: margin, offset: viewport.offset,
                               bandTop: viewport.topInset, bandHeight: viewport.bandHeight,
                               bounds: 0...Swift.max(contentHeight, rect.maxY))
    }

    /// Scrolls as little as shows `rect` grown by `margin` (within `bounds`), unless a drag
    /// holds the content; the caret takes over from a spring-back.
    mutating func reveal(_ rect: Rect, margin: Double, contentHeight: Double, bounds: ClosedRange<Double>) {
        let target = offset(revealing: rect, margin: margin, contentHeight: contentHeight)
        guard target != viewport.offset && !isDragging else { return }
        springBack = nil
        viewport.offset = Self.clamped(target, to: bounds)
    }

    /// Moves the offset by `delta`, the change in row `index`'s height, when that row lies
    /// above `anchor`: the anchor row stays still on screen (scroll anchoring, SPEC §5.4).
    mutating func keep(anchor: Int?, stillAfter delta: Double, ofRow index: Int) {
        if delta != 0, let anchor, index < anchor { viewport.offset += delta }
    }

    /// The offset that puts a row spanning `y..<y + height` (content y) at `anchor` in the
    /// band, unclamped (`.minimal` scrolls as little as shows it, its top first when it is
    /// taller than the band).
    func offset(showingRowAt y: Double, height h: Double, anchor: ScrollAnchor) -> Double {
        let top = viewport.topInset, band = viewport.bandHeight
        switch anchor {
        case .top: return y - top
        case .center: return y + h / 2 - top - band / 2
        case .bottom: return y + h - top - band
        case .minimal:
            if h > band { return y - top }
            return CaretVisibility.offset(revealing: y...(y + h), margin: 0, offset: viewport.offset, bandTop: top, bandHeight: band)
        }
    }
}
