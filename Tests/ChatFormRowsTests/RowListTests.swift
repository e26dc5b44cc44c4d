@testable import ChatFormRows
import Testing

typealias TestRows = RowList<Int, String>
typealias TestRowsError = RowListError<Int>

/// Checks every observable of `list` against the naive model: invariants, count, order of ids
/// and elements (by iteration and by index), `index(of:)`, `element(for:)` and `contains` for
/// every id, and that `absent` ids are unknown.
func expectMatches(
    _ list: TestRows, _ model: [(id: Int, element: String)], absent: [Int] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    list._checkInvariants()
    #expect(list.count == model.count, sourceLocation: sourceLocation)
    #expect(list.isEmpty == model.isEmpty, sourceLocation: sourceLocation)
    guard list.count == model.count else { return }
    let walked = Array(list)
    #expect(walked.map(\.id) == model.map(\.id), "iteration order", sourceLocation: sourceLocation)
    #expect(walked.map(\.element) == model.map(\.element), "iterated elements", sourceLocation: sourceLocation)
    var mismatches = 0
    for (i, row) in model.enumerated() {
        let got = list[i]
        if got.id != row.id || got.element != row.element || list.id(at: i) != row.id
            || list.element(at: i) != row.element || list.index(of: row.id) != i
            || list.element(for: row.id) != row.element || !list.contains(row.id) {
            mismatches += 1
        }
    }
    #expect(mismatches == 0, "rows differing from the model", sourceLocation: sourceLocation)
    for id in absent {
        #expect(!list.contains(id) && list.index(of: id) == nil && list.element(for: id) == nil,
                "id \(id) should be unknown", sourceLocation: sourceLocation)
    }
}

@Suite("RowList against a naive model")
struct RowListRandomTests {
    /// Tiny capacities give deep trees with many splits, merges and rebalances.
    static let limits: [_RowListLimits] = [
        _RowListLimits(maxLeaf: 4, maxFanout: 4),
        _RowListLimits(maxLeaf: 5, maxFanout: 5),
        _RowListLimits(maxLeaf: 7, maxFanout: 4),
        _RowListLimits.standard,
    ]

