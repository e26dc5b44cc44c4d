internal import CChatFormFreeType
import ChatFormText
import Synchronization

/// Errors opening a font.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// FreeType could not open the file as a font (missing file, not a font, bad size).
    case cannotOpen(path: String, freeTypeError: Int32)
    /// The pixel size was not a positive whole number.
    case invalidSize(Double)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let e): "cannot open font \(path) (FreeType error \(e))"
        case .invalidSize(let s): "invalid font size \(s): it must be a positive whole number of pixels"
        }
    }
}

/// One font face at one pixel size, read with FreeType. A class because it owns the C
/// handle (closed in `deinit`); every FreeType call happens under its lock, so it may be
/// shared between threads.
public final class FontFace: Sendable {
    private let state: Mutex<OpaquePointer>
    private let cache = Mutex<[UInt32: Double]>([:])
    /// The file it was read from.
    public let path: String
    /// Pixels per em.
    public let pixelSize: Int
    /// The family name FreeType reports.
    public let family: String
    /// Line height in pixels (ascender − descender + line gap).
    public let lineHeight: Double

    /// Opens face 0 of the font file at `path` at `pixelSize` pixels per em.
    ///
    /// - Throws: `FontError`.
    public init(path: String, pixelSize: Int) throws(FontError) {
        guard pixelSize > 0 && pixelSize < 10_000 else { throw .invalidSize(Double(pixelSize)) }
        var error: Int32 = 0
        guard let handle = cfl_font_open(path, UInt32(pixelSize), &error) else {
            throw .cannotOpen(path: path, freeTypeError: error)
        }
        self.path = path
        self.pixelSize = pixelSize
        self.family = String(cString: cfl_font_family(handle))
        let lh = Double(cfl_font_line_height(handle)) / 64
        self.lineHeight = lh > 0 ? lh : Double(pixelSize)
        self.state = Mutex(handle)
    }

    deinit {
        state.withLock { cfl_font_close($0) }
    }

    /// The unhinted advance of `scalar`'s glyph in pixels, or nil when the face has none.
    ///
    /// - Complexity: O(1) after the first call for a scalar (cached).
    public func advance(of scalar: Unicode.Scalar) -> Double? {
        if let cached = cache.withLock({ $0[scalar.value] }) { return cached < 0 ? nil : cached }
        let raw = state.withLock { cfl_font_advance($0, scalar.value) }
        let value = raw < 0 ? -1 : Double(raw) / 64
        cache.withLock { $0[scalar.value] = value }
        return value < 0 ? nil : value
    }
}

/// A real font's advances as `TextMetrics`: each grapheme cluster advances by its first
/// scalar's glyph (unhinted, no shaping: no kerning or ligatures); a cluster the face has no
/// glyph for advances by its cell width × half an em (the width a terminal would give it);
/// zero-width clusters advance 0. Tabs stop every `tabWidth` spaces.
///
/// ```swift
/// let face = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixelSize: 16)
/// let layout = try TextLayout(text: "Proportional text wraps by pixels", width: 120,
///                             metrics: FontMetrics(face: face))
/// ```
public struct FontMetrics: TextMetrics {
    /// The face.
    public let face: FontFace
    /// Tab stops every this many spaces [8].
    public let tabWidth: Int

    public init(face: FontFace, tabWidth: Int = 8) {
        self.face = face
        self.tabWidth = Swift.max(1, tabWidth)
    }

    public var lineHeight: Double { face.lineHeight }

    public func advance(of cluster: GraphemeCluster) -> Double {
        if cluster.cells == 0 { return 0 }
        if let first = cluster.string.unicodeScalars.first, let advance = face.advance(of: first) { return advance }
        return Double(cluster.cells) * Double(face.pixelSize) / 2
    }

    public func tabStop(after x: Double) -> Double {
        let space = face.advance(of: " ") ?? Double(face.pixelSize) / 2
        let interval = Swift.max(1, space * Double(tabWidth))
        return ((x / interval).rounded(.down) + 1) * interval
    }
}
