import Foundation
import PackagePlugin

/// `swift package model-check [--target NAME …] [model-check options]`: checks the Swift sources of the
/// package's targets (every non-test target by default) and fails when the store would not load.
@main
struct ModelCheckCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let sources = targets.compactMap { $0 as? SourceModuleTarget }
            .filter { names.isEmpty ? $0.kind != .test : true }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
        guard !sources.isEmpty else {
            throw ModelCheckFailure("no Swift sources in the targets \(targets.map(\.name))")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "simulate-model-check").url
        process.arguments = sources + extractor.remainingArguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw ModelCheckFailure(
                "model-check exited with status \(process.terminationStatus) (1: the store would not load or a "
                    + "finding is an error; 2: the sources could not be read)")
        }
    }
}

struct ModelCheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
