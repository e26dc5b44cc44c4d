import ChatFormTesting
import Foundation
import Testing

/// `chatform replay --html`, `wrap --svg`, `measure --svg`: the files they write.
@Suite("chatform pictures")
struct PicturesToolTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatform-tool-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func replayHTMLHasAFramePerLineOfReplayFrames() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = ToolProcess.fixture("seed004-form.json", target: "ChatFormReplayTests").path
        let page = folder.appendingPathComponent("seed004.html")
        let run = try Tool.run(["replay", script, "--html", page.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.isEmpty)
        let frames = try Tool.run(["replay", script, "--frames"]).text.split(separator: "\n").count
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.components(separatedBy: "<section class=\"frame").count - 1 == frames)
        #expect(run.stderr.contains("\(frames) frames"))
        #expect(!html.contains("<script src") && !html.contains("<link"), "the page must be self-contained")
    }

    @Test func replayHTMLDrawsABehaviourScriptAndRefusesAFolderItCannotWrite() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let behaviour = folder.appendingPathComponent("toolbar.json")
        try #"{"behavior": "toolbar", "config": {"contentHeight": 3000, "viewportHeight": 800}, "events": [{"type": "scroll", "offset": 40, "translation": -40, "at": 0.1}]}"#.write(to: behaviour, atomically: true, encoding: .utf8)
        let drawn = try Tool.run(["replay", behaviour.path, "--html", folder.appendingPathComponent("x.html").path])
        #expect(drawn.status == 0 && drawn.stderr.contains("frames"), "\(drawn.stderr)")
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"behavior": "toolbar", "events": [{"type": "fly"}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        let refused = try Tool.run(["replay", bad.path, "--html", folder.appendingPathComponent("y.html").path])
        #expect(refused.status == 2 && refused.stderr.contains("script.config"), "\(refused.stderr)")
        let script = ToolProcess.fixture("chat.json", target: "ChatFormReplayTests").path
        let unwritable = try Tool.run(["replay", script, "--html", folder.appendingPathComponent("missing/x.html").path])
        #expect(unwritable.status == 2 && unwritable.stderr.contains("cannot write"), "\(unwritable.stderr)")
    }

    @Test func wrapSVGHasALineBoxPerLine() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Data("키보드가 올라와도 커서는 입력창 안에 있어요.\nThe caret stays visible.\n".utf8)
        for arguments in [["--width", "12"], ["--font-family", "DejaVu Sans", "--width", "150"]] {
            let svg = folder.appendingPathComponent("wrap.svg")
            let run = try Tool.run(["wrap", "--format", "jsonl", "--svg", svg.path] + arguments, stdin: input)
            if run.stderr.contains("not found") { continue }   // no DejaVu Sans here
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.text.split(separator: "\n").count
            let picture = try String(contentsOf: svg, encoding: .utf8)
            #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(picture.contains("data-lines=\"\(lines)\""))
            #expect(picture.components(separatedBy: "class=\"linebox\"").count - 1 == lines)
        }
    }

    @Test func measureSVGDrawsEveryMessageNamedAfterItsId() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Data("""
        {"id":"m-1","text":"hello there, how are you?"}
        {"id":42,"text":"안녕하세요 반갑습니다"}
        {"id":"../../etc/passwd","text":"a sneaky id"}
        {"text":"no id at all"}
        {"id":"bad","text":7}

        """.utf8)
        let run = try Tool.run(["measure", "--width", "100", "--svg", folder.path], stdin: input)
        #expect(run.status == 1, "the bad line makes the run fail: \(run.stderr)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == ["m-1.svg", "42.svg", ".._.._etc_passwd.svg", "line-4.svg"], "\(names)")
        let picture = try String(contentsOf: folder.appendingPathComponent("42.svg"), encoding: .utf8)
        #expect(picture.contains("id 42, width 100"))
    }
}
