import SimulateJSON

/// A scenario judged for a component whose own policy is not the one the file was written for: a client with
/// jitter, a shorter timeout, another backoff. The file's point checks read values at set times (a backoff
/// delay at 40 s, "connected" at 20.04 s) and its expected violations are hazards the reference's policy
/// shows; both follow from that policy's exact timeline. The invariants say what must hold whatever the timing.
extension Scenario {
    /// Keeps the invariants that must hold and drops the point checks and the expected violations.
    public mutating func keepInvariantsOnly() {
        expectations = expectations?.filter { $0.kind == .invariant(violated: false) }
    }

    /// States `arguments` on every expectation of `name` (`"sse.backoff"`), over the file's own: the
    /// yardstick for the component's own policy (`["jitter": "full"]`). Unknown arguments are refused when
    /// the scenario runs, as in a file.
    public mutating func state(_ arguments: JSONObject, for name: String) {
        expectations = expectations?.map { expectation in
            guard expectation.qualifiedName == name else { return expectation }
            var stated = expectation
            var merged = expectation.args.objectValue ?? JSONObject()
            for (key, value) in arguments.members { merged[key] = value }
            stated.args = .object(merged)
            return stated
        }
    }
}
