import Foundation

/// Wall-clock timing for benchmarks only; nothing inside a simulation reads it.
enum BenchmarkClock {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func millions(_ rate: Double) -> String { String(format: "%8.2f", rate / 1e6) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }
}
