import ArgumentParser
import SimulateCore
import SimulateReports

/// The real-endpoint fixture of a scenario for `serve`, `probe` and `diff`: the first one, in the
/// command line's list (``CommandEnvironment/fixtures``), whose plugin the scenario enables.
enum EndpointFixtures {
    static func fixture(for scenario: Scenario, command: String) throws -> any RealEndpointFixture {
        if let fixture = CommandEnvironment.fixtures.first(where: { scenario.plugin(named: $0.plugin) != nil }) {
            return fixture
        }
        let offered = CommandEnvironment.fixtures.map(\.plugin)
        Output.error(
            "error: \(command) runs the servers of these plugins: \(offered.isEmpty ? "none" : offered.joined(separator: ", ")); this scenario enables \(scenario.plugins.map(\.name).joined(separator: ", "))"
        )
        throw ExitCode(ExitStatus.invalid)
    }
}
