import Foundation

/// Runs the built `simulate` (or `custom-simulate`) binary, as a user would.
struct CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    }

    /// Where the build put `simulate`: on macOS (`swift test`, `xcodebuild test`) the tests run inside a
    /// `.xctest` bundle next to the built products; on Linux the test runner is itself a built product.
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("simulate").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent()
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func run(
        _ arguments: [String], executable: String = "custom-simulate", in directory: URL? = nil,
        environment extra: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["SIMULATE_REPLAY_PROGRAM"] = nil
        environment.merge(extra) { _, given in given }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory holding the given files (relative path → contents).
    static func temporaryDirectory(_ files: [String: String]) throws -> URL {
        let directory = URL(fileURLWithPath: TemporaryFolders.path("simulate-cli-"))
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }
}
