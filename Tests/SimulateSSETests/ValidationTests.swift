import Testing

@Test(arguments: [
    ("{\"jitter\": \"random\"}", "", "/plugins/sse/jitter"),
    ("{\"initialDelay\": \"0s\"}", "", "/plugins/sse/initialDelay"),
    ("{\"maxDelay\": \"500ms\"}", "", "/plugins/sse/maxDelay"),
    ("{\"multiplier\": 0.5}", "", "/plugins/sse/multiplier"),
    ("{\"idleTimeout\": \"20s\"}", "", "/plugins/sse/idleTimeout"),
    ("{\"stateUpdate\": \"diff\"}", "", "/plugins/sse/stateUpdate"),
    ("{}", "\"steps\": [{\"at\": \"1s\", \"do\": \"sse.relaunch\"}]", "/steps/0"),
    (
        "{}",
        "\"steps\": [{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"sse.relaunch\", \"args\": {\"cold\": true}}]",
        "/steps/0/args/cold"
    ),
    (
        "{}", "\"expect\": [{\"invariant\": \"sse.offlineIndicator\", \"args\": {\"tolerance\": \"-1s\"}}]",
        "/expect/0/args/tolerance"
    ),
    (
        "{}",
        "\"expect\": [{\"invariant\": \"sse.backoff\", \"args\": {\"initialDelay\": \"5s\", \"maxDelay\": \"1s\"}}]",
        "/expect/0/args/maxDelay"
    ),
    ("{\"items\": [\"a\", {\"txt\": \"b\"}]}", "", "/plugins/sse/items/1"),
    ("{\"retries\": 3}", "", "/plugins/sse/retries"),
    ("{}", "\"steps\": [{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"sse.add\", \"args\": {}}]", "/steps/0/args"),
    (
        "{}", "\"steps\": [{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"sse.add\", \"args\": {\"text\": 3}}]",
        "/steps/0/args/text"
    ),
    (
        "{}",
        "\"steps\": [{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"sse.toggle\", \"args\": {\"item\": {\"index\": -1}}}]",
        "/steps/0/args/item/index"
    ),
    (
        "{}", "\"steps\": [{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"sse.bump\", \"args\": {\"item\": true}}]",
        "/steps/0/args/item"
    ),
    ("{}", "\"steps\": [{\"at\": \"1s\", \"do\": \"sse.delete\", \"args\": {\"item\": \"milk\"}}]", "/steps/0"),
    (
        "{}",
        "\"steps\": [{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"sse.serverMode\", \"args\": {\"mode\": \"normal\"}}]",
        "/steps/0/device"
    ),
    (
        "{}", "\"steps\": [{\"at\": \"1s\", \"do\": \"sse.serverMode\", \"args\": {\"mode\": \"down\"}}]",
        "/steps/0/args/mode"
    ),
    (
        "{}", "\"expect\": [{\"invariant\": \"sse.backoff\", \"args\": {\"resetOn\": \"open\"}}]",
        "/expect/0/args/resetOn"
    ),
    ("{}", "\"expect\": [{\"invariant\": \"sse.reconnectRate\", \"args\": {\"max\": 0}}]", "/expect/0/args/max"),
    ("{}", "\"expect\": [{\"invariant\": \"sse.converged\", \"args\": {\"strict\": true}}]", "/expect/0/args/strict"),
    (
        "{}",
        "\"expect\": [{\"check\": \"sse.peakReconnectRate\", \"at\": \"end\", \"args\": {\"window\": \"0s\"}, \"equals\": 1}]",
        "/expect/0/args/window"
    ),
    ("{}", "\"expect\": [{\"check\": \"sse.items\", \"at\": \"end\", \"equals\": []}]", "/expect/0"),
])
func invalidInputIsReportedAtItsJSONPath(configuration: String, rest: String, path: String) {
    let paths = SSEScenario.errorPaths(SSEScenario.text(configuration: configuration, rest: rest))
    #expect(paths.contains(path), "reported: \(paths)")
}

@Test func validScenarioHasNoErrors() {
    let rest = """
        "steps": [
          {"at": "1s", "device": "phone", "do": "sse.add", "args": {"text": "milk"}},
          {"at": "2s", "device": "phone", "do": "sse.toggle", "args": {"item": {"index": 0}}},
          {"at": "3s", "do": "sse.serverMode", "args": {"mode": "acceptThenClose"}}
        ],
        "expect": [
          {"invariant": "sse.freshness", "args": {"within": "2s"}},
          {"check": "sse.serverItems", "at": "end", "equals": []}
        ]
        """
    let configuration = """
        {"jitter": "decorrelated", "stateUpdate": "merge", "keepAliveInterval": "15s", "items": ["a", {"text": "b", "done": true}]}
        """
    #expect(SSEScenario.errorPaths(SSEScenario.text(configuration: configuration, rest: rest)) == [])
}

@Test(arguments: [
    "initialDelay", "maxDelay", "requestTimeout", "keepAliveInterval", "offlineIndicatorDelay",
])
func durationsThatCouldOverflowVirtualTimeAreRejected(key: String) {
    let paths = SSEScenario.errorPaths(SSEScenario.text(configuration: "{\"\(key)\": \"100000h\"}"))
    #expect(paths.contains("/plugins/sse/\(key)"), "reported: \(paths)")
}

@Test func removedIdleTimeoutSaysWhatToSetInstead() throws {
    do {
        _ = try SSEScenario.load(SSEScenario.text(configuration: "{\"idleTimeout\": \"60s\"}"))
        Issue.record("idleTimeout was accepted")
    } catch {
        let messages = error.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("requestTimeout") }, "\(messages)")
    }
}
