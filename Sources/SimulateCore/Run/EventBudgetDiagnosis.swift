/// What a run that spent its event budget was doing: the trace records that repeat at its end.
enum EventBudgetDiagnosis {
    /// The words added to the event budget's message: the most frequent (track, name) pairs of the run's
    /// latest trace records, or why there are none.
    static func words(_ trace: Trace, stoppedAt time: VirtualInstant) -> String {
        let latest = trace.latestRecords
        guard let first = latest.first, let last = latest.last else {
            return "; the run wrote no trace record: what repeats does not record"
        }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for record in latest {
            let key = record.track + " " + record.name
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        let top = order.enumerated().sorted { a, b in
            let (countA, countB) = (counts[a.element]!, counts[b.element]!)
            return countA != countB ? countA > countB : a.offset < b.offset
        }
        let listed = top.prefix(3).map { "\(counts[$0.element]!) × \($0.element)" }
        var words =
            "; the last \(latest.count) trace record\(latest.count == 1 ? "" : "s") ("
            + DurationFormat.secondsText(first.time) + " to " + DurationFormat.secondsText(last.time) + "): "
            + listed.joined(separator: ", ") + (top.count > 3 ? ", …" : "")
        // Records that stopped long before the budget ran out did not come from what repeats.
        if time.nanoseconds - last.time.nanoseconds > last.time.nanoseconds - first.time.nanoseconds {
            words += "; no record after " + DurationFormat.secondsText(last.time) + ": what repeats does not record"
        }
        return words
    }
}
