import SimulateCore
import SimulatePlugins

/// Reconnect-backoff sleeps per second of app-style async clients on the simulation clock, against the
/// `sse` plugin's callback-driven clients walking the same delays, for 1, 10 and 100 clients. The
/// comparison with swift-clocks' `TestClock` on the same async code is in Benchmarks/TestClockBenchmark.
func runAsyncBenchmark(quick: Bool) throws -> [BenchmarkFigure] {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return [] }
    var figures: [BenchmarkFigure] = []
    print("async: reconnect backoff (1 s doubling to 30 s) as plain async code on SimulationClock")
    for (clients, sleeps) in [
        (1, quick ? 20_000 : 1_000_000), (10, quick ? 2_000 : 100_000), (100, quick ? 200 : 10_000),
    ] {
        var asyncRate = 0.0
        var callbackRate = 0.0
        var floorRate = 0.0
        // Interleaved, best of 3: load from other processes hits both sides alike.
        for _ in 0..<3 {
            let async = try AsyncSimulationWorkload.measure(clients: clients, sleepsPerClient: sleeps)
            asyncRate = max(asyncRate, Double(async.sleeps) / async.seconds)
            let callback = try callbackBackoff(clients: clients, sleepsPerClient: sleeps)
            callbackRate = max(callbackRate, Double(callback.sleeps) / callback.seconds)
            let floor = AsyncRuntimeFloor.measure(clients: clients, sleepsPerClient: sleeps)
            floorRate = max(floorRate, Double(floor.sleeps) / floor.seconds)
        }
        print(
            "  \(clients) client\(clients == 1 ? " " : "s"), \(sleeps) sleeps each: async \(BenchmarkClock.millions(asyncRate)) M sleeps/s, "
                + "sse plugin callbacks \(BenchmarkClock.millions(callbackRate)) M sleeps/s, "
                + "ratio async / callbacks \(BenchmarkClock.ratio(asyncRate / callbackRate))×")
        print(
            "    runtime floor (the same async code on a bare executor and clock) \(BenchmarkClock.millions(floorRate)) M sleeps/s: "
                + "floor / callbacks \(BenchmarkClock.ratio(floorRate / callbackRate))×, "
                + "async / floor \(BenchmarkClock.ratio(asyncRate / floorRate))×")
        let label = "\(clients) client\(clients == 1 ? "" : "s")"
        figures += [
            BenchmarkFigure(
                benchmark: "async", name: "\(label) async", value: asyncRate / 1e6, unit: "M sleeps/s", better: .higher),
            BenchmarkFigure(
                benchmark: "async", name: "\(label) sse plugin callbacks", value: callbackRate / 1e6,
                unit: "M sleeps/s", better: .higher),
            .ratio("async", "\(label) async / callbacks", asyncRate / callbackRate, better: .higher),
            BenchmarkFigure(
                benchmark: "async", name: "\(label) runtime floor", value: floorRate / 1e6, unit: "M sleeps/s",
                better: .higher, reference: true),
            .ratio("async", "\(label) runtime floor / callbacks", floorRate / callbackRate, better: .higher),
            .ratio("async", "\(label) async / runtime floor", asyncRate / floorRate, better: .higher),
        ]
    }
    return figures
}

/// The async benchmark's simulated clients alone, `sleeps` sleeps in all, for a profiler.
func runAsyncRuns(clients: Int, sleeps: Int) throws {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
    let run = try AsyncSimulationWorkload.measure(clients: clients, sleepsPerClient: max(1, sleeps / clients))
    print("async runs: \(clients) clients, \(run.sleeps) sleeps")
}

/// The same delays walked by the `sse` plugin's own clients, offline for the whole run.
private func callbackBackoff(clients: Int, sleepsPerClient: Int) throws -> (sleeps: Int, seconds: Double) {
    let registry = PluginRegistry(BuiltinPlugins.all)
    let devices = (1...clients).map { "{\"id\": \"d\($0)\"}" }.joined(separator: ", ")
    let duration = AsyncBackoffClient.total(sleepsPerClient).components.seconds
    let scenario = try ScenarioLoader(registry: registry).load(
        text: """
            {"format": 1, "name": "backoff benchmark", "duration": "\(duration)s", "devices": [\(devices)],
             "faults": [{"at": "0s", "kind": "offline"}], "plugins": {"sse": {}}, "expect": [],
             "limits": {"events": 2000000000}}
            """)
    let runner = SimulationRunner(registry: registry)
    var result: RunResult?
    let seconds = BenchmarkClock.seconds { result = runner.run(scenario, keepsTrace: false) }
    let started = result?.statistics["sse"]?["backoffSleeps"]?.intValue ?? 0
    precondition(result?.failure == nil, "the benchmark run broke")
    // Each client has started one more wait that ends after the run.
    return (started - clients, seconds)
}
