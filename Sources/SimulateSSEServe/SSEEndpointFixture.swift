import SimulateCore

/// The `sse` plugin's real endpoints: the Punchlist server on a socket (``FixtureServer``), the
/// reference client against a real server (``RealServerProbe``), and the comparison of the server's
/// accepts, restarts and mutations (``TraceComparison``). docs/serve.md.
public struct SSEEndpointFixture: RealEndpointFixture {
    /// The fixture; the command line finds it in `BuiltinFixtures.all`.
    public init() {}

    /// `sse`: scenarios that enable this plugin are served and probed by this fixture.
    public var plugin: String { "sse" }

    /// The Punchlist server of `scenario` on a real socket (``FixtureServer``).
    public func server(for scenario: Scenario, options: ServeOptions) throws -> any RealEndpointServer {
        try FixtureServer(scenario: scenario, options: options)
    }

    /// The scenario's reference clients against the server at `url` (``RealServerProbe``).
    public func probe(_ scenario: Scenario, url: String, options: ProbeOptions) throws(ProbeError)
        -> any RealEndpointProbe
    {
        try RealServerProbe(scenario: scenario, url: url, options: options)
    }

    /// The server's accepts, restarts and mutations of two runs, paired in time order (``TraceComparison``).
    public func compare(expected: [TraceRecord], observed: [TraceRecord], tolerance: VirtualDuration)
        -> any RealEndpointComparison
    {
        TraceComparison(
            expected: TraceComparison.serverEvents(expected), observed: TraceComparison.serverEvents(observed),
            tolerance: tolerance)
    }
}

extension FixtureServer: RealEndpointServer {}
extension RealServerProbe: RealEndpointProbe {}
extension TraceComparison: RealEndpointComparison {}
