import SimulateCore
import SimulatePlugins

/// The same workload as a scenario: `clients` devices offline for the whole run, so every
/// connection attempt fails at once and each client walks the seed's backoff.
enum SimulationWorkload {
    static func scenarioText(clients: Int, sleepsPerClient: Int) -> String {
        let devices = (1...clients).map { "{\"id\": \"d\($0)\"}" }.joined(separator: ", ")
        let duration = BackoffSchedule.totalSeconds(sleepsPerClient)
        return """
            {"format": 1, "name": "backoff benchmark", "duration": "\(duration)s",
             "devices": [\(devices)],
             "faults": [{"at": "0s", "kind": "offline"}],
             "plugins": {"sse": {}}, "expect": [], "limits": {"events": 2000000000}}
            """
    }

    /// Runs the scenario without keeping trace records; returns the backoff sleeps that resolved.
    static func measure(clients: Int, sleepsPerClient: Int) throws -> Measurement {
        let registry = PluginRegistry(BuiltinPlugins.all)
        let scenario = try ScenarioLoader(registry: registry).load(
            text: scenarioText(clients: clients, sleepsPerClient: sleepsPerClient))
        let runner = SimulationRunner(registry: registry)
        let start = ContinuousClock.now
        let result = runner.run(scenario, keepsTrace: false)
        let elapsed = start.duration(to: .now)
        // Each client has started one more wait that ends after the run.
        let started = result.statistics["sse"]?["backoffSleeps"]?.intValue ?? 0
        precondition(result.failure == nil, "the benchmark run broke: \(result.failure!.message)")
        precondition(started == clients * (sleepsPerClient + 1), "unexpected sleep count \(started)")
        return Measurement(sleeps: started - clients, wallSeconds: TestClockWorkload.seconds(elapsed))
    }
}
