#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CChatFormShaping
import Synchronization

/// fontconfig's fallback answers kept on disk between processes (issue 23): the font it sorts
/// first for a character and a language, and its sorted list for a language, each a sort of
/// every installed font (about 3.6 million instructions) that a process would otherwise pay
/// again for what an earlier one asked.
///
/// The answers are fonts by number in fontconfig's sets (`cfl_fc_font_count`), valid while
/// fontconfig's identity (`cfl_fc_identity`: its version, the configuration files it read, the
/// fonts' patterns) is the one in the file's first line. A file of another identity is stale:
/// nothing in it is read, and the next answer starts the file again. A line that does not
/// parse is skipped; a number that does not name a fallback face having the character is
/// asked of fontconfig again; a file that cannot be read or written leaves fontconfig asked
/// every time, never an error.
///
/// Where: `$CHATFORM_FALLBACK_CACHE` when it is a directory path, else
/// `$XDG_CACHE_HOME/chatformlayout`, else `~/.cache/chatformlayout`; the file is
/// `fontconfig-fallback.txt`. `CHATFORM_FALLBACK_CACHE=off` (or `0`) turns it off.
final class FallbackDiskCache: Sendable {
    /// The environment variable: `off` or `0` for no cache, or the directory to keep it in.
    static let environmentKey = "CHATFORM_FALLBACK_CACHE"
    static let fileName = "fontconfig-fallback.txt"
    /// The first line's words before the identity.
    static let format = "chatform-fallback 1"
    /// A file larger than this is started again (about 20,000 answers).
    static let sizeLimit = 1 << 20

    /// The cache the process's fonts use: from the environment, for fontconfig's identity;
    /// nil when turned off, with no directory, or without fontconfig.
    static let shared: FallbackDiskCache? = {
        guard let directory = directory(environment: { getenv($0).map { String(cString: $0) } }) else { return nil }
        let identity = cfl_fc_identity()
        return identity == 0 ? nil : FallbackDiskCache(directory: directory, identity: identity)
    }()

    /// The directory the cache is kept in for an environment (`variable` reads one), or nil
    /// when it is turned off or there is none.
    static func directory(environment variable: (String) -> String?) -> String? {
        if let setting = variable(environmentKey), !setting.isEmpty {
            if setting == "off" || setting == "0" { return nil }
            if setting.hasPrefix("/") { return setting }
        }
        if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/chatformlayout" }
        if let home = variable("HOME"), home.hasPrefix("/") { return home + "/.cache/chatformlayout" }
        return nil
    }

    let directory: String
    let path: String
    let identity: UInt64
    private let state: Mutex<State>

    private struct State {
        var scalars: [ScalarKey: Int32] = [:]
        var lists: [String: [Int32]] = [:]
        /// Whether the file on disk starts with this identity's line (else the next answer
        /// writes the file anew).
        var current = false
        var bytes = 0
        /// Set when the directory or the file cannot be written: answers stay in memory.
        var readOnly = false
        /// Answers read from the file and given (for tests).
        var hits = 0
    }

    struct ScalarKey: Hashable {
        var scalar: UInt32
        var language: String
    }

    /// The cache in `directory` for fontconfig's `identity`, its file read now.
    init(directory: String, identity: UInt64) {
        self.directory = directory
        self.path = directory + "/" + Self.fileName
        self.identity = identity
        var state = State()
        if let bytes = Self.contents(of: path) { Self.parse(bytes, identity: identity, into: &state) }
        self.state = Mutex(state)
    }

    /// The number of the font fontconfig sorts first for `scalar` in `language` that has it
    /// (-1: no font has it), if an earlier answer is kept.
    func scalarAnswer(_ scalar: UInt32, language: String) -> Int32? {
        state.withLock { s in
            let answer = s.scalars[ScalarKey(scalar: scalar, language: language)]
            if answer != nil { s.hits += 1 }
            return answer
        }
    }

    /// The numbers of fontconfig's sorted fallback list for `language`, if kept.
    func list(language: String) -> [Int32]? {
        state.withLock { s in
            let list = s.lists[language]
            if list != nil { s.hits += 1 }
            return list
        }
    }

    /// How many kept answers were given.
    var hits: Int { state.withLock { $0.hits } }

