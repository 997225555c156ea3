import ArgumentParser
import SimulateCore
import SimulateReports

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List plugins with their actions, invariants and observables.")

    func run() throws {
        let terminal = Terminal.forStandardOutput()
        for plugin in CommandEnvironment.registry.plugins {
            Output.line(terminal.bold(plugin.name) + " — " + plugin.summary)
            section("configuration", plugin.configuration.map { ($0.name, $0.summary) })
            section("actions", plugin.actions.map { ("\(plugin.name).\($0.name)", $0.summary) })
            section("invariants", plugin.invariants.map { ("\(plugin.name).\($0.name)", $0.summary) })
            section("observables", plugin.observables.map { ("\(plugin.name).\($0.name)", $0.summary) })
            Output.line("")
        }
    }

    private func section(_ title: String, _ entries: [(String, String)]) {
        guard !entries.isEmpty else { return }
        Output.line("  \(title):")
        let width = entries.map(\.0.count).max() ?? 0
        for (name, summary) in entries {
            Output.line("    " + name + String(repeating: " ", count: width - name.count + 2) + summary)
        }
    }
}
