import Foundation

/// A scenario file found on disk: the path to read and the shorter path to show (and replay with).
public struct ScenarioFile: Sendable, Hashable, CustomStringConvertible {
    /// Where the file is read from.
    public var path: String
    /// The path shown in messages and replay commands, relative to the folder the search started from.
    public var displayPath: String
    /// Why there is no scenario to run here: a folder that does not exist or holds no `.json` file.
    /// Running such a file fails with this message, so a misspelt folder cannot pass as an empty suite.
    public var problem: String?

    /// The file at `path`, shown as `displayPath` (the path itself by default).
    public init(path: String, displayPath: String? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
    }

    /// The one entry a search returns when it finds nothing: running it fails with `problem`.
    static func nothingFound(_ directory: String, _ problem: String) -> ScenarioFile {
        var file = ScenarioFile(path: directory)
        file.problem = problem
        return file
    }

    /// The file name: `offline-indicator.json`.
    public var name: String { (displayPath as NSString).lastPathComponent }

    /// The path shown in messages.
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
    ///
    /// A folder that cannot be found, or that holds no `.json` file, gives one entry whose run fails
    /// with a message naming the folder and where it was looked for: an empty suite never passes.
    public static func files(in directory: String, from filePath: String = #filePath) -> [ScenarioFile] {
        guard let base = locate(directory, from: filePath) else {
            let starts = searchStarts(from: filePath).map { "\"\($0)\"" }.joined(separator: " or ")
            return [
                .nothingFound(
                    directory,
                    "no scenario folder \"\(directory)\": looked in \(starts) and every folder above; "
                        + "check the name, or pass an absolute path")
            ]
        }
        let files = jsonFiles(under: base, display: directory.hasPrefix("/") ? nil : directory)
        guard !files.isEmpty else {
            return [.nothingFound(directory, "no .json scenario files under \"\(base)\"")]
        }
        return files
    }

    /// Every `.json` file in the bundle's resource folder `directory`, copied there by SwiftPM's
    /// `resources: [.copy("Scenarios")]` (or an Xcode folder reference): how a test that runs on a
    /// device or simulator, where the source tree does not exist, finds its scenarios. Display
    /// paths start with `directory`.
    public static func files(in directory: String, bundle: Bundle) -> [ScenarioFile] {
        let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let base = bundle.resourceURL?.appendingPathComponent(trimmed).path, exists(base, directory: true)
        else {
            return [
                .nothingFound(
                    directory,
                    "no scenario folder \"\(directory)\" in the bundle \"\(bundle.bundlePath)\": "
                        + "copy it with resources: [.copy(\"\(trimmed)\")] in Package.swift")
            ]
        }
        let files = jsonFiles(under: base, display: trimmed)
        return files.isEmpty ? [.nothingFound(directory, "no .json scenario files under \"\(base)\"")] : files
    }

    /// `.json` files under `base`, sorted; shown as `display/relative` (or their full path).
    private static func jsonFiles(under base: String, display: String?) -> [ScenarioFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [ScenarioFile] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = base + "/" + relative
            let shown = display.map { folder in folder.hasSuffix("/") ? folder + relative : folder + "/" + relative }
            files.append(ScenarioFile(path: path, displayPath: shown ?? path))
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
        for start in searchStarts(from: filePath) {
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

    private static func searchStarts(from filePath: String) -> [String] {
        [(filePath as NSString).deletingLastPathComponent, FileManager.default.currentDirectoryPath]
    }

    private static func exists(_ path: String, directory: Bool) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue == directory
    }
}
