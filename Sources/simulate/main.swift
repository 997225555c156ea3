import Foundation
import SimulateCLI

#if ModelCheck
    import ModelCheckCommandLine
    import SimulateModelCheck

    // `model-check` reads Swift with swift-syntax, which only this executable links (not SimulateCLI).
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "model-check" {
        exit(ModelCheckCommand.main(Array(arguments.dropFirst())))
    }
    // Scenarios whose model plugin names Swift `sources`.
    ModelCheck.installSourceReader()
    SimulateMain.run(otherCommands: [("model-check", ModelCheckCommand.configuration.abstract)])
#else
    // Built without the ModelCheck trait (no swift-syntax): every command but `model-check`.
    if CommandLine.arguments.dropFirst().first == "model-check" {
        FileHandle.standardError.write(
            Data(
                ("error: this simulate was built without the ModelCheck trait, so it has no model-check command; "
                    + "build it with the default traits (or --traits ModelCheck, which brings CommandLineTools)\n").utf8
            )
        )
        exit(2)
    }
    SimulateMain.run()
#endif
