/// Bulk layout of long multi-paragraph text on several threads: the text is cut into
/// chunks just after mandatory breaks, each chunk is wrapped on its own thread (with that
/// thread's own ICU iterators), and the lines are joined with their offsets shifted; the
/// result is identical to the single-threaded layout (see `_TextWrapping` for why).
///
/// ```swift
/// let layout = try TextLayout(text: bigLog, width: 80, threads: 4)
/// ```
extension TextLayout {
    /// Lays `text` out like `init(text:width:metrics:options:)`, on up to `threads` threads
    /// (clamped to `1...maximumThreads`). Text with fewer mandatory breaks than threads (or
    /// short text) uses fewer.
    ///
    /// - Throws: the same errors as `init(text:width:metrics:options:)`.
    /// - Complexity: O(n) in the text's UTF-8 length, spread over the threads.
    public init(text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                options: TextLayoutOptions = TextLayoutOptions(), threads: Int) throws(TextLayoutError) {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        if let shaper = metrics as? any TextShaper {
            self = try ShapedText(text: text, shaper: shaper, options: options).layout(width: width)
            return
        }
        self.text = text
        self.lineBottoms = []
        self.width = width
        self.options = options
        self.lineHeight = TextMetricsLimits.lineHeight(metrics.lineHeight)
        self.measurer = Measurer(metrics)
        self.shapedText = nil
        self.lines = try _TextWrapping.inParallel(text, width: width, measurer: measurer, keepAll: options.keepAll,
                                                  threads: threads)
    }

    /// The most threads one layout starts [1024]; more count as this many.
    public static let maximumThreads = 1024
}
