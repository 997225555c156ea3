import SimulateCore
import SimulateJSON

/// `--trace PATH`: Trace Event Format JSON for Perfetto (ui.perfetto.dev) and chrome://tracing.
///
/// Each track of each run (a device, a plugin's server, the network) is a process named
/// `phone — scenario (seed 3)`; its lanes (one per category, more where spans overlap) are threads.
/// Spans are complete events (`ph: "X"`), marks and violations instants. Times are simulated
/// microseconds from the start of each run, so the same runs give the same bytes.
enum TimelineReport {
    static func text(_ runs: [TimelineRun]) -> String {
        var events: [String] = []
        var pid = 0
        for run in runs {
            let timeline = run.timeline
            let status = run.result.passed ? "PASS" : "FAIL"
            var firstPid: [String: Int] = [:]
            for track in timeline.tracks {
                pid += 1
                firstPid[track.name] = pid
                events += processMetadata(pid, track: track.name, run: run, status: status)
                for (offset, lane) in track.lanes.enumerated() {
                    let tid = offset + 1
                    events.append(metadata("thread_name", pid: pid, tid: tid, ["name": .string(lane.label)]))
                    events.append(metadata("thread_sort_index", pid: pid, tid: tid, ["sort_index": JSON(offset)]))
                    for span in lane.spans {
                        events.append(
                            event(
                                span.name, lane.category, "X", span.startNanoseconds, pid: pid, tid: tid,
                                duration: span.endNanoseconds - span.startNanoseconds,
                                detail: span.open ? span.detail + " (no end before the run ended)" : span.detail))
                    }
                    for mark in lane.marks {
                        events.append(
                            event(
                                mark.name, lane.category, "i", mark.timeNanoseconds, pid: pid, tid: tid,
                                detail: mark.detail))
                    }
                }
            }
            for (expectation, violation) in run.violations {
                guard let target = violation.device.flatMap({ firstPid[$0] }) ?? firstPid.values.min() else { continue }
                events.append(
                    event(
                        "\(expectation): \(violation.message)", "violation", "i", violation.atNanoseconds, pid: target,
                        tid: 1, detail: violation.events.joined(separator: "\n"), scope: "p"))
            }
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    private static func processMetadata(_ pid: Int, track: String, run: TimelineRun, status: String) -> [String] {
        let label = "\(track) — \(run.result.scenario) (seed \(run.result.seed))"
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
        _ name: String, _ category: String, _ phase: String, _ time: Int64, pid: Int, tid: Int,
        duration: Int64? = nil, detail: String, scope: String = "t"
    ) -> String {
        var object: JSONObject = [
            "name": .string(name), "cat": .string(category), "ph": .string(phase), "ts": microseconds(time),
        ]
        if let duration { object["dur"] = microseconds(duration) }
        object["pid"] = JSON(pid)
        object["tid"] = JSON(tid)
        if phase == "i" { object["s"] = .string(scope) }
        if !detail.isEmpty { object["args"] = ["detail": .string(detail)] }
        return JSONWriter.string(.object(object))
    }

    /// Microseconds, the format's unit; exact for any run shorter than about 104 days.
    static func microseconds(_ nanoseconds: Int64) -> JSON {
        .double(Double(nanoseconds) / 1000)
    }
}
