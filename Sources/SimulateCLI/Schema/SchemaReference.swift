import Foundation
import SimulateJSON

/// A scenario's `$schema` written elsewhere: a relative path names the schema from the file's own folder, so a
/// minimal scenario written to another folder gets the path from there.
enum SchemaReference {
    /// `minimal` with its relative `$schema` (read from `source`'s folder) made relative to `destination`'s folder.
    static func rebased(_ minimal: JSON, from source: String, to destination: String) -> JSON {
        guard case .object(var object) = minimal, let written = object["$schema"]?.stringValue,
            !written.contains("://"), !written.hasPrefix("/")
        else { return minimal }
        let schema = folder(of: source).appendingPathComponent(written).standardizedFileURL.pathComponents
        let target = folder(of: destination).standardizedFileURL.pathComponents
        let shared = zip(schema, target).prefix { $0 == $1 }.count
        let path = Array(repeating: "..", count: target.count - shared) + schema.dropFirst(shared)
        object["$schema"] = .string(path.joined(separator: "/"))
        return .object(object)
    }

    private static func folder(of file: String) -> URL {
        URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .deletingLastPathComponent()
    }
}
