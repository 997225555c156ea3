import ArgumentParser
import Foundation
import SimulateCore
import SimulateReports
import SimulateServe

struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Run the reference Punchlist client against a real server and judge what it sends.",
        discussion: """
            One client per scenario device connects to URL/events?device=ID, applies the device's steps \
            (POST /ko, DELETE /items/{id}) and its offline faults in real time, parses the stream with the \
            WHATWG parser, reconnects by the seed's rule, and judges sse.fullState, sse.serverIds, \
            sse.freshness and the clients' observables. A URL that does not answer within 5 s exits with \
            status 3 before the scenario starts.
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

    @OptionGroup var report: RealRunReport

    func validate() throws {
        if clients < 0 || clients > 100_000 { throw ValidationError("--clients must be 0…100000") }
    }

    func run() throws {
        let scenario = try LoadedScenario.load(file)
        let probe: RealServerProbe
        do {
            probe = try RealServerProbe(
                scenario: scenario, url: url,
                options: ProbeOptions(extraClients: clients, keepsTrace: clients < 1000, ignoresFaults: ignoreFaults))
        } catch {
            Output.error("error: \(error.message)")
            throw ExitCode(error.isUnreachable ? ExitStatus.broken : ExitStatus.invalid)
        }
        let signals = StopSignals { probe.stop() }
        let result = try probe.run()
        signals.cancel()
        if !probe.notJudged.isEmpty {
            Output.error("note: not judged against a real server: " + probe.notJudged.joined(separator: ", "))
        }
        try report.finish(result, devices: scenario.devices.map(\.id))
    }
}
