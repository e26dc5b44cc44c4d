/// A piece of a visual line (a grapheme cluster, a box of one bidi level): its UTF-8 range
/// and its x extent from the line's left. The two travel together through the bidi line,
/// the clamps' ellipsis cuts and their mirrors.
struct _LinePiece: Sendable, Hashable {
    /// UTF-8 range: the piece's first byte and the byte past it.
    var start: Int
    var end: Int
    /// x extent: the piece's left and right edges.
    var left: Double
    var right: Double

    /// The piece seen in a mirror that maps `0...width` onto `width...0` (the same bytes,
    /// the edges swapped and reflected).
    func mirrored(within width: Double) -> _LinePiece {
        _LinePiece(start: start, end: end, left: width - right, right: width - left)
    }
}

/// Something placed on a visual line as a `_LinePiece`: its range and extent read through.
protocol _OnLine {
    var piece: _LinePiece { get }
}

extension _OnLine {
    var start: Int { piece.start }
    var end: Int { piece.end }
    var left: Double { piece.left }
    var right: Double { piece.right }
}

/// A piece of a visual line (a grapheme cluster or a box of one level) with the level its
/// caret edges follow, and which offset is at which edge.
protocol _VisualSpan: _OnLine, Sendable {
    var level: UInt8 { get }
}

extension _VisualSpan {
    var isRightToLeft: Bool { level & 1 == 1 }
    /// The offset at the span's left edge (its end when it runs right to left).
    var leftOffset: Int { isRightToLeft ? end : start }
    /// The offset at the span's right edge.
    var rightOffset: Int { isRightToLeft ? start : end }
}
