import ArgumentParser
import Foundation
import SimulateCore
import SimulateReports

/// Expands the paths given on the command line: files as given, directories recursively to their `.json` files, sorted.
enum ScenarioFiles {
    /// A path given that cannot be read: missing, a symbolic link loop, a FIFO, a device…
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var reason: String

        var description: String { "error: \(path): \(reason)" }
    }

    static func expand(_ paths: [String]) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            if let problem = FileCheck.problemReadingFileOrDirectory(path) {
                throw Missing(path: path, reason: problem)
            }
            if FileCheck.isDirectory(path) {
                files += jsonFiles(under: path)
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The files under `paths` in order, and the paths that cannot be read (each reported on standard error).
    /// A directory without `.json` files is reported the same way.
    static func expandReporting(_ paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        for path in paths {
            do {
                let found = try expand([path])
                if found.isEmpty {
                    Output.error("error: no .json scenario files under \(path)")
                    missing.append(path)
                }
                files += found
            } catch {
                Output.error(error.description)
                missing.append(path)
            }
        }
        return (files, missing)
    }

    private static func jsonFiles(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            found.append(base + "/" + relative)
        }
        return found.sorted()
    }
}
