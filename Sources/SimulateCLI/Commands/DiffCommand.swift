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

    @Option(help: "Run the in-process side with this seed (default: the scenario's).")
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
        let comparison = TraceComparison(
            expected: TraceComparison.serverEvents(expected),
            observed: TraceComparison.serverEvents(real),
            tolerance: tolerance)
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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot be read")
        }
        var records: [TraceRecord] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let document = try? JSONParser.parse(Array(line.utf8)),
                let record = TraceRecordLine.parse(document.root)
            else {
                throw Problem(description: "line \(index + 1): not a trace record written by `simulate serve --record`")
            }
            records.append(record)
        }
        return records
    }
}

/// The Punchlist server's events of two runs, paired by kind and device in order.
struct TraceComparison {
    struct Event: Equatable {
        var time: VirtualInstant
        /// `accept phone`, `restart`, `mutation add`.
        var key: String
    }

    let expected: [Event]
    let observed: [Event]
    let tolerance: VirtualDuration

    static func serverEvents(_ records: [TraceRecord]) -> [Event] {
        records.filter { $0.track == "server:sse" }.compactMap { record in
            switch (record.category, record.name) {
            case ("connection", "accept"):
                Event(time: record.time, key: "accept " + record.detail)
            case ("connection", "restart"): Event(time: record.time, key: "restart")
            case ("mutation", let name): Event(time: record.time, key: "mutation " + name)
            default: nil
            }
        }
    }

    /// Pairs the n-th event of each key on both sides.
    private var pairs: [(key: String, expected: VirtualInstant?, observed: VirtualInstant?)] {
        var keys: [String] = []
        for event in expected + observed where !keys.contains(event.key) { keys.append(event.key) }
        var result: [(String, VirtualInstant?, VirtualInstant?)] = []
        for key in keys {
            let left = expected.filter { $0.key == key }.map(\.time)
            let right = observed.filter { $0.key == key }.map(\.time)
            for index in 0..<max(left.count, right.count) {
                result.append((key, index < left.count ? left[index] : nil, index < right.count ? right[index] : nil))
            }
        }
        return result.sorted { ($0.1 ?? $0.2 ?? .start) < ($1.1 ?? $1.2 ?? .start) }
    }

    private func departs(_ pair: (key: String, expected: VirtualInstant?, observed: VirtualInstant?)) -> Bool {
        guard let left = pair.expected, let right = pair.observed else { return true }
        return (right - left).magnitude > tolerance
    }

    var matches: Bool { !pairs.contains(where: departs) }

    func lines() -> [String] {
        let time = { (value: VirtualInstant?) in value.map { DurationFormat.secondsText($0) } ?? "—" }
        var lines = ["event                          in-process   real         Δ"]
        for pair in pairs {
            let delta =
                pair.expected.flatMap { left in pair.observed.map { DurationFormat.string(($0 - left).magnitude) } }
                ?? "missing"
            let mark = departs(pair) ? "  ✗" : ""
            lines.append(
                pair.key.padding(toLength: 30, withPad: " ", startingAt: 0) + " "
                    + time(pair.expected).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + " " + time(pair.observed).padding(toLength: 12, withPad: " ", startingAt: 0) + " " + delta + mark)
        }
        if let first = pairs.first(where: departs) {
            lines.append(
                "first departure: \(first.key): in-process \(time(first.expected)), real \(time(first.observed)) (tolerance \(DurationFormat.string(tolerance)))"
            )
        } else {
            lines.append(
                "the real run matches the in-process run: \(pairs.count) events within \(DurationFormat.string(tolerance))"
            )
        }
        return lines
    }
}
