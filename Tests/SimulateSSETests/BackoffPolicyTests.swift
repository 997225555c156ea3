import SimulateCore
import Testing

@testable import SimulateSSE

@Test func seedPolicyDoublesFromOneSecondToTheThirtySecondCap() {
    let policy = BackoffPolicy()
    let seconds = (0..<8).map { policy.baseDelay(failures: $0) / .seconds(1) }
    #expect(seconds == [1, 2, 4, 8, 16, 30, 30, 30])
    #expect(policy.baseDelay(failures: 1_000_000) == .seconds(30))
}

@Test func fractionalMultiplierRoundsAndCaps() {
    let policy = BackoffPolicy(initialDelay: .milliseconds(500), multiplier: 1.5, maxDelay: .seconds(2))
    let delays = (0..<5).map { policy.baseDelay(failures: $0).nanoseconds }
    #expect(delays == [500_000_000, 750_000_000, 1_125_000_000, 1_687_500_000, 2_000_000_000])
}

@Test(arguments: JitterMode.allCases)
func jitterDrawsStayInsideTheRangeTheInvariantChecks(mode: JitterMode) {
    var policy = BackoffPolicy()
    policy.jitter = mode
    var random = SeededRandom(seed: 42)
    var previous = policy.initialDelay
    for failures in 0..<200 {
        let base = policy.baseDelay(failures: failures)
        let range = policy.allowedRange(base: base, previous: previous)
        let delay = policy.draw(base: base, previous: previous, random: &random)
        #expect(range.contains(delay))
        #expect(delay <= policy.maxDelay)
        previous = delay
    }
}

/// `stableFor`: a connection restarts the backoff only once it has stayed up that long (LaunchDarkly's
/// `backoffResetThreshold`). The reference client restarts at once, so under a flapping network (up for
/// time, just under 3 s after each reconnect) its waits break a 60 s or 3 s rule and keep a 2 s one.
@Test(arguments: [("60s", true), ("3s", true), ("2s", false), ("0s", false)])
func aConnectionRestartsTheBackoffOnlyOnceItHasStayedUp(stableFor: String, violated: Bool) throws {
    let text = SSEScenario.text(
        duration: "40s",
        rest: """
            "faults": [{"at": "3s", "for": "2s", "device": "phone", "kind": "offline", "repeat": {"every": "6s", "count": 5}}],
            "expect": [{"invariant": "sse.backoff", "args": {"stableFor": "\(stableFor)"}}]
            """)
    let result = try SSEScenario.run(text, seed: 0)
    let backoff = try #require(result.expectation("sse.backoff"))
    #expect(backoff.passed == !violated, "\(result.failures)")
    if violated {
        #expect(backoff.violations.first?.message.contains("reset on firstEvent once up for \(stableFor))") == true)
    }
}
