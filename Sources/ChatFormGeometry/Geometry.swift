/// Plain value geometry shared by every layer of ChatFormLayout.
///
/// One coordinate space in points (`Double`); the y axis grows downward, and content
/// y = 0 is the top of the first row. No UIKit, no CoreGraphics.

/// A point in the layout's coordinate space.
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downward.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when both dimensions are finite and not negative.
    public var isValid: Bool {
        width.isFinite && height.isFinite && width >= 0 && height >= 0
    }

    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle: an origin (its top-left corner) and a size.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The rectangle shrunk by `dx` at the left and the right and by `dy` above and below
    /// (grown for negative values), its centre kept. Not clamped: an inset past half the
    /// width or height leaves it negative.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy,
             width: size.width - 2 * dx, height: size.height - 2 * dy)
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public var description: String { "[\(origin) \(size)]" }
}

/// Insets from the four edges of a rectangle.
public struct EdgeInsets: Sendable, Hashable, Codable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// Left plus right.
    public var horizontal: Double { left + right }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }

    public var description: String { "(t \(top), l \(left), b \(bottom), r \(right))" }
}
