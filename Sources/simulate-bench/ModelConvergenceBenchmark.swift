import Foundation
import SimulateCore
import SimulateJSON
import SimulatePlugins

/// 10 devices × N inserts of the seeds' Task, mirrored through the CloudKit zone until every device
/// holds every object (`model.converged`). Each size runs in a fresh process (this binary again, with
/// `SIMULATE_MODEL_BENCH_OBJECTS` set) so its peak memory (VmHWM) is its own, `repeats` times, the sizes
/// taking turns (every size once, then again), and each figure is a size's median run: the growth from one
/// size to the next is a ratio of two wall times, and a single run of a second moves by a third on a
/// shared machine.
func runModelConvergenceBenchmark(objectsPerDevice: [Int], repeats: Int = 3) throws -> [BenchmarkFigure] {
    if let child = ProcessInfo.processInfo.environment[ModelConvergenceBenchmark.childVariable], let count = Int(child)
    {
        let result = try ModelConvergenceBenchmark.run(objectsPerDevice: count)
        print(result.line)
        exit(result.converged ? 0 : 1)
    }
    print(
        "model convergence benchmark: \(ModelConvergenceBenchmark.devices) devices, inserts synced to convergence; "
            + "each size \(repeats) times, median (range)")
    var runs = Array(repeating: [ModelConvergenceBenchmark.Result](), count: objectsPerDevice.count)
    for _ in 0..<repeats {
        for (index, count) in objectsPerDevice.enumerated() {
            runs[index].append(try ModelConvergenceBenchmark.runInChildProcess(objectsPerDevice: count))
        }
    }
    let results = runs.map(ModelConvergenceBenchmark.Result.median(of:))
    for (result, sizeRuns) in zip(results, runs) {
        let total = result.objectsPerDevice * ModelConvergenceBenchmark.devices
        let walls = sizeRuns.map(\.wallSeconds)
        print(
            "  \(String(total).padding(toLength: 8, withPad: " ", startingAt: 0)) objects: "
                + "\(String(format: "%7.3f", result.wallSeconds)) s wall "
                + "(\(String(format: "%.3f", walls.min() ?? 0))–\(String(format: "%.3f", walls.max() ?? 0))), "
                + "\(String(format: "%7.1f", Double(result.peakKilobytes) / 1024)) MB peak, "
                + "\(result.events) events, converged: \(result.converged)")
    }
    for (previous, next) in zip(results, results.dropFirst()) {
        let size = Double(next.objectsPerDevice) / Double(previous.objectsPerDevice)
        print(
            "  \(previous.objectsPerDevice) → \(next.objectsPerDevice) per device (×\(BenchmarkClock.ratio(size))): "
                + "time ×\(BenchmarkClock.ratio(next.wallSeconds / previous.wallSeconds)), "
                + "memory ×\(BenchmarkClock.ratio(Double(next.peakKilobytes) / Double(previous.peakKilobytes))) "
                + "(linear: ×\(BenchmarkClock.ratio(size)))")
    }
    if let target = results.first(where: { $0.objectsPerDevice == 10_000 }) {
        let fast = target.wallSeconds < 2 && target.peakKilobytes < 500 * 1024 && target.converged
        print("  10 × 10,000: target < 2 s and < 500 MB: \(fast ? "met" : "NOT met")")
    }
    // Baseline: the next smaller size in the same run; linear growth is ×size.
    let growth = zip(results, results.dropFirst()).flatMap { previous, next -> [BenchmarkFigure] in
        let label =
            "\(previous.objectsPerDevice * ModelConvergenceBenchmark.devices) → "
            + "\(next.objectsPerDevice * ModelConvergenceBenchmark.devices) objects"
        let size = Double(next.objectsPerDevice) / Double(previous.objectsPerDevice)
        return [
            .ratio(
                "model", "\(label) time growth / size growth", next.wallSeconds / previous.wallSeconds / size,
                better: .lower),
            .ratio(
                "model", "\(label) memory growth / size growth",
                Double(next.peakKilobytes) / Double(previous.peakKilobytes) / size, better: .lower),
        ]
    }
    let sizes = results.flatMap { result in
        let total = result.objectsPerDevice * ModelConvergenceBenchmark.devices
        return [
            BenchmarkFigure(
                benchmark: "model", name: "\(total) objects wall", value: result.wallSeconds, unit: "s", better: .lower),
            BenchmarkFigure(
                benchmark: "model", name: "\(total) objects peak", value: Double(result.peakKilobytes) / 1024,
                unit: "MB", better: .lower),
        ]
    }
    return sizes + growth
}

