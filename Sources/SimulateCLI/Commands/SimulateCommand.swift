import ArgumentParser

struct SimulateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: CommandEnvironment.programName,
            abstract: "Deterministic simulation of sync, counter and reconnect logic under virtual time.",
            discussion: """
                Exit status: 0 every expectation met; 1 some expectation not met; 2 a scenario or argument \
                is invalid; 3 a run broke (event budget exceeded, internal error).
                """ + PluginCommands.helpSection(CommandEnvironment.registry.commands)
                    + PluginCommands.otherCommandsSection(CommandEnvironment.otherCommands),
            version: SimulateVersion.text,
            subcommands: [
                RunCommand.self, ExploreCommand.self, MergeCommand.self, ShrinkCommand.self, ValidateCommand.self,
                ListCommand.self, ExplainCommand.self,
                SchemaCommand.self, DocsCommand.self, ServeCommand.self, ProbeCommand.self, DiffCommand.self,
            ]
        )
    }
}
