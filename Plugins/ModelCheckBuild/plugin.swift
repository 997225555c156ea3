import PackagePlugin
@main struct ModelCheckBuild: BuildToolPlugin { func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] { [] } }
