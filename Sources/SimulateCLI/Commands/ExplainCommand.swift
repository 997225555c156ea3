import ArgumentParser
import SimulateCore
import SimulateReports

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract:
            "Document a plugin, or one of its actions, invariants or observables (e.g. sse.backoff), "
            + "or a topic: swarm, shrink, strategy."
    )

    @Argument(help: "A plugin name (sse) or <plugin>.<name> (sse.backoff).")
    var name: String

    func run() throws {
        if let topic = ExplainTopics.text(name) {
            Output.line(topic)
            return
        }
        // "" and "." split into nothing: the name as given is the unknown plugin.
        let split = name.split(separator: ".", maxSplits: 1).map(String.init)
        let parts = split.isEmpty ? [name] : split
        guard let plugin = CommandEnvironment.registry.plugin(named: parts[0]) else {
            let names = CommandEnvironment.registry.names
            let hint = NameSuggestion.hint(parts[0], in: names + (parts.count == 1 ? ExplainTopics.names : []))
            Output.error(
                "error: unknown plugin or topic \"\(BoundedQuote.bounded(parts[0]))\" (\(hint)plugins: \(names.joined(separator: ", ")); "
                    + "topics: \(ExplainTopics.names.joined(separator: ", ")))")
            throw ExitCode(ExitStatus.invalid)
        }
        guard parts.count == 2 else {
            explainPlugin(plugin)
            return
        }
        let sections: [(String, [EntryDoc])] = [
            ("action", plugin.actions), ("invariant", plugin.invariants), ("observable", plugin.observables),
        ]
        var found = false
        if parts[1] == "liveness", let documented = plugin as? any LivenessDocumenting {
            Output.line("\(plugin.name).liveness (swarm mode's liveness phase): \(documented.livenessSummary)")
            Output.line("\nMore: simulate explain swarm")
            return
        }
        for (kind, entries) in sections {
            for entry in entries where entry.name == parts[1] {
                if found { Output.line("") }
                explain(entry, kind: kind, plugin: plugin)
                found = true
            }
        }
        if !found {
            let names = sections.flatMap { $0.1.map(\.name) }
            Output.error(
                "error: \(plugin.name) has no action, invariant or observable named \"\(BoundedQuote.bounded(parts[1]))\" ("
                    + NameSuggestion.hint(parts[1], in: names, prefix: plugin.name + ".")
                    + "simulate explain \(plugin.name) lists them)")
            throw ExitCode(ExitStatus.invalid)
        }
    }

    private func explainPlugin(_ plugin: any SimulationPlugin) {
        Output.line("\(plugin.name): \(plugin.summary)")
        if !plugin.dependencyNames.isEmpty {
            Output.line("needs: \(plugin.dependencyNames.joined(separator: ", "))")
        }
        if !plugin.configuration.isEmpty {
            Output.line("\nconfiguration (\"plugins\": {\"\(plugin.name)\": {…}}):")
            parameters(plugin.configuration)
        }
        for (title, entries) in [
            ("actions", plugin.actions), ("invariants", plugin.invariants), ("observables", plugin.observables),
        ]
        where !entries.isEmpty {
            Output.line("\n\(title):")
            for entry in entries { Output.line("  \(plugin.name).\(entry.name) — \(entry.summary)") }
        }
        if !plugin.serverErrors.isEmpty {
            Output.line("\nserver errors (faults: {\"kind\": \"serverError\", \"server\": …, \"error\": …}):")
            for doc in plugin.serverErrors { Output.line("  \(doc.server) \(doc.error) — \(doc.summary)") }
        }
        if let documented = plugin as? any LivenessDocumenting {
            Output.line("\nliveness (swarm mode):\n  \(plugin.name).liveness — \(documented.livenessSummary)")
        }
        Output.line("\nMore: simulate explain \(plugin.name).<name>")
    }

    private func explain(_ entry: EntryDoc, kind: String, plugin: any SimulationPlugin) {
        Output.line("\(plugin.name).\(entry.name) (\(kind)): \(entry.summary)")
        if !entry.details.isEmpty { Output.line("\n" + entry.details) }
        if kind == "action" {
            let device =
                switch entry.device {
                case .optional: "with or without \"device\""
                case .required(let role): "\"device\" required (it \(role))"
                case .forbidden(let role): "no \"device\" (it \(role))"
                }
            Output.line("\nstep: " + device)
        }
        if kind == "observable" {
            Output.line(
                "\nvalue: \(entry.valueType.isEmpty ? "JSON" : entry.valueType); "
                    + (entry.perDevice ? "per device (\"device\" required)" : "server-wide (no \"device\")"))
        }
        if !entry.parameters.isEmpty {
            Output.line("\n\(kind == "action" ? "args" : "args (parameters)"):")
            parameters(entry.parameters)
        }
    }

    private func parameters(_ parameters: [ParameterDoc]) {
        for parameter in parameters {
            let requirement = parameter.defaultValue.map { "default \($0)" } ?? "required"
            var line = "  \(parameter.name) (\(parameter.type), \(requirement)): \(parameter.summary)"
            if let builtIn = parameter.builtInComponents {
                line += " [built in: \(builtIn.joined(separator: ", ")); others registered from Swift]"
            }
            Output.line(line)
        }
    }
}
