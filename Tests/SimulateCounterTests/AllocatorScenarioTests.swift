import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateCounter

private let registry = PluginRegistry([CounterPlugin()])

private func scenario(
    devices: Int = 3, count: Int = 10, counter: String = "{}", faults: String = "[]", expect: String = "[]",
    duration: String = "120s"
) throws -> Scenario {
    let deviceList = (1...devices).map { "{\"id\": \"d\($0)\"}" }.joined(separator: ",")
    let steps = (1...devices).map {
        "{\"at\": \"\($0)ms\", \"device\": \"d\($0)\", \"do\": \"counter.next\", \"repeat\": {\"every\": \"1s\", \"count\": \(count)}}"
    }.joined(separator: ",")
    let text = """
        {"format": 1, "name": "test", "duration": "\(duration)", "devices": [\(deviceList)],
         "network": {"latency": {"min": "20ms", "max": "120ms"}}, "faults": \(faults),
         "plugins": {"counter": \(counter)}, "steps": [\(steps)], "expect": \(expect)}
        """
    return try ScenarioLoader(registry: registry).load(text: text)
}

private func violations(_ result: RunResult, _ name: String) -> [Violation]? {
    result.expectations.first { $0.name == name }?.violations
}

private let allInvariants = """
    [{"invariant": "counter.unique"}, {"invariant": "counter.contiguous"}, {"invariant": "counter.retryBound"},
     {"invariant": "counter.retryAfter"}]
    """

@Test(arguments: [2, 5, 10])
func referenceAllocatorHandsOutEveryIdOnceUnderContention(devices: Int) throws {
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: devices, counter: "{\"maxAttempts\": 40}", expect: allInvariants), seed: 11)
    #expect(result.passed)
    let counter = try #require(result.statistics["counter"])
    #expect(counter["allocated"] == JSON(devices * 10))
    #expect(counter["serverValue"] == JSON(devices * 10))
}

@Test func sameSeedSameTraceHash() throws {
    let runner = SimulationRunner(registry: registry)
    let file = try scenario(devices: 4)
    #expect(runner.run(file, seed: 5).traceHash == runner.run(file, seed: 5, keepsTrace: false).traceHash)
    #expect(runner.run(file, seed: 5).traceHash != runner.run(file, seed: 6).traceHash)
}

@Test(arguments: ["allKeys", "changedKeys"])
func savePoliciesThatIgnoreTagsHandOutDuplicates(policy: String) throws {
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 5, counter: "{\"savePolicy\": \"\(policy)\"}", expect: allInvariants), seed: 1)
    #expect(violations(result, "counter.unique")?.isEmpty == false)
}

@Test func localMaxPlusOneCollidesWhileOffline() throws {
    let faults = "[{\"at\": \"0s\", \"for\": \"30s\", \"kind\": \"offline\"}]"
    let result = SimulationRunner(registry: registry).run(
        try scenario(
            devices: 2, counter: "{\"allocator\": \"localMaxPlusOne\"}", faults: faults, expect: allInvariants),
        seed: 1)
    #expect(violations(result, "counter.unique")?.isEmpty == false)
}

@Test func lostResponsesLeaveGapsButNoDuplicates() throws {
    let faults = """
        [{"at": "0s", "for": "100ms", "device": "d1", "kind": "dropResponses", "repeat": {"every": "330ms", "count": 300}}]
        """
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 2, counter: "{\"requestTimeout\": \"2s\"}", faults: faults, expect: allInvariants),
        seed: 2)
    #expect(violations(result, "counter.unique")?.isEmpty == true)
    #expect(violations(result, "counter.contiguous")?.isEmpty == false)
    #expect(result.statistics["counter"]?["ambiguousWrites"] != JSON(0))
}

@Test(arguments: [("fail", true), ("wait", false)])
func offlineBehaviour(mode: String, fails: Bool) throws {
    let faults = "[{\"at\": \"0s\", \"for\": \"5s\", \"device\": \"d1\", \"kind\": \"offline\"}]"
    let result = SimulationRunner(registry: registry).run(
        try scenario(
            devices: 1, count: 3, counter: "{\"offline\": \"\(mode)\"}", faults: faults, expect: allInvariants),
        seed: 1)
    let counter = try #require(result.statistics["counter"])
    #expect((counter["failed"] != JSON(0)) == fails)
    #expect(violations(result, "counter.retryBound")?.isEmpty == true)
}

@Test func ignoringRetryAfterSendsEarlyRequests() throws {
    let counter = """
        {"retryAfter": "ignore", "loadModel": {"rateLimit": {"requestsPerSecond": 0.5, "burst": 2, "retryAfter": "5s"}}}
        """
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 1, count: 5, counter: counter, expect: allInvariants), seed: 1)
    #expect(violations(result, "counter.retryAfter")?.isEmpty == false)
}

