import Foundation
import SimulateCore
import SimulateJSON

/// The seam through which the `model` plugin reads a schema from the team's Swift sources (`"sources"`):
/// the reader lives in the SimulateModelCheck product (it needs swift-syntax, which this module must not
/// pull into a test target that never reads Swift), and whoever links it installs it here.
public enum SwiftSourceSchema {
    /// The sources a scenario names and the schema read from them.
    public struct Sources: Sendable, Equatable {
        /// As resolved against the scenario file's folder.
        public var paths: [String]
        /// The schema read from them.
        public var schema: ModelSchema

        /// Sources and their schema.
        public init(paths: [String], schema: ModelSchema) {
            self.paths = paths
            self.schema = schema
        }
    }

    /// Why the sources gave no schema: one message per problem, each `file:line:column: message`.
    public struct Failure: Error, Sendable {
        /// One message per problem: `file:line:column: message`.
        public var messages: [String]

        /// A failure with these messages.
        public init(messages: [String]) { self.messages = messages }
    }

    /// Reads a schema from Swift files or folders (resolved paths).
    public typealias Reader = @Sendable (_ paths: [String]) -> Result<ModelSchema, Failure>

    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: Reader?

    /// Makes `"sources"` readable; SimulateModelCheck's `ModelCheck.installSourceReader()` calls it.
    public static func install(_ reader: @escaping Reader) {
        lock.lock()
        defer { lock.unlock() }
        installed = reader
    }

    /// A reader for the loads of one task (and the tasks it starts), ahead of the installed one: what
    /// `ModelCheck.withSourceReader(options:_:)` binds, so that tests running at once keep their own options.
    @TaskLocal public static var scoped: Reader?

    static var reader: Reader? {
        if let scoped { return scoped }
        lock.lock()
        defer { lock.unlock() }
        return installed
    }

    /// Reads `"sources"`: a path or an array of paths, relative to the scenario file.
    static func read(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> Sources? {
        var written: [String] = []
        if let text = value.stringValue {
            written = [text]
        } else if let items = value.arrayValue, !items.isEmpty, items.allSatisfy({ $0.stringValue != nil }) {
            written = items.compactMap(\.stringValue)
        } else {
            diagnostics.error("expected a path or a non-empty array of paths of Swift sources", at: path)
            return nil
        }
        guard let reader else {
            diagnostics.error(
                "Swift sources need the SimulateModelCheck product, which reads them with swift-syntax: run the "
                    + "scenario with the simulate command line (built with its default traits), or call "
                    + "ModelCheck.installSourceReader() in the test before loading it (docs/model-check.md)", at: path)
            return nil
        }
        let folder = diagnostics.scenarioFile.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        let paths = written.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : folder + "/" + $0 }
        switch reader(paths) {
        case .failure(let failure):
            for message in failure.messages { diagnostics.error(message, at: path) }
            return nil
        case .success(let schema):
            for version in schema.versions {
                for entity in version.entities
                where entity.attributes.count + entity.relationships.count > SchemaReader.fieldLimit {
                    diagnostics.error(
                        "\(entity.name) (\(version.name)) has \(entity.attributes.count + entity.relationships.count) "
                            + "properties; the model plugin runs at most \(SchemaReader.fieldLimit) per entity",
                        at: path)
                }
            }
            return Sources(paths: paths, schema: schema)
        }
    }
}
