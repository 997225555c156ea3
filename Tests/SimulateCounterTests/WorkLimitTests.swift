import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateCounter

/// Work the event budget does not bound (allocations refused at once, records the server holds) is bounded
/// over the run's steps at load time: a file that asks for 10^10 of them is refused, not run for 40 minutes.
@Suite struct WorkLimitTests {
    static func load(_ steps: String) throws -> Scenario {
        try ScenarioLoader(registry: PluginRegistry([CounterPlugin()])).load(
            text: """
                {"format": 1, "name": "work", "duration": "100000h", "devices": [{"id": "d1"}],
                 "plugins": {"counter": {}}, "steps": [\(steps)]}
                """)
    }

    static func step(_ action: String, _ args: String, repeat count: Int) -> String {
        #"{"at": "1s", "device": "d1", "do": "counter.\#(action)", "args": \#(args), "repeat": {"every": "1s", "count": \#(count)}}"#
    }

    @Test func allocationsUpToTheLimitLoad() throws {
        _ = try Self.load(Self.step("next", #"{"count": 10000}"#, repeat: 10_000))
    }

    @Test func moreAllocationsThanTheLimitAreRefusedAtTheStepThatAsksTheMost() throws {
        let steps = [
            Self.step("next", #"{"count": 10}"#, repeat: 10), Self.step("next", #"{"count": 10000}"#, repeat: 10_001),
        ]
        #expect {
            _ = try Self.load(steps.joined(separator: ", "))
        } throws: { error in
            let text = "\(error)"
            return text.contains("/steps/1: the steps ask for 100010100 allocations in one run")
                && text.contains("at most 100000000")
        }
    }

    @Test func savedRecordsBeyondTheLimitAreRefused() throws {
        #expect {
            _ = try Self.load(Self.step("saveBatch", #"{"records": 100000, "split": true}"#, repeat: 21))
        } throws: { error in
            "\(error)".contains("/steps/0: the steps ask for 2100000 saved records in one run")
        }
    }
}
