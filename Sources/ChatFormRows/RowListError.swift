/// Why a `RowList` mutation was refused. A refused mutation leaves the list unchanged.
///
/// ```swift
/// var rows = RowList<Int, String>()
/// try rows.append(id: 7, element: "hi")
/// do { try rows.append(id: 7, element: "again") } catch { print(error) } // duplicate row id 7
/// ```
public enum RowListError<ID: Hashable & Sendable>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id is already in the list (or appears twice in one batch).
    case duplicateID(ID)
    /// No row has this id.
    case unknownID(ID)
    /// A row index outside the valid positions for the operation (`0..<count`, or `0...count`
    /// where a position between rows is meant).
    case indexOutOfRange(Int, count: Int)
    /// A row range not contained in `0..<count`.
    case rangeOutOfBounds(Range<Int>, count: Int)

    /// A one-line explanation.
    /// - Complexity: O(1) plus the cost of describing the id.
    public var description: String {
        switch self {
        case .duplicateID(let id): "duplicate row id \(id)"
        case .unknownID(let id): "unknown row id \(id)"
        case let .indexOutOfRange(i, count): "row index \(i) out of range for \(count) rows"
        case let .rangeOutOfBounds(r, count): "row range \(r) out of bounds for \(count) rows"
        }
    }
}