    @Test("random operations", arguments: [1, 2, 3, 42, 1_234, 987_654] as [UInt64], 0..<4)
    func randomOperations(seed: UInt64, limitsIndex: Int) throws {
        var rng = SplitMix64(seed: seed &* 131 &+ UInt64(limitsIndex))
        var list = TestRows(_limits: Self.limits[limitsIndex])
        var model: [(id: Int, element: String)] = []
        var nextID = 0
        var removed: [Int] = []   // ids no longer in the list
        var deepest = 0
        var version = 0

        func freshID() -> Int {
            nextID += 1
            return nextID
        }
        func element(_ id: Int) -> String {
            version += 1
            return "\(id).\(version)"
        }

        for _ in 0..<1_500 {
            let n = model.count
            // Grow towards two hundred rows, then hover there.
            let growing = n < 200
            switch rng.int(0...17) {
            case 0...1 where growing:
                let id = freshID()
                let e = element(id)
                let at = rng.int(0...n)
                try list.insert(id: id, element: e, at: at)
                model.insert((id, e), at: at)
            case 2 where growing:
                let id = freshID()
                let e = element(id)
                if rng.chance(0.5) {
                    try list.append(id: id, element: e)
                    model.append((id, e))
                } else {
                    try list.prepend(id: id, element: e)
                    model.insert((id, e), at: 0)
                }
            case 3...4 where growing:
                // A batch anywhere, at the ends more often (pages of older/newer messages).
                let k = rng.int(0...(rng.chance(0.1) ? 120 : 25))
                let batch = (0..<k).map { _ in
                    let id = freshID()
                    return (id, element(id))
                }
                let at = rng.chance(0.3) ? 0 : rng.chance(0.3) ? n : rng.int(0...n)
                if at == 0 && rng.chance(0.5) {
                    try list.prepend(contentsOf: batch)
                } else if at == n && rng.chance(0.5) {
                    try list.append(contentsOf: batch)
                } else {
                    try list.insert(contentsOf: batch, at: at)
                }
                model.insert(contentsOf: batch.map { (id: $0.0, element: $0.1) }, at: at)
            case 5 where n > 0:
                // A batch holding an id already present, or one id twice: refused, nothing changes.
                let before = list
                var batch = (0..<rng.int(1...10)).map { _ in
                    let id = freshID()
                    return (id, element(id))
                }
                let clash: Int
                if rng.chance(0.5) {
                    clash = model[rng.int(0...(n - 1))].id
                    batch.insert((clash, "dup"), at: rng.int(0...batch.count))
                } else {
                    let repeated = batch[rng.int(0...(batch.count - 1))]
                    clash = repeated.0
                    let firstIndex = batch.firstIndex { $0.0 == clash }!
                    batch.insert((clash, "again"), at: rng.int((firstIndex + 1)...batch.count))
                    removed.append(clash)
                }
                #expect(throws: TestRowsError.duplicateID(clash)) {
                    try list.insert(contentsOf: batch, at: rng.int(0...n))
                }
                removed.append(contentsOf: batch.map(\.0).filter { id in !model.contains { $0.id == id } })
                #expect(list == before)
            case 6...7 where n > 0:
                let at = rng.int(0...(n - 1))
                let got = try list.remove(at: at)
                let expected = model.remove(at: at)
                #expect(got.id == expected.id && got.element == expected.element)
                removed.append(expected.id)
            case 8...9 where n > 0:
                let at = rng.int(0...(n - 1))
                let id = model[at].id
                let got = try list.remove(id: id)
                #expect(got.index == at && got.element == model[at].element)
                model.remove(at: at)
                removed.append(id)
            case 10 where n > 0:
                let lo = rng.int(0...n)
                let hi = rng.chance(0.1) ? n : rng.int(lo...min(n, lo + 80))
                try list.removeSubrange(lo..<hi)
                removed.append(contentsOf: model[lo..<hi].map(\.id))
                model.removeSubrange(lo..<hi)
            case 11 where n > 0:
                let from = rng.int(0...(n - 1))
                let to = rng.int(0...(n - 1))
                try list.move(from: from, to: to)
                model.insert(model.remove(at: from), at: to)
            case 12...13 where n > 0:
                let at = rng.int(0...(n - 1))
                let id = model[at].id
                let e = element(id)
                switch rng.int(0...2) {
                case 0:
                    let old = try list.setElement(e, for: id)
                    #expect(old == model[at].element)
                case 1:
                    let old = try list.setElement(e, at: at)
                    #expect(old == model[at].element)
                default:
                    let count = try list.updateElement(for: id) { element -> Int in
                        element = e
                        return element.count
                    }
                    #expect(count == e.count)
                }
                model[at].element = e
            case 14:
                // Unknown ids, duplicate ids and bad indices are refused and change nothing.
                let before = list
                let unknown = removed.isEmpty || rng.chance(0.3) ? -1 : removed[rng.int(0...(removed.count - 1))]
                #expect(throws: TestRowsError.unknownID(unknown)) { try list.remove(id: unknown) }
                #expect(throws: TestRowsError.unknownID(unknown)) { try list.setElement("x", for: unknown) }
                #expect(throws: TestRowsError.unknownID(unknown)) {
                    try list.updateElement(for: unknown) { $0 = "x" }
                }
                if n > 0 {
                    let dup = model[rng.int(0...(n - 1))].id
                    #expect(throws: TestRowsError.duplicateID(dup)) {
                        try list.insert(id: dup, element: "dup", at: rng.int(0...n))
                    }
                    #expect(throws: TestRowsError.duplicateID(dup)) { try list.append(id: dup, element: "d") }
                    #expect(throws: TestRowsError.duplicateID(dup)) { try list.prepend(id: dup, element: "d") }
                }
                #expect(throws: TestRowsError.indexOutOfRange(n + 1, count: n)) {
                    try list.insert(id: freshID(), element: "x", at: n + 1)
                }
                #expect(throws: TestRowsError.indexOutOfRange(-1, count: n)) {
                    try list.insert(id: freshID(), element: "x", at: -1)
                }
                #expect(throws: TestRowsError.indexOutOfRange(n, count: n)) { try list.remove(at: n) }
                #expect(throws: TestRowsError.indexOutOfRange(n, count: n)) { try list.setElement("x", at: n) }
                #expect(throws: TestRowsError.indexOutOfRange(n, count: n)) { try list.move(from: 0, to: n) }
                #expect(throws: TestRowsError.rangeOutOfBounds(0..<(n + 1), count: n)) {
                    try list.removeSubrange(0..<(n + 1))
                }
                #expect(list == before)
            case 15:
                // Copy-on-write: mutate a copy; the original must not move.
                var copy = list
                try copy.prepend(id: freshID(), element: "copy")
                if n > 0 { try copy.setElement("changed", at: rng.int(0...(n - 1))) }
                if n > 2 { try copy.removeSubrange(0..<2) }
                if n > 0 { try copy.remove(id: model[n - 1].id) }   // never among the two removed above
                copy._checkInvariants()
                #expect(copy.count == n + 1 - (n > 2 ? 2 : 0) - (n > 0 ? 1 : 0))
            default:
                if n > 0 && rng.chance(0.1) {
                    // Occasionally empty the list entirely.
                    try list.removeSubrange(0..<n)
                    removed.append(contentsOf: model.map(\.id))
                    model.removeAll()
                } else {
                    let id = freshID()
                    let e = element(id)
                    let at = rng.int(0...n)
                    try list.insert(id: id, element: e, at: at)
                    model.insert((id, e), at: at)
                }
            }
            if removed.count > 64 { removed.removeFirst(removed.count - 64) }
            expectMatches(list, model, absent: removed)
            deepest = max(deepest, list._tree.height)
        }
        if limitsIndex == 0 {
            // The tiny limits must have produced a real tree, or the test proves little.
            #expect(deepest >= 3)
        }
    }
}

