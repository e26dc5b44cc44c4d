import ChatFormText
import ChatFormRows

/// The measured rows of a table: every row's height as prefix sums and the measurements of
/// the rows measured lately (bounded: the least recently used go first, in the order
/// `_RowUses` keeps). It is the one place a row's height changes, whether the row is
/// measured, laid out again at another width, or edited.
///
/// A row's height stays in the prefix sums when its measurement is dropped: it serves as
/// the row's estimate until the row is measured again. The rows themselves are the
/// caller's `source`, addressed by the same indices.
struct RowCache<ID: Hashable & Sendable>: Sendable {
    /// The rows (the caller's store, or the built-in `RowArray`).
    var source: any RowSource<ID>
    /// Row heights as prefix sums, by row index (estimates for rows not measured).
    private(set) var heights: HeightIndex
    /// Measurements of measured rows, by id (bounded: see `limit`).
    private(set) var entries = _RowSlots<ID>()
    /// The order rows were last used in: each measurement or edit stamps its row.
    private(set) var uses = _RowUses<ID>()
    /// How many measurements are kept; the least recently used ones outside the viewport
    /// are dropped past this.
    var limit = 4096
    /// How many row measurements have been made (a row measured again counts again).
    private(set) var measurementsMade = 0
    /// Changes when a row is inserted or removed before the last row (indices move): a
    /// measurement's index hint (`_RelayHints.row`) holds while its epoch is this one.
    private(set) var indexEpoch: UInt64 = 1
    /// The rows in view and the focused row's place as last read, and the generation
    /// that says whether they still hold (see `_KeptReads`).
    var kept = _KeptReads<ID>()

    /// The rows of `source`, `estimate` high each, none measured.
    ///
    /// - Complexity: O(rows / 32,767).
    init(source: some RowSource<ID>, estimate: Double) throws(ScrollError) {
        self.source = source
        do { heights = try HeightIndex(estimatedRows: source.count, height: estimate) } catch { throw .layout("\(error)") }
    }

    /// The number of measurements kept.
    @inline(__always)
    var count: Int { entries.count }

    /// Row `id`'s measurement if it is exact at `width`.
    @inline(__always)
    func entry(_ id: ID, width: Double) -> CachedRow? {
        guard let entry = entries[id], entry.measurement.width == width else { return nil }
        return entry
    }

    /// The index of row `id` (the remembered row's when it is that one).
    ///
    /// - Complexity: O(1) for the remembered row, else the source's lookup.
    @inline(__always)
    func rowIndex(of id: ID) -> Int? { kept.index(of: id) ?? source.index(of: id) }

    /// The top of row `index` in the content (the remembered row's when it is that one).
    ///
    /// - Complexity: O(1) for the remembered row, else O(log n).
    @inline(__always)
    func rowOffset(_ index: Int) -> Double { kept.offset(ofRow: index) ?? heights.offset(ofRow: index) }


    /// Row `id`'s measurement at whatever width it was made.
    subscript(id: ID) -> CachedRow? { entries[id] }

    // MARK: Rows coming and going

    /// Inserts an unmeasured row of height `estimate` before `index`.
    ///
    /// - Complexity: O(log n).
    mutating func insertRow(estimate: Double, at index: Int) throws(ScrollError) {
        kept.noteChange()
        do { try heights.insert(height: estimate, measured: false, at: index) } catch { throw .layout("\(error)") }
        // A row appended moves no other row.
        if index != heights.count - 1 { indexEpoch &+= 1 }
    }

    /// Removes row `id` at `index` with its measurement, and returns its height.
    ///
    /// - Complexity: O(log n).
    mutating func removeRow(_ id: ID, at index: Int) throws(ScrollError) -> Double {
        let height = heights.height(at: index)
        kept.noteChange()
        do { try heights.remove(at: index) } catch { throw .layout("\(error)") }
        if index != heights.count { indexEpoch &+= 1 }
        entries[id] = nil
        return height
    }

    // MARK: Measuring