@Test func invalidConfigurationIsReportedAtItsPath() throws {
    do {
        _ = try scenario(counter: "{\"savePolicy\": \"sometimes\", \"loadModel\": {\"rateLimit\": {\"burst\": 0}}}")
        Issue.record("expected a scenario error")
    } catch let error as ScenarioError {
        let paths = error.diagnostics.map(\.path.description)
        #expect(paths.contains("/plugins/counter/savePolicy"))
        #expect(paths.contains("/plugins/counter/loadModel/rateLimit"))
        #expect(paths.contains("/plugins/counter/loadModel/rateLimit/burst"))
    }
}

@Test func loadModelProblemsAreReportedAtTheirMembersFromTheDeclaration() throws {
    do {
        _ = try scenario(
            counter: "{\"loadModel\": {\"zoneBusy\": {\"writes\": 2, \"window\": 0}, "
                + "\"serviceUnavailable\": {}, \"rateLimit\": {\"requestsPerSecond\": 1, \"bucket\": 3}}}")
        Issue.record("expected a scenario error")
    } catch let error as ScenarioError {
        let byPath = Dictionary(
            error.diagnostics.map { ($0.path.description, $0.message) }, uniquingKeysWith: { $0 + "; " + $1 })
        #expect(
            byPath["/plugins/counter/loadModel/zoneBusy/window"]?.hasPrefix("the window must be longer than 0") == true)
        #expect(
            byPath.contains {
                $0.key.hasPrefix("/plugins/counter/loadModel/serviceUnavailable") && $0.value.contains("probability")
            })
        #expect(byPath["/plugins/counter/loadModel/rateLimit/bucket"] != nil)
        #expect(error.diagnostics.allSatisfy { $0.location != nil })
    }
}

@Test func aTightRateLimitStillAllocatesBySavingAgainAfterTheWait() throws {
    // One token per device: a fetch takes it, so the save that follows is rate limited. Saving the same
    // record again after the retry-after succeeds; starting over with a fetch would be refused forever.
    let counter = """
        {"maxAttempts": 10, "loadModel": {"rateLimit": {"requestsPerSecond": 0.2, "retryAfter": "3s"}}}
        """
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 1, count: 5, counter: counter, expect: allInvariants, duration: "300s"), seed: 2)
    #expect(result.passed)
    let statistics = try #require(result.statistics["counter"])
    #expect(statistics["allocated"] == JSON(5))
    #expect(statistics["rateLimitWaits"]?.intValue ?? 0 > 0)
}

@Test func aRetryAfterHoldsBackTheNextAllocationToo() throws {
    // The first allocation gives up while the server's retry-after is in force; the next one waits for it.
    let counter = """
        {"maxAttempts": 2, "loadModel": {"rateLimit": {"requestsPerSecond": 0.01, "retryAfter": "20s"}}}
        """
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 1, count: 3, counter: counter, expect: allInvariants, duration: "200s"), seed: 3)
    #expect(violations(result, "counter.retryAfter") == [])
    #expect(result.statistics["counter"]?["failed"]?.intValue ?? 0 > 0)
}

@Test func aLongBackoffSaturatesInsteadOfOverflowing() throws {
    let counter = """
        {"maxAttempts": 60, "backoffInitial": "10s", "backoffMax": "100s",
         "loadModel": {"serviceUnavailable": {"probability": 1}}}
        """
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 1, count: 1, counter: counter, expect: allInvariants, duration: "10000s"), seed: 0)
    #expect(result.failure == nil)
    #expect(result.statistics["counter"]?["failed"] == JSON(1))
}

@Test(arguments: [
    (
        "{\"at\": \"1s\", \"kind\": \"serverError\", \"server\": \"cloudkit\", \"error\": \"diskFull\"}",
        "/faults/0/error"
    ),
    (
        "{\"at\": \"1s\", \"kind\": \"serverError\", \"server\": \"sse\", \"error\": \"quotaExceeded\"}",
        "/faults/0/server"
    ),
    ("{\"at\": \"1s\", \"kind\": \"serverError\", \"server\": \"cloudkit\"}", "/faults/0"),
    ("{\"at\": \"1s\", \"kind\": \"offline\", \"error\": \"quotaExceeded\"}", "/faults/0/error"),
    (
        "{\"at\": \"1s\", \"kind\": \"serverError\", \"server\": \"cloudkit\", \"error\": \"responseLost\"}",
        "/faults/0/error"
    ),
    ("{\"at\": \"1s\", \"kind\": \"background\", \"error\": \"serverResponseLost\"}", "/faults/0/error"),
])
func badServerErrorFaultsAreReportedAtTheirPath(fault: String, path: String) {
    do {
        _ = try scenario(faults: "[\(fault)]")
        Issue.record("accepted \(fault)")
    } catch {
        let paths = (error as? ScenarioError)?.diagnostics.map(\.path.description) ?? []
        #expect(paths.contains(path), "\(paths)")
    }
}