enum ModelConvergenceBenchmark {
    static let devices = 10
    static let childVariable = "SIMULATE_MODEL_BENCH_OBJECTS"

    struct Result {
        var objectsPerDevice: Int
        var wallSeconds: Double
        var peakKilobytes: Int
        var events: Int
        var converged: Bool

        var line: String { "MODEL_BENCH \(objectsPerDevice) \(wallSeconds) \(peakKilobytes) \(events) \(converged)" }

        init(objectsPerDevice: Int, wallSeconds: Double, peakKilobytes: Int, events: Int, converged: Bool) {
            self.objectsPerDevice = objectsPerDevice
            self.wallSeconds = wallSeconds
            self.peakKilobytes = peakKilobytes
            self.events = events
            self.converged = converged
        }

        /// The run of median wall time (the lower middle one for an even count) with the median peak; every
        /// run of one size has the same events and verdict.
        static func median(of runs: [Result]) -> Result {
            let middle = (runs.count - 1) / 2
            var result = runs.sorted { $0.wallSeconds < $1.wallSeconds }[middle]
            result.peakKilobytes = runs.map(\.peakKilobytes).sorted()[middle]
            result.converged = runs.allSatisfy(\.converged)
            return result
        }

        init?(line: String) {
            let parts = line.split(separator: " ")
            guard parts.count == 6, parts[0] == "MODEL_BENCH", let objects = Int(parts[1]),
                let wall = Double(parts[2]), let peak = Int(parts[3]), let events = Int(parts[4])
            else { return nil }
            self.init(
                objectsPerDevice: objects, wallSeconds: wall, peakKilobytes: peak, events: events,
                converged: parts[5] == "true")
        }
    }

    static func runInChildProcess(objectsPerDevice: Int) throws -> Result {
        let process = Process()
        process.executableURL = ProcessMeasures.executable
        process.arguments = Array(CommandLine.arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = String(objectsPerDevice)
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("MODEL_BENCH") }),
            let result = Result(line: String(line))
        else {
            throw BenchmarkError(
                message: "the benchmark child for \(objectsPerDevice) objects printed no result: \(text)")
        }
        return result
    }

    struct BenchmarkError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs one size in this process: inserts spread over the first seconds, then sync to the end. Each
    /// device imports 9 × N records in pages of 400, one round trip each, so virtual time grows with N.
    static func run(objectsPerDevice count: Int) throws -> Result {
        let registry = PluginRegistry(BuiltinPlugins.all)
        let runner = SimulationRunner(registry: registry)
        let interval = VirtualDuration.microseconds(10)
        let insertSpan = interval * count
        var steps: [StepSpec] = []
        for index in 0..<devices {
            steps.append(
                StepSpec(
                    at: .at(.start + .seconds(1) + .microseconds(Int64(index))), device: "d\(index)",
                    do: "model.insert",
                    args: ["entity": "Task", "values": ["title": "task"]],
                    repeat: Repeat(every: interval, count: count)))
        }
        let scenario = Scenario(
            name: "model convergence \(devices)×\(count)", seed: 1,
            duration: insertSpan + .seconds(120) + .milliseconds(5) * count,
            devices: (0..<devices).map { DeviceSpec(id: "d\($0)") },
            network: LinkConditions(latency: LatencyRange(minimum: .milliseconds(20), maximum: .milliseconds(80))),
            plugins: [PluginSpec(name: "model", configuration: ["importBatchSize": 400])], steps: steps,
            expectations: [.invariant("model.converged")])
        try runner.validate(scenario)
        var result: RunResult?
        let wall = BenchmarkClock.seconds { result = runner.run(scenario, keepsTrace: false) }
        guard let result else { throw BenchmarkError(message: "no result") }
        return Result(
            objectsPerDevice: count, wallSeconds: wall, peakKilobytes: peakKilobytes(), events: result.events,
            converged: result.passed)
    }

    /// The peak resident set in kB: VmHWM from /proc/self/status on Linux, `getrusage` elsewhere.
    static func peakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return ProcessMeasures.peakResidentBytes() / 1024
        }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
