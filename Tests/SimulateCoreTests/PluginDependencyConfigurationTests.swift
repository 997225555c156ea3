import SimulateCore
import SimulateJSON
import Testing

/// A plugin's checks read another plugin's decoded configuration only through its declared dependencies.
struct PluginDependencyConfigurationTests {
    final class IdleRun: PluginRun {}

    struct BasePlugin: SimulationPlugin {
        struct Configuration: PluginArguments {
            var limit = 10
            static let fields: [Field<Self>] = [.integer("limit", \.limit, in: 0...100, "The base's limit.")]
        }
        var name: String { "base" }
        var summary: String { "Holds a limit." }
        func makeRun(configuration: Configuration, context: SimulationContext) -> IdleRun { IdleRun() }
    }

    /// Needs the base's limit at most 5; `declares` says whether it states the dependency.
    struct UserPlugin: SimulationPlugin {
        var declares = true
        var name: String { "user" }
        var summary: String { "Reads the base's limit." }
        var dependencies: [any SimulationPlugin] { declares ? [BasePlugin()] : [] }
        func check(configuration: NoArguments, at path: JSONPath, context: PluginCheckContext<NoArguments>) {
            guard let base = context.configuration(of: BasePlugin()) else {
                return context.error("the base's configuration is not at hand", at: path)
            }
            if base.configuration.limit > 5 {
                context.error("the user needs a limit of at most 5", at: base.path / "limit")
            }
        }
        func makeRun(configuration: NoArguments, context: SimulationContext) -> IdleRun { IdleRun() }
    }

    private func errors(_ plugins: String, declares: Bool = true) -> [String] {
        let registry = PluginRegistry([BasePlugin(), UserPlugin(declares: declares)])
        let text = """
            {"format": 1, "name": "t", "duration": "1s", "devices": [{"id": "phone"}], "plugins": \(plugins)}
            """
        do {
            _ = try ScenarioLoader(registry: registry).load(text: text)
            return []
        } catch {
            return error.diagnostics.map { "\($0.path): \($0.message)" }
        }
    }

    @Test(arguments: [
        "{\"base\": {\"limit\": 9}, \"user\": {}}", "{\"user\": {}, \"base\": {\"limit\": 9}}",
    ])
    func theDependencysTypedConfigurationIsAtHandInEitherOrder(plugins: String) {
        #expect(errors(plugins) == ["/plugins/base/limit: the user needs a limit of at most 5"])
    }

    @Test func aValidDependencyPasses() {
        #expect(errors("{\"user\": {}, \"base\": {\"limit\": 5}}") == [])
    }

    @Test func anUndeclaredDependencyIsNotAtHand() {
        #expect(
            errors("{\"base\": {}, \"user\": {}}", declares: false) == [
                "/plugins/user: the base's configuration is not at hand"
            ])
    }

    @Test func aDependencyWithErrorsIsNotHandedOn() {
        let errors = errors("{\"user\": {}, \"base\": {\"limit\": 900}}")
        #expect(errors.count == 2)
        #expect(errors.contains { $0.hasPrefix("/plugins/base/limit: ") && !$0.contains("at most 5") })
        #expect(errors.contains("/plugins/user: the base's configuration is not at hand"))
    }
}
