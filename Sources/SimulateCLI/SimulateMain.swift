import ArgumentParser
import Foundation
import SimulateCore
import SimulateFixtures
import SimulateJSON
import SimulatePlugins
import SimulateReports

/// The public entry point: build your own `simulate` with extra plugins in a few lines.
///
/// ```swift
/// import SimulateCLI
/// SimulateMain.run(extraPlugins: [MyPlugin()])
/// ```
public enum SimulateMain {
    /// Runs the `simulate` command line with the built-in plugins plus `extraPlugins`, then exits.
    /// `otherCommands` lists, in `simulate --help`, commands the executable runs itself before calling
    /// this (`model-check`, which links swift-syntax): their name and one line each. `extraFixtures`
    /// are the real-endpoint fixtures extra plugins offer (`serve`, `probe`, `diff`), tried before the
    /// built-in ones.
    public static func run(
        extraPlugins: [any SimulationPlugin] = [], extraFixtures: [any RealEndpointFixture] = [],
        arguments: [String]? = nil, otherCommands: [(name: String, abstract: String)] = []
    ) -> Never {
        CommandEnvironment.callersLists = (extraPlugins, extraFixtures)
        var registry = PluginRegistry(BuiltinPlugins.all)
        for plugin in extraPlugins { registry.register(plugin) }
        CommandEnvironment.fixtures = extraFixtures + BuiltinFixtures.all
        run(registry: registry, arguments: arguments, otherCommands: otherCommands)
    }

    /// Runs the `simulate` command line with exactly these plugins, then exits.
    public static func run(
        registry: PluginRegistry, arguments: [String]? = nil, otherCommands: [(name: String, abstract: String)] = []
    ) -> Never {
        if StandardStream.reserveClosedDescriptors() {
            _ = StandardStream.error.write(
                Array("error: standard output is closed: nothing could be shown (give it a file or /dev/null)\n".utf8))
            exit(ExitStatus.invalid)
        }
        StandardStream.ignoreBrokenPipes()
        RunsUnderWay.install()
        CommandEnvironment.registry = registry
        CommandEnvironment.otherCommands = otherCommands
        // A team's own build (`my-simulate`) names itself in replay commands: the stock one cannot run
        // the plugins it registers. SIMULATE_REPLAY_PROGRAM names it as the test helpers do, so that a
        // line runs as printed where the program is not on the PATH (`swift run my-simulate`).
        let registersOwnPlugins = CommandEnvironment.callersLists.map { !$0.plugins.isEmpty } ?? true
        let program = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? ""
        if registersOwnPlugins, let configured = CommandEnvironment.variables["SIMULATE_REPLAY_PROGRAM"],
            !configured.isEmpty
        {
            RunResult.replayProgram = configured
        } else if !program.isEmpty {
            RunResult.replayProgram = program
        }
        if registersOwnPlugins && !program.isEmpty { CommandEnvironment.programName = program }
        if let status = PluginCommands.run(arguments ?? Array(CommandLine.arguments.dropFirst()), registry: registry) {
            exit(status)
        }
        do {
            var command = try SimulateCommand.parseAsRoot(arguments)
            try command.run()
            StandardStream.flushPrinted()
            exit(0)
        } catch let code as ExitCode {
            StandardStream.flushPrinted()
            exit(code.rawValue)
        } catch {
            let exitCode = SimulateCommand.exitCode(for: error)
            if exitCode == .success {
                // `--help`, `--version`: written here, not with `print`, so that a failed write is seen.
                Output.line(SimulateCommand.fullMessage(for: error))
                exit(0)
            }
            // Usage errors exit with status 2, as the scenario format's contract says.
            // The library's messages echo the value given: a 100,000-digit number is shown bounded.
            Output.error(BoundedQuote.boundingLongWords(SimulateCommand.fullMessage(for: error)))
            exit(2)
        }
    }
}

/// The registry the commands use; set once by ``SimulateMain`` before parsing.
enum CommandEnvironment {
    nonisolated(unsafe) static var registry = PluginRegistry(BuiltinPlugins.all)
    /// The plugins' real-endpoint fixtures for `serve`, `probe` and `diff`.
    nonisolated(unsafe) static var fixtures: [any RealEndpointFixture] = BuiltinFixtures.all
    nonisolated(unsafe) static var otherCommands: [(name: String, abstract: String)] = []
    /// The name `--help` and usage lines give the program: a team's own build's (`my-simulate`) when it
    /// registers plugins of its own.
    nonisolated(unsafe) static var programName = "simulate"
    /// The lists the caller of ``SimulateMain/run(extraPlugins:extraFixtures:arguments:otherCommands:)``
    /// passed, held until exit: the process exits inside that call, so the caller never releases them,
    /// and an optimized build keeps no other pointer to them (LeakSanitizer reported the plugin list of
    /// `custom-simulate`'s top-level code as leaked at exit).
    nonisolated(unsafe) static var callersLists: (plugins: [any SimulationPlugin], fixtures: [any RealEndpointFixture])?
    /// The plugins of the caller's own that `scenario` enables, as the Swift expressions that make them
    /// (`TeamPlugin()`): what a test of the scenario passes as `plugins:`.
    static func ownPlugins(in scenario: JSON) -> (expressions: [String], modules: [String]) {
        let enabled = scenario["plugins"]?.objectValue?.keys ?? []
        let plugins = (callersLists?.plugins ?? []).filter { enabled.contains($0.name) }
        return (
            plugins.map { String(describing: type(of: $0)) + "()" },
            // `TokenPlugin.OAuthPlugin`: the module before the first dot.
            plugins.compactMap { String(reflecting: type(of: $0)).split(separator: ".").first.map(String.init) }
        )
    }
    /// The environment `--shard auto` reads (the process's own; tests give their own).
    nonisolated(unsafe) static var variables = ProcessInfo.processInfo.environment
}

/// Exit statuses of the command line.
enum ExitStatus {
    static let passed: Int32 = 0
    static let expectationFailed: Int32 = 1
    static let invalid: Int32 = 2
    static let broken: Int32 = 3
}
