import Foundation
import ModelCheckCommandLine
import SimulateCLI
import SimulateModelCheck

// `model-check` reads Swift with swift-syntax, which only this executable links (not SimulateCLI).
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "model-check" {
    exit(ModelCheckCommand.main(Array(arguments.dropFirst())))
}
// Scenarios whose model plugin names Swift `sources`.
ModelCheck.installSourceReader()
SimulateMain.run(otherCommands: [("model-check", ModelCheckCommand.configuration.abstract)])
