import ArgumentParser
import SimulateCore

/// `--strategy random|pct:D[:N]|delay:K[:N]|fifo|replay:…`: overrides each scenario's `"strategy"`.
struct StrategyOption: ExpressibleByArgument, Sendable {
    var strategy: ScheduleStrategy = .random
    /// Why the text names no strategy, said in `problem` (so the message can say what is wrong).
    private var syntaxProblem: String?

    init?(argument: String) {
        do {
            strategy = try ScheduleStrategy(parsing: argument)
        } catch {
            syntaxProblem =
                "--strategy " + error.description
                + (error.problem == ScheduleStrategy.expected ? "" : "; " + ScheduleStrategy.expected)
        }
    }

    static var defaultValueDescription: String { "random" }

    /// Why the text names no strategy, or nil.
    var problem: String? { syntaxProblem }

    static let help = ArgumentHelp(
        "How the async runtime orders jobs ready at the same instant: random (default), pct:D[:N], delay:K[:N], "
            + "fifo or replay:STEP[+SKIP],… (docs/exploration.md); overrides the scenario's \"strategy\".",
        valueName: "strategy")
}
