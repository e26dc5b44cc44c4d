/// What the row cache read of its prefix sums and rows and may read again instead of
/// walking them: the rows in view where the last settle ended with every row exact, and the
/// focused row's index and top as the caret rule last read them. Both hold while
/// `generation` has not moved: it changes with every write that can move a row (the prefix
/// sums: a height set, a row inserted or removed) or leave one inexact (a measurement made,
/// dropped, re-laid or left with pending lines). An edit that keeps its row's height and
/// lines, and a change of inner offsets or marked text, leave it, so a keystroke that
/// changes no height reads what the previous one kept.
struct _KeptReads<ID: Hashable & Sendable>: Sendable {
    /// Changes with every write that can move a row or leave one inexact.
    private(set) var generation: UInt64 = 0
    /// The last settle's view, if it ended with every row in view exact.
    private var view: _SettledView?
    /// The focused row's id, index and top when the caret rule last read them.
    private(set) var row: (id: ID, index: Int, offset: Double, generation: UInt64)?

    /// Notes a write that can move a row or leave one inexact: what was kept goes.
    @inline(__always)
    mutating func noteChange() { generation &+= 1 }

    /// The settled view if it holds for `viewport` (the same viewport, nothing changed since).
    @inline(__always)
    func view(for viewport: Viewport) -> _SettledView? {
        guard let view, view.generation == generation, view.viewport == viewport else { return nil }
        return view
    }

    /// Keeps `view`, read now.
    mutating func keep(_ view: _SettledView) { self.view = view }

    /// Row `id`'s index if it is the remembered row and still holds.
    @inline(__always)
    func index(of id: ID) -> Int? {
        guard let row, row.generation == generation, row.id == id else { return nil }
        return row.index
    }

    /// Row `index`'s top if it is the remembered row and still holds.
    @inline(__always)
    func offset(ofRow index: Int) -> Double? {
        guard let row, row.generation == generation, row.index == index else { return nil }
        return row.offset
    }

    /// Remembers row `id` at `index`, whose top is `offset` now.
    mutating func remember(row id: ID, at index: Int, offset: Double) { row = (id, index, offset, generation) }
}

/// The viewport a settle ended in with every row in it exact, and what was read of the
/// prefix sums there, valid while the row cache's generation is `generation` (not generic,
/// so reading it costs no metadata lookup).
struct _SettledView: Sendable {
    var viewport: Viewport
    var generation: UInt64
    /// The rows intersecting the whole viewport.
    var inView: Range<Int>
    /// The rows intersecting the visible band.
    var inBand: Range<Int>
    /// The first of `inBand` and its top relative to the band's top.
    var firstInBand: (index: Int, screenY: Double)?
}
