import Testing
import Foundation
@testable import ChatFormFont

/// fontconfig's fallback answers kept on disk between processes (issue 23): a second library
/// reading what a first one wrote gives fontconfig's own answers without sorting; a file of
/// another identity is not read and is written anew; a damaged file is skipped where it does
/// not parse, never a crash.
@Suite("Fallback disk cache", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct FallbackDiskCacheTests {
    /// Characters the test fonts lack, in the languages fallback asks for them: Hangul, kana,
    /// Han, Thai, Devanagari, Arabic, Hebrew, Ethiopic, symbols, emoji, and a private-use
    /// and an unassigned scalar no font has.
    static let questions: [(UInt32, String)] = [
        (0xC548, "en-us"), (0xC548, "ko"), (0x3042, "ja"), (0x6F22, "en-us"), (0x6F22, "ja"), (0x0E01, "en-us"),
        (0x0915, "en-us"), (0x0627, "en-us"), (0x05D0, "en-us"), (0x1200, "en-us"), (0x2603, "en-us"),
        (0x1F600, "en-us"), (0x1F600, "und-zsye"), (0xE000, "en-us"), (0x10FFFD, "en-us"),
    ]

    /// A directory that does not exist yet, inside one of its own.
    static func directory() throws -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("chatform-fallback-\(UUID().uuidString)/cache")
    }

    static var identity: UInt64 { FallbackDiskCache.shared?.identity ?? 0x5EED }

    static func answers(_ library: FontLibrary) -> [String] {
        questions.map { scalar, language in
            library.fallback(for: scalar, language: _ShapingLanguage(language)).map { "\($0.path)#\($0.index)" } ?? "none"
        }
    }

    static func fonts(_ list: FallbackList) -> [String] {
        (0..<list.count).map { "\(list.font($0).path)#\(list.font($0).index)" }
    }

    @Test("a second process's library gives fontconfig's answers from the file, without sorting")
    func sameAnswers() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let direct = Self.answers(FontLibrary(diskCache: nil))
        let first = FallbackDiskCache(directory: dir.path, identity: Self.identity)
        #expect(Self.answers(FontLibrary(diskCache: first)) == direct)
        #expect(first.hits == 0)
        let directList = try FontLibrary(diskCache: nil).fallbackList(language: _ShapingLanguage("en-us"))
        let firstList = try FontLibrary(diskCache: first).fallbackList(language: _ShapingLanguage("en-us"))
        #expect(Self.fonts(firstList) == Self.fonts(directList))

        // A new cache on the same file: every answer read back, none asked of fontconfig.
        let second = FallbackDiskCache(directory: dir.path, identity: Self.identity)
        #expect(Self.answers(FontLibrary(diskCache: second)) == direct)
        #expect(second.hits == Self.questions.count)
        let secondList = try FontLibrary(diskCache: second).fallbackList(language: _ShapingLanguage("en-us"))
        #expect(second.hits == Self.questions.count + 1)
        #expect(Self.fonts(secondList) == Self.fonts(directList))
        #expect(secondList.positions == directList.positions)
        for scalar: UInt32 in [0x41, 0xC548, 0x0E01, 0x1F600, 0xE000] {
            #expect(secondList.first(covering: scalar) == directList.first(covering: scalar))
        }
        #expect(direct.contains("none") && direct.contains { $0 != "none" })
    }

    @Test("a file of another identity is not read, and is written anew for this one")
    func staleFileRebuilt() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let old = FallbackDiskCache(directory: dir.path, identity: 0xDEAD)
        // A wrong answer under the old identity: font 0 for everything.
        old.record(scalar: 0xC548, language: "ko", position: 0)
        old.record(list: [0, 0, 0], language: "en-us")
        let file = dir.appendingPathComponent(FallbackDiskCache.fileName)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("\(FallbackDiskCache.format) dead\n"))

        let fresh = FallbackDiskCache(directory: dir.path, identity: Self.identity)
        #expect(fresh.scalarAnswer(0xC548, language: "ko") == nil)
        #expect(fresh.list(language: "en-us") == nil)
        let library = FontLibrary(diskCache: fresh)
        #expect(Self.answers(library) == Self.answers(FontLibrary(diskCache: nil)))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("\(FallbackDiskCache.format) \(String(Self.identity, radix: 16))\n"))
        #expect(text.split(separator: "\n").count == 1 + Set(Self.questions.map { "\($0.0) \($0.1)" }).count)
        let reread = FallbackDiskCache(directory: dir.path, identity: Self.identity)
        #expect(Self.answers(FontLibrary(diskCache: reread)) == Self.answers(FontLibrary(diskCache: nil)))
        #expect(reread.hits == Self.questions.count)
    }

    @Test("damaged files: lines that do not parse are skipped, numbers that name no fallback face are asked again")
    func damagedFiles() throws {
        let direct = Self.answers(FontLibrary(diskCache: nil))
        let sorted = try FontLibrary(diskCache: nil).fallbackList(language: _ShapingLanguage("en-us"))
        let k = try #require((0..<sorted.count).first { !sorted.covers($0, 0xC548) && !sorted.covers($0, 0x0E01) })
        let lacking = try #require(sorted.positions)[k]
        let header = "\(FallbackDiskCache.format) \(String(Self.identity, radix: 16))\n"
        var rng = SplitMix64(seed: 23)
        var damaged: [[UInt8]] = [
            [],
            Array(header.utf8.dropLast()),
            Array((header + "s ko c548 99999999\ns ko zz 1\nl en-us 1 x 2\ns\n\u{0}\u{FF}\nl ko -5\ns ko c548").utf8),
            // A number naming a fallback font without the character, and a list of fonts
            // past the end.
            Array((header + "s ko c548 \(lacking)\ns en-us e01 \(lacking)\nl en-us 0 999999\n").utf8),
        ]
        for _ in 0..<20 {
            var bytes = Array(header.utf8)
            for _ in 0..<Int(rng.next() % 400) { bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
            damaged.append(bytes)
        }
        for bytes in damaged {
            let dir = try Self.directory()
            defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(bytes).write(to: dir.appendingPathComponent(FallbackDiskCache.fileName))
            let cache = FallbackDiskCache(directory: dir.path, identity: Self.identity)
            #expect(Self.answers(FontLibrary(diskCache: cache)) == direct)
            let list = try FontLibrary(diskCache: cache).fallbackList(language: _ShapingLanguage("en-us"))
            #expect(Self.fonts(list) == Self.fonts(try FontLibrary(diskCache: nil).fallbackList(language: _ShapingLanguage("en-us"))))
        }
    }

    @Test("a cache that cannot be written (its directory is a file) answers as fontconfig does")
    func unwritable() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: dir.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: dir)
        let cache = FallbackDiskCache(directory: dir.path, identity: Self.identity)
        #expect(Self.answers(FontLibrary(diskCache: cache)) == Self.answers(FontLibrary(diskCache: nil)))
        #expect(try String(contentsOf: dir, encoding: .utf8) == "not a directory")
    }

    @Test("where the cache is kept: the variable's directory, XDG_CACHE_HOME, ~/.cache; off turns it off")
    func directories() {
        func dir(_ env: [String: String]) -> String? { FallbackDiskCache.directory { env[$0] } }
        #expect(dir(["HOME": "/home/kim"]) == "/home/kim/.cache/chatformlayout")
        #expect(dir(["HOME": "/home/kim", "XDG_CACHE_HOME": "/var/cache/kim"]) == "/var/cache/kim/chatformlayout")
        #expect(dir(["HOME": "/home/kim", "XDG_CACHE_HOME": "relative"]) == "/home/kim/.cache/chatformlayout")
        #expect(dir(["HOME": "/home/kim", "CHATFORM_FALLBACK_CACHE": "/tmp/fc"]) == "/tmp/fc")
        #expect(dir(["HOME": "/home/kim", "CHATFORM_FALLBACK_CACHE": "off"]) == nil)
        #expect(dir(["HOME": "/home/kim", "CHATFORM_FALLBACK_CACHE": "0"]) == nil)
        #expect(dir([:]) == nil)
    }
}
