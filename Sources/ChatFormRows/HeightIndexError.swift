/// Why a `HeightIndex` mutation was refused. A refused mutation leaves the index unchanged.
///
/// ```swift
/// var index = HeightIndex()
/// do { try index.append(height: .nan) } catch { print(error) } // invalid row height nan
/// ```
public enum HeightIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A height that is negative, NaN, infinite or above `HeightIndex.maximumHeight`. (A
    /// height of `-0.0` is accepted as `0`.)
    case invalidHeight(Double)
    /// A row index outside the valid positions for the operation (`0..<count`, or `0...count`
    /// where a position between rows is meant).
    case indexOutOfRange(Int, count: Int)
    /// A row range not contained in `0..<count`.
    case rangeOutOfBounds(Range<Int>, count: Int)
    /// A negative number of rows.
    case negativeCount(Int)

    /// Equal cases with equal payloads; two `invalidHeight(.nan)` are equal.
    /// - Complexity: O(1).
    public static func == (lhs: HeightIndexError, rhs: HeightIndexError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidHeight(a), .invalidHeight(b)):
            return a == b || (a.isNaN && b.isNaN)
        case let (.indexOutOfRange(a, x), .indexOutOfRange(b, y)):
            return a == b && x == y
        case let (.rangeOutOfBounds(a, x), .rangeOutOfBounds(b, y)):
            return a == b && x == y
        case let (.negativeCount(a), .negativeCount(b)):
            return a == b
        default:
            return false
        }
    }

    /// A one-line explanation.
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .invalidHeight(let h): "invalid row height \(h)"
        case let .indexOutOfRange(i, count): "row index \(i) out of range for \(count) rows"
        case let .rangeOutOfBounds(r, count): "row range \(r) out of bounds for \(count) rows"
        case .negativeCount(let n): "negative row count \(n)"
        }
    }
}
