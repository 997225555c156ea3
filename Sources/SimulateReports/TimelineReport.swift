import SimulateCore
import SimulateJSON

/// `--trace PATH`: Trace Event Format JSON for Perfetto (ui.perfetto.dev) and chrome://tracing.
///
/// Each run is one process, `PASS scenario (seed 3) — file`, so a sweep's runs stay apart and fold
/// away one by one; its tracks (each device, each plugin's server, the network) are its threads,
/// one per category lane (`phone · connection`, `server:counter · fault`). Spans are complete
/// events (`ph: "X"`), marks and violations instants; a violation with no device goes on the
/// server track of the expectation's plugin. Times are simulated microseconds from the start of
/// each run, so the same runs give the same bytes.
package enum TimelineReport {
    package static func text(_ runs: [TimelineRun]) -> String {
        var events: [String] = []
        for (index, run) in runs.enumerated() {
            let pid = index + 1
            let timeline = run.timeline
            events += processMetadata(pid, run: run)
            var firstThread: [String: Int] = [:]
            var tid = 0
            for track in timeline.tracks {
                for lane in track.lanes.isEmpty ? [Timeline.Lane(category: "", index: 0)] : track.lanes {
                    tid += 1
                    if firstThread[track.name] == nil { firstThread[track.name] = tid }
                    let label = lane.category.isEmpty ? track.name : "\(track.name) · \(lane.label)"
                    events.append(metadata("thread_name", pid: pid, tid: tid, ["name": .string(label)]))
                    events.append(metadata("thread_sort_index", pid: pid, tid: tid, ["sort_index": JSON(tid)]))
                    for span in lane.spans {
                        events.append(
                            event(
                                span.name, lane.category, "X", span.start, pid: pid, tid: tid,
                                duration: span.end - span.start,
                                detail: span.open ? span.detail + " (no end before the run ended)" : span.detail))
                    }
                    for mark in lane.marks {
                        events.append(
                            event(
                                mark.name, lane.category, "i", mark.time, pid: pid, tid: tid,
                                detail: mark.detail))
                    }
                }
            }
            for (expectation, violation) in run.violations {
                let track = violationTrack(expectation, violation, tracks: timeline.tracks.map(\.name))
                guard let target = track.flatMap({ firstThread[$0] }) ?? firstThread.values.min() else { continue }
                events.append(
                    event(
                        "\(expectation): \(violation.message)", "violation", "i", violation.at, pid: pid,
                        tid: target, detail: violation.events.joined(separator: "\n"), scope: "t"))
            }
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// The device's track, else the server track of the expectation's plugin (`counter.unique` →
    /// `server:counter`), else the only server track.
    package static func violationTrack(_ expectation: String, _ violation: Violation, tracks: [String]) -> String? {
        if let device = violation.device, tracks.contains(device) { return device }
        let plugin = expectation.prefix { $0 != "." }
        if tracks.contains("server:\(plugin)") { return "server:\(plugin)" }
        let servers = tracks.filter { $0.hasPrefix("server:") }
        return servers.count == 1 ? servers[0] : nil
    }

    private static func processMetadata(_ pid: Int, run: TimelineRun) -> [String] {
        let status = run.result.passed ? "PASS" : run.result.failure == nil ? "FAIL" : "BROKE"
        let label = "\(status) \(run.result.scenario) (seed \(run.result.seed)) — \(run.result.file ?? "")"
        return [
            metadata("process_name", pid: pid, tid: 0, ["name": .string(label)]),
            metadata("process_sort_index", pid: pid, tid: 0, ["sort_index": JSON(pid)]),
            metadata("process_labels", pid: pid, tid: 0, ["labels": .string("\(status) \(run.title)")]),
        ]
    }

    private static func metadata(_ name: String, pid: Int, tid: Int, _ args: JSONObject) -> String {
        JSONWriter.string(
            ["name": .string(name), "ph": "M", "pid": JSON(pid), "tid": JSON(tid), "args": .object(args)])
    }

    private static func event(
        _ name: String, _ category: String, _ phase: String, _ time: VirtualInstant, pid: Int, tid: Int,
        duration: VirtualDuration? = nil, detail: String, scope: String = "t"
    ) -> String {
        var object: JSONObject = [
            "name": .string(name), "cat": .string(category), "ph": .string(phase), "ts": microseconds(time.sinceStart),
        ]
        if let duration { object["dur"] = microseconds(duration) }
        object["pid"] = JSON(pid)
        object["tid"] = JSON(tid)
        if phase == "i" { object["s"] = .string(scope) }
        if !detail.isEmpty { object["args"] = ["detail": .string(detail)] }
        return JSONWriter.string(.object(object))
    }

    /// Microseconds, the format's unit; exact for any run shorter than about 104 days. The Trace Event
    /// Format fixes `ts` and `dur` as numbers: this is the one place a time leaves its type.
    package static func microseconds(_ duration: VirtualDuration) -> JSON {
        .double(Double(duration.nanoseconds) / 1000)
    }
}
