import ArgumentParser
import Foundation
import SimulateReports

/// Expands the paths given on the command line: files as given, directories recursively to their `.json` files, sorted.
enum ScenarioFiles {
    struct Missing: Error {
        var path: String
    }

    static func expand(_ paths: [String]) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Missing(path: path)
            }
            if isDirectory.boolValue {
                files += jsonFiles(under: path)
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The files under `paths` in order, and the paths that do not exist (each reported on standard error).
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
                Output.error("error: \(error.path): no such file or directory")
                missing.append(path)
            }
        }
        return (files, missing)
    }

    /// The files under `paths`, or an error on standard error and exit status 2 when one is missing or none is found.
    static func expandOrExit(_ paths: [String]) throws(ExitCode) -> [String] {
        let files: [String]
        do {
            files = try expand(paths)
        } catch {
            Output.error("error: \(error.path): no such file or directory")
            throw ExitCode(ExitStatus.invalid)
        }
        if files.isEmpty {
            Output.error("error: no .json scenario files under \(paths.joined(separator: ", "))")
            throw ExitCode(ExitStatus.invalid)
        }
        return files
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