@Suite("RowList edge cases")
struct RowListEdgeTests {
    @Test func emptyList() throws {
        var list = TestRows()
        expectMatches(list, [], absent: [0, 1])
        #expect(Array(list).isEmpty)
        #expect(throws: TestRowsError.indexOutOfRange(0, count: 0)) { try list.remove(at: 0) }
        #expect(throws: TestRowsError.indexOutOfRange(0, count: 0)) { try list.move(from: 0, to: 0) }
        #expect(throws: TestRowsError.indexOutOfRange(1, count: 0)) { try list.insert(id: 1, element: "a", at: 1) }
        #expect(throws: TestRowsError.unknownID(3)) { try list.remove(id: 3) }
        try list.removeSubrange(0..<0)
        try list.insert(contentsOf: [], at: 0)
        #expect(list == TestRows())
        list.removeAll()
        expectMatches(list, [])
    }

    @Test func documentationExample() throws {
        struct Message: Sendable, Equatable { var text: String }
        var rows = RowList<String, Message>()
        try rows.append(id: "m2", element: Message(text: "latest"))
        try rows.prepend(contentsOf: [("m0", Message(text: "oldest")), ("m1", Message(text: "older"))])
        #expect(rows.index(of: "m2") == 2)
        #expect(rows[0].id == "m0")
        try rows.updateElement(for: "m1") { $0.text += " (edited)" }
        #expect(rows.element(for: "m1") == Message(text: "older (edited)"))
        let (index, removed) = try rows.remove(id: "m0")
        #expect(index == 0 && removed.text == "oldest")
        #expect(rows.map(\.id) == ["m1", "m2"])
        rows._checkInvariants()
    }

    @Test func errorsDescribeThemselves() {
        #expect(TestRowsError.duplicateID(7).description == "duplicate row id 7")
        #expect(TestRowsError.unknownID(8).description == "unknown row id 8")
        #expect(TestRowsError.indexOutOfRange(5, count: 3).description == "row index 5 out of range for 3 rows")
        #expect(TestRowsError.rangeOutOfBounds(0..<4, count: 3).description == "row range 0..<4 out of bounds for 3 rows")
    }

