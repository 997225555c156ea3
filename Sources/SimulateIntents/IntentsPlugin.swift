import SimulateCore
import SimulateJSON
import SimulateModel

/// The `intents` plugin: App Intents with one JSON string in and one JSON string out.
public struct IntentsPlugin: SimulationPlugin {
    /// The app's own intents a scenario may select with `"handler": "<name>"`, by name.
    public var appIntents: [String: AppComponentFactory<any AppIntentsComponent>]
    /// The names of the intents each handler offers, where declared: a scenario's `intents.call` naming any other
    /// is a load error (a typo, or an intent renamed since), not a call answered `unknownIntent`.
    public var intentNames: [String: [String]]

    /// The plugin, with the app's own intents by the names scenarios select them with (`"handler": "<name>"`),
    /// and the intent names each offers (`intentNames`, optional: undeclared, any name is called).
    public init(
        appIntents: [String: AppComponentFactory<any AppIntentsComponent>] = [:], intentNames: [String: [String]] = [:]
    ) {
        self.appIntents = appIntents
        self.intentNames = intentNames
    }

    public var name: String { "intents" }
    public var summary: String { "App Intents with one JSON string in and one JSON string out" }
    public var dependencies: [any SimulationPlugin] { [ModelPlugin()] }
    /// The counter, reached through `DisplayIDAllocating` (PluginServices.swift), not by its module.
    public var serviceDependencies: [String] { ["counter"] }

    public func check(
        configuration: IntentsConfiguration, at path: JSONPath,
        context: PluginCheckContext<IntentsConfiguration>
    ) {
        // Fuzz inputs are made and answered within one event each step: bounded over the run instead.
        StepWorkLimit(action: "fuzz", argument: "count", defaultAmount: 100, limit: 1_000_000, what: "fuzz inputs")
            .check(context.scenario, plugin: name, diagnostics: context.diagnostics)
        ComponentChoice.check(
            configuration.handlerName, key: "handler", builtIn: [IntentsConfiguration.referenceHandler],
            registered: appIntents.keys.sorted(), at: path, diagnostics: context.diagnostics)
        if let handler = configuration.appHandler {
            checkFuzzKinds(context.scenario, ownIntents: intentNames[handler], diagnostics: context.diagnostics)
        }
        if let handler = configuration.appHandler, let names = intentNames[handler] {
            checkCalledIntents(context.scenario, handler: handler, names: names, diagnostics: context.diagnostics)
        } else if configuration.appHandler == nil {
            checkFuzzedIntents(context.scenario, diagnostics: context.diagnostics)
        }
        if configuration.appHandler == nil, let model = context.configuration(of: ModelPlugin()) {
            ModelCompatibility.check(model.configuration, at: model.path, diagnostics: context.diagnostics)
        }
    }

    /// A fuzz aimed at your own intents (an intent the reference does not have, or unaimed with declared names)
    /// sends only kinds that need no knowledge of their fields: asking for none of them would send nothing.
    private func checkFuzzKinds(_ scenario: Scenario, ownIntents: [String]?, diagnostics: Diagnostics) {
        let reference = Set(IntentName.allCases.map(\.rawValue))
        for step in scenario.steps where step.plugin == name && step.action == "fuzz" {
            let aim = step.args["intent"]?.stringValue
            guard aim.map({ !reference.contains($0) }) ?? (ownIntents != nil),
                let kinds = step.args["kinds"]?.arrayValue?.compactMap(\.stringValue).compactMap(FuzzKind.init),
                !kinds.isEmpty, !kinds.contains(where: FuzzKind.anyIntent.contains)
            else { continue }
            diagnostics.error(
                "none of these kinds is sent to your own intents, which get only inputs that need no knowledge of "
                    + "their fields: "
                    + FuzzKind.allCases.filter(FuzzKind.anyIntent.contains).map(\.rawValue)
                    .joined(separator: ", "),
                at: step.path / "args" / "kinds")
        }
    }

    /// The reference's fuzz is aimed at one of its five intents.
    private func checkFuzzedIntents(_ scenario: Scenario, diagnostics: Diagnostics) {
        let names = IntentName.allCases.map(\.rawValue)
        for step in scenario.steps where step.plugin == name && step.action == "fuzz" {
            guard let intent = step.args["intent"]?.stringValue, !names.contains(intent) else { continue }
            diagnostics.error(
                "unknown intent \(JSONWriter.string(.string(intent))): " + NameSuggestion.hint(intent, in: names)
                    + "expected one of " + names.map { JSONWriter.string(.string($0)) }.joined(separator: ", ")
                    + " (the reference's; your own intents are fuzzed with \"handler\" naming them)",
                at: step.path / "args" / "intent")
        }
    }

    /// Every `intents.call` and aimed `intents.fuzz` names one of the handler's declared intents.
    private func checkCalledIntents(_ scenario: Scenario, handler: String, names: [String], diagnostics: Diagnostics) {
        for step in scenario.steps where step.plugin == name && (step.action == "call" || step.action == "fuzz") {
            guard let intent = step.args["intent"]?.stringValue, !names.contains(intent) else { continue }
            diagnostics.error(
                "unknown intent \(JSONWriter.string(.string(intent))) of handler \(JSONWriter.string(.string(handler))): "
                    + NameSuggestion.hint(intent, in: names) + "expected one of "
                    + names.map { JSONWriter.string(.string($0)) }.joined(separator: ", ")
                    + " (declared in intentNames)",
                at: step.path / "args" / "intent")
        }
    }

    public func makeRun(configuration: IntentsConfiguration, context: SimulationContext) -> IntentsRun {
        IntentsRun(
            configuration: configuration, context: context,
            appIntents: configuration.appHandler.flatMap { appIntents[$0] },
            appIntentNames: configuration.appHandler.flatMap { intentNames[$0] })
    }
}
