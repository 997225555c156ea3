import Foundation

/// Scenario files written to a fresh temporary folder for one test.
struct Fixtures {
    let directory: String

    init(_ files: [String: String]) throws {
        directory = NSTemporaryDirectory() + "simulate-testing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = directory + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Removes the folder and everything in it, at the end of the test that made it.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    static func probe(steps: String = "", expect: String = #"[{"invariant": "probe.quiet"}]"#) -> String {
        """
        {"format": 1, "name": "probe", "duration": "10s", "devices": [{"id": "phone"}],
         "plugins": {"probe": {}}, "steps": [\(steps)], "expect": \(expect)}
        """
    }

    static let passing = probe(steps: #"{"at": "1s", "device": "phone", "do": "probe.ping"}"#)
    static let alarming = probe(steps: #"{"at": "2s", "device": "phone", "do": "probe.alarm"}"#)
}