    @Test func batchWithRepeatedIDIsRefusedWhole() throws {
        var list = try TestRows([(1, "a"), (2, "b")])
        #expect(throws: TestRowsError.duplicateID(5)) {
            try list.append(contentsOf: [(4, "d"), (5, "e"), (6, "f"), (5, "again")])
        }
        #expect(throws: TestRowsError.duplicateID(2)) { try list.prepend(contentsOf: [(3, "c"), (2, "b")]) }
        #expect(throws: TestRowsError.duplicateID(1)) { _ = try TestRows([(1, "a"), (1, "b")]) }
        expectMatches(list, [(1, "a"), (2, "b")], absent: [3, 4, 5, 6])
    }

    @Test("moving keeps ids and elements", arguments: [0, 3] as [Int])
    func moves(limitsIndex: Int) throws {
        var list = TestRows(_limits: RowListRandomTests.limits[limitsIndex])
        try list.append(contentsOf: (0..<100).map { ($0, "\($0)") })
        var model = (0..<100).map { (id: $0, element: "\($0)") }
        for (from, to) in [(0, 99), (99, 0), (50, 51), (51, 50), (10, 90), (90, 10), (42, 42)] {
            try list.move(from: from, to: to)
            model.insert(model.remove(at: from), at: to)
            expectMatches(list, model)
        }
    }
}

@Suite("RowList copy-on-write")
struct RowListCopyOnWriteTests {
    @Test("mutating a copy leaves the original unchanged", arguments: [0, 1, 2, 3] as [Int])
    func copyIsIndependent(limitsIndex: Int) throws {
        var original = TestRows(_limits: RowListRandomTests.limits[limitsIndex])
        try original.append(contentsOf: (0..<2_000).map { ($0, "r\($0)") })
        let model = (0..<2_000).map { (id: $0, element: "r\($0)") }
        var copy = original
        try copy.setElement("changed", for: 1_000)
        try copy.removeSubrange(0..<500)
        try copy.insert(contentsOf: (5_000..<8_000).map { ($0, "new\($0)") }, at: 10)
        try copy.move(from: 0, to: 100)
        try copy.remove(id: 1_999)
        try copy.prepend(id: -1, element: "top")
        expectMatches(original, model, absent: [-1, 5_000])
        copy._checkInvariants()
        #expect(copy.count == 4_500)
        #expect(copy != original)
        #expect(copy.element(for: 1_000) == "changed" && original.element(for: 1_000) == "r1000")

        // And the other way round: the copy does not see later edits of the original.
        let frozen = copy
        try original.removeSubrange(0..<1_000)
        try original.updateElement(for: 1_500) { $0 = "edited" }
        #expect(copy == frozen)
        #expect(copy.element(for: 1_500) == "r1500")
        expectMatches(original, Array(model[1_000...]).map { ($0.id, $0.id == 1_500 ? "edited" : $0.element) })
    }
}

@Suite("RowList at a million rows")
struct RowListScaleTests {
    @Test func millionRows() throws {
        let n = 1_000_000
        var list = RowList<Int, Int>()
        // Build newest-last in pages, as a transcript loads.
        for page in 0..<10 {
            try list.append(contentsOf: (page * n / 10..<(page + 1) * n / 10).lazy.map { ($0, $0 * 2) })
        }
        #expect(list.count == n)
        #expect(list._tree.height == 3)   // leaves, two internal levels, the root
        // Older messages arrive at the top, one by one and as a page; new ones at the bottom.
        for i in 1...1_000 { try list.prepend(id: -i, element: -2 * i) }
        try list.prepend(contentsOf: (1_001...11_000).reversed().map { (-$0, -2 * $0) })
        for i in n..<(n + 1_000) { try list.append(id: i, element: 2 * i) }
        let prepended = 11_000
        #expect(list.count == n + prepended + 1_000)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            let id = rng.int(-prepended...(n + 999))
            let expected = prepended + id   // ids -11,000 … -1, then 0 … n + 999
            #expect(list.index(of: id) == expected)
            #expect(list.id(at: expected) == id && list.element(for: id) == 2 * id)
        }
        // A middle insert shifts the rows after it by one; removing by id reports the index.
        try list.insert(id: -20_000_000, element: 0, at: 500_000)
        #expect(list.index(of: -20_000_000) == 500_000)
        #expect(list.index(of: 500_000 - prepended - 1) == 499_999)
        #expect(list.index(of: 500_000 - prepended) == 500_001)
        let (index, element) = try list.remove(id: 700_000)
        #expect(index == prepended + 700_000 + 1 && element == 1_400_000)
        #expect(list.index(of: 700_001) == index && !list.contains(700_000))
        #expect(throws: RowListError<Int>.duplicateID(5)) { try list.append(id: 5, element: 0) }
        list._checkInvariants()
    }
}
