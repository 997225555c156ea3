import Foundation
import Testing

/// The command line when its own surroundings fail: output that cannot be written, inputs that are not regular
/// files, report paths that clash. Through the built binary, as a user meets them.
@Suite struct FaultyIOTests {
    static let scenario = CLIEndToEndTests.heartbeat()

    /// Runs `custom-simulate` with standard output and error sent where asked (nil: a pipe), stopping it after
    /// `timeout` seconds: a hang fails the test instead of the suite.
    static func run(
        _ arguments: [String], in directory: URL, standardOutput: FileHandle? = nil,
        standardError: FileHandle? = nil, timeout: TimeInterval = 20
    ) throws -> (reason: Process.TerminationReason, status: Int32, output: String, error: String, timedOut: Bool) {
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("custom-simulate")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = standardOutput ?? out
        process.standardError = standardError ?? err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if standardOutput != nil { try out.fileHandleForWriting.close() }
        if standardError != nil { try err.fileHandleForWriting.close() }
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(10_000)
        }
        let outData = standardOutput == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = standardError == nil ? err.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (
            process.terminationReason, process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self), timedOut
        )
    }

    static var full: FileHandle? { FileHandle(forWritingAtPath: "/dev/full") }

    // MARK: Output that cannot be written

    @Test(
        arguments: [
            (["run", "beat.json"], 3), (["validate", "beat.json"], 2), (["--help"], 2), (["list"], 2),
            (["explain", "heartbeat.delivered"], 2), (["run", "--format", "json", "--seeds", "0..3", "beat.json"], 3),
        ] as [([String], Int32)])
    func aFullDiskOnStandardOutputIsAnErrorNotASignal(arguments: [String], status: Int32) throws {
        let directory = try CommandRunner.temporaryDirectory(["beat.json": Self.scenario])
        let full = try #require(Self.full)
        let result = try Self.run(arguments, in: directory, standardOutput: full)
        #expect(result.reason == .exit)
        #expect(result.status == status)
        #expect(result.error.contains("error: cannot write to standard output: No space left on device"))
    }

    @Test func aFullDiskOnStandardErrorIsAnExitStatusNotASignal() throws {
        let directory = try CommandRunner.temporaryDirectory(["notes.txt": ""])
        let full = try #require(Self.full)
        let result = try Self.run(["run", "missing.json"], in: directory, standardError: full)
        #expect(result.reason == .exit)
        #expect(result.status == 3)
        let usage = try Self.run(["run", "--jobs", "0", "x.json"], in: directory, standardError: full)
        #expect(usage.reason == .exit)
        #expect(usage.status == 2)
    }

    @Test func aClosedPipeIsAnErrorNotASignal() throws {
        let directory = try CommandRunner.temporaryDirectory(["beat.json": Self.scenario])
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try Self.run(
            ["run", "--seeds", "0..20", "beat.json"], in: directory, standardOutput: pipe.fileHandleForWriting)
        #expect(result.reason == .exit)
        #expect(result.status == 3)
        #expect(result.error.contains("error: cannot write to standard output: Broken pipe"))
    }

    // MARK: Inputs that are not regular files

    @Test(arguments: [["run"], ["validate"], ["run", "--format", "json"]])
    func aFIFOIsRefusedAtOnce(command: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory(["suite/beat.json": Self.scenario])
        #expect(mkfifo(directory.appendingPathComponent("pipe.json").path, 0o644) == 0)
        #expect(mkfifo(directory.appendingPathComponent("suite/pipe.json").path, 0o644) == 0)
        for target in ["pipe.json", "suite"] {
            let result = try Self.run(command + [target], in: directory, timeout: 5)
            #expect(!result.timedOut, "\(command + [target]) waited on the FIFO")
            #expect(result.status == 2)
            #expect((result.output + result.error).contains("is a FIFO (named pipe), not a regular file"))
        }
    }

    @Test(arguments: [["run"], ["validate"], ["shrink"]])
    func aSymbolicLinkLoopIsNamedAsSuch(command: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory(["notes.txt": ""])
        let loop = directory.appendingPathComponent("loop.json").path
        #expect(symlink(loop, loop) == 0)
        let result = try Self.run(command + ["loop.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("loop.json: symbolic link loop"))
        #expect(!result.error.contains("no such file"))
    }

    @Test func validateChecksEveryPathAfterAMissingOne() throws {
        let directory = try CommandRunner.temporaryDirectory(["a.json": Self.scenario, "b.json": Self.scenario])
        let result = try Self.run(["validate", "a.json", "missing.json", "b.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("missing.json: no such file or directory"))
        #expect(result.output.contains("valid a.json"))
        #expect(result.output.contains("valid b.json"))
    }

    // MARK: Output paths

    @Test(arguments: [
        ["--junit", "same.xml", "--html", "same.xml"], ["--trace", "t.json", "--html", "./t.json"],
    ])
    func twoReportsOnOnePathAreRefusedBeforeAnyRun(options: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory(["beat.json": Self.scenario])
        let result = try Self.run(["run", "beat.json"] + options, in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("name the same file"))
        #expect(!result.output.contains("PASS"))
    }

    @Test func anUnwritableReportPathIsFoundBeforeAnyRun() throws {
        let directory = try CommandRunner.temporaryDirectory(["beat.json": Self.scenario])
        let result = try Self.run(
            ["run", "beat.json", "--seeds", "0..3", "--junit", "beat.json/report.xml"], in: directory)
        #expect(result.status == 2)
        #expect(
            result.error.contains("error: --junit: cannot write beat.json/report.xml: beat.json is not a directory"))
        #expect(!result.output.contains("PASS"))
        #expect(!result.error.contains("NSCocoaErrorDomain"))
    }

    /// As root (CI's containers) access(2) allows every folder: a folder where nothing can be made is still
    /// found before any run (docs/reports.md).
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.fileExists(atPath: "/proc/self")))
    func aFolderRootCannotWriteInIsFoundBeforeAnyRun() throws {
        let directory = try CommandRunner.temporaryDirectory(["beat.json": Self.scenario])
        let result = try Self.run(
            ["run", "beat.json", "--seeds", "0..3", "--junit", "/proc/no-such-folder/report.xml"], in: directory)
        #expect(result.status == 2)
        #expect(
            result.error.contains(
                "error: --junit: cannot write /proc/no-such-folder/report.xml: /proc/no-such-folder: "))
        #expect(!result.output.contains("PASS"))
    }

    @Test func shrinkRefusesToWriteOverItsInput() throws {
        let directory = try CommandRunner.temporaryDirectory(["counter.json": ShrinkCommandTests.allKeys])
        for output in ["counter.json", "./counter.json"] {
            let result = try Self.run(["shrink", "counter.json", "--output", output], in: directory)
            #expect(result.status == 2)
            #expect(result.error.contains("is the scenario being shrunk"))
            let kept = try String(contentsOf: directory.appendingPathComponent("counter.json"), encoding: .utf8)
            #expect(kept == ShrinkCommandTests.allKeys)
        }
    }

    // MARK: Messages

    @Test(arguments: ["-1/3", "-2", "-1..4"])
    func aNegativeValueIsJudgedNotMissing(value: String) throws {
        let directory = try CommandRunner.temporaryDirectory(["beat.json": Self.scenario])
        let option = value.contains("/") ? "--shard" : value.contains("..") ? "--seeds" : "--jobs"
        let result = try Self.run(["run", option, value, "beat.json"], in: directory)
        #expect(result.status == 2)
        #expect(!result.error.contains("Missing value"))
        #expect(result.error.contains(option))
    }

    @Test func aHundredThousandDigitNumberIsShownBounded() throws {
        let digits = String(repeating: "9", count: 100_000)
        let directory = try CommandRunner.temporaryDirectory([
            "big.json": Self.scenario.replacingOccurrences(of: "\"seed\": 0", with: "\"seed\": \(digits)")
        ])
        for arguments in [["validate", "big.json"], ["run", "--seed", digits, "big.json"]] {
            let result = try Self.run(arguments, in: directory)
            #expect(result.status == 2)
            #expect((result.output + result.error).contains("(100000 characters)"))
            #expect((result.output + result.error).utf8.count < 2_000)
        }
    }

    @Test func anEscapedControlCharacterInAnIdIsShownEscaped() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "nul.json": Self.scenario.replacingOccurrences(of: "\"id\": \"phone\"", with: "\"id\": \"ph\\u0000one\"")
        ])
        let result = try Self.run(["validate", "nul.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.output.contains("\"ph\\u0000one\" is not a valid id"))
        #expect(!(result.output + result.error).contains("\u{0}"))
    }
}
