import SimulateCore
import SimulateJSON

/// The parameters of invariants and observables, with their defaults. The checks hold the client to
/// the seed's rules (seed 002, "Network"), not to the client's own configuration: a client whose
/// configuration is wrong must fail them. A scenario that wants another rule states it here.
struct InvariantArguments {
    /// Seed 002: "1s initial, doubles to 30s cap. Reset on successful connect."
    var policy = BackoffPolicy()
    var resetOn = BackoffReset.firstEvent
    /// Seed 002: "shown after 1.5s of disconnect".
    var indicatorDelayNanoseconds: Int64 = 1_500_000_000
    /// How late after the delay the indicator may still show (a client that polls its state).
    var indicatorToleranceNanoseconds: Int64 = 0
    var withinNanoseconds: Int64 = 5_000_000_000
    var max = 10
    var windowNanoseconds: Int64 = 1_000_000_000

    static func read(_ name: String, _ args: JSON, at path: JSONPath, diagnostics: Diagnostics) -> InvariantArguments {
        var arguments = InvariantArguments()
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return arguments }
        switch name {
        case "backoff":
            arguments.policy = SSEConfiguration.readPolicy(reader, at: path)
            if let reset = reader.choice("resetOn", BackoffReset.allCases.map(\.rawValue)) {
                arguments.resetOn = BackoffReset(rawValue: reset) ?? .firstEvent
            }
        case "offlineIndicator":
            if let delay = SSEConfiguration.positiveDuration(reader, "delay", allowZero: true) {
                arguments.indicatorDelayNanoseconds = delay
            }
            if let tolerance = SSEConfiguration.positiveDuration(reader, "tolerance", allowZero: true) {
                arguments.indicatorToleranceNanoseconds = tolerance
            }
        case "freshness":
            if let within = SSEConfiguration.positiveDuration(reader, "within", allowZero: true) {
                arguments.withinNanoseconds = within
            }
        case "reconnectRate", "peakReconnectRate":
            if name == "reconnectRate", let max = reader.int("max", range: 1...Int.max) { arguments.max = max }
            if let window = SSEConfiguration.positiveDuration(reader, "window") { arguments.windowNanoseconds = window }
        default:
            break
        }
        reader.rejectUnknownKeys()
        return arguments
    }
}
