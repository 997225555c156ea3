import Foundation
import SimulateCore
import Testing

/// `SimulationContext.services(_:)`: every run that offers the service, in the scenario's plugin order,
/// the same answer however often it is asked, from the run's thread or (a task that escaped the
/// simulation) from another.
@Suite struct PluginServicesTests {
    protocol Greeting: AnyObject {
        var greeting: String { get }
    }

    protocol Unoffered: AnyObject {}

    struct GreetingPlugin: SimulationPlugin {
        let name: String
        let answers: Answers
        var summary: String { "Offers a greeting; at start asks for every greeting, here and on another thread." }

        func makeRun(configuration: NoArguments, context: SimulationContext) -> GreetingRun {
            GreetingRun(name: name, context: context, answers: answers)
        }
    }

    final class GreetingRun: PluginRun, Greeting {
        let greeting: String
        let context: SimulationContext
        let answers: Answers

        init(name: String, context: SimulationContext, answers: Answers) {
            greeting = name
            self.context = context
            self.answers = answers
        }

        func start() {
            guard greeting == "second" else { return }
            // As a task that escaped the simulation would: the context from another thread, at the same time.
            nonisolated(unsafe) let context = context
            let answers = answers
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for _ in 0..<200 { answers.note(context.services(Greeting.self).map(\.greeting), onRunThread: false) }
            }
            for _ in 0..<200 { answers.note(context.services(Greeting.self).map(\.greeting), onRunThread: true) }
            answers.unoffered = context.services(Unoffered.self).count
            group.wait()
        }
    }

    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Bool: Set<[String]>] = [:]
        var unoffered = -1

        func note(_ answer: [String], onRunThread: Bool) {
            lock.withLock { _ = seen[onRunThread, default: []].insert(answer) }
        }

        func answers(onRunThread: Bool) -> Set<[String]> { lock.withLock { seen[onRunThread] ?? [] } }
    }

    @Test func everyRunThatOffersTheServiceInPluginOrderFromAnyThread() throws {
        let answers = Answers()
        let registry = PluginRegistry([
            GreetingPlugin(name: "first", answers: answers), GreetingPlugin(name: "second", answers: answers),
        ])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "services", "duration": "1s", "devices": [{"id": "phone"}],
                 "plugins": {"second": {}, "first": {}}}
                """, file: "services.json")
        let result = SimulationRunner(registry: registry).run(scenario, seed: 1)
        #expect(result.failure == nil)
        #expect(answers.answers(onRunThread: true) == [["second", "first"]])
        #expect(answers.answers(onRunThread: false) == [["second", "first"]])
        #expect(answers.unoffered == 0)
    }
}
