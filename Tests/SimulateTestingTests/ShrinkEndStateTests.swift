import SimulateCore
import SimulateJSON
import SimulatePlugins
import Testing

/// A failure judged at the run's end ("jobs never completed") shrinks to a scenario that still gives its
/// work the time it needs: the minimal scenario passes once the bug is gone.
@Suite struct ShrinkEndStateTests {
    @Test func aFailureAtTheEndKeepsTheTimeItsWorkNeeds() throws {
        let registry = PluginRegistry(BuiltinPlugins.all + [JobsPlugin()])
        let text = """
            {"format": 1, "name": "jobs", "duration": "60s", "devices": [{"id": "phone"}, {"id": "tablet"}],
             "network": {"latency": "50ms"}, "plugins": {"jobs": {"bug": true}},
             "steps": [
               {"at": "1s", "device": "phone", "do": "jobs.submit"},
               {"at": "1.5s", "device": "tablet", "do": "jobs.submit"},
               {"at": "2s", "device": "phone", "do": "jobs.submit"},
               {"at": "3s", "device": "phone", "do": "jobs.submit"}],
             "expect": [{"invariant": "jobs.completed"}]}
            """
        let result = try ScenarioShrinker.shrink(text: text, registry: registry)
        #expect(result.after.steps < result.before.steps)
        #expect(result.after.duration < result.before.duration)
        var fixed = result.minimal.objectValue ?? JSONObject()
        fixed["plugins"] = ["jobs": ["bug": false]]
        let minimal = try ScenarioLoader(registry: registry).load(text: JSONWriter.string(.object(fixed)))
        let run = SimulationRunner(registry: registry).run(minimal, keepsTrace: false)
        #expect(run.passed, "the minimal scenario, without the bug: \(run.expectations.map(\.violations))")
    }
}

extension ShrinkEndStateTests {
    /// A step that asks for more than the failure needs asks for less in the minimal scenario.
    @Test func aStepsCountShrinksToWhatTheFailureNeeds() throws {
        let registry = PluginRegistry(BuiltinPlugins.all + [JobsPlugin()])
        let text = """
            {"format": 1, "name": "burst", "duration": "30s", "devices": [{"id": "phone"}],
             "network": {"latency": "50ms"}, "plugins": {"jobs": {"bug": true}},
             "steps": [{"at": "1s", "device": "phone", "do": "jobs.burst", "args": {"count": 8}}],
             "expect": [{"invariant": "jobs.completed"}]}
            """
        let result = try ScenarioShrinker.shrink(text: text, registry: registry)
        let step = try #require(result.minimal["steps"]?.arrayValue?.first)
        #expect(step["args"]?["count"]?.intValue == 2)
    }
}

/// Each job is a request to a server; with `bug`, a device's jobs after its first are never sent.
private struct JobsPlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        var bug = false
        static let fields: [Field<Self>] = [.boolean("bug", \.bug, "Only a device's first job is sent.")]
    }

    enum Action: PluginEntries {
        case submit
        case burst(Burst)
        struct Burst: PluginArguments {
            var count = 1
            static let fields: [Field<Self>] = [.integer("count", \.count, in: 1...100, "jobs to submit (1…100)")]
        }
        static let entries: [Entry<Self>] = [
            .entry("submit", "Submit a job.", device: .required(), .submit),
            .entry("burst", "Submit several jobs.", device: .required(), arguments: Burst.self, Self.burst),
        ]
    }

    enum Invariant: PluginEntries {
        case completed
        static let entries: [Entry<Self>] = [.entry("completed", "Every job completed by the end.", .completed)]
    }

    enum Observable: PluginEntries {
        case done
        static let entries: [Entry<Self>] = [.entry("done", "Jobs completed.", valueType: "integer", .done)]
    }

    var name: String { "jobs" }
    var summary: String { "Jobs sent to a server." }

    func makeRun(configuration: Configuration, context: SimulationContext) -> JobsRun {
        JobsRun(context: context, bug: configuration.bug)
    }
}

private final class JobsRun: PluginRun {
    let context: SimulationContext
    let bug: Bool
    var submitted: [String: Int] = [:]
    var completed: [String: Int] = [:]

    init(context: SimulationContext, bug: Bool) {
        self.context = context
        self.bug = bug
    }

    func perform(_ action: JobsPlugin.Action, device: Device?) {
        guard let device else { return }
        switch action {
        case .submit: submit(on: device)
        case .burst(let burst): for _ in 0..<burst.count { submit(on: device) }
        }
    }

    private func submit(on device: Device) {
        submitted[device.id, default: 0] += 1
        guard !bug || submitted[device.id] == 1 else { return }
        context.network.request(
            from: device, to: "jobs", timeout: .seconds(10), serve: {},
            completion: { [unowned self] _ in completed[device.id, default: 0] += 1 })
    }

    func observe(_ observable: JobsPlugin.Observable, device: Device?) -> JSON {
        JSON(completed.values.reduce(0, +))
    }

    func evaluate(_ invariant: JobsPlugin.Invariant) -> [Violation] {
        submitted.keys.sorted().compactMap { id in
            let (total, done) = (submitted[id] ?? 0, completed[id] ?? 0)
            return done == total
                ? nil
                : Violation(
                    at: context.now, device: id, message: "\(id): \(total - done) of \(total) jobs never completed")
        }
    }
}
