import Foundation
import SimulateCore

#if canImport(Testing)
    import Testing
#endif

/// What a failure message tells to run the failure again.
///
/// `simulate run FILE --seed N` replays a file run with the built-in plugins alone. A run of your
/// own components (plugins passed to the helpers, or settings that select an app component) cannot be
/// replayed by the stock command line, so the message names the test to run again instead, and the
/// saved scenario — settings written in — for a command line of your own.
struct ReplayContext: Sendable {
    /// Only the built-in plugins ran: the stock `simulate` can run the saved scenario.
    var builtInPluginsOnly: Bool
    /// A `swift test --filter` pattern for the test that ran the scenario, when known.
    var testFilter: String?

    /// The command line that runs a saved scenario with your plugins: `SIMULATE_REPLAY_PROGRAM` when
    /// set (the name of your own build of `SimulateMain.run(extraPlugins:)`), else `simulate`.
    var program: String {
        if !builtInPluginsOnly, let name = ProcessInfo.processInfo.environment["SIMULATE_REPLAY_PROGRAM"],
            !name.isEmpty
        {
            return name
        }
        return "simulate"
    }

    /// The replay lines for a run of `seed` (and `strategy`, when the run named one) whose scenario was saved
    /// at `saved`; nil: it was not saved, and no file holds the scenario as run.
    func lines(seed: UInt64, strategy: ScheduleStrategy? = nil, saved: String?) -> [String] {
        guard let saved else {
            let alone =
                "the scenario as run was not saved (it is not its file as written): ScenarioExpectations.check "
                + "and XCTAssertScenarioPasses save it and print the simulate run line for it"
            guard let testFilter else { return ["replay: " + alone] }
            return ["replay: swift test --filter \(ShellQuoting.quote(testFilter))", "  the run alone: " + alone]
        }
        let run =
            "\(program) run \(ShellQuoting.quote(saved)) --seed \(seed)"
            + (strategy.map { " --strategy " + ShellQuoting.quote($0.description) } ?? "")
        let alone =
            builtInPluginsOnly
            ? run
            : run + "  (needs a command line that registers the same plugins, made with the same options: "
                + "SimulateMain.run(extraPlugins:), named by SIMULATE_REPLAY_PROGRAM; what your plugins and "
                + "components are given in Swift is not in the saved file)"
        guard let testFilter else { return ["replay: " + alone] }
        return ["replay: swift test --filter \(ShellQuoting.quote(testFilter))", "  the run alone: " + alone]
    }

    /// `swift test --filter` for the running Swift Testing test, when there is one.
    static var currentTestFilter: String? {
        #if canImport(Testing)
            Test.current.map { filter(module: $0.id.moduleName, components: $0.id.nameComponents) }
        #else
            nil
        #endif
    }

    /// `MyTests.SuiteName/testName` from a test's module and name components (`testName(_:)` loses its
    /// argument labels, which are not part of a filter).
    static func filter(module: String, components: [String]) -> String {
        let names = components.map { name in name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name }
        return ([module] + [names.joined(separator: "/")]).joined(separator: ".")
    }

    /// For XCTest, from `#fileID` (`MyTests/File.swift`) and `#function` (`testName()`): XCTest names a
    /// test `Module.Class/testName`, and the class is not known here, so the pattern matches any class.
    static func filter(fileID: String, function: String) -> String {
        let module = fileID.split(separator: "/").first.map(String.init) ?? fileID
        let name = function.firstIndex(of: "(").map { String(function[..<$0]) } ?? function
        return "\(module)\\..*/\(name)$"
    }
}
