import ArgumentParser
import Dispatch
import Foundation
import SimulateCore
import SimulateJSON
import SimulateServe

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a scenario's servers for real on loopback, with its faults applied to real connections.",
        discussion: """
            Serves the Punchlist SSE server of the scenario's `sse` plugin: GET /events (text/event-stream, \
            `?device=ID` names the client), POST /ko and DELETE /ko/{id}, and GET / (a test page). The \
            scenario's faults act on real sockets in real time (or --speed times faster). At the end, or on \
            Ctrl-C, it judges from the server's side what the clients did (sse.backoff, sse.reconnectRate, \
            sse.mutationsDelivered, the server's observables) and prints the usual reports.
            """)

    @Argument(help: "The scenario file.")
    var file: String

    @Option(help: "Address to listen on (loopback unless you say otherwise).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "Virtual seconds per real second: faults and steps run this much faster.")
    var speed = 1.0

    @Option(help: "Seed for latency and loss draws (default: the scenario's).")
    var seed: UInt64?

    @Flag(
        name: .customLong("apply-steps"),
        help: "Apply the devices' steps as mutations reaching the server at their times.")
    var applySteps = false

    @Flag(
        name: .customLong("start-on-first-client"),
        help:
            "Start the scenario's clock at the first client's first request (lines a real run up with `run` for `diff`)."
    )
    var startOnFirstClient = false

    @Option(help: "How far a client's reconnect may be from the backoff rule's delay (plus a tenth of the delay).")
    var tolerance = "250ms"

    @Option(help: "Output: human or json (one JSON object, as `run` prints).")
    var format: OutputFormat = .human

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "path"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a Trace Event Format timeline.", valueName: "path"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a self-contained HTML page with the timeline.", valueName: "path"))
    var html: String?

    @Option(help: ArgumentHelp("Write what the clients did as JSON lines, for `simulate diff`.", valueName: "path"))
    var record: String?

    func run() throws {
        guard let toleranceNanoseconds = DurationFormat.parse(tolerance) else {
            Output.error("error: --tolerance: expected a duration such as 250ms, found \"\(tolerance)\"")
            throw ExitCode(ExitStatus.invalid)
        }
        let scenario = try LoadedScenario.load(file)
        let server: FixtureServer
        do {
            server = try FixtureServer(
                scenario: scenario,
                options: ServeOptions(
                    host: host, port: port, speed: speed, applySteps: applySteps, seed: seed,
                    startsOnFirstClient: startOnFirstClient, toleranceNanoseconds: toleranceNanoseconds))
        } catch {
            Output.error("error: \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        Output.line("listening on \(server.url)")
        let signals = StopSignals { server.stop() }
        let served = try server.run()
        signals.cancel()
        if !served.notJudged.isEmpty {
            Output.error(
                "note: not judged from the server's side (run them in-process with `simulate run`): "
                    + served.notJudged.joined(separator: ", "))
        }
        try RealRunReport(format: format, junit: junit, trace: trace, html: html, record: record)
            .finish(served.result, devices: scenario.devices.map(\.id))
    }
}

/// Ctrl-C and SIGTERM end a real-time run early; what happened so far is judged.
final class StopSignals {
    private var sources: [DispatchSourceSignal] = []

    init(_ stop: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// Loads one scenario for a real-time command, or prints its errors and exits with status 2.
enum LoadedScenario {
    static func load(_ file: String) throws -> Scenario {
        do {
            return try ScenarioLoader(registry: CommandEnvironment.registry).load(file: file)
        } catch {
            for line in HumanReport(terminal: Terminal(colors: Terminal.isTerminal(STDERR_FILENO))).lines(error) {
                Output.error(line)
            }
            throw ExitCode(ExitStatus.invalid)
        }
    }
}

/// Prints a real-time run's result in the formats `run` uses, writes its report files, and exits with
/// `run`'s statuses.
struct RealRunReport {
    var format: OutputFormat
    var junit: String?
    var trace: String?
    var html: String?
    var record: String?

    func finish(_ result: RunResult, devices: [String]) throws {
        switch format {
        case .json: Output.line(JSONWriter.string(JSONReport.json(result)))
        case .human:
            var human = HumanReport(terminal: Terminal.forStandardOutput())
            human.showsStatistics = true
            human.lines(result).forEach(Output.line)
        }
        var reports = ReportFiles(junit: junit, trace: trace, html: html)
        if let file = result.file { reports.announce(file: file) }
        reports.add(result, devices: devices)
        var status =
            result.failure != nil ? ExitStatus.broken : result.passed ? ExitStatus.passed : ExitStatus.expectationFailed
        for message in reports.write() {
            Output.error(message)
            status = max(status, ExitStatus.invalid)
        }
        if let record {
            let lines = result.trace.map { JSONWriter.string(TraceRecordLine.json($0)) }
            do {
                try (lines.joined(separator: "\n") + "\n").write(toFile: record, atomically: true, encoding: .utf8)
            } catch {
                Output.error("error: cannot write \(record): \(error.localizedDescription)")
                status = max(status, ExitStatus.invalid)
            }
        }
        if status != ExitStatus.passed { throw ExitCode(status) }
    }
}

/// One trace record as a JSON line: `{"t": ns, "track", "category", "name", "detail", "phase"}`.
enum TraceRecordLine {
    static func json(_ record: TraceRecord) -> JSON {
        [
            "t": .integer(record.timeNanoseconds), "track": .string(record.track), "category": .string(record.category),
            "name": .string(record.name), "detail": .string(record.detail), "phase": .string(record.phase.rawValue),
        ]
    }

    static func parse(_ value: JSON) -> TraceRecord? {
        guard case .object(let object) = value, case .integer(let time)? = object["t"],
            case .string(let track)? = object["track"], case .string(let category)? = object["category"],
            case .string(let name)? = object["name"]
        else { return nil }
        let detail: String = if case .string(let detail)? = object["detail"] { detail } else { "" }
        let phase: TraceRecord.Phase =
            if case .string(let text)? = object["phase"], let phase = TraceRecord.Phase(rawValue: text) { phase } else {
                .instant
            }
        return TraceRecord(
            timeNanoseconds: time, track: track, category: category, name: name, detail: detail, phase: phase)
    }
}
