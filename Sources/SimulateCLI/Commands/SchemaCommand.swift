import ArgumentParser
import SimulateJSON
import SimulateReports

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of scenario files for this build's plugins (schema/scenario.schema.json).")

    func run() throws {
        Output.line(
            JSONWriter.string(ScenarioSchema.generate(CommandEnvironment.registry), pretty: true, sortedKeys: false))
    }
}
