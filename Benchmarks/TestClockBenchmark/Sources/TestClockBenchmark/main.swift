// Reconnect-backoff sleeps resolved per wall-second, for 1, 10 and 100 clients: the same plain async
// client code on the simulation's `SimulationClock` and on swift-clocks' `TestClock`, and the `sse`
// plugin's callback-driven clients on the same delays.
//
// Usage: swift run -c release TestClockBenchmark [--quick] [--simulation-only]
import Foundation

struct Workload {
    var clients: Int
    var simulationSleeps: Int
    var testClockSleeps: Int
}

let quick = CommandLine.arguments.contains("--quick")
let simulationOnly = CommandLine.arguments.contains("--simulation-only")
let workloads = [
    Workload(clients: 1, simulationSleeps: quick ? 100_000 : 2_000_000, testClockSleeps: quick ? 300 : 3_000),
    Workload(clients: 10, simulationSleeps: quick ? 10_000 : 200_000, testClockSleeps: quick ? 30 : 300),
    Workload(clients: 100, simulationSleeps: quick ? 1_000 : 20_000, testClockSleeps: quick ? 3 : 30),
]

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
}

func line(_ name: String, _ measurement: Measurement) -> String {
    "  \(name) \(measurement.sleeps) sleeps in \(String(format: "%.3f", measurement.wallSeconds)) s = "
        + "\(format(measurement.rate)) sleeps/s"
}

var asyncRatios: [Double] = []
var callbackRatios: [Double] = []
for workload in workloads {
    let callbacks = try SimulationWorkload.measure(
        clients: workload.clients, sleepsPerClient: workload.simulationSleeps)
    let simulated = try AsyncSimulationWorkload.measure(
        clients: workload.clients, sleepsPerClient: workload.simulationSleeps)
    let async = Measurement(sleeps: simulated.sleeps, wallSeconds: simulated.seconds)
    print(
        "\(workload.clients) client\(workload.clients == 1 ? "" : "s"), consecutive failed reconnects (1 s doubling to 30 s)"
    )
    print(line("async code on SimulationClock: ", async))
    print(line("sse plugin (callbacks):        ", callbacks))
    if simulationOnly { continue }
    let testClock = await TestClockWorkload.measure(
        clients: workload.clients, sleepsPerClient: workload.testClockSleeps)
    print(line("async code on TestClock:       ", testClock))
    asyncRatios.append(async.rate / testClock.rate)
    callbackRatios.append(callbacks.rate / testClock.rate)
    print("  ratio async SimulationClock / TestClock: \(format(async.rate / testClock.rate))× (target ≥ 100×)")
    print("  ratio sse plugin / TestClock:            \(format(callbacks.rate / testClock.rate))× (target ≥ 1000×)")
}
if !simulationOnly {
    let passed = asyncRatios.allSatisfy { $0 >= 100 } && callbackRatios.allSatisfy { $0 >= 1000 }
    print(passed ? "PASS: every workload meets its target" : "BELOW TARGET: some workload misses its target")
}
