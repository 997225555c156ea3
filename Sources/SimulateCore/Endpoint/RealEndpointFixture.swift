/// What a plugin offers to put its scenarios on real sockets: `simulate serve` (the plugin's server,
/// with the scenario's faults on real connections, judging real clients), `simulate probe` (the
/// plugin's reference clients against a real server) and `simulate diff` (a recorded real run against
/// the in-process one).
///
/// A fixture lives in a module of its own beside its plugin's (it brings a network stack the plugin
/// and the testing helpers do not need) and reaches the command line through a list of fixtures —
/// `SimulateFixtures.BuiltinFixtures.all`, or `SimulateMain.run(extraFixtures:)` in a team's own
/// build — never by the command line importing it (docs/writing-a-plugin.md, "Real endpoints").
///
/// The contract a conformer keeps:
/// - ``plugin`` is the name of the plugin whose scenarios it runs; the command line picks the first
///   fixture whose plugin the scenario enables.
/// - ``server(for:options:)`` binds its listening socket before it returns (a port in use is an
///   error thrown here, which the command line reports with exit status 2) and does not start the
///   scenario's clock: ``RealEndpointServer/run()`` does.
/// - ``probe(_:url:options:)`` returns only once the server accepted a connection, trying for
///   `options.waitForServer`; otherwise it throws a ``ProbeError`` with `isUnreachable` set.
/// - Every expectation it cannot judge is named with the reason (`notJudged`), never passed silently.
/// - Times in its results are scenario time; real waits are labelled "(real)" and rounded to the
///   millisecond.
public protocol RealEndpointFixture: Sendable {
    /// The plugin whose scenarios this fixture runs, as in `SimulationPlugin.name`.
    var plugin: String { get }

    /// The plugin's server, bound and ready for ``RealEndpointServer/run()``.
    func server(for scenario: Scenario, options: ServeOptions) throws -> any RealEndpointServer

    /// The plugin's reference clients against the server at `url`, connected once before returning.
    func probe(_ scenario: Scenario, url: String, options: ProbeOptions) throws(ProbeError) -> any RealEndpointProbe

    /// The server-side events of an in-process run (`expected`) and of a recorded real run, paired.
    func compare(expected: [TraceRecord], observed: [TraceRecord], tolerance: VirtualDuration)
        -> any RealEndpointComparison
}

/// A fixture's server on a real socket.
public protocol RealEndpointServer: AnyObject, Sendable {
    /// Where clients connect, e.g. `http://127.0.0.1:8080`.
    var url: String { get }
    /// Runs the scenario to its end (or until ``stop()``), then judges what the clients did.
    func run() throws -> ServeResult
    /// Ends the run now (Ctrl-C), from any thread, also before ``run()``: what happened so far is judged.
    func stop()
}

/// A fixture's reference clients against a real server.
public protocol RealEndpointProbe: AnyObject, Sendable {
    /// What the server must hold when the run starts, in one line (the judges assume it).
    var requiredInitialState: String { get }
    /// Each expectation the probe cannot judge, with the reason.
    var notJudged: [String] { get }
    /// Runs the scenario's clients to its end (or until ``stop()``) and judges what the server sent.
    func run() throws -> RunResult
    /// Ends the run now (Ctrl-C), from any thread.
    func stop()
}

/// Two runs' server-side events, paired.
public protocol RealEndpointComparison {
    /// Every pair within the tolerance, no event without a partner.
    var matches: Bool { get }
    /// The table and the verdict, one line each.
    func lines() -> [String]
}

/// The outcome of `serve`: a run result for the usual reports, and the expectations it could not judge.
public struct ServeResult: Sendable {
    public var result: RunResult
    /// Each expectation not judged from the server's side, with the reason.
    public var notJudged: [String]

    public init(result: RunResult, notJudged: [String]) {
        self.result = result
        self.notJudged = notJudged
    }
}
