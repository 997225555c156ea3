import SimulateCore
import SimulateSSE

/// The two byte parsers that read through `Span`: `DurationFormat.parseChecked` (every duration of a
/// scenario) and `EventStreamParser.feed` (every SSE chunk a client receives). Best of 5 each.
func runParserBenchmark() -> [BenchmarkFigure] {
    let durations = (0..<1_000).flatMap { index in
        ["\(index)ms", "1.\(index)s", "\(index % 60)m", "0.\(index)ns", "-\(index)us", "\(index)h"]
    }
    var parsed = 0
    let durationSeconds = best(of: 5) {
        for _ in 0..<200 {
            for text in durations {
                if case .nanoseconds = DurationFormat.parseChecked(text) { parsed += 1 }
            }
        }
    }
    let parses = Double(durations.count * 200)
    // Baseline: the standard library's `Double(_:)` on each text's number, its unit cut off beforehand.
    let numbers = durations.map { String($0.prefix { $0 == "-" || $0 == "." || $0.isNumber }) }
    var converted = 0.0
    let numberSeconds = best(of: 5) {
        for _ in 0..<200 {
            for text in numbers { converted += Double(text) ?? 0 }
        }
    }

    var stream: [UInt8] = []
    for index in 0..<100_000 {
        stream += Array("id: \(index)\nevent: items\ndata: {\"items\": [\"milk\", \"eggs \(index)\"]}\n\n".utf8)
    }
    let chunks = stride(from: 0, to: stream.count, by: 1460).map { Array(stream[$0..<min(stream.count, $0 + 1460)]) }
    var events = 0
    let streamSeconds = best(of: 5) {
        var parser = EventStreamParser()
        var outputs: [EventStreamOutput] = []
        for chunk in chunks {
            parser.feed(chunk, into: &outputs)
            events += outputs.count
            outputs.removeAll(keepingCapacity: true)
        }
    }
    // Baseline: a bare scan of the same chunks for the blank lines that end events, byte by byte.
    var boundaries = 0
    let scanSeconds = best(of: 5) {
        var previous: UInt8 = 0
        for chunk in chunks {
            for byte in chunk {
                if byte == 10 && previous == 10 { boundaries += 1 }
                previous = byte
            }
        }
    }
    precondition(parsed > 0 && events > 0 && converted != 0 && boundaries > 0)
    let megabytes = Double(stream.count) / 1e6
    print(
        "parsers: DurationFormat.parseChecked \(BenchmarkClock.millions(parses / durationSeconds)) M/s, "
            + "EventStreamParser.feed (1460-byte chunks) \(String(format: "%.1f", megabytes / streamSeconds)) MB/s")
    print(
        "  baselines in the same run: Double(_:) on the numbers \(BenchmarkClock.millions(parses / numberSeconds)) M/s "
            + "→ parseChecked / Double(_:) time \(BenchmarkClock.ratio(durationSeconds / numberSeconds))×; "
            + "a bare scan for blank lines \(String(format: "%.1f", megabytes / scanSeconds)) MB/s "
            + "→ feed / scan time \(BenchmarkClock.ratio(streamSeconds / scanSeconds))×")
    return [
        BenchmarkFigure(
            benchmark: "parsers", name: "DurationFormat.parseChecked", value: parses / durationSeconds / 1e6,
            unit: "M parses/s", better: .higher),
        BenchmarkFigure(
            benchmark: "parsers", name: "EventStreamParser.feed", value: megabytes / streamSeconds, unit: "MB/s",
            better: .higher),
        .ratio("parsers", "parseChecked / Double(_:) time", durationSeconds / numberSeconds, better: .lower),
        .ratio("parsers", "EventStreamParser.feed / bare scan time", streamSeconds / scanSeconds, better: .lower),
    ]
}

private func best(of rounds: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds { best = min(best, BenchmarkClock.seconds(body)) }
    return best
}
