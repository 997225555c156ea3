import Foundation
import Testing

/// Inputs at the edges of the command line: names that split into nothing, names too long to echo, and a
/// standard output closed before the command starts.
@Suite struct StreamAndNameEdgeTests {
    @Test(arguments: ["", ".", String(repeating: "x", count: 5000)])
    func explainRefusesANameItCannotRead(_ name: String) throws {
        let output = try CommandRunner.run(["explain", name], executable: "simulate")
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: unknown plugin or topic \""))
        #expect(output.standardError.utf8.count < 400)
    }

    /// A report file opened after standard output was closed would get its number and receive the human
    /// output: the command refuses to start instead, and writes no report.
    @Test func aClosedStandardOutputIsRefusedBeforeAnyReportIsOpened() throws {
        let directory = try CommandRunner.temporaryDirectory(["README": "a folder for the report"])
        let simulate = CommandRunner.productsDirectory.appendingPathComponent("simulate").path
        let scenario = CommandRunner.repositoryRoot.appendingPathComponent("Scenarios/sse/short-drop.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" run \"$1\" --json report.json >&-", simulate, scenario]
        process.currentDirectoryURL = directory
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("error: standard output is closed"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.json").path))
    }
}
