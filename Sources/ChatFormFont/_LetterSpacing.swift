import ChatFormText

/// CSS `letter-spacing` as Chromium applies it to shaped text (`ShapeResultSpacing`): an
/// amount after every HarfBuzz cluster that takes it. Shared by a letter-spaced
/// `FontStack` (a whole paragraph) and a styled text's spaced spans.
enum _LetterSpacing {
    /// Whether letter spacing goes after the cluster starting at `at` in a run of `script`,
    /// as Chromium applies it: never after a character that is drawn as nothing (a default
    /// ignorable, a joiner, U+FFFC, form feed, carriage return), and in a cursive script
    /// (Arabic, Syriac, N'Ko, Mongolian, Mandaic, Phags-pa, Hanifi Rohingya: letters that
    /// join) only after white space (space, tab, line feed, no-break space).
    static func takes(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, script: UInt32) -> Bool {
        let c = bytes[at]
        if c < 0x80 {
            if c == 0x0C || c == 0x0D { return false }
            return !cursiveScripts.contains(script) || c == 0x20 || c == 0x09 || c == 0x0A
        }
        let scalar = UTF8Scalar.decode(bytes, at: at).0
        if scalar == 0xFFFC { return false }
        if let s = Unicode.Scalar(scalar), s.properties.isDefaultIgnorableCodePoint { return false }
        return !cursiveScripts.contains(script) || scalar == 0xA0
    }

    /// Arab, Syrc, Nkoo, Mong, Mand, Phag, Rohg.
    static let cursiveScripts: Set<UInt32> = [0x4172_6162, 0x5379_7263, 0x4E6B_6F6F, 0x4D6F_6E67, 0x4D61_6E64, 0x5068_6167, 0x526F_6867]

    /// Adds `spacing` (1/65536 px) after every cluster of bytes `range` that takes it, the
    /// clusters as shaped into `out` (a byte inside one is marked 2 in `out.unsafe`; in
    /// Indic scripts a HarfBuzz cluster is finer than a grapheme cluster, as Chromium
    /// spaces them).
    ///
    /// - Complexity: O(range + log items).
    static func apply(_ spacing: Int32, to bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, items: [TextItem],
                      into out: inout ShapingOutput) {
        guard spacing != 0, !items.isEmpty else { return }
        var item = 0
        var at = range.lowerBound
        while at < range.upperBound {
            while item < items.count - 1 && items[item].range.upperBound <= at { item += 1 }
            if takes(bytes, at, script: items[item].script) { out.advances[at] &+= spacing }
            var next = at + 1
            while next < range.upperBound && out.unsafe[next] == 2 { next += 1 }
            at = next
        }
    }

    /// Letter spacing in 1/65536 px.
    static func fixed(_ spacing: Double) -> Int32 { spacing == 0 ? 0 : Int32((spacing * 65536).rounded()) }
}