/// docs/counter.md: the account faults fail the allocations of their device at once (notAuthenticated, rejected)
/// or until they end (accountTemporarilyUnavailable, retried); the other device is unaffected.
@Test(arguments: [("notAuthenticated", 2), ("serverRejectedRequest", 2), ("accountTemporarilyUnavailable", 0)])
func accountFaultsFailOrDelayTheDevicesAllocations(error: String, failed: Int) throws {
    let fault =
        "[{\"at\": \"0s\", \"for\": \"2s\", \"device\": \"d1\", \"kind\": \"serverError\", \"server\": \"cloudkit\", "
        + "\"error\": \"\(error)\"}]"
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 2, count: 4, faults: fault, duration: "60s"), seed: 1)
    #expect(result.statistics["counter"]?["failed"] == JSON(failed))
    #expect(result.statistics["counter"]?["allocated"] == JSON(8 - failed))
}

@Test func conflictsWithoutTheServerRecordCostAFetchEach() throws {
    let fault =
        "[{\"at\": \"0s\", \"kind\": \"serverError\", \"server\": \"cloudkit\", \"error\": \"serverRecordChangedWithoutRecord\"}]"
    let runner = SimulationRunner(registry: registry)
    let plain = runner.run(try scenario(devices: 2, counter: "{\"maxAttempts\": 40}", expect: allInvariants), seed: 3)
    let bare = runner.run(
        try scenario(devices: 2, counter: "{\"maxAttempts\": 40}", faults: fault, expect: allInvariants), seed: 3)
    #expect(plain.passed && bare.passed)
    let conflicts = try #require(bare.statistics["counter"]?["conflicts"]?.intValue)
    let plainRequests = try #require(plain.statistics["counter"]?["requests"]?.intValue)
    let bareRequests = try #require(bare.statistics["counter"]?["requests"]?.intValue)
    #expect(conflicts > 0)
    #expect(bareRequests > plainRequests)
    #expect(bare.trace.contains { $0.name == "serverRecordChanged" && $0.detail.hasSuffix("server value -1") })
}

@Test func requestTimeoutDefaultsToCloudKitsSixtySeconds() throws {
    // CKOperation.Configuration.timeoutIntervalForRequest: "The default value is 60".
    let partition = "[{\"at\": \"0s\", \"kind\": \"partition\"}]"
    let result = SimulationRunner(registry: registry).run(
        try scenario(devices: 1, count: 1, faults: partition, duration: "100s"), seed: 1)
    let failure = try #require(result.trace.first { $0.name == "attempt.failed" })
    #expect(failure.time == .start + .milliseconds(60_001))
}

@Test(arguments: [(false, 2), (true, 0)])
func subscriptionPushesReachDevicesButNotSimulator(simulator: Bool, known: Int) throws {
    let text = """
        {"format": 1, "name": "test", "duration": "10s",
         "devices": [{"id": "a"}, {"id": "b", "simulator": \(simulator)}],
         "plugins": {"counter": {"subscription": true, "pushDelay": "500ms"}},
         "steps": [{"at": "1s", "device": "a", "do": "counter.next", "repeat": {"every": "1s", "count": 2}}],
         "expect": [{"at": "end", "device": "b", "check": "counter.knownValue", "equals": \(known)}]}
        """
    let result = SimulationRunner(registry: registry).run(try ScenarioLoader(registry: registry).load(text: text))
    #expect(result.passed)
}

@Test func simulatorFlagMustBeABoolean() {
    let text = """
        {"format": 1, "name": "test", "duration": "10s", "devices": [{"id": "a", "simulator": "yes"}],
         "plugins": {"counter": {}}}
        """
    do {
        _ = try ScenarioLoader(registry: registry).load(text: text)
        Issue.record("accepted")
    } catch {
        #expect(error.diagnostics.map(\.path.description).contains("/devices/0/simulator"))
    }
}

/// Allocations asked for faster than a round trip wait on their device in request order; past
/// `maxPending` waiting, each fails at once with `queueFull`, and the device goes on with the ones it queued.
@Test func allocationsPastMaxPendingFailAtOnceAndTheQueuedOnesAreHandedOutInOrder() throws {
    let text = """
        {"format": 1, "name": "burst", "duration": "60s", "devices": [{"id": "d1"}],
         "network": {"latency": {"min": "20ms", "max": "120ms"}}, "plugins": {"counter": {"maxPending": 5}},
         "steps": [{"at": "1ms", "device": "d1", "do": "counter.next", "repeat": {"every": "1ms", "count": 20}}]}
        """
    let result = SimulationRunner(registry: registry).run(
        try ScenarioLoader(registry: registry).load(text: text), seed: 4)
    let counter = try #require(result.statistics["counter"])
    // The first starts at once and five wait behind it; the other fourteen come before the first answer.
    #expect(counter["allocated"] == JSON(6))
    #expect(counter["failed"] == JSON(14))
    let allocated = result.trace.filter { $0.name == "allocated" }.map(\.detail)
    #expect(
        allocated.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == (1...6).map { "displayId \($0)" }
    )
    let failed = result.trace.filter { $0.name == "allocation.failed" }
    #expect(failed.count == 14)
    #expect(
        failed.allSatisfy { $0.detail.contains("queueFull") && $0.time < .start + .seconds(1) }, "\(failed.map(\.line))"
    )
}
