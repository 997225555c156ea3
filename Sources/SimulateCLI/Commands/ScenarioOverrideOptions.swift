import ArgumentParser
import SimulateCore

/// `--event-budget` and the fault-point options: what the command line changes in a scenario before it
/// runs, shared by `run`, `explore` and `shrink`, and repeated by every replay command.
struct ScenarioOverrideOptions: ParsableArguments {
    // Read as text and judged in validate(): a throwing transform in an option group leaks under the
    // address sanitizer (swift-argument-parser 1.8.2), and Int's own parse names no range.
    @Option(
        name: .customLong("event-budget"), parsing: .unconditional,
        help: ArgumentHelp("Override the event budget of every scenario run.", valueName: "event-budget"))
    var eventBudgetText: String?

    var eventBudget: Int? { eventBudgetText.flatMap { Int($0) } }

    func validate() throws {
        if let text = eventBudgetText, (Int(text) ?? 0) < 1 {
            throw ValidationError(
                "--event-budget: expected a whole number of events from 1 to \(Int.max), found \"\(text)\"")
        }
    }

    @OptionGroup(title: "Fault points") var faultPoints: FaultPointOptions

    /// Nothing given: the scenarios run as written.
    var isEmpty: Bool { eventBudget == nil && faultPoints.mode == nil && faultPoints.points.isEmpty }

    /// The scenario with the command line's event budget and fault-point settings applied, and noted for its
    /// replay command.
    func apply(to scenario: inout Scenario) {
        if let eventBudget {
            scenario.limits.eventBudget = eventBudget
            scenario.replayArguments += ["--event-budget", String(eventBudget)]
        }
        faultPoints.apply(to: &scenario)
    }

    /// The settings for `ScenarioShrinker` to write into a minimal scenario, so that it replays without the
    /// options (the shrinker drops the replay notes); nil when none was given.
    var minimalScenarioOverrides: ((inout Scenario) -> Void)? {
        isEmpty ? nil : { [self] scenario in apply(to: &scenario) }
    }
}
