import Foundation

/// `swift run -c release bug-patterns-bench [--quick] [--format json]`: how many schedules each
/// strategy needs to find each async bug pattern (docs/bug-patterns.md). Kept apart from
/// `simulate-bench`, so that the engine's benchmarks do not link the app facades' networking libraries.
let arguments = Array(CommandLine.arguments.dropFirst())
let json =
    arguments.firstIndex(of: "--format").map { arguments.indices.contains($0 + 1) && arguments[$0 + 1] == "json" }
    ?? false
guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
    FileHandle.standardError.write(Data("bug-patterns-bench needs the async runtime (macOS 15 or later)\n".utf8))
    exit(1)
}
BenchmarkOutput.run(json: json) { try ExploreBenchmark.run(quick: arguments.contains("--quick")) }
