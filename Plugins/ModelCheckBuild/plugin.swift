import Foundation
import PackagePlugin

/// Runs `simulate-model-check` on a target's Swift sources before it compiles: a model whose store would
/// not load with CloudKit fails the build with `file:line:column: error:` lines at the declarations. The
/// command's output is an empty Swift file, written only when the check passes.
@main
struct ModelCheckBuild: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        return [
            try Self.command(
                target: target.name, sources: sources, tool: context.tool(named: "simulate-model-check").url,
                workDirectory: context.pluginWorkDirectoryURL)
        ]
    }

    static func command(target: String, sources: [URL], tool: URL, workDirectory: URL) -> Command {
        let stamp = workDirectory.appendingPathComponent("ModelCheck-\(target).swift")
        return .buildCommand(
            displayName: "Checking \(target)'s SwiftData models for CloudKit (simulate model-check)",
            executable: tool,
            arguments: sources.map(\.path) + ["--stamp", stamp.path],
            inputFiles: sources,
            outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ModelCheckBuild: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
            return [
                try Self.command(
                    target: target.displayName, sources: sources,
                    tool: context.tool(named: "simulate-model-check").url,
                    workDirectory: context.pluginWorkDirectoryURL)
            ]
        }
    }
#endif
