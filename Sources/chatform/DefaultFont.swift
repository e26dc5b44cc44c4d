import ChatFormFont

/// The font the tool shapes with when no `--font-family` or `--font` is given: whatever
/// fontconfig answers for the CSS generic family `sans-serif` on this machine.
enum DefaultFont {
    /// The family asked of fontconfig.
    static let family = "sans-serif"

    /// What `sans-serif` resolves to here, for the help texts: `description` when the tool
    /// was asked for help, else a phrase that asks fontconfig nothing (the help texts are
    /// built on every run, and a run that shapes nothing should not start fontconfig).
    static var forHelp: String {
        let askedForHelp = CommandLine.arguments.dropFirst().contains { $0 == "--help" || $0 == "-h" || $0 == "help" }
        return askedForHelp ? description : "the family fontconfig matches"
    }

    /// What `sans-serif` resolves to here, for help texts and the one-line notice: the
    /// family and its file ("DejaVu Sans, /usr/share/fonts/…/DejaVuSans.ttf"), or why none.
    static let description: String = {
        do {
            let face = try FontStack(family: family, size: 16).primaryFaces[0]
            return "\(face.family), \(face.path)"
        } catch {
            return "none here: \(error)"
        }
    }()
}
