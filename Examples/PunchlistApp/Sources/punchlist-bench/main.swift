import Foundation
import SimulateKit

// `swift run -c release punchlist-bench [--seeds N] [--rounds R] [SCENARIO-DIR]`, from Examples/PunchlistApp:
// the app's own Punchlist client against the reference client, on every bundled `sse` scenario that
// judges documented behaviour, seeds 0..<N each, the two sides interleaved round by round.

let options = AppClientBenchmark.Options(arguments: Array(CommandLine.arguments.dropFirst()))
guard let options else {
    FileHandle.standardError.write(Data(AppClientBenchmark.usage.utf8))
    exit(2)
}
guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
    FileHandle.standardError.write(Data("punchlist-bench: needs macOS 15 or later\n".utf8))
    exit(2)
}
do {
    try AppClientBenchmark(options: options).run()
} catch {
    FileHandle.standardError.write(Data("punchlist-bench: \(error)\n".utf8))
    exit(1)
}