    /// Measures `row` (at `index`) for a viewport of `width` and stores its height. The
    /// live document of item `liveItem`, if the row has one, is kept (rewrapped when the
    /// width changed) instead of laying its text out again; with `reusingPrepared`, items
    /// whose text did not change are laid out from their prepared text (real fonts: no
    /// shaping).
    ///
    /// - Returns: the change in the row's height.
    /// - Complexity: O(log n + the row's text).
    mutating func measure(_ row: Row<ID>, at index: Int, width: Double, configuration: TableConfiguration,
                          liveItem: Int?, reusingPrepared: Bool) throws(ScrollError) -> Double {
        measurementsMade &+= 1
        kept.noteChange()
        var previous = entries.removeValue(forKey: row.id)
        let measurement: RowMeasurement
        var live: (item: Int, document: TextDocument)? = nil
        do {
            if let liveItem, var document = previous?.measurement.takeDocument(ofItem: liveItem) {
                let contentWidth = RowMeasurement.contentWidth(of: row.style, in: width)
                if document.width != contentWidth { try document.setWidth(contentWidth) }
                live = (liveItem, document)
            }
            measurement = try RowMeasurement.measure(row, width: width, metrics: configuration.metrics,
                                                     options: configuration.textOptions, live: live,
                                                     reusing: reusingPrepared ? previous?.measurement : nil)
        } catch {
            if var previous {
                // Put the buffer back where it was taken from.
                if let live { previous.measurement.setDocument(live.document, ofItem: live.item, style: previous.measurement.style) }
                entries[row.id] = previous
            }
            throw .layout(error.description)
        }
        let entry = CachedRow(measurement: measurement, keepingInnerOffsetsOf: previous)
        previous = nil
        if entries.count == 64 && heights.count > limit {
            // A table that will fill its cache gets the room up front, while the cache is
            // small: growing a dictionary of thousands of measurements rehashes them all in
            // one call (a 5× latency spike on the scroll that crosses the threshold).
            entries.reserveCapacity(limit + 256)
            uses.reserveCapacity(2 * limit + 2048)
        }
        return try store(entry, for: row.id, at: index)
    }

    /// Lays every measured row that can be laid out from its prepared texts alone (see
    /// `RowMeasurement.relaysWithoutShaping`) again at `width`, in place, and writes their
    /// heights into the prefix sums together. Rows no longer in `source` are left alone.
    /// Their heights are exact; their lines are made when a row comes into view
    /// (`makePendingLines`) or is read (`RowMeasurement.Item.layout`).
    ///
    /// The rows are walked in memory order, each row's index read from its hints (no
    /// lookup by id unless rows were inserted or removed before it since it was stored), and
    /// the memory of the rows a few places ahead prefetched (`_RowSlots.updateEach`).
    ///
    /// Only the rows whose height changed go to the prefix sums (the others already hold
    /// their height there, measured, as `setHeight` leaves a keystroke's unchanged row), put
    /// in row order by a radix sort (`_RelaidRows`).
    ///
    /// - Returns: each row re-laid whose height changed, by index in increasing order, with
    ///   the change in its height.
    /// - Complexity: O(m + the rows' lines) for m rows, plus O(log n + leaf size) for each
    ///   leaf of the prefix sums the changed rows touch.
    mutating func relayAll(toWidth width: Double) throws(ScrollError) -> [(index: Int, delta: Double)] {
        var relaid = _RelaidRows(capacity: entries.count)
        kept.noteChange()
        var failure: ScrollError?
        let source = self.source, epoch = indexEpoch
        // In place, in memory order: no copy of a row (it would retain all its layouts hold).
        var made = 0
        do throws(TextLayoutError) {
            try entries.updateEach(prefetchDistance: Self.relayPrefetchDistance, forWidth: width) { (id: ID, entry: inout CachedRow) throws(TextLayoutError) in
                guard let (i, old, new) = try entry.relayLeavingLines(toWidth: width, id: id, in: source, epoch: epoch) else { return }
                made &+= 1
                if new != old { relaid.append(row: i, height: new, delta: new - old) }
            }
        } catch {
            failure = .layout(error.description)
        }
        measurementsMade &+= made
        // In row order, so the prefix sums take them without sorting them again.
        relaid.sortByRow()
        do { try heights.setHeights(relaid.rows.map { ($0.row, $0.height) }) } catch { throw .layout("\(error)") }
        if let failure { throw failure }
        return relaid.rows.map { ($0.row, $0.delta) }
    }

    /// How many rows ahead `relayAll` prefetches: a row takes about 0.3 µs to relay, a
    /// cache miss to the last level or memory 0.1–0.3 µs.
    /// (4 and 8 measured alike on the resize benchmark's chat: 0.46–0.52 ms.)
    static var relayPrefetchDistance: Int { 4 }

    /// The rows measured with prepared text at another width than `width`, in row order:
    /// what the reshaping path measures again (the benchmark's comparison for `relayAll`).
    func preparedRows(notAt width: Double) -> [Int] {
        entries.compactMap { $0.value.measurement.relaysWithoutShaping && $0.value.measurement.width != width ? source.index(of: $0.key) : nil }.sorted()
    }

