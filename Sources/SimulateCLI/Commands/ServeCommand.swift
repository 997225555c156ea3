import ArgumentParser
import Dispatch
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a scenario's servers for real on loopback, with its faults applied to real connections.",
        discussion: """
            Serves the server of the real-endpoint fixture the scenario's plugin offers (built in: sse, the \
            Punchlist server: GET /events, POST /ko, DELETE /items/{id}, GET / a test page; docs/serve.md). \
            The scenario's faults act on real sockets in real time (or --speed times faster). At the end, \
            or on Ctrl-C, it judges from the server's side what the clients did and prints the usual \
            reports; what it cannot judge is listed with the reason.
            """)

    @Argument(help: "The scenario file.")
    var file: String

    @Option(help: "Address to listen on (loopback unless you say otherwise).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "Virtual seconds per real second: faults and steps run this much faster.")
    var speed = 1.0

    @Option(
        parsing: .unconditional, help: "Seed for latency and loss draws (default: the scenario's).",
        transform: SeedArgument.parse)
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

    @Option(
        name: .customLong("max-unsent-bytes"),
        help: "The most bytes one connection may leave unread; past it the connection is reset and reported.")
    var maxUnsentBytes = ServeOptions.defaultUnsentByteLimit

    @Option(
        name: .customLong("idle-timeout"),
        help: "Close a connection with no stream and no request in flight after this long, e.g. 60s.")
    var idleTimeout = "60s"

    @OptionGroup var report: RealRunReport

    @Option(help: ArgumentHelp("Write what the clients did as JSON lines, for `simulate diff`.", valueName: "path"))
    var record: String?

    func run() throws {
        guard let tolerance = DurationFormat.parse(tolerance).map(VirtualDuration.nanoseconds) else {
            Output.error("error: --tolerance: expected a duration such as 250ms, found \"\(tolerance)\"")
            throw ExitCode(ExitStatus.invalid)
        }
        guard let idleTimeout = DurationFormat.parse(idleTimeout).map(VirtualDuration.nanoseconds) else {
            Output.error("error: --idle-timeout: expected a duration such as 60s, found \"\(idleTimeout)\"")
            throw ExitCode(ExitStatus.invalid)
        }
        try report.checkPaths(record: record)
        let scenario = try LoadedScenario.load(file)
        let fixture = try EndpointFixtures.fixture(for: scenario, command: "serve")
        let server: any RealEndpointServer
        do {
            server = try fixture.server(
                for: scenario,
                options: ServeOptions(
                    host: host, port: port, speed: speed, applySteps: applySteps, seed: seed,
                    startsOnFirstClient: startOnFirstClient, tolerance: tolerance, unsentByteLimit: maxUnsentBytes,
                    idleTimeout: idleTimeout))
        } catch {
            Output.error("error: \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        Output.line("listening on \(server.url)")
        let signals = StopSignals { server.stop() }
        let served = try server.run()
        signals.cancel()
        if !served.notJudged.isEmpty {
            Output.error("note: not judged from the server's side:")
            served.notJudged.forEach { Output.error("  " + $0) }
        }
        try report.finish(served.result, devices: scenario.devices.map(\.id), record: record)
    }
}
