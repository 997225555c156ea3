import Foundation
import ModelCheckCommandLine

exit(ModelCheckCommand.main(Array(CommandLine.arguments.dropFirst())))