    /// Makes the lines row `id` left pending at its last relay (see `relayAll`), if any.
    ///
    /// - Complexity: O(1) when none are pending, else O(the row's lines).
    mutating func makePendingLines(of id: ID) throws(ScrollError) {
        guard entries[id]?.measurement.linesPending == true else { return }
        kept.noteChange()
        try modify(id) { (entry: inout CachedRow) throws(ScrollError) in
            do throws(TextLayoutError) { try entry.measurement.makePendingLines() } catch { throw .layout(error.description) }
        }
    }

    // MARK: Editing

    /// Applies `change` to the live document of `field` (its row at `index`) in place and
    /// stores the row's new height; `change`'s error becomes `failure(error, length)`.
    ///
    /// - Returns: what `change` returned and the change in the row's height, or nil (nothing
    ///   changed, `change` not called) when the row is not measured at `width`.
    /// - Throws: `.notEditable` without a live document, or `failure`'s error (document unchanged).
    /// - Complexity: O(log n) plus the change.
    mutating func editDocument<R>(of field: FieldRef<ID>, at index: Int, width: Double,
                                  _ change: (inout TextDocument) throws(TextLayoutError) -> R,
                                  failure: (TextLayoutError, Int) -> ScrollError) throws(ScrollError) -> (result: R, delta: Double)? {
        // Changed in place in the slots (no dictionary accessor: in generic code it
        // allocates a frame for every call), then stamped as used.
        let stamp = uses.nextStamp
        var failed: (error: TextLayoutError, length: Int)? = nil
        var leftPending = false
        var measured = false
        let edited = entries.modify(field.row) { (entry: inout CachedRow) -> (result: R, height: Double)? in
            measured = entry.measurement.width == width
            guard measured else { return nil }
            do throws(TextLayoutError) {
                guard let result = try entry.editDocument(ofItem: field.item, change) else { return nil }
                entry.stamp = stamp
                leftPending = entry.measurement.linesPending
                return (result, entry.measurement.height)
            } catch {
                failed = (error, entry.document(ofItem: field.item)?.utf8Count ?? 0)
                return nil
            }
        }
        guard measured, let edited else { return nil }
        guard let (result, height) = edited else {
            if let failed { throw failure(failed.error, failed.length) }
            throw .notEditable("\(field.row)#\(field.item)")
        }
        uses.record(field.row, stamp: stamp)
        if leftPending { kept.noteChange() }
        return (result, try setHeight(height, at: index))
    }

    /// Makes room in `uses` for a focused field's edits (see `_RowUses.reserveForEdits`):
    /// called when a field takes the focus.
    mutating func reserveUseForEdits() { uses.reserveForEdits() }

    /// Changes row `id`'s measurement without touching its height or its use (inner
    /// offsets, committing marked text); nothing happens when it is not measured. A
    /// change that could leave the row inexact or its lines pending notes it itself
    /// (`kept.noteChange()`).
    mutating func modify<R>(_ id: ID, _ body: (inout CachedRow) throws(ScrollError) -> R) throws(ScrollError) -> R? {
        // In place in the slots, as in `editDocument`: the entry has one owner while it changes.
        try entries.modify(id, body)
    }

    // MARK: Bookkeeping

    /// Stores `entry` as row `id`'s measurement, stamped as used now, and its height at
    /// `index` in the prefix sums: the one place a measured row's height is written.
    ///
    /// - Returns: the change in the row's height.
    /// - Complexity: O(log n).
    private mutating func store(_ entry: CachedRow, for id: ID, at index: Int) throws(ScrollError) -> Double {
        var entry = entry
        entry.stamp = uses.stamp(id)
        entry.hints = _RelayHints(entry.measurement, row: index, epoch: indexEpoch)
        entries[id] = entry
        return try setHeight(entry.measurement.height, at: index)
    }

    /// Writes a measured height into the prefix sums and returns the change.
    private mutating func setHeight(_ height: Double, at index: Int) throws(ScrollError) -> Double {
        let (old, measured) = heights.heightAndMeasured(at: index)
        // A keystroke seldom changes its row's height: nothing to write then.
        if old == height && measured { return 0 }
        kept.noteChange()
        do { try heights.setHeight(height, at: index, measured: true) } catch { throw .layout("\(error)") }
        return height - old
    }

    /// Drops the least recently used measurements past `limit`, never those of `keep`
    /// (the rows in view and the focused row); their heights stay in the prefix sums.
    ///
    /// - Complexity: O(1) amortized per measurement made.
    mutating func evict(keeping keep: Set<ID>) {
        guard entries.count > limit else { return }
        kept.noteChange()
        uses.evict(&entries, downTo: limit, keeping: keep)
    }

    /// Approximate bytes held by the prefix sums.
    var indexMemoryFootprint: Int { heights.memoryFootprint }
}
