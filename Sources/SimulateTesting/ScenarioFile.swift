import Foundation

/// A scenario file found on disk: the path to read and the shorter path to show (and replay with).
public struct ScenarioFile: Sendable, Hashable, CustomStringConvertible {
    /// Where the file is read from.
    public var path: String
    /// The path shown in messages and replay commands, relative to the folder the search started from.
    public var displayPath: String

    public init(path: String, displayPath: String? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
    }

    /// The file name: `offline-indicator.json`.
    public var name: String { (displayPath as NSString).lastPathComponent }

    public var description: String { displayPath }
}

/// Finds scenario files for parameterized tests.
public enum ScenarioSuite {
    /// Every `.json` file under `directory` (recursively), sorted by path.
    ///
    /// A relative `directory` is looked up from the calling source file's folder upwards, so
    /// `files(in: "Scenarios")` finds the `Scenarios/` folder at the root of your package or
    /// project wherever the test file lives. Display paths are relative to that root, so replay
    /// commands work from there.
    public static func files(in directory: String, from filePath: String = #filePath) -> [ScenarioFile] {
        guard let base = locate(directory, from: filePath) else { return [] }
        let root = (base as NSString).deletingLastPathComponent
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [ScenarioFile] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = base + "/" + relative
            let display = directory.hasPrefix("/") ? path : String(path.dropFirst(root.count + 1))
            files.append(ScenarioFile(path: path, displayPath: display))
        }
        return files.sorted { $0.displayPath < $1.displayPath }
    }

    /// One scenario file: `path` itself when absolute, else looked up like ``files(in:from:)``
    /// looks up its folder. The display path stays `path` as given.
    public static func resolve(_ path: String, from filePath: String = #filePath) -> ScenarioFile {
        ScenarioFile(path: locate(path, from: filePath, directory: false) ?? path, displayPath: path)
    }

    /// The absolute path of `directory`: itself when absolute, else the nearest existing
    /// `<ancestor>/<directory>` of the folder holding `filePath`, then of the working directory.
    public static func locate(_ directory: String, from filePath: String = #filePath) -> String? {
        locate(directory, from: filePath, directory: true)
    }

    private static func locate(_ relative: String, from filePath: String, directory: Bool) -> String? {
        let trimmed = relative.hasSuffix("/") && relative.count > 1 ? String(relative.dropLast()) : relative
        if trimmed.hasPrefix("/") { return exists(trimmed, directory: directory) ? trimmed : nil }
        let starts = [
            (filePath as NSString).deletingLastPathComponent, FileManager.default.currentDirectoryPath,
        ]
        for start in starts {
            var folder = start
            for _ in 0..<64 {
                let candidate = folder + "/" + trimmed
                if exists(candidate, directory: directory) { return candidate }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        return nil
    }

    private static func exists(_ path: String, directory: Bool) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue == directory
    }
}
