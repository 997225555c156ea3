import SimulateCore

/// The `sse` plugin's real endpoints: the Punchlist server on a socket (``FixtureServer``), the
/// reference client against a real server (``RealServerProbe``), and the comparison of the server's
/// accepts, restarts and mutations (``TraceComparison``). docs/serve.md.
public struct SSEEndpointFixture: RealEndpointFixture {
    public init() {}

    public var plugin: String { "sse" }

    public func server(for scenario: Scenario, options: ServeOptions) throws -> any RealEndpointServer {
        try FixtureServer(scenario: scenario, options: options)
    }

    public func probe(_ scenario: Scenario, url: String, options: ProbeOptions) throws(ProbeError)
        -> any RealEndpointProbe
    {
        try RealServerProbe(scenario: scenario, url: url, options: options)
    }

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
