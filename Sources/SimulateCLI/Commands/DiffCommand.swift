import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a scenario's in-process run with what real clients did under `simulate serve`.",
        discussion: """
            Runs SCENARIO in-process and compares its Punchlist server's events (connection accepts per \
            device, restarts, mutations) with the record `simulate serve --record PATH` wrote, event by \
            event. Prints each pair with both times, and the first place where the real clients depart \
            from the reference behaviour. Exit status 0 when every event matches within the tolerance, \
            1 when they depart.
            """)

    @Argument(help: "The scenario file.")
    var file: String

    @Argument(help: "The record written by `simulate serve --record PATH`.")
    var record: String

    @Option(
        parsing: .unconditional, help: "Run the in-process side with this seed (default: the scenario's).",
        transform: SeedArgument.parse)
    var seed: UInt64?

    @Option(help: "How far apart two matching events may be, e.g. 250ms.")
    var tolerance = "250ms"

    func run() throws {
        guard let tolerance = DurationFormat.parse(tolerance).map(VirtualDuration.nanoseconds), tolerance >= .zero
        else {
            Output.error("error: --tolerance: expected a duration such as 250ms, found \"\(tolerance)\"")
            throw ExitCode(ExitStatus.invalid)
        }
        let scenario = try LoadedScenario.load(file)
        let real: [TraceRecord]
        do {
            real = try RecordFile.read(record)
        } catch {
            Output.error("error: \(record): \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        let expected = SimulationRunner(registry: CommandEnvironment.registry).run(scenario, seed: seed).trace
        let comparison = try EndpointFixtures.fixture(for: scenario, command: "diff")
            .compare(expected: expected, observed: real, tolerance: tolerance)
        comparison.lines().forEach(Output.line)
        if !comparison.matches { throw ExitCode(ExitStatus.expectationFailed) }
    }
}

/// Reads `serve --record` files: one trace record per JSON line.
enum RecordFile {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws -> [TraceRecord] {
        if let problem = FileCheck.problemReadingRegularFile(path) { throw Problem(description: problem) }
        guard let bytes = FileCheck.readRegularFile(path) else {
            throw Problem(description: "cannot be read: \(FileCheck.reason(errno))")
        }
        // `serve --record` ends every file with a newline, even one that recorded nothing.
        guard !bytes.isEmpty else {
            throw Problem(description: "the file is empty (expected the JSON lines `simulate serve --record` writes)")
        }
        var records: [TraceRecord] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let document = try? JSONParser.parse(Array(line)),
                let record = TraceRecordLine.parse(document.root)
            else {
                throw Problem(description: "line \(index + 1): not a trace record written by `simulate serve --record`")
            }
            records.append(record)
        }
        return records
    }
}
