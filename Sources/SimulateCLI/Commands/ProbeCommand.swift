import ArgumentParser
import Foundation
import SimulateCore
import SimulateReports

struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Run a plugin's reference client against a real server and judge what it sends.",
        discussion: """
            Runs the reference clients of the real-endpoint fixture the scenario's plugin offers (built in: \
            sse, docs/serve.md). For sse: one client per scenario device connects to URL/events?device=ID, applies the device's steps \
            (POST /ko, DELETE /items/{id}) and its offline faults in real time, parses the stream with the \
            WHATWG parser, reconnects by the seed's rule, and judges sse.fullState, sse.serverIds, \
            sse.freshness and the clients' observables. The server must start with the scenario's sse \
            items (printed first): sse.fullState compares every event with that list and the mutations \
            the server answered. A URL that does not answer within --wait (5 s) exits with status 3 \
            before the scenario starts.
            """)

    @Argument(help: "The server's base URL, e.g. http://127.0.0.1:8080.")
    var url: String

    @Argument(help: "The scenario file.")
    var file: String

    @Option(help: "Extra clients without steps, each holding its own stream (a load test).")
    var clients = 0

    @Flag(
        name: .customLong("ignore-faults"),
        help: "Apply no faults on the client side (the server applies them, as `simulate serve` does).")
    var ignoreFaults = false

    @Option(help: "How long to keep trying to reach the server before the run starts, e.g. 5s.")
    var wait = "5s"

    @OptionGroup var report: RealRunReport

    func validate() throws {
        if clients < 0 || clients > 100_000 { throw ValidationError("--clients must be 0…100000") }
    }

    func run() throws {
        guard let wait = DurationFormat.parse(wait).map(VirtualDuration.nanoseconds), wait >= .zero else {
            Output.error("error: --wait: expected a duration such as 5s, found \"\(wait)\"")
            throw ExitCode(ExitStatus.invalid)
        }
        try report.checkPaths()
        let scenario = try LoadedScenario.load(file)
        let fixture = try EndpointFixtures.fixture(for: scenario, command: "probe")
        let probe: any RealEndpointProbe
        do {
            probe = try fixture.probe(
                scenario, url: url,
                options: ProbeOptions(
                    extraClients: clients, keepsTrace: clients < 1000, ignoresFaults: ignoreFaults, waitForServer: wait)
            )
        } catch {
            Output.error("error: \(error.message)")
            throw ExitCode(error.isUnreachable ? ExitStatus.broken : ExitStatus.invalid)
        }
        Output.error("note: the server must start with \(probe.requiredInitialState)")
        let signals = StopSignals { probe.stop() }
        let result = try probe.run()
        signals.cancel()
        if !probe.notJudged.isEmpty {
            Output.error("note: not judged against a real server:")
            probe.notJudged.forEach { Output.error("  " + $0) }
        }
        try report.finish(result, devices: scenario.devices.map(\.id))
    }
}
