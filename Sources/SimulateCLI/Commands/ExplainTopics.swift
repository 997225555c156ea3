/// `simulate explain swarm`, `simulate explain shrink` and `simulate explain strategy`: features of the format and the command line
/// rather than of one plugin.
enum ExplainTopics {
    /// The topics, as `explain` names them in its errors.
    static let names = ["swarm", "shrink", "strategy"]

    static func text(_ name: String) -> String? {
        switch name {
        case "swarm", "faults.generate", "liveness": swarm
        case "shrink": shrink
        case "strategy", "explore", "pct", "delay", "replay": strategy
        default: nil
        }
    }

    static let strategy = """
        scheduling strategies: the order of async jobs ready at the same virtual instant.

        "strategy": "pct:3"          (scenario top level; --strategy on run, explore and shrink overrides it)
          random                     the default: the seed draws each choice (stream async/executor)
          pct:D or pct:D:N           PCT: random task priorities, D-1 change points over choices 1…N
                                     (N: 1000, or learned by explore); finds a depth-D bug with
                                     probability ≥ 1/(n·N^(D-1)) per run, n tasks (Burckhardt et al. 2010)
          delay:K or delay:K:N       oldest job first, up to K delays (the job sent to the back of the
                                     queue) at choices drawn over 1…N (Emmi, Qadeer, Rakamarić 2011)
          fifo                       oldest job first
          replay:STEP[+SKIP],…       a recorded schedule: oldest first except at the listed choices
        Same seed and strategy, same schedule and trace hash; replay commands name both.

        simulate explore FILE --strategy pct:3 --runs 1000   seed after seed until a run fails; prints the
          schedules it took, the replay and shrink commands, and coverage (distinct schedules and task-pair
          orderings after 1, 2, 4, 8… runs: when they stop growing, more runs find no new orders).
        simulate shrink FILE --seed S --strategy pct:3:14    shrinks the schedule to a few deviations too.
        Not explored: the main actor, Dispatch, threads (escapes), jobs at different instants.
        Guide: docs/exploration.md
        """

    static let swarm = """
        swarm mode: faults drawn from the seed, then a liveness phase.

        "faults": {
          "list": [ …explicit faults, as in the array form… ],
          "generate": {
            "kinds": ["offline", "partition"] or {"offline": 2, "partition": 1}   (kind → weight),
            "count": 3 or {"min": 1, "max": 6}          faults per run (default 1…4),
            "length": "5s" or {"min": "500ms", "max": "15s"}  each fault's length (default 1s…10s),
            "devices": ["phone", "laptop"]              devices a fault may hit (default every device),
            "allDevices": 0.25                          chance a fault hits all of them at once (default 0.25),
            "window": {"from": "1s", "to": "60s"}       faults start at or after from and end by to,
            "latency": {"min": "200ms", "max": "2s"}    for latency faults (default),
            "loss": {"min": 0.3, "max": 1}              for loss faults (default),
            "plugin": "sse"                             for serverRestart faults (required with that kind)
          },
          "liveness": {"after": "60s", "within": "30s"} or false
        }

        Each seed draws its own schedule from a random stream of its own (label swarm/faults): other draws
        of the run do not change, and scenarios without "generate" keep their trace hashes. Times are whole
        milliseconds. The liveness phase starts at "after" (default: the window's end; no fault may still be
        active then) and by after + within (default within 30s) every enabled plugin's liveness check must hold;
        each is reported as the expectation <plugin>.liveness (simulate explain sse.liveness). A failing seed
        prints the fault schedule it drew (human output, and "faultSchedule" in --format json), and
        simulate shrink FILE --seed N writes it out as explicit faults and shrinks it.
        """

    static let shrink = """
        simulate shrink FILE [--seed N] [--output PATH] [--max-runs N] [--max-seconds S] [--nearby-seeds N]

        Reduces a failing scenario to a smallest one that fails the same way: the same expectation, with a
        violation of the same kind (its message with numbers, device ids, quoted text and listed items
        blanked out), or the same broken run. Only the failing expectation is kept; generated faults become
        the explicit faults the seed drew; then delta debugging removes devices (and the steps, faults and
        checks that name them), faults and steps; repeats get fewer, faults shorter and on fewer devices,
        times earlier, the network plainer and the duration shorter; a repeat of up to 64 occurrences is
        written out as explicit items when fewer of them still fail. Then nearby seeds (N+1, N-1, …) are
        tried for a smaller failure. Every candidate is loaded and validated like a file and run once.

        Writes NAME.min.json beside FILE (or --output) with its seed and a description of what it was shrunk
        from and what fails, and prints what was removed, the size before and after (devices, steps, faults,
        duration, events) and a Swift Testing test that runs it. Default budget: 3000 runs, 120 s.

        Exit status: 0 written; 1 the scenario does not fail with that seed (nothing to shrink, nothing
        written); 2 the scenario or an argument is invalid, or the output cannot be written.
        """
}
