/// The scenarios `simulate-bench repeats` runs: about 300 bytes each whatever N, four steps repeated N times
/// (README.md, "Memory"), one per plugin's repeated work. What each does stays the same size: the peak memory of
/// a run is what is pending, so the rows of one workload stay within 10 % of each other.
enum RepeatWorkload: String, CaseIterable {
    /// `sse.toggle` of an item that does not exist and a `latency` fault, each repeated: steps through the
    /// plugin that keep nothing, and the queue's lazy repeats.
    case sse
    /// Toggles of a real item (a server version and a mutation each) and an `offline` fault every 20 s
    /// (drops, reconnects with backoff) under every `sse` invariant.
    case sseReconnects = "sse-reconnects"
    /// `counter.next` four times a second on two devices: contention, conflicts, retries, under every
    /// `counter` invariant.
    case counter
    /// Edits of one task on two devices and a sync of each, every second, under every `model` invariant.
    case model
    /// Intent calls every second on two devices (lists, a call for a task that does not exist, malformed
    /// input), with `model` and `counter`, under every invariant.
    case intents

    /// The scenario with every repeat counting `count`.
    func scenario(count: Int) -> String {
        func steps(every: String, _ actions: [(at: String, device: String, action: String)]) -> String {
            actions.map {
                #"{"at": "\#($0.at)", "device": "\#($0.device)", "do": \#($0.action), "repeat": {"every": "\#(every)", "count": \#(count)}}"#
            }.joined(separator: ", ")
        }
        let head =
            #""format": 1, "name": "repeats \#(rawValue)", "limits": {"events": 2000000000}, "devices": [{"id": "a"}, {"id": "b"}]"#
        switch self {
        case .sse:
            let toggle = #""sse.toggle", "args": {"item": "none"}"#
            return """
                {\(head), "duration": "\(count / 100 + 1)s", "plugins": {"sse": {}},
                 "steps": [\(steps(every: "10ms", [("0ms", "a", toggle), ("1ms", "b", toggle), ("2ms", "a", toggle), ("3ms", "b", toggle)]))],
                 "faults": [{"at": "5ms", "for": "1ms", "device": "b", "kind": "latency", "latency": "20ms", "repeat": {"every": "10ms", "count": \(count)}}],
                 "expect": []}
                """
        case .sseReconnects:
            let toggle = #""sse.toggle", "args": {"item": "milk"}"#
            return """
                {\(head), "duration": "\(count + 10)s", "plugins": {"sse": {"items": ["milk"]}},
                 "steps": [\(steps(every: "1s", [("1s", "a", toggle), ("1250ms", "b", toggle), ("1500ms", "a", toggle), ("1750ms", "b", toggle)]))],
                 "faults": [{"at": "10s", "for": "3s", "device": "b", "kind": "offline", "repeat": {"every": "20s", "count": \(max(1, count / 20))}}]}
                """
        case .counter:
            let next = #""counter.next""#
            return """
                {\(head), "duration": "\(count + 10)s", "plugins": {"counter": {}},
                 "steps": [\(steps(every: "1s", [("0ms", "a", next), ("1ms", "b", next), ("500ms", "a", next), ("501ms", "b", next)]))]}
                """
        case .model:
            let edit = #""model.update", "args": {"entity": "Project", "where": {"@id": "p"}, "values": {"name": "x"}}"#
            let sync = #""model.sync""#
            return """
                {\(head), "duration": "\(count + 10)s", "plugins": {"model": {}},
                 "steps": [{"at": "0s", "device": "a", "do": "model.insert", "args": {"entity": "Project", "id": "p", "values": {"name": "p"}}},
                           \(steps(every: "1s", [("1s", "a", edit), ("1250ms", "b", edit), ("1500ms", "a", sync), ("1750ms", "b", sync)]))]}
                """
        case .intents:
            func call(_ intent: String, _ input: String) -> String {
                #""intents.call", "args": {"intent": "\#(intent)", "input": "\#(input)"}"#
            }
            let list = call("listTasks", #"{\"project\": \"home\"}"#)
            return """
                {\(head), "duration": "\(count + 10)s", "plugins": {"model": {}, "counter": {}, "intents": {}},
                 "steps": [{"at": "0s", "device": "a", "do": "intents.call", "args": {"intent": "createProject", "input": "{\\"name\\": \\"Home\\", \\"id\\": \\"home\\"}"}},
                           \(steps(every: "1s", [("1s", "a", list), ("1250ms", "b", list), ("1500ms", "a", call("completeTask", #"{\"displayId\": 404}"#)), ("1750ms", "b", call("addTask", "not json"))]))]}
                """
        }
    }
}
