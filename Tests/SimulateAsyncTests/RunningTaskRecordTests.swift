import SimulateCore
import Testing

@testable import SimulateAsync

/// A sleep finds the sleeping task's record by its job's address (`SimulationRuntime.currentRecord`)
/// instead of the task-local value: with hundreds of tasks, whose addresses share table entries, and
/// with child tasks, which inherit the record but run as jobs of their own, it is the same record.
@Suite struct RunningTaskRecordTests {
    static let tasks = 300

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func everySleepOfManyTasksAndTheirChildrenFindsItsOwnRecord() throws {
        let result = try App.run(devices: ["a", "b", "c"], duration: "20s", seed: 3) { runtime, context, log in
            let clock = runtime.clock
            for index in 0..<Self.tasks {
                runtime.spawn(on: context.devices[index % 3], "t\(index)") {
                    for round in 0..<5 {
                        try await clock.sleep(for: .milliseconds(10 + index % 7))
                        if runtime.currentRecord !== TaskRecord.current || runtime.currentRecord?.name != "t\(index)" {
                            log.lines.append("t\(index) round \(round): another task's record")
                        }
                        if round == 2 {
                            async let child: Bool = {
                                try await clock.sleep(for: .milliseconds(3))
                                return runtime.currentRecord === TaskRecord.current
                                    && runtime.currentRecord?.name == "t\(index)"
                            }()
                            if try await !child { log.lines.append("t\(index): its child found another record") }
                        }
                    }
                    log.value += 1
                }
            }
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        let problems = result.statistics["app"]?["log"]?.arrayValue ?? []
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(result.statistics["app"]?["value"] == .integer(Int64(Self.tasks)))
    }

    /// Tasks that end and are followed by new ones (whose jobs may take the ended ones' addresses) find
    /// their own records too, with the table sized by the bodies running, not by every task spawned.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func tasksSpawnedInWavesAfterOthersEndedFindTheirOwnRecords() throws {
        let result = try App.run(devices: ["a", "b"], duration: "30s", seed: 9) { runtime, context, log in
            let clock = runtime.clock
            let devices = context.devices
            runtime.spawn(on: devices[0], "spawner") {
                for wave in 0..<40 {
                    for index in 0..<8 {
                        runtime.spawn(on: devices[index % 2], "w\(wave)-\(index)") {
                            for round in 0..<3 {
                                try await clock.sleep(for: .milliseconds(5 + index))
                                if runtime.currentRecord?.name != "w\(wave)-\(index)" {
                                    log.lines.append("w\(wave)-\(index) round \(round): another task's record")
                                }
                            }
                            log.value += 1
                        }
                    }
                    try await clock.sleep(for: .milliseconds(100))
                }
            }
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        let problems = result.statistics["app"]?["log"]?.arrayValue ?? []
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(result.statistics["app"]?["value"] == .integer(320))
    }

    /// Cancellation reaches the sleeper through its record: a cancelled task's next sleep throws, every
    /// other task sleeps on.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func cancellingEveryThirdOfManyTasksStopsExactlyThose() throws {
        let result = try App.run(devices: ["a"], duration: "20s", seed: 5) { runtime, context, log in
            let clock = runtime.clock
            var handles: [SimulatedTask] = []
            for index in 0..<Self.tasks {
                handles.append(
                    runtime.spawn(on: context.devices[0], "t\(index)") {
                        var slept = 0
                        do {
                            while slept < 100 {
                                try await clock.sleep(for: .milliseconds(7 + index % 5))
                                slept += 1
                            }
                        } catch {
                            log.lines.append("t\(index) stopped after \(slept)")
                        }
                    })
            }
            let all = handles
            runtime.spawn(on: context.devices[0], "canceller") {
                try await clock.sleep(for: .milliseconds(100))
                for (index, handle) in all.enumerated() where index % 3 == 0 { handle.cancel() }
            }
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        let log = (result.statistics["app"]?["log"]?.arrayValue ?? []).compactMap(\.stringValue)
        let stopped = log.compactMap { Int($0.dropFirst().prefix { $0 != " " }) }
        #expect(stopped.sorted() == Array(stride(from: 0, to: Self.tasks, by: 3)))
    }
}
