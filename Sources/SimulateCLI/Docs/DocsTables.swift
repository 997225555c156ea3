import Foundation
import SimulateCore
import SimulateReports

/// The tables of configuration keys, actions, invariants and observables in the markdown docs, made
/// from the plugins' declarations so the docs cannot drift from what the loader checks. A table lives
/// between two marker comments; everything else in a file is left as written:
///
/// ```markdown
/// <!-- generated: sse actions -->
/// …table written by `simulate docs --write`…
/// <!-- end generated -->
/// ```
///
/// Tables: `configuration`, `actions`, `invariants`, `observables` (of one plugin), `configuration
/// <key>` (the members of a nested configuration key, as `counter configuration loadModel`) and
/// `plugins` (every plugin of the registry).
public enum DocsTables {
    /// A generated-section marker that is malformed or unknown.
    public struct MarkerError: Error, CustomStringConvertible {
        /// The marker's line, from 1.
        public var line: Int
        /// What is wrong with it.
        public var message: String
        /// `line N: message`.
        public var description: String { "line \(line): \(message)" }
    }

    static let begin = "<!-- generated: "
    static let end = "<!-- end generated -->"

    /// The markdown with every marked table made again from `registry`.
    public static func render(_ markdown: String, registry: PluginRegistry) throws(MarkerError) -> String {
        var output: [Substring] = []
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var number = 0
        while let line = lines.popFirst() {
            number += 1
            output.append(line)
            guard line.hasPrefix(begin) else { continue }
            let opening = number
            let words = line.dropFirst(begin.count).split(separator: " ").filter { $0 != "-->" }
            guard
                words.count == 2 || (words.count == 3 && words[1] == "configuration")
                    || (words.count == 1 && words[0] == "plugins")
            else {
                throw MarkerError(
                    line: number,
                    message: "expected <!-- generated: <plugin> <table> --> or <plugin> configuration <key>")
            }
            let table = try self.table(words.map(String.init), registry: registry, line: number)
            while let inside = lines.popFirst() {
                number += 1
                if inside == end {
                    output.append(contentsOf: table.split(separator: "\n", omittingEmptySubsequences: false))
                    output.append(inside)
                    break
                }
                if lines.isEmpty { throw MarkerError(line: opening, message: "no \(end) after this marker") }
            }
        }
        return output.joined(separator: "\n")
    }

    private static func table(_ words: [String], registry: PluginRegistry, line: Int) throws(MarkerError) -> String {
        if words == ["plugins"] { return plugins(registry) }
        guard let plugin = registry.plugin(named: words[0]) else {
            throw MarkerError(line: line, message: "unknown plugin \"\(words[0])\"")
        }
        if words.count == 3 {
            guard let key = plugin.configuration.first(where: { $0.name == words[2] }), !key.members.isEmpty else {
                throw MarkerError(
                    line: line, message: "\(words[0]) has no nested configuration key \"\(words[2])\"")
            }
            return configuration(flattened(key.members))
        }
        switch words[1] {
        case "configuration": return configuration(plugin.configuration)
        case "actions": return entries(plugin.actions, kind: "action", plugin: plugin)
        case "invariants": return entries(plugin.invariants, kind: "invariant", plugin: plugin)
        case "observables": return entries(plugin.observables, kind: "observable", plugin: plugin)
        default:
            throw MarkerError(
                line: line,
                message: "unknown table \"\(words[1])\" (tables: configuration, actions, invariants, observables)")
        }
    }

    static func configuration(_ parameters: [ParameterDoc]) -> String {
        rows(
            ["key", "type", "default", "meaning"],
            parameters.map { [code($0.name), $0.type, defaultText($0), cell($0.summary)] })
    }

    /// The members of a nested key, each followed by its own members as `outer.inner`.
    static func flattened(_ members: [ParameterDoc], prefix: String = "") -> [ParameterDoc] {
        members.flatMap { member -> [ParameterDoc] in
            var named = member
            named.name = prefix + member.name
            return [named] + flattened(member.members, prefix: named.name + ".")
        }
    }

    static func entries(_ entries: [EntryDoc], kind: String, plugin: any SimulationPlugin) -> String {
        let meaning = kind == "action" ? "what it does" : kind == "invariant" ? "what it checks" : "value"
        // An invariant judges the whole run: its expectation takes no device.
        let namesDevice = kind != "invariant"
        return rows(
            [kind, "args"] + (namesDevice ? ["device"] : []) + [meaning],
            entries.map { entry in
                var text = entry.summary
                if kind == "observable" && !entry.valueType.isEmpty { text = "(\(entry.valueType)) " + text }
                if !entry.details.isEmpty { text += ". " + entry.details }
                return [code(entry.name), arguments(entry.parameters)] + (namesDevice ? [device(entry.device)] : [])
                    + [cell(text)]
            })
    }

    static func plugins(_ registry: PluginRegistry) -> String {
        rows(
            ["plugin", "simulates", "needs", "invariants", "docs"],
            registry.names.compactMap(registry.plugin(named:)).map { plugin in
                [
                    code(plugin.name), cell(plugin.summary),
                    plugin.dependencyNames.isEmpty
                        ? "—" : plugin.dependencyNames.map { code($0) }.joined(separator: ", "),
                    plugin.invariants.map { code($0.name) }.joined(separator: ", "),
                    "[docs/\(plugin.name).md](docs/\(plugin.name).md)",
                ]
            })
    }

    private static func rows(_ header: [String], _ rows: [[String]]) -> String {
        ([header, header.map { _ in "---" }] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
            .joined(separator: "\n")
    }

    private static func arguments(_ parameters: [ParameterDoc]) -> String {
        guard !parameters.isEmpty else { return "—" }
        return parameters.map { parameter in
            var text = code(parameter.name) + " (\(parameter.type)"
            if let value = parameter.defaultValue { text += ", default " + defaultCode(value) }
            return cell(text + "): " + parameter.summary)
        }.joined(separator: "; ")
    }

    private static func device(_ use: DeviceUse) -> String {
        switch use {
        case .optional: "optional"
        case .required: "required"
        case .forbidden: "none"
        }
    }

    private static func defaultText(_ parameter: ParameterDoc) -> String {
        parameter.defaultValue.map(defaultCode) ?? "required"
    }

    /// A JSON default as code; a default described in words (`the record name`) as it is.
    private static func defaultCode(_ value: String) -> String {
        guard let first = value.first else { return "" }
        return first == "\"" || first == "[" || first == "{" || first == "-" || first.isNumber
            || ["true", "false", "null"].contains(value) ? code(value) : cell(value)
    }

    private static func code(_ text: String) -> String { "`" + text + "`" }

    /// Text for one table cell: one line, pipes escaped.
    private static func cell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
