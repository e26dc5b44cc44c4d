import ChatFormGeometry

/// Whether a table's state keeps the caret rule of SPEC §5.2: what a drawing of a frame
/// marks green or red, and what a caret-visibility test asserts.
public enum CaretRuleVerdict: Sendable, Hashable {
    /// Nothing is focused (or the focused row is not measured): the rule has nothing to check.
    case noCaret
    /// The caret, grown by the margin above and below (never past the content's top or
    /// end), lies inside the visible band; or, when that is taller than the band, the
    /// caret's line lies inside it at the band's top (or the offset is clamped there).
    case kept
    /// The rule is broken; the string says how (content y ranges).
    case broken(String)

    /// Whether the rule holds (`noCaret` counts as holding).
    public var holds: Bool {
        if case .broken = self { return false }
        return true
    }
}

extension TableSession {
    /// The caret rule's verdict for the state as it is now (SPEC §5.2).
    ///
    /// The rule applies after a change that must reveal the caret (an edit, a caret move,
    /// focusing, a keyboard frame, a resize); after the user scrolls the caret may leave
    /// the band, so callers ask only where the rule applies. Inside a field past its line
    /// limit the caret must also lie inside the field's window.
    ///
    /// - Complexity: O(log n + the caret line's length).
    public var caretRuleVerdict: CaretRuleVerdict {
        guard let c = caret else { return .noCaret }
        let eps = 1e-6
        let band = viewport.visibleBand
        let bandHeight = band.upperBound - band.lowerBound
        let margin = configuration.caretMargin
        let top = Swift.max(0, c.rect.minY - margin)
        let bottom = Swift.min(Swift.max(contentHeight, c.rect.maxY), c.rect.maxY + margin)
        let clamped = Swift.abs(viewport.offset - maxOffset) < eps || Swift.abs(viewport.offset - minOffset) < eps
        func show(_ r: ClosedRange<Double>) -> String { "\(r.lowerBound)...\(r.upperBound)" }
        if bottom - top <= bandHeight + eps {
            if top < band.lowerBound - eps || bottom > band.upperBound + eps {
                return .broken("caret \(show(c.rect.minY...c.rect.maxY)) with its margin \(show(top...bottom)) is outside the visible band \(show(band))")
            }
        } else if bandHeight >= c.rect.height - eps {
            if c.rect.minY < band.lowerBound - eps || c.rect.maxY > band.upperBound + eps {
                return .broken("caret line \(show(c.rect.minY...c.rect.maxY)) is outside the visible band \(show(band))")
            }
            if Swift.abs(c.rect.minY - band.lowerBound) >= eps && !clamped {
                return .broken("caret line \(show(c.rect.minY...c.rect.maxY)) is not at the top of the band \(show(band)), too short for it with its margin")
            }
        } else if Swift.abs(c.rect.minY - band.lowerBound) >= eps && !clamped {
            return .broken("caret top \(c.rect.minY) is not at the top of the band \(show(band)), shorter than a line")
        }
        if let i = index(of: c.field.row), let m = measurement(ofRow: i), let item = m.item(at: c.field.item) {
            let fieldTop = frame(ofRow: i).y + row(at: i).style.padding.top + item.y
            if c.rect.minY < fieldTop - eps || c.rect.maxY > fieldTop + item.height + eps {
                return .broken("caret \(show(c.rect.minY...c.rect.maxY)) is outside its field's window \(show(fieldTop...(fieldTop + item.height)))")
            }
        }
        return .kept
    }
}
