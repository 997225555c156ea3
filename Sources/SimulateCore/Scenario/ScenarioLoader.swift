import Foundation
import SimulateJSON

/// Loads scenario files: strict JSON, then the scenario format, then every plugin's own checks.
/// Every problem in a file is reported, each with its JSON path, line and column.
public struct ScenarioLoader: Sendable {
    public let registry: PluginRegistry
    public var backend: JSONBackend

    public init(registry: PluginRegistry, backend: JSONBackend = .default) {
        self.registry = registry
        self.backend = backend
    }

    /// Loads the regular file at `file`. Anything else (a FIFO, a device, a socket, a directory, a symbolic link
    /// loop) is refused before it is opened: opening a FIFO would wait for a writer for ever.
    public func load(file: String) throws(ScenarioError) -> Scenario {
        func unreadable(_ message: String) -> ScenarioError {
            ScenarioError(
                file: file,
                diagnostics: [ScenarioDiagnostic(kind: .scenario, file: file, path: .root, message: message)])
        }
        if let problem = FileCheck.problemReadingRegularFile(file) { throw unreadable(problem) }
        // A regular file is read straight into the byte array: through `Data` it would be in memory twice.
        guard let bytes = FileCheck.readRegularFile(file) else { throw unreadable(FileCheck.reason(errno)) }
        return try load(bytes: bytes, file: file)
    }

    public func load(text: String, file: String? = nil) throws(ScenarioError) -> Scenario {
        try load(bytes: Array(text.utf8), file: file)
    }

    /// `steps` is read one step at a time: a file of millions of steps is never in memory as a JSON tree.
    public func load(bytes: [UInt8], file: String? = nil) throws(ScenarioError) -> Scenario {
        try load(bytes: bytes, file: file, streamingSteps: true)
    }

    /// Loads from the whole JSON tree, `steps` included, as the loader did before it streamed them: the same
    /// scenario and the same errors, in more memory. For differential tests and fuzzing.
    public func loadWholeTree(bytes: [UInt8], file: String? = nil) throws(ScenarioError) -> Scenario {
        try load(bytes: bytes, file: file, streamingSteps: false)
    }

    private func load(bytes: [UInt8], file: String?, streamingSteps: Bool) throws(ScenarioError) -> Scenario {
        let parsed: (document: JSONDocument, root: JSON, stream: JSONArrayStream?)
        do {
            if streamingSteps {
                parsed = try JSONParser.parse(bytes, streaming: "steps", backend: backend)
            } else {
                let document = try JSONParser.parse(bytes, backend: backend)
                parsed = (document, document.root, nil)
            }
        } catch {
            throw Self.syntaxError(error, file: file)
        }
        let document = parsed.document
        let diagnostics = Diagnostics()
        diagnostics.scenarioFile = file
        for duplicate in document.duplicateKeys {
            // Located at the repeated key, not at the first occurrence that the path leads to.
            diagnostics.append(
                ScenarioDiagnostic(
                    kind: .scenario, path: duplicate.path, location: duplicate.location,
                    message: "duplicate key \"\(duplicate.key)\""))
        }
        let decoded: Scenario?
        let decodedArguments = DecodedStepArguments(registry: registry)
        do {
            decoded = try ScenarioDecoder(diagnostics: diagnostics, decodedArguments: decodedArguments).decode(
                parsed.root, streamedSteps: parsed.stream)
        } catch let error as JSONSyntaxError {
            throw Self.syntaxError(error, file: file)
        } catch {
            preconditionFailure("the decoder throws only syntax errors: \(error)")
        }
        guard var scenario = decoded else {
            throw ScenarioError(file: file, diagnostics: Self.locate(diagnostics, document: document, file: file))
        }
        scenario.file = file
        scenario.document = document
        let prepared = ScenarioValidator(registry: registry).prepare(
            scenario, into: diagnostics, decodedArguments: decodedArguments)
        guard diagnostics.isEmpty, let prepared else {
            let bare = Dictionary(diagnostics.bareSeconds.map { ($0.path, $0.number) }) { first, _ in first }
            let located = Self.locate(diagnostics, document: document, file: file).map { item in
                guard let number = bare[item.path] else { return item }
                var item = item
                item.message += ": \(number) is read as seconds; did you mean \"\(number)ms\"?"
                return item
            }
            throw ScenarioError(file: file, diagnostics: located)
        }
        scenario.prepared = prepared
        let warnings = ScenarioWarnings.find(in: scenario, bareSeconds: diagnostics.bareSeconds)
        scenario.warnings = Self.locate(warnings, document: document, file: file)
        return scenario
    }

    private static func syntaxError(_ error: JSONSyntaxError, file: String?) -> ScenarioError {
        ScenarioError(
            file: file,
            diagnostics: ([error] + error.furtherErrors).map { syntax in
                ScenarioDiagnostic(
                    kind: .syntax, file: file, path: .root, location: syntax.location, message: syntax.message)
            })
    }

    static func locate(_ diagnostics: Diagnostics, in scenario: Scenario) -> [ScenarioDiagnostic] {
        locate(diagnostics, document: scenario.document, file: scenario.file)
    }

    /// Adds file, line and column; a path that does not exist (a missing member) takes its nearest existing parent's.
    static func locate(_ diagnostics: Diagnostics, document: JSONDocument?, file: String?) -> [ScenarioDiagnostic] {
        var located = diagnostics.items
        for index in located.indices { located[index].file = file }
        if let document {
            // Every path at once (a file with thousands of problems is located in linear time); a path that
            // is not there is tried again a component shorter, until its nearest existing parent.
            var waiting = located.indices.filter { located[$0].location == nil }
            var paths = waiting.map { located[$0].path }
            while !waiting.isEmpty {
                let found = document.locations(of: paths)
                var next: [Int] = []
                var nextPaths: [JSONPath] = []
                for (slot, index) in waiting.enumerated() {
                    if let location = found[slot] {
                        located[index].location = location
                    } else if !paths[slot].components.isEmpty {
                        next.append(index)
                        nextPaths.append(JSONPath(Array(paths[slot].components.dropLast())))
                    }
                }
                (waiting, paths) = (next, nextPaths)
            }
        }
        return located.enumerated().sorted { a, b in
            let left = a.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let right = b.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
