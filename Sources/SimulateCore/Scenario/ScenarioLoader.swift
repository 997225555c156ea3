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

    public func load(file: String) throws(ScenarioError) -> Scenario {
        // A regular file is read straight into the byte array: through `Data` it would be in memory twice.
        if let bytes = Self.readRegularFile(file) { return try load(bytes: bytes, file: file) }
        guard let data = FileManager.default.contents(atPath: file) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
            let message = exists ? (isDirectory.boolValue ? "is a directory" : "cannot be read") : "no such file"
            throw ScenarioError(
                file: file,
                diagnostics: [ScenarioDiagnostic(kind: .scenario, file: file, path: .root, message: message)])
        }
        return try load(bytes: [UInt8](data), file: file)
    }

    private static func readRegularFile(_ path: String) -> [UInt8]? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        var status = stat()
        guard fstat(fileno(handle), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, handle)
            complete = count == size
        }
        return complete ? bytes : nil
    }

    public func load(text: String, file: String? = nil) throws(ScenarioError) -> Scenario {
        try load(bytes: Array(text.utf8), file: file)
    }

    public func load(bytes: [UInt8], file: String? = nil) throws(ScenarioError) -> Scenario {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes, backend: backend)
        } catch {
            throw ScenarioError(
                file: file,
                diagnostics: ([error] + error.furtherErrors).map { syntax in
                    ScenarioDiagnostic(
                        kind: .syntax, file: file, path: .root, location: syntax.location, message: syntax.message)
                })
        }
        let diagnostics = Diagnostics()
        for duplicate in document.duplicateKeys {
            // Located at the repeated key, not at the first occurrence that the path leads to.
            diagnostics.append(
                ScenarioDiagnostic(
                    kind: .scenario, path: duplicate.path, location: duplicate.location,
                    message: "duplicate key \"\(duplicate.key)\""))
        }
        let decoded = ScenarioDecoder(diagnostics: diagnostics).decode(document.root)
        guard var scenario = decoded else {
            throw ScenarioError(file: file, diagnostics: Self.locate(diagnostics, document: document, file: file))
        }
        scenario.file = file
        scenario.document = document
        let prepared = ScenarioValidator(registry: registry).prepare(scenario, into: diagnostics)
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

    static func locate(_ diagnostics: Diagnostics, in scenario: Scenario) -> [ScenarioDiagnostic] {
        locate(diagnostics, document: scenario.document, file: scenario.file)
    }

    /// Adds file, line and column; a path that does not exist (a missing member) takes its nearest existing parent's.
    static func locate(_ diagnostics: Diagnostics, document: JSONDocument?, file: String?) -> [ScenarioDiagnostic] {
        let located = diagnostics.items.map { item in
            var item = item
            item.file = file
            if let document, item.location == nil {
                var path = item.path
                var location = document.location(of: path)
                while location == nil, !path.components.isEmpty {
                    path = JSONPath(Array(path.components.dropLast()))
                    location = document.location(of: path)
                }
                item.location = location
            }
            return item
        }
        return located.enumerated().sorted { a, b in
            let left = a.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let right = b.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
