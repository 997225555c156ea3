import PackagePlugin
@main struct ModelCheckCommand: CommandPlugin { func performCommand(context: PluginContext, arguments: [String]) async throws {} }