    /// Keeps fontconfig's answer for `scalar` in `language` (`position` -1: no font has it).
    func record(scalar: UInt32, language: String, position: Int32) {
        guard Self.isPlain(language), position >= -1 else { return }
        state.withLock { s in
            s.scalars[ScalarKey(scalar: scalar, language: language)] = position
            store(Self.scalarLine(scalar, language, position), &s)
        }
    }

    /// Keeps fontconfig's sorted list for `language`.
    func record(list positions: [Int32], language: String) {
        guard Self.isPlain(language), positions.allSatisfy({ $0 >= 0 }) else { return }
        state.withLock { s in
            s.lists[language] = positions
            store(Self.listLine(language, positions), &s)
        }
    }

    // MARK: The file

    private var header: String { "\(Self.format) \(String(identity, radix: 16))\n" }

    private static func scalarLine(_ scalar: UInt32, _ language: String, _ position: Int32) -> String {
        "s \(language) \(String(scalar, radix: 16)) \(position)\n"
    }

    private static func listLine(_ language: String, _ positions: [Int32]) -> String {
        "l \(language)" + positions.map { " \($0)" }.joined() + "\n"
    }

    /// A language tag the file can hold as one word ("en-us", "und-zsye", "" excluded).
    private static func isPlain(_ language: String) -> Bool {
        !language.isEmpty && language.utf8.count <= 64
            && language.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D || $0 == 0x5F }
    }

    /// Appends `line`, or writes the whole file anew (its identity first) when the file is of
    /// another identity or would grow past the limit.
    private func store(_ line: String, _ s: inout State) {
        guard !s.readOnly else { return }
        if s.current && s.bytes + line.utf8.count <= Self.sizeLimit {
            if Self.append(line, to: path) { s.bytes += line.utf8.count } else { s.readOnly = true }
            return
        }
        var text = header
        for (key, position) in s.scalars { text += Self.scalarLine(key.scalar, key.language, position) }
        for (language, positions) in s.lists { text += Self.listLine(language, positions) }
        if text.utf8.count > Self.sizeLimit {
            // Only what fits: the lists and this answer.
            text = header + s.lists.map { Self.listLine($0.key, $0.value) }.joined() + (line.hasPrefix("s ") ? line : "")
        }
        if Self.replace(path, in: directory, with: text) {
            s.current = true
            s.bytes = text.utf8.count
        } else {
            s.readOnly = true
        }
    }

    /// Reads the entries of a file of `identity` into `state` (nothing from another identity
    /// or a file that does not start with the format's line).
    private static func parse(_ bytes: [UInt8], identity: UInt64, into state: inout State) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // A last line without its newline was cut short (a process stopped while writing).
        if bytes.last != 0x0A { lines.removeLast() }
        guard let first = lines.first,
              String(decoding: first, as: UTF8.self) == "\(format) \(String(identity, radix: 16))" else { return }
        state.current = true
        state.bytes = bytes.count
        for line in lines.dropFirst() {
            let words = line.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            guard words.count >= 2, isPlain(words[1]) else { continue }
            switch words[0] {
            case "s" where words.count == 4:
                guard let scalar = UInt32(words[2], radix: 16), scalar <= 0x10FFFF,
                      let position = Int32(words[3]), position >= -1 else { continue }
                state.scalars[ScalarKey(scalar: scalar, language: words[1])] = position
            case "l":
                let positions = words.dropFirst(2).compactMap { Int32($0) }.filter { $0 >= 0 }
                guard positions.count == words.count - 2 else { continue }
                state.lists[words[1]] = positions
            default:
                continue
            }
        }
    }

    /// The file's bytes, or nil when it cannot be read, is not a regular file or is larger
    /// than the limit.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= sizeLimit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return Array(bytes[0..<done])
    }

    /// Appends `text` in one write (lines of concurrent processes do not interleave).
    private static func append(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_APPEND)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return writeAll(fd, text)
    }

    /// Writes `text` to a file of its own in `directory` (made if missing) and renames it to
    /// `path`, so a reader sees the old file or the new one, never part of one.
    private static func replace(_ path: String, in directory: String, with text: String) -> Bool {
        guard makeDirectory(directory) else { return false }
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        let written = writeAll(fd, text)
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// Makes `directory` and the directories above it that are missing (mode 0700, as the
    /// XDG base directory specification asks of the cache directory).
    private static func makeDirectory(_ directory: String) -> Bool {
        var info = stat()
        if stat(directory, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        if !parent.isEmpty && !makeDirectory(parent) { return false }
        return mkdir(directory, 0o700) == 0 || errno == EEXIST
    }
}
