// Reconnect-backoff sleeps resolved per wall-second: the simulation against swift-clocks' TestClock.
//
// Usage: swift run -c release TestClockBenchmark [--quick] [--simulation-only]
import Foundation

struct Workload {
    var name: String
    var clients: Int
    var simulationSleeps: Int
    var testClockSleeps: Int
}

let quick = CommandLine.arguments.contains("--quick")
let simulationOnly = CommandLine.arguments.contains("--simulation-only")
let workloads = [
    Workload(
        name: "1 client, consecutive failed reconnects", clients: 1,
        simulationSleeps: quick ? 100_000 : 2_000_000, testClockSleeps: quick ? 300 : 3_000),
    Workload(
        name: "100 clients at once", clients: 100,
        simulationSleeps: quick ? 1_000 : 20_000, testClockSleeps: quick ? 3 : 30),
]

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
}

var ratios: [Double] = []
for workload in workloads {
    let simulation = try SimulationWorkload.measure(
        clients: workload.clients, sleepsPerClient: workload.simulationSleeps)
    if simulationOnly {
        print("\(workload.name): simulation \(format(simulation.rate)) sleeps/s")
        continue
    }
    let testClock = await TestClockWorkload.measure(
        clients: workload.clients, sleepsPerClient: workload.testClockSleeps)
    let ratio = simulation.rate / testClock.rate
    ratios.append(ratio)
    print("\(workload.name) (backoff 1 s doubling to 30 s)")
    print(
        "  simulation: \(simulation.sleeps) sleeps in \(String(format: "%.3f", simulation.wallSeconds)) s = "
            + "\(format(simulation.rate)) sleeps/s")
    print(
        "  TestClock:  \(testClock.sleeps) sleeps in \(String(format: "%.3f", testClock.wallSeconds)) s = "
            + "\(format(testClock.rate)) sleeps/s")
    print("  ratio: \(format(ratio))× (target ≥ 1000×)")
}
let passed = ratios.allSatisfy { $0 >= 1000 }
if !simulationOnly {
    print(
        passed ? "PASS: every workload at least 1000× TestClock" : "BELOW TARGET: some workload under 1000× TestClock")
}
