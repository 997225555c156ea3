import Foundation

/// Runs the `simulate` binary built next to the test bundle, as a user would.
enum BuiltSimulate {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static var executable: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("simulate")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("simulate")
    }

    static func run(_ arguments: [String], in directory: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// Scenario files for the built-in `counter` plugin in a fresh temporary folder.
struct ScenarioFolder {
    let path: String

    init(_ files: [String: String] = ScenarioFolder.standard) throws {
        path = TemporaryFolders.path("simulate-reports-")
        try FileManager.default.createDirectory(atPath: path + "/Scenarios", withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/Scenarios/" + name))
        }
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    static let calm = """
        {"format": 1, "name": "counter calm", "duration": "20s",
         "devices": [{"id": "phone"}, {"id": "mac", "platform": "macOS"}],
         "plugins": {"counter": {}},
         "steps": [{"at": "1s", "device": "phone", "do": "counter.next", "repeat": {"every": "2s", "count": 3}},
                   {"at": "1.5s", "device": "mac", "do": "counter.next", "repeat": {"every": "3s", "count": 3}}],
         "faults": [{"at": "4s", "for": "1s", "device": "mac", "kind": "latency", "latency": "300ms"}],
         "expect": [{"invariant": "counter.unique"}, {"at": "end", "check": "counter.value", "equals": 6}]}
        """

    /// Fails on every seed: the check expects a value the counter never reaches.
    static let wrong = """
        {"format": 1, "name": "counter wrong <check>", "duration": "10s",
         "devices": [{"id": "phone"}],
         "plugins": {"counter": {}},
         "steps": [{"at": "1s", "device": "phone", "do": "counter.next"}],
         "expect": [{"at": "end", "check": "counter.value", "equals": 99}]}
        """

    static let invalid = """
        {"format": 1, "name": "broken", "duration": "10s", "devices": [{"id": "phone"}],
         "plugins": {"counter": {}}, "stepz": []}
        """

    static let standard = ["calm.json": calm, "wrong.json": wrong]
}
