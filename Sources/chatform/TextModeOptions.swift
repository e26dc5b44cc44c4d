import ArgumentParser
import ChatFormText

/// The CSS text modes as options of `wrap` and `measure` (`TextModes`): each takes its CSS
/// value; left out, the engine's defaults (`pre-wrap`, `normal`, `break-word`, `normal`,
/// `start`).
struct TextModeOptions: ParsableArguments {
    @Option(help: "CSS white-space: normal, pre-wrap (default), pre-line, pre or nowrap.")
    var whiteSpace: String?

    @Option(help: "CSS word-break: normal (default), break-all or keep-all.")
    var wordBreak: String?

    @Option(help: "CSS overflow-wrap: normal, break-word (default) or anywhere.")
    var overflowWrap: String?

    @Option(help: "CSS line-break: strict, normal (default), loose or anywhere (ICU's @lb= rules).")
    var lineBreak: String?

    @Option(help: "CSS text-align: start (default), end, center or justify: each line's x (jsonl \"x\"; cells: indented).")
    var textAlign: String?

    /// The modes given, over the defaults.
    func modes() throws -> TextModes {
        var modes = TextModes()
        let given: [(String, String?)] = [("white-space", whiteSpace), ("word-break", wordBreak), ("overflow-wrap", overflowWrap),
                                          ("line-break", lineBreak), ("text-align", textAlign)]
        for (property, value) in given {
            guard let value else { continue }
            do throws(TextModesError) {
                try modes.set(property, to: value)
            } catch {
                throw ValidationError("--\(property) \(value): \(error)")
            }
        }
        return modes
    }

    func validate() throws { _ = try modes() }
}
