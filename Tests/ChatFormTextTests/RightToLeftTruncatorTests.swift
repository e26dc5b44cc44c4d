import Testing
@testable import ChatFormText

/// Blink's line truncator on a right-to-left line, child by child (`_RightToLeftTruncator`),
/// on lines built by hand: each child's width rounded up to 1/64 px on its own, the room of
/// the child cut measured on its unrounded text.
@Suite("Right-to-left truncator")
struct RightToLeftTruncatorTests {
    /// Clusters from left to right: (advance, child, right to left), placed one after the
    /// other from 0, each one byte of a text in visual order reversed (the line's logical
    /// start at its right).
    static func line(_ spec: [(Double, Int, Bool)]) -> [_Truncation.Cluster] {
        var x = 0.0
        let n = spec.count
        return spec.enumerated().map { k, s in
            defer { x += s.0 }
            return _Truncation.Cluster(piece: _LinePiece(start: n - 1 - k, end: n - k, left: x, right: x + s.0), child: s.1,
                                       isRightToLeft: s.2)
        }
    }

    @Test("The rounding of a child right of the cut moves the room; the cut child's is not counted")
    func roundingOnTheRight() throws {
        // A left-to-right child of 11.01, 10, 10 and 9.99 px (41 px), then a right-to-left
        // child of 60.005 px (rounded: 60.015625). Box 100 px, ellipsis 10 px: room for the
        // left child 100 − 60.015625 − 10 = 29.984375, so x = 41 − 29.984375 = 11.015625
        // falls in its second cluster (11.01..21.01), which is dropped: two of it kept.
        let clusters = Self.line([(11.01, 1, false), (10, 1, false), (10, 1, false), (9.99, 1, false),
                                  (60.005, 0, true)])
        let cut = try #require(_RightToLeftTruncator(clusters: clusters)?.cut(width: 100, ellipsisWidth: 10, canCut: { _ in true }))
        #expect(cut.kept == 3)
        // Left of the kept part (19.99 px, rounded up: 20) and of the child on its right (rounded).
        #expect(cut.ellipsisX == 100 - 60.015625 - 20 - 10)
        // On the drawn x (the right child unrounded), the second cluster's left edge lies
        // 89.995 px from the line's right, within the room of 90: the cut on graphemes keeps it.
        let old = _Truncation.mirroredCut(clusters, width: 100, boxRight: 100, ellipsisWidth: 10)
        #expect(old.kept == 4)
    }

    @Test("An x exactly on a cluster's left edge keeps that cluster")
    func edgeKeeps() throws {
        // One right-to-left child, 4 × 8 px; box 30, ellipsis 6: room 24, x = 32 − 24 = 8,
        // the left edge of the second cluster: three kept.
        let clusters = Self.line([(8, 0, true), (8, 0, true), (8, 0, true), (8, 0, true)])
        let cut = try #require(_RightToLeftTruncator(clusters: clusters)?.cut(width: 30, ellipsisWidth: 6, canCut: { _ in true }))
        #expect(cut.kept == 3)
        #expect(cut.ellipsisX == 30 - 24 - 6)
    }

    @Test("A child with no room is hidden; the line's first child keeps one cluster; a glyph is never halved")
    func hiddenAndFirst() throws {
        // Left child (20 px) lies wholly left of the box once the first child (50 px) is
        // drawn in a 40 px box: hidden. The first child, room 40 − 8 = 32, x = 18 falls in
        // its second cluster (10..20): its three right clusters are kept.
        let clusters = Self.line([(20, 1, true), (10, 0, true), (10, 0, true), (10, 0, true), (10, 0, true), (10, 0, true)])
        let cut = try #require(_RightToLeftTruncator(clusters: clusters)?.cut(width: 40, ellipsisWidth: 8, canCut: { _ in true }))
        #expect(cut.kept == 3)
        // Where the kept part would start inside a glyph (the third and fourth clusters one
        // ligature), the cluster joined to a dropped one goes too.
        let joined = try #require(_RightToLeftTruncator(clusters: clusters)?.cut(width: 40, ellipsisWidth: 8, canCut: { $0 != 3 }))
        #expect(joined.kept == 2)
        // No room at all for the first child but the ellipsis: it keeps its rightmost cluster.
        let tight = try #require(_RightToLeftTruncator(clusters: clusters)?.cut(width: 9, ellipsisWidth: 8, canCut: { _ in true }))
        #expect(tight.kept == 1)
    }

    @Test("Without children (terminal cells, fixed advances) there is no truncator")
    func noChildren() {
        let clusters = [_Truncation.Cluster(piece: _LinePiece(start: 0, end: 1, left: 0, right: 1))]
        #expect(_RightToLeftTruncator(clusters: clusters) == nil)
    }
}
