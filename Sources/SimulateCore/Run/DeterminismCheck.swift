/// Compares two runs of the same scenario and seed: a simulation is deterministic when both traces, and so
/// both trace hashes, are identical. Used by `simulate run --check-determinism`.
public enum DeterminismCheck {
    /// nil when the runs agree; otherwise a failure naming the first trace event that differs.
    /// Both results must have kept their traces.
    public static func compare(_ first: RunResult, _ second: RunResult) -> RunFailure? {
        guard first.traceHash != second.traceHash else { return nil }
        let firstDifference = zip(first.trace, second.trace).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        if firstDifference == nil && first.trace.count == second.trace.count {
            return RunFailure(
                message: "not deterministic: two runs of seed \(first.seed) gave trace hashes \(first.traceHash) and "
                    + "\(second.traceHash), with the same \(first.trace.count) trace records: the difference is in "
                    + "what the hash covers and the records do not show (the order of events that record nothing)",
                at: .start)
        }
        let index = firstDifference ?? min(first.trace.count, second.trace.count)
        let left = index < first.trace.count ? describe(first.trace[index]) : "(no record: the trace ends)"
        let right = index < second.trace.count ? describe(second.trace[index]) : "(no record: the trace ends)"
        let time =
            [first.trace, second.trace].compactMap { index < $0.count ? $0[index].time : nil }.min() ?? .start
        return RunFailure(
            message: "not deterministic: two runs of seed \(first.seed) gave trace hashes \(first.traceHash) and "
                + "\(second.traceHash); first differing trace record #\(index + 1): first run \(left), second run "
                + right,
            at: time)
    }

    static func describe(_ record: TraceRecord) -> String {
        var text = "[\(DurationFormat.string(record.time)) \(record.track) \(record.category) \(record.name)"
        if record.phase != .instant { text += " (\(record.phase.rawValue))" }
        if record.value != 0 { text += " value \(record.value)" }
        if !record.detail.isEmpty { text += ": \(record.detail)" }
        return text + "]"
    }
}
