import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sweep's process killed by a signal: a trap in the code under test names the runs under way so each can
/// be replayed alone; an interruption (Ctrl-C, a cancelled CI job) leaves no partial report behind. The
/// signals here come from outside, mid-sweep.
@Suite struct CrashNoteTests {
    /// A long sweep of the heartbeat example started in a folder of its own, with `arguments` after the seeds.
    /// Each run is long (36,000 beats), so that a signal sent once the sweep is under way lands in a run, not
    /// between two.
    static func startSweep(
        _ arguments: [String], standardError: Any = FileHandle.nullDevice, backtracer: Bool = false
    ) throws -> (Process, URL) {
        let directory = try CommandRunner.temporaryDirectory([
            "long.json": """
            {"format": 1, "name": "long beats", "duration": "36000s", "devices": [{"id": "phone"}],
             "plugins": {"heartbeat": {"interval": "1s"}}, "expect": [{"invariant": "heartbeat.delivered"}]}
            """
        ])
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("custom-simulate")
        process.arguments = ["run", "long.json", "--seeds", "0..1999", "--quiet"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        if !backtracer { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = standardError
        try process.run()
        return (process, directory)
    }

    /// Waits at most half a minute for a file to appear.
    static func awaitFile(_ path: String) {
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: path) { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// Waits at most a minute for the process to end; kills it and says so when it does not (a handler that
    /// deadlocked must fail the test, not hang the suite).
    static func awaitEnd(_ process: Process) {
        for _ in 0..<600 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        guard process.isRunning else { return process.waitUntilExit() }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Issue.record("the process did not end within a minute of the signal")
    }

    /// With Swift's crash backtracer too (on by default; off in the sanitized runs): it reports the signal and
    /// returns, and the process must still end by it.
    @Test(.crashSignalsSoNotUnderTheThreadSanitizer, arguments: [false, true])
    func aProcessKilledMidSweepNamesTheRunsUnderWay(backtracer: Bool) throws {
        let err = Pipe()
        let (process, directory) = try Self.startSweep(
            ["--jobs", "1", "--json", "report.json"], standardError: err, backtracer: backtracer)
        // The streamed report's partial file appears once the sweep has started its runs.
        Self.awaitFile(directory.appendingPathComponent(".report.json.partial").path)
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGABRT)
        Self.awaitEnd(process)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(text.contains("simulate: killed by a signal (a trap in the code under test?) during these runs"))
        let replay = text.split(separator: "\n").first { $0.hasPrefix("  custom-simulate run long.json --seed ") }
        #expect(replay != nil, "\(text)")
    }

    /// A cancelled CI job (SIGTERM) or Ctrl-C (SIGINT) leaves no `.NAME.partial` of the streamed run report.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedSweepRemovesItsPartialReport(_ signal: Int32) throws {
        let (process, directory) = try Self.startSweep(["--json", "report.json"])
        let partial = directory.appendingPathComponent(".report.json.partial").path
        Self.awaitFile(partial)
        #expect(FileManager.default.fileExists(atPath: partial))
        kill(process.processIdentifier, signal)
        Self.awaitEnd(process)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.json").path))
    }
}
