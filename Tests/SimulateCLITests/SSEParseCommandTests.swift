import Foundation
import SimulateJSON
import Testing

/// `simulate sse-parse` end to end: a captured stream in, one JSON line per event and per retry out.
@Suite struct SSEParseCommandTests {
    static let stream =
        "\u{FEFF}: comment\r\nevent: update\r\ndata: {\"items\":[]}\r\nid: 7\r\n\r\nretry: 2500\ndata: a\ndata: b\n\ndata: tail without blank line"

    @Test(arguments: [1, 2, 7, 4096])
    func everyChunkingGivesTheSameLines(chunk: Int) throws {
        let directory = try CommandRunner.temporaryDirectory(["capture.txt": Self.stream])
        let output = try CommandRunner.run(
            ["sse-parse", "capture.txt", "--chunk", "\(chunk)"], executable: "simulate", in: directory)
        #expect(output.status == 0)
        let lines = try output.lines.map { try JSONParser.parse($0).root }
        #expect(
            lines == [
                ["type": "update", "data": "{\"items\":[]}", "lastEventId": "7"],
                ["retry": 2500],
                ["type": "message", "data": "a\nb", "lastEventId": "7"],
            ])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let directory = URL(fileURLWithPath: TemporaryFolders.path("sse-"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data([0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xFF, 0x41, 0xC3, 0x0A, 0x0A]).write(
            to: directory.appendingPathComponent("bad.txt"))
        let output = try CommandRunner.run(
            ["sse-parse", "bad.txt", "--chunk", "1"], executable: "simulate", in: directory)
        #expect(output.status == 0)
        #expect(try JSONParser.parse(output.lines[0]).root["data"] == "\u{FFFD}A\u{FFFD}")
    }

    /// The command belongs to the `sse` plugin: the command line lists it and reports its usage errors.
    @Test func isAPluginCommandListedInHelpWithUsageErrors() throws {
        let directory = try CommandRunner.temporaryDirectory(["capture.txt": Self.stream])
        let help = try CommandRunner.run(["--help"], executable: "simulate", in: directory)
        #expect(help.lines.contains { $0.hasPrefix("  sse-parse") })
        let bad = try CommandRunner.run(
            ["sse-parse", "capture.txt", "--chunk", "0"], executable: "simulate", in: directory)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--chunk must be at least 1"))
    }

    /// A folder, a FIFO or a missing file is refused with what it is, exit 2: no crash, no wait for a writer.
    @Test func aPathThatIsNoRegularFileIsRefused() throws {
        let directory = try CommandRunner.temporaryDirectory(["capture.txt": Self.stream])
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.appendingPathComponent("pipe").path, 0o600) == 0)
        for (path, problem) in [
            ("folder", "folder: is a directory"), ("pipe", "pipe: is a FIFO (named pipe), not a regular file"),
            ("missing.txt", "missing.txt: no such file or directory"),
        ] {
            let output = try CommandRunner.run(["sse-parse", path], executable: "simulate", in: directory)
            #expect(output.status == 2, "\(path)")
            #expect(output.standardError == "error: \(problem)\n", "\(path)")
        }
    }

    @Test func readsStandardInputWhenNoFileIsGiven() throws {
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("simulate")
        process.arguments = ["sse-parse"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("data: hello\n\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try JSONParser.parse(text).root == ["type": "message", "data": "hello", "lastEventId": ""])
    }
}
